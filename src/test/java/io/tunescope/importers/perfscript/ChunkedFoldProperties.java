package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Generated {@code perf script} text with the awkward parts put where chunk cuts fall: runs of blank lines, CRLF and
 * lone-CR line ends, comments, unrecognised lines, indented sample lines without call chains, tracepoints, Java and
 * non-Java processes sharing frame lines, inlined frames, a last sample without a blank line. The chunked parallel fold
 * must equal one stream (output, unrecognised lines, model) for any chunk size, and the frame-line cache must not
 * change what one stream folds.
 */
class ChunkedFoldProperties {
    private static final String[] COMMS = {"mysqld", "java", "java-app", "my thread", "kworker/0:1", "ab"};
    private static final String[] EVENTS = {"cycles:", "cpu-clock:", "instructions:u:", "sched:sched_switch:"};
    private static final String[] FRAMES = {
        "ffffffff8100a1b2 native_write_msr+0x12 ([kernel.kallsyms])",
        "7f0a12 do_command(THD*)+0x1f (/usr/sbin/mysqld)",
        "7f0a12 inlined_a (inlined)",
        "7f0a12 outer->inner+0x3 (/usr/sbin/mysqld)",
        "7f7b00 Ljava/lang/Thread;::run (/tmp/perf-4021.map)",
        "7f7b00 Ljava/lang/Thread;::run (/tmp/perf-4021.map)",
        "0 [unknown] ([unknown])",
        "abc [unknown] (/lib/x86_64-linux-gnu/libc.so.6)",
        "55aa buf_page_get_gen (/usr/sbin/mysqld)",
        "55ab ut_delay(unsigned long)+0x8 (/usr/sbin/mysqld)",
        "1 main.(*T).run.func1 (/app/go bin)",
        "2 \"quoted;name\" ([JIT app cache])",
    };

    static byte[] generate(long seed, int samples) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        String[] ends = {"\n", "\n", "\n", "\r\n", "\r"};
        String eol = r.nextInt(4) == 0 ? ends[r.nextInt(ends.length)] : "\n";
        if (r.nextBoolean()) {
            sb.append("# ========").append(eol).append("# perf version : 6.1").append(eol).append('#').append(eol);
        }
        for (int s = 0; s < samples; s++) {
            if (r.nextInt(30) == 0) {
                eol = ends[r.nextInt(ends.length)];
            }
            String comm = COMMS[r.nextInt(COMMS.length)];
            String ev = EVENTS[r.nextInt(r.nextInt(8) == 0 ? EVENTS.length : 2)];
            int pid = 100 + r.nextInt(3);
            long t = 1000_000_000L + s * 1000L;
            String time = (t / 1_000_000) + "." + String.format(java.util.Locale.ROOT, "%06d", t % 1_000_000);
            switch (r.nextInt(6)) {
                case 0 -> sb.append(comm).append(' ').append(pid).append('/').append(pid + 1).append(" [00").append(r.nextInt(4))
                        .append("] ").append(time).append(": ").append(1 + r.nextInt(3) * 1000).append(' ').append(ev);
                case 1 -> sb.append(comm).append(' ').append(pid).append(' ').append(time).append(": ").append(ev);
                case 2 -> sb.append(comm).append(' ').append(pid).append(" [001] ").append(time).append(": ").append(ev)
                        .append(" prev_comm=x prev_pid=1");
                case 3 -> sb.append("   ").append(comm).append(' ').append(pid).append(" [000] ").append(time).append(": 1 ")
                        .append(ev).append("  7f0a12 do_command+0x4 (/usr/sbin/mysqld)");
                case 4 -> sb.append(comm).append(' ').append(pid);
                default -> sb.append(comm).append(' ').append(pid).append(" [002] ").append(time).append(": ").append(ev);
            }
            sb.append(eol);
            int depth = r.nextInt(6);
            for (int d = 0; d < depth; d++) {
                sb.append(r.nextBoolean() ? "\t" : "        ").append(FRAMES[r.nextInt(FRAMES.length)]).append(eol);
            }
            switch (r.nextInt(12)) {
                case 0 -> sb.append("garbage line").append(eol);
                case 1 -> sb.append("# comment").append(eol);
                default -> { }
            }
            int blanks = s == samples - 1 && r.nextBoolean() ? 0 : r.nextInt(8) == 0 ? 0 : 1 + (r.nextInt(5) == 0 ? r.nextInt(3) : 0);
            for (int b = 0; b < blanks; b++) {
                sb.append(eol);
            }
        }
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    @Property(tries = 150)
    void chunkedEqualsOneStream(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int samples,
                                @ForAll @IntRange(min = 1, max = 400) int chunk, @ForAll @IntRange(min = 1, max = 3) int threads,
                                @ForAll @IntRange(min = 0, max = 8) int optionSet, @ForAll boolean keepLast) throws IOException {
        byte[] in = generate(seed, samples);
        FoldOptions o = ChunkedFoldTest.optionSets().get(optionSet);
        Path f = Files.createTempFile("tunescope-chunked", ".txt");
        try {
            Files.write(f, in);
            ChunkedFoldTest.Result want = ChunkedFoldTest.sequential(in, o, keepLast);
            if (samples >= 8 && !o.flameGraphExact()) {
                // (strict mode may fold nothing: after a switch to CRLF its "blank" lines hold a CR, as in the script)
                assertTrue(want.folded().length > 0, "the generated text folds to something");
            }
            ChunkedFoldTest.assertSame(want, ChunkedFoldTest.chunked(f, o, keepLast, threads, chunk),
                    "seed " + seed + " options " + o + " chunk " + chunk);
        } finally {
            Files.delete(f);
        }
    }

    @Property(tries = 200)
    void theFrameLineCacheChangesNothing(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int samples,
                                         @ForAll @IntRange(min = 0, max = 8) int optionSet) throws IOException {
        byte[] in = generate(seed, samples);
        FoldOptions o = ChunkedFoldTest.optionSets().get(optionSet);
        List<String> pa = new ArrayList<>();
        List<String> pb = new ArrayList<>();
        PerfScriptFolder cached = new PerfScriptFolder(o, StandardCharsets.ISO_8859_1, (l, t) -> pa.add(l + ": " + t));
        PerfScriptFolder parsed = new PerfScriptFolder(o, StandardCharsets.ISO_8859_1, (l, t) -> pb.add(l + ": " + t));
        parsed.lineCacheLimit = 0;
        cached.feed(new ByteArrayInputStream(in));
        parsed.feed(new ByteArrayInputStream(in));
        ChunkedFoldTest.Result a = ChunkedFoldTest.result(cached, pa);
        ChunkedFoldTest.Result b = ChunkedFoldTest.result(parsed, pb);
        assertArrayEquals(b.folded(), a.folded(), "seed " + seed);
        assertEquals(b.problems(), a.problems());
        assertEquals(b.model(), a.model());
    }
}
