package io.tunescope.importers.perfscript;

import io.tunescope.importers.folded.FoldedWriter;
import io.tunescope.model.stack.InternedStackProfile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code perf script} text to folded stacks, byte-identical to FlameGraph's {@code stackcollapse-perf.pl}
 * (checked against FlameGraph's own test matrix). Counts are period sums when the samples carry a period,
 * otherwise sample counts, as the script does since 2021.
 *
 * <p>Java class-name tidying (the leading {@code L} of {@code Ljava/lang/Thread;::run}) follows the
 * current script: it applies to every process whose name starts with {@code java}, so {@code --pid} and
 * {@code --tid} names ({@code java-4021/4030}) are tidied too and frame names do not change with those
 * options. FlameGraph's expected files for the four Java inputs with {@code --pid}/{@code --tid} still
 * hold the older output (tidying only for the exact name {@code java});
 * {@link FoldOptions#legacyJavaTidy()} reproduces that.
 *
 * <p>This lives beside the importer rather than in {@code analysis}: it shares the importer's parser
 * ({@link PerfScriptParser} through {@link PerfScriptFolder}), and the layering keeps analysis free of
 * input parsing.
 */
public final class PerfScriptCollapser {
    private PerfScriptCollapser() {
    }

    /**
     * Folds the stream and writes the folded lines exactly as the script does (a last sample that no blank line
     * ends is dropped); returns the folder (unrecognised-line count etc.).
     */
    public static PerfScriptFolder collapse(InputStream in, OutputStream out, FoldOptions options,
                                            PerfScriptFolder.Problems problems) throws IOException {
        return collapse(in, out, options, problems, false);
    }

    /**
     * Folds the stream and writes the folded lines; with {@code keepUnendedLast} the end of the input also ends
     * the last sample (the script drops a sample that no blank line ends; the importer and {@code inspect} count it).
     */
    public static PerfScriptFolder collapse(InputStream in, OutputStream out, FoldOptions options,
                                            PerfScriptFolder.Problems problems, boolean keepUnendedLast) throws IOException {
        PerfScriptFolder folder = new PerfScriptFolder(options, StandardCharsets.ISO_8859_1, problems);
        folder.feed(in);
        if (keepUnendedLast) {
            folder.endLastSample();
        }
        FoldedWriter.write(folder.profile().byPeriod(), out);
        return folder;
    }

    /**
     * {@link #collapse(InputStream, OutputStream, FoldOptions, PerfScriptFolder.Problems, boolean)} of a regular file,
     * folded in chunks on {@code threads} threads ({@link ChunkedFold}; memory-mapped with
     * {@code -Dtunescope.foldMapped=true}); the output is the same byte for byte. Falls back to one stream when the file cannot be cut ({@link ChunkedFold#fold} returns null).
     * {@code chunkBytes <= 0}: {@link ChunkedFold#defaultChunkBytes}.
     */
    public static PerfScriptFolder collapse(Path file, OutputStream out, FoldOptions options, PerfScriptFolder.Problems problems,
                                            boolean keepUnendedLast, int threads, long chunkBytes) throws IOException {
        PerfScriptFolder.Problems pr = problems == null ? (l, t) -> { } : problems;
        long size = Files.size(file);
        long chunk = chunkBytes > 0 ? chunkBytes : ChunkedFold.defaultChunkBytes(size, threads);
        PerfScriptFolder folder = ChunkedFold.fold(file, options, StandardCharsets.ISO_8859_1, pr, keepUnendedLast, threads, chunk,
                Boolean.getBoolean("tunescope.foldMapped"));
        if (folder == null) {
            try (InputStream in = Files.newInputStream(file)) {
                return collapse(in, out, options, pr, keepUnendedLast);
            }
        }
        FoldedWriter.write(folder.profile().byPeriod(), out);
        return folder;
    }

    /**
     * True when the {@code perf script} text in {@code b[0, len)} has samples without call chains ({@code perf record}
     * without {@code -g}: each sample line carries its own ip, symbol and module). The script folds nothing from
     * such a file; the importer reads each sample as a one-frame stack. Only whole lines are looked at.
     */
    public static boolean withoutCallChains(byte[] b, int len) {
        PerfScriptParser p = new PerfScriptParser();
        p.lenient = true;
        int samples = 0;
        int s = 0;
        for (int i = 0; i < len; i++) {
            if (b[i] != '\n') {
                continue;
            }
            int e = i > s && b[i - 1] == '\r' ? i - 1 : i;
            PerfScriptParser.Kind k = p.parse(b, s, e);
            s = i + 1;
            if (k == PerfScriptParser.Kind.FRAME) {
                return false;
            }
            if (k == PerfScriptParser.Kind.SAMPLE) {
                if (!p.inlineFrame()) {
                    return false;
                }
                if (++samples >= 2) {
                    return true;
                }
            }
        }
        return samples > 0;
    }

    /** Folds the stream into a profile (counts: samples; {@link InternedStackProfile#byPeriod()} for periods). */
    public static InternedStackProfile fold(InputStream in, FoldOptions options) throws IOException {
        PerfScriptFolder folder = new PerfScriptFolder(options, StandardCharsets.UTF_8, null);
        folder.feed(in);
        return folder.profile();
    }
}
