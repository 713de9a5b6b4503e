package io.tunescope.importers.folded;

import io.tunescope.importers.CpuDatasets;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.importers.StackSummaries;
import io.tunescope.importers.ByteLines;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.StackProfile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Pattern;

/** Folded stacks ({@code stackcollapse-*.pl}, async-profiler {@code collapsed}, inferno): {@code a;b;c 123}. */
public final class FoldedImporter implements Importer<StackProfile> {
    private static final Pattern LINE = Pattern.compile("^\\S.*\\s\\d+(\\.\\d*)?\\s*$");

    @Override
    public String format() {
        return "folded";
    }

    @Override
    public String description() {
        return "folded stacks (frame;frame;frame count)";
    }

    @Override
    public Dataset<StackProfile> dataset() {
        return CpuDatasets.FOLDED;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        int ok = 0;
        int withSemicolon = 0;
        int other = 0;
        for (String l : head.lines()) {
            if (l.isBlank()) {
                continue;
            }
            char last = Head.lastNonSpace(l);
            if ((last >= '0' && last <= '9' || last == '.') && LINE.matcher(l).matches() && !l.startsWith("#")) {
                ok++;
                if (l.indexOf(';') >= 0) {
                    withSemicolon++;
                }
            } else {
                other++;
            }
        }
        if (withSemicolon == 0) {
            return Sniff.no("no 'frame;frame count' lines");
        }
        if (OffCpuFoldedImporter.offCpu(OffCpuFoldedImporter.count(head))) {
            return Sniff.weak("folded stacks ending in the scheduler: off-CPU time (offcputime)");
        }
        if (other == 0 && ok >= 3 && withSemicolon * 2 >= ok) {
            return Sniff.certain(ok + " 'frame;frame;frame count' lines");
        }
        if (ok >= 1 && other * 10 <= ok && withSemicolon * 2 >= ok) {
            return Sniff.strong(ok + " folded stack lines");
        }
        if (ok < other) {
            // e.g. a log whose messages hold a ';' and end with a number ("... syntax; ... at line 1")
            return Sniff.no(ok + " folded-looking lines among " + other + " lines of other text");
        }
        return Sniff.weak("a few folded-looking lines among other text");
    }

    @Override
    public ImportResult<StackProfile> parse(ImportContext ctx) throws ImportException, IOException {
        String file = ctx.displayName();
        FoldedParser parser = read(ctx);
        InternedStackProfile p = parser.profile();
        if (p.stackCount() == 0) {
            throw new ImportException(0, file + ": no folded stack lines found");
        }
        if (parser.fractionalCounts() > 0) {
            ctx.info(0, file + ": " + parser.fractionalCounts() + " fractional counts rounded to whole samples");
        }
        return ctx.result(p);
    }

    /**
     * Reads every line of a folded file into a parser: bytes as they are for ASCII-compatible encodings,
     * decoded lines otherwise; lines longer than the context allows are reported and skipped. A large regular file
     * is read in chunks on several threads ({@link FoldedChunks}) with the same result and messages.
     */
    static FoldedParser read(ImportContext ctx) throws IOException {
        String file = ctx.displayName();
        Charset cs = ctx.decoding().charset();
        boolean asciiCompatible = !cs.name().startsWith("UTF-16") && !cs.name().startsWith("UTF-32");
        FoldedParser parser = new FoldedParser(asciiCompatible ? cs : StandardCharsets.UTF_8,
                (line, why) -> ctx.warn(line, file + ": " + why));
        if (asciiCompatible) {
            FoldedParser chunked = FoldedChunks.read(ctx, cs);
            if (chunked != null) {
                return chunked;
            }
            try (InputStream in = ctx.bytes()) {
                ByteLines lines = new ByteLines(in, 1 << 20, ctx.maxLineChars());
                while (lines.next()) {
                    if (lines.truncated()) {
                        ctx.warn(lines.number(), file + ": line longer than " + ctx.maxLineChars() + " bytes; skipped");
                        continue;
                    }
                    parser.line(lines.buf(), lines.start(), lines.end(), lines.number());
                }
            }
        } else {
            try (ImportContext.Lines lines = ctx.lines()) {
                String l;
                while ((l = lines.next()) != null) {
                    byte[] b = l.getBytes(StandardCharsets.UTF_8);
                    parser.line(b, 0, b.length, lines.number());
                }
            }
        }
        return parser;
    }

    @Override
    public Map<String, Object> summarize(StackProfile value) {
        return StackSummaries.summary(value);
    }
}
