package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.folded.FoldedWriter;
import io.tunescope.model.stack.FrameTable;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.StackTable;
import io.tunescope.testutil.Conformance;
import io.tunescope.testutil.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The memory-mapped, chunked, parallel fold ({@link ChunkedFold}) against one folder reading the same bytes as one
 * stream: the same folded output byte for byte, the same unrecognised lines (numbers and text, in order) and the same
 * model (events, frame ids with names and modules, stack ids with counts and periods), for every {@code perf script}
 * input of the project (FlameGraph's test inputs, the fixtures, the sample capture), every option set and chunk sizes
 * from one byte (a cut after every blank line) up.
 */
class ChunkedFoldTest {

    static Stream<Path> inputs() throws IOException {
        List<Path> all = new ArrayList<>(Fixtures.files(Conformance.dir("flamegraph").resolve("test")));
        all.addAll(Fixtures.files(Fixtures.dir("perf-script")));
        Path sample = Path.of("sample-data/mariadb-oltp/00-baseline/perf-script.txt");
        if (Files.exists(sample)) {
            all.add(sample);
        }
        return all.stream().filter(p -> !p.getFileName().toString().endsWith(".md"));
    }

    static List<FoldOptions> optionSets() {
        FoldOptions c = FoldOptions.collapse();
        return List.of(c, c.withPid(true), c.withTid(true), c.withAll(true), c.withAddrs(true),
                c.withLegacyJavaTidy(true).withPid(true), c.withEventFilter("instructions"), FoldOptions.profile(),
                FoldOptions.profile().withTid(true).withAll(true));
    }

    /** What one folder reading the bytes as one stream gives. */
    record Result(byte[] folded, List<String> problems, String model) {
    }

    static Result sequential(byte[] in, FoldOptions o, boolean keepLast) throws IOException {
        List<String> problems = new ArrayList<>();
        PerfScriptFolder f = new PerfScriptFolder(o, StandardCharsets.ISO_8859_1, (l, t) -> problems.add(l + ": " + t));
        f.feed(new ByteArrayInputStream(in));
        if (keepLast) {
            f.endLastSample();
        }
        return result(f, problems);
    }

    static Result chunked(Path file, FoldOptions o, boolean keepLast, int threads, long chunk) throws IOException {
        List<String> problems = new ArrayList<>();
        // three threads: memory-mapped chunks; fewer: positional reads
        PerfScriptFolder f = ChunkedFold.fold(file, o, StandardCharsets.ISO_8859_1, (l, t) -> problems.add(l + ": " + t),
                keepLast, threads, chunk, threads == 3);
        assertNotNull(f, "the file can be folded in chunks");
        return result(f, problems);
    }

    static Result result(PerfScriptFolder f, List<String> problems) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InternedStackProfile p = f.profile();
        FoldedWriter.write(p.byPeriod(), out);
        return new Result(out.toByteArray(), problems, describe(p) + "\nlines " + f.lines() + " unrecognised " + f.unrecognisedLines());
    }

    /** Every id of the model: frames (name, module), then per event its stacks in id order with counts. */
    static String describe(InternedStackProfile p) {
        StringBuilder sb = new StringBuilder();
        FrameTable ft = p.frameTable();
        for (int i = 0; i < ft.size(); i++) {
            sb.append("f").append(i).append(' ').append(ft.name(i)).append(" @").append(ft.module(i)).append('\n');
        }
        sb.append("events ").append(p.events()).append(" shown ").append(p.event()).append(" periods ").append(p.hasPeriods()).append('\n');
        List<String> evs = p.events().isEmpty() ? List.of(p.event()) : p.events();
        for (String e : evs) {
            InternedStackProfile pe = (InternedStackProfile) p.forEvent(e);
            if (pe == null) {
                continue;
            }
            StackTable t = pe.table();
            sb.append("event ").append(e).append(": ").append(t.size()).append(" stacks\n");
            for (int i = 0; i < t.size(); i++) {
                for (int k = 0; k < t.depth(i); k++) {
                    sb.append(t.frame(i, k)).append(',');
                }
                sb.append(' ').append(t.samples(i)).append(' ').append(t.period(i)).append('\n');
            }
        }
        return sb.toString();
    }

    static void assertSame(Result want, Result got, String what) {
        assertEquals(new String(want.folded(), StandardCharsets.ISO_8859_1), new String(got.folded(), StandardCharsets.ISO_8859_1), what);
        assertArrayEquals(want.folded(), got.folded(), what);
        assertEquals(want.problems(), got.problems(), what + " (unrecognised lines)");
        assertEquals(want.model(), got.model(), what + " (model)");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void everyInputFoldsTheSameInChunksOfAnySize(Path input) throws IOException {
        byte[] in = Files.readAllBytes(input);
        for (FoldOptions o : optionSets()) {
            for (boolean keepLast : new boolean[] {false, true}) {
                Result want = sequential(in, o, keepLast);
                // a cut after every blank line (small files), cuts every few samples, one or two chunks
                for (long chunk : in.length < 200_000 ? new long[] {1, 1000, 1 << 20} : new long[] {5000, 1 << 20}) {
                    int threads = chunk == 1000 ? 1 : 3;
                    assertSame(want, chunked(input, o, keepLast, threads, chunk),
                            input.getFileName() + " " + o + " keepLast=" + keepLast + " chunk=" + chunk + " threads=" + threads);
                }
            }
        }
    }

    @Test
    void tinyChunksCutAfterEveryBlankLine(@TempDir Path dir) throws IOException {
        String text = "aa 1 1.0: 1 cycles:\n\t1 f (m)\n\nbb 2 2.0: 1 cycles:\n\t2 g (m)\n\n\ncc 3 3.0: 1 cycles:\n\t3 h (m)\n";
        Path f = dir.resolve("p.txt");
        Files.writeString(f, text, StandardCharsets.ISO_8859_1);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            long[] cuts = ChunkedFold.cuts(ch, ch.size(), 1);
            // after "f (m)\n\n" and after "g (m)\n\n" (the next chunk starts with the second blank line), then the end
            assertArrayEquals(new long[] {0, 30, 60, text.length()}, cuts);
        }
        Result want = sequential(text.getBytes(StandardCharsets.ISO_8859_1), FoldOptions.collapse(), true);
        Result got = chunked(f, FoldOptions.collapse(), true, 2, 1);
        assertSame(want, got, "tiny chunks");
        assertEquals("aa;f 1\nbb;g 1\ncc;h 1\n", new String(got.folded(), StandardCharsets.ISO_8859_1));
    }

    @Test
    void theCollapseOfAFileEqualsTheCollapseOfItsStream(@TempDir Path dir) throws IOException {
        Path in = Conformance.dir("flamegraph").resolve("test").resolve("perf-java-stacks-01.txt");
        Path f = dir.resolve("big.txt");
        byte[] one = Files.readAllBytes(in);
        try (var out = Files.newOutputStream(f)) {
            for (int i = 0; i < 20; i++) {
                out.write(one);
            }
        }
        ByteArrayOutputStream a = new ByteArrayOutputStream();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (var is = Files.newInputStream(f)) {
            PerfScriptCollapser.collapse(is, a, FoldOptions.collapse(), null, true);
        }
        PerfScriptCollapser.collapse(f, b, FoldOptions.collapse(), null, true, 4, 10_000);
        assertTrue(a.size() > 0);
        assertArrayEquals(a.toByteArray(), b.toByteArray());
    }
}
