package io.tunescope.importers.folded;

import io.tunescope.model.stack.FrameTable;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.StackTable;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads folded stacks, {@code frame;frame;frame COUNT} per line (FlameGraph's format: the count follows
 * the last whitespace; frame names may hold spaces; counts may be decimal, which are rounded to whole
 * samples). Blank lines are skipped; malformed lines are reported and skipped. Frames annotated
 * {@code _[k]} / {@code _[j]} by {@code stackcollapse-perf.pl --kernel/--jit} get the module
 * {@code [kernel]} / {@code [jit]}; others have no module.
 */
public final class FoldedParser {

    /** Receives the lines that could not be read. */
    @FunctionalInterface
    public interface Problems {
        void malformed(long line, String why);
    }

    private final FrameTable frames;
    private final StackTable table = new StackTable();
    private final Problems problems;
    private final int kernelModule;
    private final int jitModule;
    private int[] stack = new int[64];
    // the previous line's stack bytes and where each of its frames ends (the ';' or the stack's end), so
    // a line that shares a prefix with it (folded files are sorted) reuses those frames' ids unread
    private byte[] prev = new byte[256];
    private int prevLen;
    private int[] prevEnds = new int[64];
    private int prevDepth;
    // while every stack so far came in strictly ascending byte order (as stackcollapse sorts them), a
    // greater stack is new and goes into the table unhashed; the same bytes again are the last stack
    private boolean ascending = true;
    private int lastId = -1;
    private long fractional;
    private long malformed;
    // the first line's stack bytes that reached the previous-line comparison (null: none yet), and whether a line
    // was skipped because its count would overflow the total: what absorb needs to join chunks as one reading
    private byte[] first;
    private boolean overflowed;

    public FoldedParser(Charset charset, Problems problems) {
        this.frames = new FrameTable(charset);
        this.problems = problems == null ? (l, w) -> { } : problems;
        this.kernelModule = frames.module("[kernel]");
        this.jitModule = frames.module("[jit]");
    }

    public FoldedParser() {
        this(StandardCharsets.UTF_8, null);
    }

    public long fractionalCounts() {
        return fractional;
    }

    public long malformedLines() {
        return malformed;
    }

    /** One line without its LF. */
    public void line(byte[] b, int start, int end, long number) {
        if (end > start && b[end - 1] == '\r') {
            end--;
        }
        int s = start;
        while (s < end && isWs(b[s])) {
            s++;
        }
        if (s == end) {
            return;
        }
        int e = end;
        while (e > start && isWs(b[e - 1])) {
            e--;
        }
        // the count: digits with an optional fraction, after the last whitespace
        int c = e;
        while (c > start && !isWs(b[c - 1])) {
            c--;
        }
        if (c == start) {
            bad(number, "no count after the stack");
            return;
        }
        long count = 0;
        boolean digits = false;
        int i = c;
        for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
            if (count > (Long.MAX_VALUE - 9) / 10) {
                bad(number, "count too large");
                return;
            }
            count = count * 10 + (b[i] - '0');
            digits = true;
        }
        if (i < e && b[i] == '.') {
            int f = i + 1;
            while (f < e && b[f] >= '0' && b[f] <= '9') {
                f++;
            }
            if (f != e || !digits) {
                bad(number, "count is not a number");
                return;
            }
            double v = Double.parseDouble(new String(b, c, e - c, StandardCharsets.US_ASCII));
            if (v != Math.rint(v)) {
                fractional++;
            }
            count = Math.round(v);
        } else if (i != e || !digits) {
            bad(number, "count is not a number");
            return;
        }
        // exactly one separator (flamegraph.pl: /^(.*)\s+?(\d+(?:\.\d*)?)$/): a frame may end in spaces
        int se = c - 1;
        if (se <= start) {
            bad(number, "empty stack");
            return;
        }
        int len = se - start;
        // frames of the previous line whose bytes and closing ';' are the same here keep their ids
        int same = Arrays.mismatch(b, start, se, prev, 0, prevLen);
        // the stack's byte order against the previous one: equal (-1), after (prev is a prefix, or a greater byte)
        boolean after = same >= 0 && (same == prevLen || (same < len && (b[start + same] & 0xFF) > (prev[same] & 0xFF)));
        int depth = 0;
        if (same < 0) {
            depth = prevDepth;
        } else {
            while (depth < prevDepth && prevEnds[depth] < same) {
                depth++;
            }
        }
        if (same >= 0) {
            int fs = depth == 0 ? start : start + prevEnds[depth - 1] + 1;
            for (int k = fs; k <= se; k++) {
                if (k == se || b[k] == ';') {
                    if (depth == stack.length) {
                        stack = Arrays.copyOf(stack, depth * 2);
                        prevEnds = Arrays.copyOf(prevEnds, depth * 2);
                    }
                    stack[depth] = frames.frame(b, fs, k - fs, module(b, fs, k));
                    prevEnds[depth++] = k - start;
                    fs = k + 1;
                }
            }
        }
        if (first == null) {
            first = Arrays.copyOfRange(b, start, se);
        }
        if (prev.length < len) {
            prev = Arrays.copyOf(prev, Math.max(len, prev.length * 2));
        }
        System.arraycopy(b, start, prev, 0, len);
        prevLen = len;
        prevDepth = depth;
        if (!table.fits(count, count)) {
            // a skipped line still counts for the order: the next line is compared with it
            ascending &= after || same < 0;
            lastId = -1;
            overflowed = true;
            bad(number, "count " + count + " would make the profile's total overflow; line skipped");
            return;
        }
        // distinct bytes are distinct stacks (frames are interned by their bytes, the module comes from them)
        if (same < 0 && lastId >= 0) {
            table.addTo(lastId, count, count);
        } else if (after && ascending) {
            lastId = table.addNew(stack, depth, count, count);
        } else {
            ascending &= same < 0;
            lastId = table.add(stack, depth, count, count);
        }
    }

    /**
     * Appends what {@code next} read, as if this parser had gone on to read the lines {@code next} read (the next
     * chunk of the same file, read by its own parser from its first line): the frames, stacks, counts and byte-order
     * state become those of one parser reading both, frame and stack ids included. Returns false, leaving this
     * parser as it was, when that cannot be done: a line of either was skipped because its count would overflow
     * the total, or the two totals together would (one reading would have skipped other lines). The problems
     * {@code next} reported are its own to replay; the counts of fractional and malformed lines are added here.
     */
    public boolean absorb(FoldedParser next) {
        if (overflowed || next.overflowed || !table.fits(next.table.totalSamples(), next.table.totalPeriod())) {
            return false;
        }
        int[] map = frames.addAll(next.frames);
        fractional += next.fractional;
        malformed += next.malformed;
        if (next.first == null) {
            return true;                         // no stack line: the previous line is still this parser's last
        }
        // the order of next's first stack against this parser's last one, as line() would have compared them
        int same = Arrays.mismatch(next.first, 0, next.first.length, prev, 0, prevLen);
        boolean after = same >= 0 && (same == prevLen
                || (same < next.first.length && (next.first[same] & 0xFF) > (prev[same] & 0xFF)));
        boolean equal = same < 0 && lastId >= 0;
        StackTable t = next.table;
        int[] ids = new int[Math.max(1, t.maxDepth())];
        int base = table.size();
        if (ascending && next.ascending && (after || equal)) {
            // still ascending: next's stacks are new but its first may be this parser's last stack again
            if (equal) {
                table.addTo(lastId, t.samples(0), t.period(0));
            }
            table.appendNew(t, equal ? 1 : 0, map);
            lastId = next.lastId < 0 ? -1 : equal && next.lastId == 0 ? lastId : base + next.lastId - (equal ? 1 : 0);
        } else {
            ascending = false;
            int last = -1;
            for (int id = 0; id < t.size(); id++) {
                int d = remap(t, id, ids, map);
                int m = table.add(ids, d, t.samples(id), t.period(id));
                if (id == next.lastId) {
                    last = m;
                }
            }
            lastId = last;
        }
        if (first == null) {
            first = next.first;
        }
        if (prev.length < next.prevLen) {
            prev = new byte[next.prevLen];
        }
        System.arraycopy(next.prev, 0, prev, 0, next.prevLen);
        prevLen = next.prevLen;
        // prevEnds/prevDepth/stack are the frames of next's last line in next's ids: this parser's ids now
        if (stack.length < next.prevDepth) {
            stack = new int[next.stack.length];
            prevEnds = new int[next.stack.length];
        }
        for (int i = 0; i < next.prevDepth; i++) {
            stack[i] = map[next.stack[i]];
            prevEnds[i] = next.prevEnds[i];
        }
        prevDepth = next.prevDepth;
        return true;
    }

    private static int remap(StackTable t, int id, int[] ids, int[] map) {
        int d = t.copy(id, ids);
        for (int i = 0; i < d; i++) {
            ids[i] = map[ids[i]];
        }
        return d;
    }

    private int module(byte[] b, int s, int e) {
        if (e - s >= 4 && b[e - 4] == '_' && b[e - 3] == '[' && b[e - 1] == ']') {
            if (b[e - 2] == 'k') {
                return kernelModule;
            }
            if (b[e - 2] == 'j') {
                return jitModule;
            }
        }
        return 0;
    }

    private void bad(long number, String why) {
        malformed++;
        problems.malformed(number, why);
    }

    public InternedStackProfile profile() {
        if (ascending) {
            // every stack came after the one before (repeats added to it): the call tree needs no lookups
            table.markSortedByBytes();
        }
        return InternedStackProfile.of(frames, "", table);
    }

    private static boolean isWs(byte c) {
        return c == ' ' || c == '\t' || c == '\f' || c == 0x0B || c == '\r';
    }
}
