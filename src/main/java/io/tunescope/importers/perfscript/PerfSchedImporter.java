package io.tunescope.importers.perfscript;

import io.tunescope.importers.ByteLines;
import io.tunescope.importers.CpuDatasets;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.StackSummaries;
import io.tunescope.model.stack.OffCpuProfile;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.model.capture.Dataset;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perf script} of a {@code sched:sched_switch} recording ({@code perf record -e sched:sched_switch -g}):
 * an off-CPU profile, the time each thread spent switched out attributed to the stack it was switched out
 * with, grouped by {@code prev_state} ({@link SchedSwitchIntervals}). Weights are nanoseconds.
 * Recognised by content: every sample line is a {@code sched_switch} with its {@code prev_pid} and
 * {@code next_pid}; a file that mixes it with other events stays a CPU profile ({@code perf-script}).
 */
public final class PerfSchedImporter implements Importer<StackProfile> {
    static final String EVENT = "sched:sched_switch";
    private static final byte[] EVENT_BYTES = EVENT.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] PREV_PID = bytes(" prev_pid=");
    private static final byte[] PREV_STATE = bytes(" prev_state=");
    private static final byte[] PREV_COMM = bytes("prev_comm=");
    private static final byte[] ARROW = bytes(" ==> ");
    private static final byte[] NEXT_PID = bytes(" next_pid=");

    @Override
    public String format() {
        return "perf-sched";
    }

    @Override
    public String description() {
        return "perf script of sched:sched_switch (off-CPU time by stack)";
    }

    @Override
    public Dataset<StackProfile> dataset() {
        return CpuDatasets.OFF_CPU_SCHED;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int[] c = count(head);
        int sched = c[0];
        int other = c[1];
        int frames = c[2];
        if (sched == 0) {
            return Sniff.no("no sched:sched_switch sample lines");
        }
        if (other > 0) {
            return Sniff.no(sched + " sched_switch lines among " + other + " samples of other events: a CPU profile");
        }
        if (sched >= 2) {
            return Sniff.certain(sched + " sched:sched_switch events" + (frames > 0 ? " with call chains" : " (no call chains)"));
        }
        return Sniff.strong("a sched:sched_switch event with prev_pid and next_pid");
    }

    /**
     * Sample lines of the head: [sched_switch with prev_pid/next_pid, other samples, frame lines], counted once per head
     * (both perf script importers ask). A head without " prev_pid=" has no sched_switch sample and is not parsed:
     * {0, 0, 0} (the other counts are read only beside sched_switch samples).
     */
    static int[] count(Head head) {
        return head.memo(COUNT, PerfSchedImporter::countLines);
    }

    private static final Object COUNT = new Object();

    private static int[] countLines(Head head) {
        if (!head.anyLine(l -> l.contains(" prev_pid="))) {
            return new int[] {0, 0, 0};
        }
        PerfScriptParser p = new PerfScriptParser();
        p.lenient = true;
        int sched = 0;
        int other = 0;
        int frames = 0;
        for (String l : head.lines()) {
            byte[] b = l.getBytes(StandardCharsets.UTF_8);
            int end = b.length;
            if (end > 0 && b[end - 1] == '\r') {
                end--;
            }
            switch (p.parse(b, 0, end)) {
                case SAMPLE -> {
                    if (isSchedSwitch(p)) {
                        sched++;
                    } else {
                        other++;
                    }
                }
                case FRAME -> frames++;
                default -> { }
            }
        }
        return new int[] {sched, other, frames};
    }

    /** The parsed sample line is a {@code sched:sched_switch} with {@code prev_pid} and {@code next_pid}. */
    static boolean isSchedSwitch(PerfScriptParser p) {
        byte[] b = p.buf;
        return p.eventStart >= 0 && java.util.Arrays.equals(b, p.eventStart, p.eventEnd, EVENT_BYTES, 0, EVENT_BYTES.length)
                && p.restStart >= 0 && indexOf(b, p.restStart - 1, p.lineEnd, PREV_PID) >= 0
                && indexOf(b, p.restStart - 1, p.lineEnd, NEXT_PID) >= 0;
    }

    @Override
    public ImportResult<StackProfile> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        Charset cs = ctx.decoding().charset();
        boolean asciiCompatible = !cs.name().startsWith("UTF-16") && !cs.name().startsWith("UTF-32");
        Charset text = asciiCompatible ? cs : StandardCharsets.UTF_8;
        PerfScriptFolder folder = new PerfScriptFolder(FoldOptions.profile(), text,
                (line, t) -> ctx.warn(line, file + ": unrecognised line: " + t));
        SchedSwitchIntervals intervals = new SchedSwitchIntervals(folder.frames());
        Reader reader = new Reader(intervals, text);
        folder.observing(reader);
        if (asciiCompatible) {
            try (InputStream in = ctx.bytes()) {
                ByteLines lines = new ByteLines(in, 1 << 20, ctx.maxLineChars());
                while (lines.next()) {
                    if (lines.truncated()) {
                        ctx.warn(lines.number(), file + ": line longer than " + ctx.maxLineChars() + " bytes; the rest of it was skipped");
                    }
                    reader.line = lines.number();
                    folder.line(lines.buf(), lines.start(), lines.end(), lines.number());
                }
            }
        } else {
            try (ImportContext.Lines lines = ctx.lines()) {
                String l;
                while ((l = lines.next()) != null) {
                    byte[] b = l.getBytes(StandardCharsets.UTF_8);
                    reader.line = lines.number();
                    folder.line(b, 0, b.length, lines.number());
                }
            }
        }
        folder.finish();
        for (Map.Entry<Long, String> bad : reader.problems.entrySet()) {
            ctx.warn(bad.getKey(), file + ": " + bad.getValue());
        }
        if (reader.problemCount > reader.problems.size()) {
            ctx.warn(0, file + ": " + (reader.problemCount - reader.problems.size()) + " more sched_switch lines could not be read");
        }
        if (intervals.events() == 0) {
            throw new ImportException(0, file + ": no sched:sched_switch events with prev_pid and next_pid found");
        }
        OffCpuProfile profile = intervals.finish(EVENT);
        OffCpuProfile.Accounting a = profile.accounting();
        ctx.info(0, String.format(Locale.ROOT, "%s: off-CPU time %s in %d intervals from %d sched_switch events "
                        + "(time in nanoseconds from the events' timestamps; S sleeping %s, D uninterruptible %s, R preempted %s%s)",
                file, seconds(a.total()), a.intervals(), intervals.events(),
                seconds(a.byState().getOrDefault(io.tunescope.model.stack.OffCpuState.SLEEPING, 0L)),
                seconds(a.byState().getOrDefault(io.tunescope.model.stack.OffCpuState.UNINTERRUPTIBLE, 0L)),
                seconds(a.byState().getOrDefault(io.tunescope.model.stack.OffCpuState.RUNNABLE, 0L)),
                a.byState().getOrDefault(io.tunescope.model.stack.OffCpuState.OTHER, 0L) > 0
                        ? ", other states " + seconds(a.byState().get(io.tunescope.model.stack.OffCpuState.OTHER)) : ""));
        if (a.upperBoundCount() > 0) {
            ctx.info(0, String.format(Locale.ROOT, "%s: %d of %d switch-outs have no recorded switch-in (perf record -p records "
                            + "only the process's own switches; perf record -a sees every switch-in): each counts up to the "
                            + "thread's next switch-out, so their %s are an upper bound that includes the CPU time of the run that "
                            + "followed; at least %s (up to the last event recorded on that CPU)",
                    file, a.upperBoundCount(), a.intervals(), seconds(a.upperBound()), seconds(a.lowerBound())));
        }
        if (a.clippedCount() > 0) {
            ctx.info(0, String.format(Locale.ROOT, "%s: %d thread(s) still switched out when the recording ended: "
                    + "clipped at the last event (%s counted)", file, a.clippedCount(), seconds(a.clipped())));
        }
        if (a.migrations() > 0) {
            ctx.info(0, String.format(Locale.ROOT, "%s: %d intervals ended on another CPU than they began (migrations); "
                    + "each is matched by thread, whatever the CPU", file, a.migrations()));
        }
        if (intervals.withoutStack() > 0) {
            ctx.warn(0, String.format(Locale.ROOT, "%s: %d of %d switch-outs carry no call chain (recorded without -g, "
                    + "or the unwind failed): shown as %s", file, intervals.withoutStack(), intervals.events(), SchedSwitchIntervals.NO_STACK));
        }
        if (intervals.backwards() > 0) {
            ctx.warn(0, String.format(Locale.ROOT, "%s: %d events are earlier than the event before them (the file is not "
                    + "in time order, as perf script writes it): intervals that would end before they start count 0", file,
                    intervals.backwards()));
        }
        if (reader.otherEvents > 0) {
            ctx.info(0, String.format(Locale.ROOT, "%s: %d samples of other events left out", file, reader.otherEvents));
        }
        return ctx.result(profile);
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
    }

    /** Reads each kept sample's header (time, CPU, sched_switch arguments) and hands it on with its stack. */
    private static final class Reader implements PerfScriptFolder.SampleObserver {
        private final SchedSwitchIntervals out;
        private final Charset charset;
        final Map<Long, String> problems = new LinkedHashMap<>();
        long problemCount;
        long otherEvents;
        long line;
        private boolean current;
        private long time;
        private int cpu;
        private int prevPid;
        private int nextPid;
        private String prevComm;
        private String prevState;
        private byte[] lastState = new byte[0];
        private String lastStateText = "";

        Reader(SchedSwitchIntervals out, Charset charset) {
            this.out = out;
            this.charset = charset;
        }

        @Override
        public void header(PerfScriptParser p, int eventIndex) {
            current = false;
            if (!isSchedSwitch(p)) {
                otherEvents++;
                return;
            }
            byte[] b = p.buf;
            time = p.timeNs;                        // the parser's [cpu] and seconds.fraction: fields
            cpu = p.cpu;
            int arrow = indexOf(b, p.restStart, p.lineEnd, ARROW);
            int prevEnd = arrow < 0 ? p.lineEnd : arrow;
            int pp = lastIndexOf(b, p.restStart - 1, prevEnd, PREV_PID);
            int ps = lastIndexOf(b, p.restStart - 1, prevEnd, PREV_STATE);
            int np = lastIndexOf(b, Math.max(p.restStart - 1, prevEnd), p.lineEnd, NEXT_PID);
            if (time < 0 || pp < 0 || np < 0) {
                problem(time < 0 ? "sched_switch line without a timestamp (perf script -F without time): skipped"
                        : "sched_switch line without prev_pid or next_pid: skipped");
                return;
            }
            prevPid = (int) digits(b, pp + PREV_PID.length, end(b, pp + PREV_PID.length, prevEnd), 10);
            nextPid = (int) digits(b, np + NEXT_PID.length, end(b, np + NEXT_PID.length, p.lineEnd), 10);
            if (prevPid < 0 || nextPid < 0) {
                problem("sched_switch line with a pid that is not a number: skipped");
                return;
            }
            if (ps >= 0) {
                int s = ps + PREV_STATE.length;
                int e = end(b, s, prevEnd);
                if (!java.util.Arrays.equals(b, s, e, lastState, 0, lastState.length)) {
                    lastState = java.util.Arrays.copyOfRange(b, s, e);
                    lastStateText = new String(lastState, charset);
                }
                prevState = lastStateText;
            } else {
                prevState = "";
            }
            int pc = indexOf(b, p.restStart, prevEnd, PREV_COMM);
            prevComm = pc >= 0 && pp > pc ? new String(b, pc + PREV_COMM.length, pp - pc - PREV_COMM.length, charset)
                    : new String(b, p.commStart, p.commEnd - p.commStart, charset);
            current = true;
        }

        @Override
        public void ended(int eventIndex, int[] rootFirst, int depth) {
            if (current) {
                out.event(time, cpu, prevPid, prevComm, prevState, nextPid, rootFirst, depth);
                current = false;
            }
        }

        private void problem(String why) {
            problemCount++;
            if (problems.size() < 20) {
                problems.putIfAbsent(line, why);
            }
        }
    }

    private static int end(byte[] b, int s, int limit) {
        int e = s;
        while (e < limit && !PerfScriptParser.ws(b[e])) {
            e++;
        }
        return e;
    }

    /** Decimal digits as a number; -1 when empty, not digits, or longer than {@code max}. */
    private static long digits(byte[] b, int s, int e, int max) {
        if (e <= s || e - s > max) {
            return -1;
        }
        long v = 0;
        for (int i = s; i < e; i++) {
            if (!PerfScriptParser.digit(b[i])) {
                return -1;
            }
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }

    private static int indexOf(byte[] b, int s, int e, byte[] needle) {
        return s < 0 ? -1 : PerfScriptFolder.indexOf(b, s, e, needle);
    }

    private static int lastIndexOf(byte[] b, int s, int e, byte[] needle) {
        if (s < 0) {
            return -1;
        }
        for (int i = e - needle.length; i >= s; i--) {
            if (java.util.Arrays.equals(b, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public Map<String, Object> summarize(StackProfile value) {
        Map<String, Object> m = StackSummaries.summary(value);
        if (value instanceof OffCpuProfile o) {
            m.put("unit", o.unit().slug());
        }
        return m;
    }
}
