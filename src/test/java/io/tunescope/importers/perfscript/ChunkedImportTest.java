package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.CancelledException;
import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.folded.FoldedWriter;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.SampleColumns;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.testutil.Conformance;
import io.tunescope.testutil.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The importer's chunked, parallel reading of a large file ({@link ChunkedImport}) against its one-stream reading of
 * the same file: the same profile (frames with modules, events, every stack with counts and periods, the folded text),
 * the same sample columns (every sample's time, CPU, PID, TID, command, event, stack and period, in file order) and
 * the same diagnostics (unrecognised and over-long lines with their file line numbers, the summary messages), for
 * every {@code perf script} input of the project and for written inputs with several events, CRLF, a byte-order
 * mark, a truncated last sample and unrecognised lines, with chunk sizes from one byte (a cut after every empty line)
 * up.
 */
class ChunkedImportTest {

    static Stream<Path> inputs() throws IOException {
        List<Path> all = new ArrayList<>(Fixtures.files(Fixtures.dir("perf-script")));
        all.addAll(Fixtures.files(Conformance.dir("flamegraph").resolve("test")));
        for (String step : new String[] {"00-baseline", "02-thread-sweep"}) {
            Path sample = Path.of("sample-data/mariadb-oltp/" + step + "/perf-script.txt");
            if (Files.exists(sample)) {
                all.add(sample);
            }
        }
        return all.stream().filter(p -> !p.getFileName().toString().endsWith(".md"));
    }

    /** The importer's result as text: diagnostics, the model with every id, the folded text, every sample. */
    static String dump(ImportResult<StackProfile> r) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : r.diagnostics()) {
            sb.append("diagnostic ").append(d.level()).append(" line ").append(d.line()).append(": ").append(d.message()).append('\n');
        }
        InternedStackProfile p = (InternedStackProfile) r.value();
        sb.append(ChunkedFoldTest.describe(p));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FoldedWriter.write(p.byPeriod(), out);
        sb.append(out.toString(StandardCharsets.UTF_8));
        SampleColumns c = p.sampleColumns();
        sb.append(c).append(" ordered ").append(c.timeOrdered()).append(" without time ").append(c.samplesWithoutTime())
                .append(" comms ").append(c.comms()).append('\n');
        for (int i = 0; i < c.size(); i++) {
            sb.append(c.timeNs(i)).append(' ').append(c.cpu(i)).append(' ').append(c.pid(i)).append('/').append(c.tid(i))
                    .append(' ').append(c.comm(i)).append(' ').append(c.event(i)).append(' ').append(c.stack(i)).append(' ')
                    .append(c.period(i)).append('\n');
        }
        return sb.toString();
    }

    static String stream(Path f) throws Exception {
        // below the size from which the importer cuts files
        assertTrue(Files.size(f) < ChunkedImport.minBytes());
        return dump(new PerfScriptImporter().parse(ImportContext.forFile(f)));
    }

    static String chunked(Path f, int threads, long chunk) throws Exception {
        ImportContext ctx = ImportContext.forFile(f);
        PerfScriptFolder folder = ChunkedImport.read(ctx, f, ctx.decoding().bomLength(), ctx.decoding().charset(), threads, chunk);
        assertNotNull(folder, f + ": read in chunks");
        assertEquals(Files.size(f), ctx.bytesRead(), "progress reaches the file's size");
        return dump(PerfScriptImporter.result(ctx, folder));
    }

    static void assertSameEveryChunkSize(Path f) throws Exception {
        String want = stream(f);
        long size = Files.size(f);
        for (long chunk : size < 300_000 ? new long[] {1, 37, 1000, size / 3 + 1, 1 << 20} : new long[] {4096, 100_000, size / 2}) {
            for (int threads : new int[] {1, 3}) {
                assertEquals(want, chunked(f, threads, chunk), f.getFileName() + " chunk=" + chunk + " threads=" + threads);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void everyInputImportsTheSameInChunks(Path input) throws Exception {
        assertSameEveryChunkSize(input);
    }

    private static final String TWO_EVENTS = ""
            + "# ========\n# captured on: x\n# ========\n#\n"
            + "mysqld  1201/1210 [001] 100.000001:     250000 cycles:u: \n"
            + "\t    7f01 do_work+0x10 (/usr/sbin/mysqld)\n\t    7f02 main+0x4 (/usr/sbin/mysqld)\n\n"
            + "mysqld  1201/1211 [000] 100.000002:     100 instructions:u: \n"
            + "\t    7f03 other_work (/usr/sbin/mysqld)\n\t    7f02 main+0x4 (/usr/sbin/mysqld)\n\n"
            + "this line is not perf script\n\n"
            + "java 77/78 [003] 100.000003:     250000 cycles:u: \n"
            + "\t    7f04 Lcom/x/Y;::run (/tmp/perf-77.map)\n"
            + "\t    7f05 [unknown] ([unknown])\n\n"
            + "mysqld  1201/1210 [001] 100.000004:     250001 cycles:u: \n"
            + "\t    7f01 do_work+0x10 (/usr/sbin/mysqld)\n"
            + "garbage between frames\n"
            + "\t    7f06 inl_a (inlined)\n\t    7f06 real_a (/usr/lib/libc.so)\n\n\n"
            + "kworker/0:1 9 [000] 100.000005:     1 cycles:u: \n"
            + "\tffffffff81000000 schedule ([kernel.kallsyms])\n\n";

    @Test
    void severalEventsUnrecognisedLinesAndATruncatedLastSample(@TempDir Path dir) throws Exception {
        // the last sample has no blank line after it and its last frame line no LF
        String text = TWO_EVENTS.repeat(40) + "mysqld  1201/1212 [001] 101.5:     7 instructions:u: \n\t    7f07 last_one (/usr/sbin/mysqld)";
        Path f = dir.resolve("events.txt");
        Files.writeString(f, text, StandardCharsets.UTF_8);
        String want = stream(f);
        assertTrue(want.contains("line 13: events.txt: unrecognised line: this line is not perf script"), want);
        assertTrue(want.contains("line 41: events.txt: unrecognised line: this line is not perf script"), want);
        assertTrue(want.contains("events [cycles:u, instructions:u]"), want);
        assertTrue(want.contains("last_one"), want);
        assertSameEveryChunkSize(f);
    }

    @Test
    void crlfAndAByteOrderMarkAndMixedEmptyLines(@TempDir Path dir) throws Exception {
        String body = TWO_EVENTS.repeat(30).replace("\n", "\r\n")
                + TWO_EVENTS.repeat(5)                               // LF after CRLF
                + TWO_EVENTS.replace("\n\n", "\n\r\n").repeat(5);    // an empty CRLF line after an LF line
        Path f = dir.resolve("crlf.txt");
        Files.write(f, body.getBytes(StandardCharsets.UTF_8));
        assertSameEveryChunkSize(f);
        Path bom = dir.resolve("bom.txt");
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        byte[] withBom = new byte[b.length + 3];
        withBom[0] = (byte) 0xEF;
        withBom[1] = (byte) 0xBB;
        withBom[2] = (byte) 0xBF;
        System.arraycopy(b, 0, withBom, 3, b.length);
        Files.write(bom, withBom);
        assertEquals(3, Head.read(bom).decoding().bomLength());
        assertSameEveryChunkSize(bom);
        // CRLF files are cut too: the empty CRLF line is a cut point
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            long[] cuts = ChunkedImport.cuts(ch, 0, ch.size(), 1000);
            assertTrue(cuts.length > 10, cuts.length + " cuts");
            byte[] all = Files.readAllBytes(f);
            for (int i = 1; i < cuts.length - 1; i++) {
                int c = (int) cuts[i];
                assertEquals('\n', all[c - 1]);
                assertTrue(all[c - 2] == '\n' || (all[c - 2] == '\r' && all[c - 3] == '\n'), "cut " + c + " after an empty line");
            }
        }
    }

    @Test
    void overLongLinesAndManyMessagesKeepTheirOrderAndCount(@TempDir Path dir) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 150; i++) {
            sb.append(TWO_EVENTS);
            sb.append("unknown stuff ").append(i).append("\n\n");
            if (i % 50 == 7) {
                sb.append("mysqld  1201/1210 [001] 100.1:     3 cycles:u: \n\t    7f01 ").append("x".repeat(40_000)).append(" (/m)\n\n");
            }
        }
        Path f = dir.resolve("many.txt");
        Files.writeString(f, sb.toString(), StandardCharsets.UTF_8);
        // a small line cap (as the loader's is 16 MB): over-long lines are cut and reported in place
        ImportContext ctxStream = new ImportContext(f, "many.txt", Head.read(f).decoding(), null, null, 4096, 10_000);
        String want = dump(new PerfScriptImporter().parse(ctxStream));
        assertTrue(want.contains("more messages not shown"), want);
        assertTrue(want.contains("bytes; the rest of it was skipped"), want);
        for (long chunk : new long[] {1, 5000, 200_000}) {
            ImportContext ctx = new ImportContext(f, "many.txt", Head.read(f).decoding(), null, null, 4096, 10_000);
            PerfScriptFolder folder = ChunkedImport.read(ctx, f, 0, StandardCharsets.UTF_8, 2, chunk);
            assertEquals(want, dump(PerfScriptImporter.result(ctx, folder)), "chunk=" + chunk);
        }
    }

    @Test
    void theImporterCutsLargeFilesOnly(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("p.txt");
        Files.writeString(f, TWO_EVENTS.repeat(200), StandardCharsets.UTF_8);
        String want = stream(f);
        String before = System.getProperty("tunescope.importParallelMinBytes");
        String chunkBefore = System.getProperty("tunescope.importChunkBytes");
        String loadBefore = System.getProperty("tunescope.importParallelMaxLoad");
        System.setProperty("tunescope.importParallelMinBytes", "1");
        System.setProperty("tunescope.importChunkBytes", "3000");
        System.setProperty("tunescope.importParallelMaxLoad", "1e9");    // whatever the machine's load
        try {
            // a busy machine (load above the bound): one stream, the same result
            System.setProperty("tunescope.importParallelMaxLoad", "-1");
            if (ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage() >= 0) {
                assertFalse(ChunkedImport.coresFree(2));
            }
            assertEquals(want, dump(new PerfScriptImporter().parse(ImportContext.forFile(f))));
            System.setProperty("tunescope.importParallelMaxLoad", "1e9");
            assertTrue(ChunkedImport.coresFree(2));
            AtomicInteger reports = new AtomicInteger();
            AtomicLong last = new AtomicLong();
            ImportContext ctx = new ImportContext(f, "p.txt", Head.read(f).decoding(), null, b -> {
                reports.incrementAndGet();
                last.set(b);
            }, 64 * 1024, 16 << 20);
            assertEquals(want, dump(new PerfScriptImporter().parse(ctx)));
            assertEquals(Files.size(f), last.get(), "progress reaches the end");
            // cancellation: the chunks stop and the import ends with CancelledException
            ImportContext cancelled = new ImportContext(f, "p.txt", Head.read(f).decoding(), () -> true, null, 64 * 1024, 16 << 20);
            assertThrows(CancelledException.class, () -> new PerfScriptImporter().parse(cancelled));
        } finally {
            restore("tunescope.importParallelMinBytes", before);
            restore("tunescope.importChunkBytes", chunkBefore);
            restore("tunescope.importParallelMaxLoad", loadBefore);
        }
    }

    @Test
    void onlyAsciiCompatibleCharsetsAreCut() {
        assertTrue(ChunkedImport.asciiCompatible(StandardCharsets.UTF_8));
        assertTrue(ChunkedImport.asciiCompatible(StandardCharsets.ISO_8859_1));
        assertFalse(ChunkedImport.asciiCompatible(StandardCharsets.UTF_16LE));
        assertFalse(ChunkedImport.asciiCompatible(StandardCharsets.UTF_16BE));
        assertFalse(ChunkedImport.asciiCompatible(java.nio.charset.Charset.forName("UTF-32")));
    }

    @Test
    void cutsFollowEmptyLinesAndCoverTheFile(@TempDir Path dir) throws Exception {
        byte[] b = "a\n\nb\r\n\r\nc\n\r\nd\r\re\n\n".getBytes(StandardCharsets.US_ASCII);
        Path f = dir.resolve("c.txt");
        Files.write(f, b);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            assertArrayEquals(new long[] {0, 3, 8, 12, 18}, ChunkedImport.cuts(ch, 0, b.length, 1));
            assertArrayEquals(new long[] {2, 8, 18}, ChunkedImport.cuts(ch, 2, b.length, 5));
            assertArrayEquals(new long[] {0, 18}, ChunkedImport.cuts(ch, 0, b.length, 100));
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}
