package io.tunescope.analysis.calltree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.folded.FoldedParser;
import io.tunescope.model.stack.InternedStackProfile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The call tree of a sorted folded file, built without lookups ({@link CallTreeBuilder#sortedByBytes}), is exactly the
 * tree the hashing builder makes of the same profile; unsorted files take the hashing builder.
 */
public class SortedCallTreeTest {

    /**
     * Frames whose names are prefixes of each other followed by bytes below, at and above ';' ("f", "f1", "f12",
     * "f::g", "f!", "f_", "fa", ...), so that a stack ending in "f" is followed by "f1..." and then by "f;...".
     */
    @Provide
    Arbitrary<List<String>> lines() {
        Arbitrary<String> frame = Arbitraries.of("f", "f1", "f12", "f1_[k]", "f:", "f::g", "f!", "f_", "fa", "g", "g0", "g0 h",
                "m", "f_[k]", "f_[j]", "");
        Arbitrary<String> stack = frame.list().ofMinSize(1).ofMaxSize(6).map(l -> String.join(";", l))
                .filter(s -> !s.isEmpty() && !s.startsWith(" "));
        Arbitrary<Long> weight = Arbitraries.longs().between(1, 1000);
        return Combinators.combine(stack, weight).as((s, w) -> s + " " + w).list().ofMinSize(1).ofMaxSize(60);
    }

    private static byte[] stackBytes(String line) {
        return line.substring(0, line.lastIndexOf(' ')).getBytes(StandardCharsets.UTF_8);
    }

    /** Byte order of the stacks (a stack before the longer ones it starts), as stackcollapse sorts them. */
    static final Comparator<String> BY_STACK = (a, b) -> java.util.Arrays.compareUnsigned(stackBytes(a), stackBytes(b));

    /** The profile of folded lines, read as one FoldedParser reads a file (also for other packages' tests). */
    public static InternedStackProfile parse(List<String> lines) {
        FoldedParser p = new FoldedParser();
        long n = 0;
        for (String l : lines) {
            byte[] b = l.getBytes(StandardCharsets.UTF_8);
            p.line(b, 0, b.length, ++n);
        }
        return p.profile();
    }

    /** The tree of the hashing builder, whatever the order. */
    static CallTree hashed(InternedStackProfile p) {
        CallTreeBuilder b = new CallTreeBuilder(p.frames(), p.modules(), 1);
        p.forEach((ids, d, w) -> b.add(ids, d, 0, w));
        return b.build();
    }

    static void assertSameTree(CallTree expected, CallTree actual) {
        assertEquals(expected.frames(), actual.frames());
        assertEquals(expected.modules(), actual.modules());
        assertEquals(expected.size(), actual.size());
        for (int n = 0; n < expected.size(); n++) {
            assertEquals(expected.frame(n), actual.frame(n), "frame of node " + n);
            assertEquals(expected.parent(n), actual.parent(n), "parent of node " + n);
            assertEquals(expected.depth(n), actual.depth(n), "depth of node " + n);
            assertEquals(expected.end(n), actual.end(n), "end of node " + n);
            assertEquals(expected.total(0, n), actual.total(0, n), "total of node " + n);
            assertEquals(expected.self(0, n), actual.self(0, n), "self of node " + n);
        }
        assertEquals(expected.maxDepth(), actual.maxDepth());
        assertEquals(expected.toFolded(0), actual.toFolded(0));
    }

    @Property(tries = 1000)
    void sortedInputBuildsTheTreeOfTheHashingBuilder(@ForAll("lines") List<String> lines) {
        List<String> sorted = new ArrayList<>(lines);
        sorted.sort(BY_STACK);           // stable: repeats of a stack stay next to each other
        InternedStackProfile p = parse(sorted);
        assertTrue(p.table().sortedByBytes(), "sorted input is recognised as sorted");
        assertSameTree(hashed(p), CallTree.of(p));
        assertSameTree(hashed(p), CallTree.of(p.byPeriod()));
    }

    @Property(tries = 300)
    void sortedAsWholeLinesBuildsTheSameTree(@ForAll("lines") List<String> lines) {
        // LC_ALL=C sort of "stack count" lines: the parser decides whether the stacks are in order
        List<String> sorted = new ArrayList<>(lines);
        sorted.sort(Comparator.comparing((String l) -> l.getBytes(StandardCharsets.UTF_8), java.util.Arrays::compareUnsigned));
        InternedStackProfile p = parse(sorted);
        assertSameTree(hashed(p), CallTree.of(p));
    }

    @Property(tries = 300)
    void unsortedInputTakesTheHashingBuilder(@ForAll("lines") List<String> lines, @ForAll long seed) {
        List<String> shuffled = new ArrayList<>(lines);
        Collections.shuffle(shuffled, new Random(seed));
        InternedStackProfile p = parse(shuffled);
        List<String> sorted = new ArrayList<>(shuffled);
        sorted.sort(BY_STACK);
        boolean inOrder = true;
        for (int i = 1; i < shuffled.size(); i++) {
            inOrder &= BY_STACK.compare(shuffled.get(i - 1), shuffled.get(i)) <= 0;
        }
        assertEquals(inOrder, p.table().sortedByBytes());
        CallTree t = CallTree.of(p);
        assertSameTree(hashed(p), t);
        // and the same tree as the sorted file's, node for node (frame ids may differ: compare the folded form)
        assertEquals(CallTree.of(parse(sorted)).toFolded(0), t.toFolded(0));
    }

    @Test
    void aStackEndingInAFrameThenASiblingStartingWithItThenTheFrameAgain() {
        List<String> lines = List.of("a;f 1", "a;f1 2", "a;f12 3", "a;f12;x 4", "a;f1;y 5", "a;f;z 6", "a;f;z;q 7", "a;g 8");
        InternedStackProfile p = parse(lines);
        assertTrue(p.table().sortedByBytes());
        CallTree t = CallTree.of(p);
        assertSameTree(hashed(p), t);
        // all, a, f, f1, f12, x, y, z, q, g: f, f1 and f12 each once
        assertEquals(10, t.size());
    }

    @Test
    void aSkippedLineOutOfOrderClearsTheMarkToo() {
        // the second line would make the total overflow and is skipped, but the lines after it are compared with it
        List<String> lines = List.of("b;x 9000000000000000000", "a 9000000000000000000", "a;z 1", "b;x;w 1");
        InternedStackProfile p = parse(lines);
        assertEquals(3, p.stackCount());
        assertFalse(p.table().sortedByBytes());
        CallTree t = CallTree.of(p);
        assertSameTree(hashed(p), t);
        assertEquals(6, t.size());       // all, a, z, b, x, w
    }

    @Test
    void aLineOutOfOrderClearsTheMark() {
        InternedStackProfile p = parse(List.of("a;b 1", "a;c 1", "a;b;d 1"));
        assertFalse(p.table().sortedByBytes());
        assertSameTree(hashed(p), CallTree.of(p));
    }
}
