package io.tunescope.importers.folded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** folded -> profile -> folded keeps every (stack, weight). */
class FoldedRoundTripProperties {

    record Line(List<String> frames, long weight) {
        String text() {
            return String.join(";", frames) + " " + weight;
        }
    }

    @Provide
    Arbitrary<List<Line>> profiles() {
        Arbitrary<String> frame = Arbitraries.oneOf(
                Arbitraries.of("mysqld", "main", "do_command(THD*)", "buf_page_get_gen", "operator new",
                        "[kernel.kallsyms]", "vfs_read_[k]", "Ljava/lang/Thread;::run", "ut_delay", "中文帧"),
                Arbitraries.strings().withChars("abcxyz_:<>()*&[] .0123456789").ofMinLength(1).ofMaxLength(12)
                        .filter(s -> !s.isBlank() && !Character.isWhitespace(s.charAt(0))
                                && !Character.isWhitespace(s.charAt(s.length() - 1))));
        Arbitrary<Line> line = Combinators.combine(frame.list().ofMinSize(1).ofMaxSize(12),
                Arbitraries.longs().between(0, 1_000_000_000_000L)).as(Line::new);
        return line.list().ofMaxSize(60);
    }

    @Property(tries = 300)
    void roundTripKeepsEveryStackAndWeight(@ForAll("profiles") List<Line> lines) throws Exception {
        Map<String, Long> expected = new TreeMap<>();
        StringBuilder text = new StringBuilder();
        for (Line l : lines) {
            expected.merge(String.join(";", l.frames()), l.weight(), Long::sum);
            text.append(l.text()).append('\n');
        }
        byte[] in = text.toString().getBytes(StandardCharsets.UTF_8);
        FoldedParser p = new FoldedParser();
        int start = 0;
        long n = 0;
        for (int i = 0; i <= in.length; i++) {
            if (i == in.length || in[i] == '\n') {
                p.line(in, start, i, ++n);
                start = i + 1;
            }
        }
        assertEquals(0, p.malformedLines());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FoldedWriter.write(p.profile(), out);
        Map<String, Long> actual = new TreeMap<>();
        for (String l : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!l.isEmpty()) {
                int sp = l.lastIndexOf(' ');
                actual.merge(l.substring(0, sp), Long.parseLong(l.substring(sp + 1)), Long::sum);
            }
        }
        assertEquals(expected, actual);
        assertEquals(expected.values().stream().mapToLong(Long::longValue).sum(), p.profile().samples());
    }

    /**
     * Sorted lines over a small alphabet share long prefixes, which the parser reuses from the line before:
     * every stack must still come out with its own frames, modules and weight, empty frames included.
     */
    @Property(tries = 300)
    void sortedLinesSharingPrefixesKeepTheirOwnFrames(@ForAll("sharing") List<String> stacks) throws Exception {
        List<String> sorted = new java.util.ArrayList<>(stacks);
        java.util.Collections.sort(sorted);
        Map<String, Long> expected = new TreeMap<>();
        StringBuilder text = new StringBuilder();
        long w = 1;
        for (String s : sorted) {
            expected.merge(s, w, Long::sum);
            text.append(s).append(' ').append(w++).append('\n');
        }
        byte[] in = text.toString().getBytes(StandardCharsets.UTF_8);
        FoldedParser p = new FoldedParser();
        int start = 0;
        long n = 0;
        for (int i = 0; i <= in.length; i++) {
            if (i == in.length || in[i] == '\n') {
                p.line(in, start, i, ++n);
                start = i + 1;
            }
        }
        Map<String, Long> actual = new TreeMap<>();
        var profile = p.profile();
        List<String> names = profile.frames();
        List<String> modules = profile.modules();
        profile.forEach((ids, depth, weight) -> {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < depth; i++) {
                String name = names.get(ids[i]);
                String expectedModule = name.endsWith("_[k]") ? "[kernel]" : name.endsWith("_[j]") ? "[jit]" : "";
                assertEquals(expectedModule, modules.get(ids[i]), name);
                sb.append(i == 0 ? "" : ";").append(name);
            }
            actual.merge(sb.toString(), weight, Long::sum);
        });
        assertEquals(expected, actual);
    }

    /**
     * Sorted input goes into the stack table unhashed while it stays sorted; a line out of order, a repeated
     * line or a skipped one must still leave each distinct stack once in the table, in order of first
     * appearance, with its summed weight (as hashing every line gives).
     */
    @Property(tries = 300)
    void eachDistinctStackOnceInOrderOfFirstAppearance(@ForAll("sharing") List<String> stacks,
                                                       @ForAll("tails") List<Integer> tail) throws Exception {
        List<String> order = new java.util.ArrayList<>(stacks);
        java.util.Collections.sort(order);
        List<Long> counts = new java.util.ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            counts.add((long) i + 1);
        }
        for (int k : tail) {
            // after the sorted part: a repeat of a line already seen (adjacent or not), a line refused before it
            // is read (count too large), or a stack skipped because its count would overflow the total
            String s = k < 0 ? "z" : order.get(k % order.size());
            order.add(s);
            counts.add(k == -1 ? -1 : k == -2 ? Long.MAX_VALUE / 2 : 7L);
        }
        Map<String, Long> expected = new java.util.LinkedHashMap<>();
        StringBuilder text = new StringBuilder();
        long total = 0;
        for (int i = 0; i < order.size(); i++) {
            String s = order.get(i);
            long c = counts.get(i);
            if (c < 0) {
                text.append(s).append(" 99999999999999999999\n");
                continue;
            }
            if (total <= Long.MAX_VALUE - c) {
                expected.merge(s, c, Long::sum);
                total += c;
            }
            text.append(s).append(' ').append(c).append('\n');
        }
        byte[] in = text.toString().getBytes(StandardCharsets.UTF_8);
        FoldedParser p = new FoldedParser();
        int start = 0;
        long n = 0;
        for (int i = 0; i <= in.length; i++) {
            if (i == in.length || in[i] == '\n') {
                p.line(in, start, i, ++n);
                start = i + 1;
            }
        }
        var profile = p.profile();
        List<String> names = profile.frames();
        List<String> seen = new java.util.ArrayList<>();
        List<Long> weights = new java.util.ArrayList<>();
        profile.forEach((ids, depth, weight) -> {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < depth; i++) {
                sb.append(i == 0 ? "" : ";").append(names.get(ids[i]));
            }
            seen.add(sb.toString());
            weights.add(weight);
        });
        assertEquals(List.copyOf(expected.keySet()), seen);
        assertEquals(List.copyOf(expected.values()), weights);
        assertEquals(expected.size(), profile.stackCount());
    }

    @Provide
    Arbitrary<List<Integer>> tails() {
        return Arbitraries.integers().between(-3, 40).list().ofMaxSize(8);
    }

    @Provide
    Arbitrary<List<String>> sharing() {
        Arbitrary<String> frame = Arbitraries.of("a", "ab", "a b", "", "b", "f_[k]", "f", "g_[j]", "a;");
        return frame.list().ofMinSize(1).ofMaxSize(8).map(l -> String.join(";", l))
                .filter(s -> !s.isEmpty() && !s.endsWith(" ")).list().ofMinSize(1).ofMaxSize(30);
    }
}
