package io.tunescope.importers.folded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.TextDecoding;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.StackTable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * A folded file read in chunks ({@link FoldedChunks}, joined by {@link FoldedParser#absorb}) gives exactly what one
 * parser reading it in one stream gives: frames and stacks with the same ids, counts, order and byte-order state (so
 * the same call tree), the same counts of malformed and fractional lines, the same messages at the same line numbers;
 * for sorted and unsorted files, cuts after any LF, LF / CR LF / lone CR line ends, bad, blank and over-long lines.
 */
class FoldedChunksProperties {
    private static final String[] FRAMES = {"f", "f1", "f12", "f1_[k]", "f:", "f::g", "f!", "f_", "fa", "g", "g0", "g0 h",
            "m", "f_[k]", "f_[j]", "mysqld", "do_command(THD*)", "中文", "x y"};
    private static final String[] BAD = {"no_count", "a;b x", " 5", "a;b 1.2.3", "a;b .5", "a;b 12abc", "a;b -3", "\t7"};
    private static final String[] ENDS = {"\n", "\r\n", "\r"};

    /** Random folded text: stacks over a small alphabet (sorted by bytes, or not), with bad, blank and long lines. */
    static byte[] text(long seed, boolean sorted, int lines, boolean bigCount) {
        Random r = new Random(seed);
        List<String> stacks = new ArrayList<>();
        for (int i = 0; i < lines; i++) {
            int d = 1 + r.nextInt(6);
            StringBuilder s = new StringBuilder();
            for (int k = 0; k < d; k++) {
                if (k > 0) {
                    s.append(';');
                }
                s.append(FRAMES[r.nextInt(FRAMES.length)]);
            }
            stacks.add(s.toString());
            if (r.nextInt(5) == 0) {
                stacks.add(s.toString());                   // the same stack again (added to the line before)
            }
        }
        if (sorted) {
            stacks.sort((a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
        }
        StringBuilder t = new StringBuilder();
        for (String s : stacks) {
            int kind = r.nextInt(40);
            String line;
            if (kind == 0) {
                line = BAD[r.nextInt(BAD.length)];
            } else if (kind == 1) {
                line = r.nextBoolean() ? "" : "  \t";
            } else if (kind == 2) {
                line = s + ";" + "y".repeat(70) + " 3";     // longer than the 64 bytes the context keeps
            } else if (kind == 3) {
                line = s + " " + (r.nextInt(9) + 1) + (r.nextBoolean() ? ".0" : ".5");
            } else if (kind == 4 && bigCount) {
                line = s + " " + (Long.MAX_VALUE / 3);      // the total overflows after a few of these
            } else {
                line = s + (r.nextBoolean() ? " " : "\t") + (1 + r.nextInt(1000)) + (r.nextInt(10) == 0 ? "  " : "");
            }
            t.append(line).append(ENDS[r.nextInt(10) == 0 ? 1 + r.nextInt(2) : 0]);
        }
        if (r.nextBoolean() && t.length() > 0) {
            t.setLength(t.length() - 1);                    // no line end after the last line
        }
        return t.toString().getBytes(StandardCharsets.UTF_8);
    }

    static ImportContext context(Path f) throws Exception {
        return new ImportContext(f, "f.folded", new TextDecoding.Detected(StandardCharsets.UTF_8, 0, false, "UTF-8"), null, null, 1 << 10, 64);
    }

    /** Everything a reading leaves: frames, stacks, counts, order state, messages, and the call tree. */
    static String dump(FoldedParser p, ImportContext ctx) {
        StringBuilder sb = new StringBuilder();
        InternedStackProfile prof = p.profile();
        sb.append("frames ").append(prof.frames()).append(' ').append(prof.modules()).append('\n');
        StackTable t = prof.table();
        sb.append("stacks ").append(t.size()).append(" sorted ").append(t.sortedByBytes()).append(" total ")
                .append(t.totalSamples()).append('/').append(t.totalPeriod()).append(" max ").append(t.maxDepth()).append('\n');
        int[] ids = new int[Math.max(1, t.maxDepth())];
        for (int i = 0; i < t.size(); i++) {
            int d = t.copy(i, ids);
            sb.append(Arrays.toString(Arrays.copyOf(ids, d))).append(' ').append(t.samples(i)).append('/').append(t.period(i)).append('\n');
        }
        sb.append("malformed ").append(p.malformedLines()).append(" fractional ").append(p.fractionalCounts()).append('\n');
        for (Diagnostic d : ctx.diagnostics()) {
            sb.append(d.level()).append(' ').append(d.line()).append(' ').append(d.message()).append('\n');
        }
        if (t.size() > 0) {
            CallTree tree = CallTree.of(prof);
            for (int n = 0; n < tree.size(); n++) {
                sb.append(tree.frame(n)).append(',').append(tree.depth(n)).append(',').append(tree.total(n)).append(',')
                        .append(tree.self(n)).append(' ');
            }
        }
        return sb.toString();
    }

    static String stream(Path f) throws Exception {
        ImportContext ctx = context(f);
        return dump(FoldedImporter.read(ctx), ctx);
    }

    /** The chunked reading, or null when it declined (a count overflowed the total). */
    static String chunked(Path f, int threads, long chunk) throws Exception {
        ImportContext ctx = context(f);
        FoldedParser p = FoldedChunks.read(ctx, f, 0, StandardCharsets.UTF_8, threads, chunk);
        if (p == null) {
            assertTrue(ctx.diagnostics().isEmpty(), "nothing reported before declining");
            return null;
        }
        assertEquals(Files.size(f), ctx.bytesRead(), "progress reaches the file's size");
        return dump(p, ctx);
    }

    @Property(tries = 200)
    void chunksReadAsOneStream(@ForAll long seed, @ForAll boolean sorted, @ForAll @IntRange(min = 0, max = 120) int lines,
                               @ForAll @IntRange(min = 1, max = 400) int chunk, @ForAll @IntRange(min = 1, max = 3) int threads,
                               @ForAll boolean bigCount) throws Exception {
        Path f = Files.createTempFile("chunks", ".folded");
        try {
            Files.write(f, text(seed, sorted, lines, bigCount));
            String want = stream(f);
            String got = chunked(f, threads, chunk);
            if (got == null) {
                assertTrue(want.contains("would make the profile's total overflow"), "declined only for an overflowing count");
            } else {
                assertEquals(want, got);
            }
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void sortedFileStaysSortedAcrossCutsAndRepeatsAtACutJoin() throws Exception {
        Path f = Files.createTempFile("chunks", ".folded");
        try {
            // the same stack on both sides of every cut (one line a chunk): one stack, counts summed
            Files.writeString(f, "a;b 1\na;b 2\na;b 3\na;c 4\r\nb 5\n");
            ImportContext ctx = context(f);
            FoldedParser p = FoldedChunks.read(ctx, f, 0, StandardCharsets.UTF_8, 2, 1);
            assertNotNull(p);
            StackTable t = p.profile().table();
            assertEquals(3, t.size());
            assertEquals(6, t.samples(0));
            assertTrue(t.sortedByBytes());
            assertEquals(stream(f), dump(p, ctx));
            // a line out of order right after a cut clears it
            Files.writeString(f, "a;c 1\na;b 2\n");
            ctx = context(f);
            p = FoldedChunks.read(ctx, f, 0, StandardCharsets.UTF_8, 2, 1);
            assertFalse(p.profile().table().sortedByBytes());
            assertEquals(stream(f), dump(p, ctx));
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void overflowingCountIsReadInOneStream() throws Exception {
        Path f = Files.createTempFile("chunks", ".folded");
        try {
            Files.writeString(f, "a " + (Long.MAX_VALUE / 2 + 1) + "\nb " + (Long.MAX_VALUE / 2 + 1) + "\n");
            assertTrue(stream(f).contains("would make the profile's total overflow"));
            assertNull(chunked(f, 2, 1));
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
