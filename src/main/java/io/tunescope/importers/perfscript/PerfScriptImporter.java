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
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.SampleColumns;
import io.tunescope.model.stack.StackProfile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code perf script} text: every sample header form (command with spaces, TID or PID/TID, CPU, time,
 * period, several events, tracepoints with arguments, no header fields at all) followed by its call
 * chain (indented or not, with {@code +0x} offsets, {@code [unknown]}, inlined {@code a->b}, kernel and
 * JIT frames), or the single "ip sym (dso)" of a capture without {@code -g}. Frame names are tidied as
 * FlameGraph does; each frame keeps its module. Samples of each event are kept apart; the profile shows
 * the first event (FlameGraph's default), {@link StackProfile#forEvent} the others; weights are sample
 * counts, {@link StackProfile#byPeriod()} gives period sums.
 */
public final class PerfScriptImporter implements Importer<StackProfile> {

    @Override
    public String format() {
        return "perf-script";
    }

    @Override
    public String description() {
        return "perf script output (samples with call chains)";
    }

    @Override
    public Dataset<StackProfile> dataset() {
        return CpuDatasets.PERF_SCRIPT;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        PerfScriptParser p = new PerfScriptParser();
        p.lenient = true;
        int pairs = 0;
        int headers = 0;
        int singleLine = 0;
        int frames = 0;
        int other = 0;
        int content = 0;
        boolean perfHeader = false;
        boolean afterHeader = false;
        for (String l : head.lines()) {
            byte[] b = l.getBytes(StandardCharsets.UTF_8);
            int end = b.length;
            if (end > 0 && b[end - 1] == '\r') {
                end--;
            }
            PerfScriptParser.Kind k = p.parse(b, 0, end);
            switch (k) {
                case COMMENT -> {
                    if (l.startsWith("# ========") || l.startsWith("# captured on") || l.startsWith("# perf version")) {
                        perfHeader = true;
                    }
                    if (l.startsWith("# Samples:") || l.startsWith("# Overhead") || l.startsWith("# Children")) {
                        return Sniff.no("perf report text, not perf script");
                    }
                }
                case BLANK -> afterHeader = false;
                case SAMPLE -> {
                    content++;
                    headers++;
                    if (p.inlineFrame()) {
                        singleLine++;
                    }
                    afterHeader = true;
                }
                case FRAME -> {
                    content++;
                    frames++;
                    if (afterHeader && hexAddress(b, p.pcStart, p.pcEnd)) {
                        pairs++;
                    }
                    afterHeader = false;
                }
                case OTHER -> {
                    content++;
                    other++;
                    afterHeader = false;
                }
            }
        }
        if (content == 0) {
            return Sniff.no("no sample lines");
        }
        int[] sched = PerfSchedImporter.count(head);
        if (sched[0] > 0 && sched[1] == 0) {
            return Sniff.weak("only sched:sched_switch events: an off-CPU recording (perf-sched)");
        }
        if (pairs >= 3 && other * 10 <= content) {
            return Sniff.certain(pairs + " samples with call chains");
        }
        if (pairs >= 1 && other * 5 <= content && frames >= pairs) {
            return Sniff.strong(pairs + " sample(s) with call chains" + (perfHeader ? " and a perf header" : ""));
        }
        if (singleLine >= 3 && other * 10 <= content) {
            return Sniff.strong(singleLine + " samples without call chains (ip sym dso on the sample line)");
        }
        if (headers >= 1 && perfHeader && other * 5 <= content) {
            return Sniff.weak("perf script header and sample lines");
        }
        return Sniff.no("no 'comm pid ... event:' sample followed by frame lines");
    }

    private static boolean hexAddress(byte[] b, int s, int e) {
        for (int i = s; i < e; i++) {
            byte c = b[i];
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
                return false;
            }
        }
        return e > s;
    }

    @Override
    public ImportResult<StackProfile> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        Charset cs = ctx.decoding().charset();
        boolean asciiCompatible = !cs.name().startsWith("UTF-16") && !cs.name().startsWith("UTF-32");
        PerfScriptFolder folder = chunked(ctx, cs);
        if (folder != null) {
            return result(ctx, folder);
        }
        folder = new PerfScriptFolder(FoldOptions.profile(), asciiCompatible ? cs : StandardCharsets.UTF_8,
                (line, text) -> ctx.warn(line, file + ": unrecognised line: " + text)).keepingSamples();
        if (asciiCompatible) {
            try (InputStream in = ctx.bytes()) {
                ByteLines lines = new ByteLines(in, 1 << 20, ctx.maxLineChars());
                while (lines.next()) {
                    if (lines.truncated()) {
                        ctx.warn(lines.number(), file + ": line longer than " + ctx.maxLineChars() + " bytes; the rest of it was skipped");
                    }
                    folder.line(lines.buf(), lines.start(), lines.end(), lines.number());
                    folder.skipKnownBlock(lines);
                }
            }
        } else {
            try (ImportContext.Lines lines = ctx.lines()) {
                String l;
                while ((l = lines.next()) != null) {
                    byte[] b = l.getBytes(StandardCharsets.UTF_8);
                    folder.line(b, 0, b.length, lines.number());
                }
            }
        }
        folder.finish();
        return result(ctx, folder);
    }

    /**
     * A large regular file in an ASCII-compatible charset read in chunks on several threads ({@link ChunkedImport}):
     * the same profile and messages as one stream; null when it is read as one stream (a small file, one thread, a
     * charset whose bytes cannot be cut at LF, a file that is not a regular file, or no core free for the chunks).
     */
    private static PerfScriptFolder chunked(ImportContext ctx, Charset cs) throws IOException {
        int threads = ChunkedImport.threads();
        Path path = ctx.path();
        if (threads < 2 || path == null || !Files.isRegularFile(path) || ctx.size() < ChunkedImport.minBytes()
                || !ChunkedImport.asciiCompatible(cs) || !ChunkedImport.coresFree(threads)) {
            return null;
        }
        return ChunkedImport.read(ctx, path, ctx.decoding().bomLength(), cs, threads,
                Long.getLong("tunescope.importChunkBytes", ChunkedImport.chunkBytes(ctx.size(), threads)));
    }

    static ImportResult<StackProfile> result(ImportContext ctx, PerfScriptFolder folder) throws ImportException {
        String file = ctx.displayName();
        InternedStackProfile profile = folder.profile();
        long all = 0;
        for (String e : profile.events().isEmpty() ? java.util.List.of(profile.event()) : profile.events()) {
            StackProfile pe = profile.forEvent(e);
            all += pe == null ? 0 : pe.samples();
        }
        if (all == 0) {
            throw new ImportException(0, file + ": no perf script samples found");
        }
        SampleColumns cols = profile.sampleColumns();
        if (cols != null && !cols.hasTime()) {
            ctx.info(0, file + ": the sample lines carry no timestamps (perf script without the time field): "
                    + "no time windows or heatmap for this profile");
        } else if (cols != null && cols.samplesWithoutTime() > 0) {
            ctx.info(0, file + ": " + cols.samplesWithoutTime() + " of " + cols.size()
                    + " sample lines carry no timestamp: they are in no time window");
        }
        if (folder.samplesTruncated()) {
            ctx.warn(0, file + ": more samples than can be kept one by one; time windows see the first " + cols.size());
        }
        if (profile.events().size() > 1) {
            ctx.info(0, file + ": " + profile.events().size() + " events " + profile.events() + "; showing '"
                    + profile.event() + "' (the first), the others are kept apart");
        }
        return ctx.result(profile);
    }

    @Override
    public Map<String, Object> summarize(StackProfile value) {
        return StackSummaries.summary(value);
    }
}
