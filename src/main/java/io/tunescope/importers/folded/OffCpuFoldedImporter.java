package io.tunescope.importers.folded;

import io.tunescope.importers.CpuDatasets;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.StackSummaries;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.OffCpuProfile;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.model.stack.StackTable;
import io.tunescope.model.stack.WeightUnit;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * bcc {@code offcputime -f} (and {@code -df}): folded stacks, {@code comm;user frames;-;kernel frames N}, whose
 * counts are the microseconds the stack spent blocked. Recognised by content, never by name: the stacks end
 * in the scheduler ({@code finish_task_switch}, where offcputime takes the stack, or {@code schedule} /
 * {@code __schedule} in older versions), or carry bcc's {@code [Missed Kernel Stack]} placeholder. Output of
 * {@code offcputime -U} (user stacks only) has no such leaf and stays plain folded stacks.
 */
public final class OffCpuFoldedImporter implements Importer<StackProfile> {
    /** The event name the profile carries, so nothing takes it for the samples of a perf recording. */
    public static final String EVENT = "offcputime";
    private static final Pattern LINE = Pattern.compile("^\\S.*;.*\\s\\d+\\s*$");
    private static final Pattern SCHED_LEAF = Pattern.compile(
            ".*;(finish_task_switch(\\.[A-Za-z0-9_.]+)?|__schedule|schedule|\\[Missed Kernel Stack\\])\\s+\\d+\\s*$");

    @Override
    public String format() {
        return "offcputime";
    }

    @Override
    public String description() {
        return "bcc offcputime -f folded stacks (off-CPU time in microseconds)";
    }

    @Override
    public Dataset<StackProfile> dataset() {
        return CpuDatasets.OFF_CPU_FOLDED;
    }

    /** [folded lines, lines ending in the scheduler, other non-blank lines] of a head. */
    static int[] count(Head head) {
        return head.memo(COUNT, OffCpuFoldedImporter::countLines); // both folded importers ask
    }

    private static final Object COUNT = new Object();

    private static int[] countLines(Head head) {
        int folded = 0;
        int sched = 0;
        int other = 0;
        for (String l : head.lines()) {
            if (l.isBlank()) {
                continue;
            }
            // literal tests first, the expressions decide: a folded line holds a ';' and ends with a digit, a
            // scheduler leaf names one of the scheduler's frames
            char last = Head.lastNonSpace(l);
            if (!l.startsWith("#") && last >= '0' && last <= '9' && l.indexOf(';') >= 0 && LINE.matcher(l).matches()) {
                folded++;
                if ((l.contains("schedule") || l.contains("finish_task_switch") || l.contains("[Missed Kernel Stack]"))
                        && SCHED_LEAF.matcher(l).matches()) {
                    sched++;
                }
            } else {
                other++;
            }
        }
        return new int[] {folded, sched, other};
    }

    /** True when the head's folded lines end in the scheduler: off-CPU stacks, not CPU samples. */
    static boolean offCpu(int[] c) {
        return c[1] >= 2 && c[1] * 10 >= c[0] * 8;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int[] c = count(head);
        if (c[0] == 0) {
            return Sniff.no("no 'frame;frame count' lines");
        }
        if (!offCpu(c)) {
            return Sniff.no(c[1] + " of " + c[0] + " folded stacks end in the scheduler: not off-CPU stacks");
        }
        if (c[2] == 0 && c[0] >= 3) {
            return Sniff.certain(c[1] + " of " + c[0] + " folded stacks end in the scheduler (finish_task_switch/schedule)");
        }
        if (c[2] * 10 <= c[0]) {
            return Sniff.strong(c[1] + " folded stacks ending in the scheduler");
        }
        return Sniff.weak("folded stacks ending in the scheduler among other text");
    }

    @Override
    public ImportResult<StackProfile> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        FoldedParser parser = FoldedImporter.read(ctx);
        InternedStackProfile folded = parser.profile();
        if (folded.stackCount() == 0) {
            throw new ImportException(0, file + ": no folded stack lines found");
        }
        if (parser.fractionalCounts() > 0) {
            ctx.warn(0, file + ": " + parser.fractionalCounts() + " fractional counts rounded to whole microseconds");
        }
        // one observation per distinct stack, weighed by its microseconds
        StackTable src = folded.table();
        StackTable t = new StackTable();
        int[] buf = new int[Math.max(1, src.maxDepth())];
        long missed = 0;
        int missedFrame = -1;
        java.util.List<String> names = folded.frames();
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equals("[Missed Kernel Stack]") || names.get(i).equals("[Missed User Stack]")) {
                missedFrame = missedFrame < 0 ? i : missedFrame;
            }
        }
        for (int i = 0; i < src.size(); i++) {
            int d = src.copy(i, buf);
            t.add(buf, d, 1, src.period(i));
            for (int k = 0; k < d && missedFrame >= 0; k++) {
                String n = names.get(buf[k]);
                if (n.equals("[Missed Kernel Stack]") || n.equals("[Missed User Stack]")) {
                    missed++;
                    break;
                }
            }
        }
        OffCpuProfile p = OffCpuProfile.ofStacks(folded.frameTable(), t, WeightUnit.MICROSECONDS, EVENT);
        ctx.info(0, String.format(Locale.ROOT, "%s: off-CPU time %.3f s in %d stacks; bcc offcputime weighs stacks "
                + "in microseconds of blocked time, summed over the tracing (no times of day: no time windows)",
                file, p.totalWeight() / 1e6, p.stackCount()));
        if (missed > 0) {
            ctx.warn(0, String.format(Locale.ROOT, "%s: %d stacks carry bcc's [Missed ... Stack] placeholder "
                    + "(its stack table was full: offcputime --stack-storage-size)", file, missed));
        }
        return ctx.result(p);
    }

    @Override
    public Map<String, Object> summarize(StackProfile value) {
        Map<String, Object> m = StackSummaries.summary(value);
        m.put("unit", value.unit().slug());
        return m;
    }
}
