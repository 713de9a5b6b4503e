package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ByteLines;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.SampleColumns;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The frame-block cache ({@link BlockCache}: a sample's frame lines found again whole and their frames pushed at once)
 * folds exactly what reading every frame line one by one folds: output, unrecognised lines with their numbers, the model
 * (frame and stack ids, counts, periods), the line count, and for the importer's folder the samples one by one and what
 * an observer sees. Inputs repeat a few frame blocks (so that blocks are found again) among the awkward parts of
 * {@link ChunkedFoldProperties#generate}: CRLF and lone-CR line ends, comments and unrecognised lines inside and between
 * samples, several events, processes with and without Java tidying, inlined frames, a last sample without a blank line;
 * read through buffers of any size so that blocks also cross the reader's buffer.
 */
class BlockCacheProperties {
    private static final String[] FRAMES = {
        "ffffffff8100a1b2 native_write_msr+0x12 ([kernel.kallsyms])",
        "7f0a12 do_command(THD*)+0x1f (/usr/sbin/mysqld)",
        "7f0a12 inlined_a (inlined)",
        "7f0a12 outer->inner+0x3 (/usr/sbin/mysqld)",
        "7f7b00 Ljava/lang/Thread;::run (/tmp/perf-4021.map)",
        "0 [unknown] ([unknown])",
        "abc [unknown] (/lib/x86_64-linux-gnu/libc.so.6)",
        "abd [unknown] (/lib/x86_64-linux-gnu/libc.so.6)",
        "55aa buf_page_get_gen (/usr/sbin/mysqld)",
        "2 \"quoted;name\" ([JIT app cache])",
    };
    private static final String[] COMMS = {"mysqld", "java", "java-app", "my thread", "ab"};
    private static final String[] EVENTS = {"cycles:", "cpu-clock:", "instructions:u:", "sched:sched_switch:"};

    /** perf script text whose samples draw their frame blocks from {@code blocks} distinct ones. */
    static byte[] generate(long seed, int samples, int blocks) {
        Random r = new Random(seed);
        List<String> pool = new ArrayList<>();
        for (int i = 0; i < blocks; i++) {
            StringBuilder b = new StringBuilder();
            int depth = r.nextInt(7);
            for (int d = 0; d < depth; d++) {
                b.append(r.nextBoolean() ? "\t" : "        ").append(FRAMES[r.nextInt(FRAMES.length)]).append('\n');
            }
            switch (r.nextInt(10)) {
                case 0 -> b.append("garbage line\n");
                case 1 -> b.append("# comment\n");
                case 2 -> b.append("\t7f0a13 other (/usr/sbin/mysqld)\r\n");
                case 3 -> b.append("\t7f0a14 lone (/usr/sbin/mysqld)\r\t7f0a15 cr (/m)\n");
                case 4 -> b.append("java 5 1.5: 1 cycles:\n");
                default -> { }
            }
            pool.add(b.toString());
        }
        StringBuilder sb = new StringBuilder();
        if (r.nextBoolean()) {
            sb.append("# ========\n# perf version : 6.1\n#\n");
        }
        for (int s = 0; s < samples; s++) {
            String comm = COMMS[r.nextInt(COMMS.length)];
            String ev = EVENTS[r.nextInt(r.nextInt(8) == 0 ? EVENTS.length : 2)];
            long t = 1000_000_000L + s * 1000L;
            String time = (t / 1_000_000) + "." + String.format(java.util.Locale.ROOT, "%06d", t % 1_000_000);
            switch (r.nextInt(5)) {
                case 0 -> sb.append(comm).append(' ').append(100 + r.nextInt(3)).append('/').append(200 + r.nextInt(2)).append(" [00")
                        .append(r.nextInt(4)).append("] ").append(time).append(": ").append(1 + r.nextInt(3) * 1000).append(' ').append(ev);
                case 1 -> sb.append(comm).append(' ').append(100).append(' ').append(time).append(": ").append(ev);
                case 2 -> sb.append(comm).append(' ').append(101).append(" [001] ").append(time).append(": ").append(ev)
                        .append(" prev_comm=x prev_pid=1");
                case 3 -> sb.append("   ").append(comm).append(' ').append(102).append(" [000] ").append(time).append(": 1 ")
                        .append(ev).append("  7f0a12 do_command+0x4 (/usr/sbin/mysqld)");
                default -> sb.append(comm).append(' ').append(103).append(" [002] ").append(time).append(": 7 ").append(ev);
            }
            sb.append(r.nextInt(20) == 0 ? "\r\n" : "\n");
            sb.append(pool.get(r.nextInt(pool.size())));
            if (s == samples - 1 && r.nextBoolean()) {
                break;                              // a last sample without a blank line
            }
            int blanks = r.nextInt(10) == 0 ? 0 : r.nextInt(10) == 0 ? 2 : 1;
            for (int b = 0; b < blanks; b++) {
                sb.append(r.nextInt(25) == 0 ? "\r\n" : "\n");
            }
            if (r.nextInt(15) == 0) {
                sb.append("# between samples\n");
            }
        }
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** One folder over the bytes through a reader of {@code bufferSize}; {@code blocks}: with the block cache. */
    static String fold(byte[] in, FoldOptions o, boolean blocks, boolean lineCache, boolean samples, int bufferSize)
            throws IOException {
        List<String> problems = new ArrayList<>();
        PerfScriptFolder f = new PerfScriptFolder(o, StandardCharsets.ISO_8859_1, (l, t) -> problems.add(l + ": " + t));
        if (!blocks) {
            f.blockCacheLimit = 0;
        }
        if (!lineCache) {
            f.lineCacheLimit = 0;
        }
        if (samples) {
            f.keepingSamples();
        }
        ByteLines lines = new ByteLines(new ByteArrayInputStream(in), bufferSize, 1 << 20);
        if (o.flameGraphExact()) {
            lines.keepingCrBeforeLf();
        }
        while (lines.next()) {
            f.line(lines.buf(), lines.start(), lines.end(), lines.number());
            f.skipKnownBlock(lines);
        }
        f.finish();
        f.endLastSample();
        InternedStackProfile p = f.profile();
        StringBuilder sb = new StringBuilder(ChunkedFoldTest.result(f, problems).model());
        sb.append("\nproblems ").append(problems).append('\n');
        SampleColumns c = p.sampleColumns();
        if (c != null) {
            for (int i = 0; i < c.size(); i++) {
                sb.append(c.timeNs(i)).append(' ').append(c.cpu(i)).append(' ').append(c.pid(i)).append(' ').append(c.tid(i))
                        .append(' ').append(c.commName(i)).append(' ').append(c.event(i)).append(' ').append(c.stack(i))
                        .append(' ').append(c.period(i)).append('\n');
            }
        }
        return sb.toString();
    }

    @Property(tries = 300)
    void theBlockCacheChangesNothing(@ForAll long seed, @ForAll @IntRange(min = 1, max = 80) int samples,
                                     @ForAll @IntRange(min = 1, max = 6) int blocks, @ForAll @IntRange(min = 0, max = 8) int optionSet,
                                     @ForAll @IntRange(min = 16, max = 600) int bufferSize, @ForAll boolean lineCache) throws IOException {
        byte[] in = generate(seed, samples, blocks);
        FoldOptions o = ChunkedFoldTest.optionSets().get(optionSet);
        boolean keep = !o.flameGraphExact();
        for (int size : new int[] {bufferSize, 1 << 20}) {
            String want = fold(in, o, false, false, keep, size);
            String got = fold(in, o, true, lineCache, keep, size);
            assertEquals(want, got, "seed " + seed + " options " + o + " buffer " + size);
        }
    }

    @Property(tries = 100)
    void feedWithTheBlockCacheEqualsFeedWithout(@ForAll long seed, @ForAll @IntRange(min = 1, max = 80) int samples,
                                                @ForAll @IntRange(min = 1, max = 6) int blocks,
                                                @ForAll @IntRange(min = 0, max = 8) int optionSet) throws IOException {
        byte[] in = generate(seed, samples, blocks);
        FoldOptions o = ChunkedFoldTest.optionSets().get(optionSet);
        List<String> pa = new ArrayList<>();
        List<String> pb = new ArrayList<>();
        PerfScriptFolder cached = new PerfScriptFolder(o, StandardCharsets.ISO_8859_1, (l, t) -> pa.add(l + ": " + t));
        PerfScriptFolder parsed = new PerfScriptFolder(o, StandardCharsets.ISO_8859_1, (l, t) -> pb.add(l + ": " + t));
        parsed.blockCacheLimit = 0;
        parsed.lineCacheLimit = 0;
        cached.feed(new ByteArrayInputStream(in));
        parsed.feed(new ByteArrayInputStream(in));
        ChunkedFoldTest.Result a = ChunkedFoldTest.result(cached, pa);
        ChunkedFoldTest.Result b = ChunkedFoldTest.result(parsed, pb);
        assertArrayEquals(b.folded(), a.folded(), "seed " + seed);
        assertEquals(b.problems(), a.problems());
        assertEquals(b.model(), a.model());
    }

    /** What an observer sees (the perf-sched importer's path) is the same with and without the block cache. */
    @Property(tries = 100)
    void anObserverSeesTheSameSamples(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int samples,
                                      @ForAll @IntRange(min = 1, max = 4) int blocks) throws IOException {
        byte[] in = generate(seed, samples, blocks);
        assertEquals(observed(in, false), observed(in, true), "seed " + seed);
    }

    private static String observed(byte[] in, boolean blocks) throws IOException {
        StringBuilder sb = new StringBuilder();
        PerfScriptFolder f = new PerfScriptFolder(FoldOptions.profile(), StandardCharsets.ISO_8859_1, null);
        if (!blocks) {
            f.blockCacheLimit = 0;
        }
        f.observing(new PerfScriptFolder.SampleObserver() {
            @Override
            public void header(PerfScriptParser line, int eventIndex) {
                sb.append("h ").append(eventIndex).append(' ').append(line.timeNs).append(' ').append(line.cpu).append('\n');
            }

            @Override
            public void ended(int eventIndex, int[] rootFirst, int depth) {
                sb.append("e ").append(eventIndex);
                for (int i = 0; i < depth; i++) {
                    sb.append(' ').append(rootFirst[i]);
                }
                sb.append('\n');
            }
        });
        f.feed(new ByteArrayInputStream(in));
        return sb.toString();
    }

    @Test
    void repeatedBlocksAreFoundAndCountedWhole() throws IOException {
        String block = "\t1 f+0x1 (/m)\n\t2 g (/m)\n\t3 [unknown] (/lib/x.so)\n";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            sb.append(i % 2 == 0 ? "java" : "mysqld").append(" 1 ").append(i).append(".000001: 10 cycles:\n").append(block).append('\n');
        }
        sb.append("mysqld 1 99.0: 10 cycles:\ngarbage\n\n");
        byte[] in = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        List<String> problems = new ArrayList<>();
        PerfScriptFolder f = new PerfScriptFolder(FoldOptions.collapse(), StandardCharsets.ISO_8859_1, (l, t) -> problems.add(l + ": " + t));
        f.feed(new ByteArrayInputStream(in));
        ChunkedFoldTest.Result r = ChunkedFoldTest.result(f, problems);
        assertEquals("java;[x.so];g;f 250\nmysqld 10\nmysqld;[x.so];g;f 250\n", new String(r.folded(), StandardCharsets.ISO_8859_1));
        // the line numbers after 48 samples read as whole blocks are still those of the file
        assertEquals(List.of("252: garbage"), problems);
        assertEquals(253, f.lines());
        assertTrue(f.blocksFound() >= 48, "blocks found: " + f.blocksFound());
    }
}
