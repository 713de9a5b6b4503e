package io.tunescope.model.stack;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * An off-CPU profile: the time threads spent switched out, by the stack they were switched out with. A
 * profile kind of its own: its weights are time in {@link #unit()} (nanoseconds from a {@code sched_switch}
 * recording, microseconds from bcc {@code offcputime -f}), never samples; {@link #samples()} counts the
 * off-CPU intervals (for folded input, which has no intervals, the stack lines).
 *
 * <p>From a {@code sched_switch} recording the profile keeps every interval ({@link #intervals()}), so
 * {@link #window} gives the profile of any time window: an interval partly inside counts only its overlap.
 * Stacks are root first: process, then (for a recording that names it) the {@link OffCpuState} frame, then
 * the call chain down to the scheduler.
 */
public final class OffCpuProfile implements StackProfile {
    private final FrameTable frames;
    /** Every interval's stack (the id space of {@link OffCpuIntervals#stack}); null for folded input. */
    private final StackTable stacks;
    private final StackTable table;
    private final WeightUnit unit;
    private final String event;
    private final OffCpuIntervals intervals;
    private final long fromNs;
    private final long toNs;
    private final Accounting accounting;

    /**
     * What the total is made of, so a reader can tell measured time from bounds.
     *
     * @param intervals        off-CPU intervals counted (an interval cut by a window counts once)
     * @param exact            time of intervals whose switch-in was recorded
     * @param upperBound       time of intervals whose switch-in was not recorded (to the thread's next switch-out)
     * @param upperBoundCount  how many such intervals
     * @param lowerBound       the least those intervals can have lasted
     * @param clipped          time of intervals still open when the recording ended (to its last event)
     * @param clippedCount     how many such intervals
     * @param migrations       intervals whose thread came back on another CPU
     * @param byState          time per {@link OffCpuState}
     */
    public record Accounting(long intervals, long exact, long upperBound, long upperBoundCount, long lowerBound,
                             long clipped, long clippedCount, long migrations, Map<OffCpuState, Long> byState) {
        public long total() {
            return exact + upperBound + clipped;
        }
    }

    private OffCpuProfile(FrameTable frames, StackTable stacks, StackTable table, WeightUnit unit, String event, OffCpuIntervals intervals,
                          long fromNs, long toNs, Accounting accounting) {
        this.frames = frames;
        this.stacks = stacks;
        this.table = table;
        this.unit = unit;
        this.event = event;
        this.intervals = intervals;
        this.fromNs = fromNs;
        this.toNs = toNs;
        this.accounting = accounting;
    }

    /** A profile from recorded intervals (weights in nanoseconds); {@code stacks} holds every interval's stack. */
    public static OffCpuProfile ofIntervals(FrameTable frames, StackTable stacks, String event, OffCpuIntervals intervals) {
        return window(frames, stacks, event, intervals, Long.MIN_VALUE, Long.MAX_VALUE, null);
    }

    /** A profile of aggregated stacks without intervals (bcc {@code offcputime -f}): weights in {@code unit}. */
    public static OffCpuProfile ofStacks(FrameTable frames, StackTable table, WeightUnit unit, String event) {
        if (!unit.isTime()) {
            throw new IllegalArgumentException("an off-CPU profile weighs time, not " + unit.slug());
        }
        return new OffCpuProfile(frames, null, table, unit, event, null, Long.MIN_VALUE, Long.MAX_VALUE, null);
    }

    private static OffCpuProfile window(FrameTable frames, StackTable stacks, String event, OffCpuIntervals iv,
                                        long from, long to, java.util.function.IntPredicate keep) {
        StackTable t = new StackTable();
        int[] buf = new int[Math.max(1, stacks.maxDepth())];
        long exact = 0;
        long upper = 0;
        long upperCount = 0;
        long lower = 0;
        long clipped = 0;
        long clippedCount = 0;
        long migrations = 0;
        long count = 0;
        Map<OffCpuState, Long> byState = new EnumMap<>(OffCpuState.class);
        for (int i = 0, n = iv.size(); i < n; i++) {
            long s = iv.startNs(i);
            long e = iv.endNs(i);
            long a = Math.max(s, from);
            long b = Math.min(e, to);
            if (b < a || (b == a && !(s == e && s >= from && s < to))) {
                continue;                           // no overlap (a zero-length interval counts when it lies inside)
            }
            if (keep != null && !keep.test(i)) {
                continue;
            }
            long d = b - a;
            int depth = stacks.copy(iv.stack(i), buf);
            t.add(buf, depth, 1, d);
            count++;
            switch (iv.end(i)) {
                case SWITCH_IN -> exact += d;
                case NEXT_SWITCH_OUT -> {
                    upper += d;
                    upperCount++;
                    long lowEnd = Math.min(s + iv.lowerBoundNs(i), to);
                    lower += Math.max(0, lowEnd - a);
                }
                case RECORDING_END -> {
                    clipped += d;
                    clippedCount++;
                }
            }
            if (iv.migrated(i)) {
                migrations++;
            }
            byState.merge(iv.state(i), d, Long::sum);
        }
        Accounting acc = new Accounting(count, exact, upper, upperCount, lower, clipped, clippedCount, migrations, byState);
        return new OffCpuProfile(frames, stacks, t, WeightUnit.NANOSECONDS, event, iv, from, to, acc);
    }

    /**
     * The profile of the window {@code [fromNs, toNs)} of perf's clock: every interval that overlaps it, weighed
     * by its overlap only. Null when the profile has no intervals (folded input has no times).
     */
    public OffCpuProfile window(long fromNs, long toNs) {
        return window(fromNs, toNs, null);
    }

    /**
     * The profile of the window {@code [fromNs, toNs)} counting only the intervals {@code keep} accepts (by
     * index into {@link #intervals()}: a thread, a command, a CPU, a frame); null without intervals.
     */
    public OffCpuProfile window(long fromNs, long toNs, java.util.function.IntPredicate keep) {
        if (intervals == null) {
            return null;
        }
        return window(frames, stacks, event, intervals, fromNs, toNs, keep);
    }

    /** Every interval's stack, the table {@link OffCpuIntervals#stack} indexes (null for folded input). */
    public StackTable stacks() {
        return stacks;
    }

    /** The recorded intervals, or null for folded input. */
    public OffCpuIntervals intervals() {
        return intervals;
    }

    /** What the total is made of (null for folded input, which says nothing about it). */
    public Accounting accounting() {
        return accounting;
    }

    /** The window this profile shows, {@code Long.MIN_VALUE}/{@code Long.MAX_VALUE} for the whole recording. */
    public long fromNs() {
        return fromNs;
    }

    public long toNs() {
        return toNs;
    }

    public FrameTable frameTable() {
        return frames;
    }

    public StackTable table() {
        return table;
    }

    @Override
    public WeightUnit unit() {
        return unit;
    }

    @Override
    public List<String> frames() {
        return frames.names();
    }

    @Override
    public List<String> modules() {
        return frames.modules();
    }

    @Override
    public int stackCount() {
        return table.size();
    }

    /** Time switched out, in {@link #unit()}. */
    @Override
    public long totalWeight() {
        return table.totalPeriod();
    }

    /** Off-CPU intervals (folded input: stack lines). */
    @Override
    public long samples() {
        return table.totalSamples();
    }

    @Override
    public List<String> events() {
        return event.isEmpty() ? List.of() : List.of(event);
    }

    @Override
    public String event() {
        return event;
    }

    @Override
    public void forEach(StackVisitor visitor) {
        int[] buf = new int[Math.max(1, table.maxDepth())];
        for (int i = 0, n = table.size(); i < n; i++) {
            int d = table.copy(i, buf);
            visitor.visit(buf, d, table.period(i));
        }
    }

    @Override
    public String toString() {
        return "OffCpuProfile[" + unit.format(totalWeight()) + ", stacks=" + stackCount() + ", intervals="
                + (intervals == null ? "none" : intervals.size()) + "]";
    }
}
