package io.tunescope.analysis.window;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.model.stack.StackTable;
import java.util.List;

/**
 * The samples of one window (and filter) as a {@link StackProfile}: a count and a period sum per stack of
 * the whole profile's {@link StackTable}, so the stacks are not copied; {@link #forEach} visits the stacks
 * that have samples in the window. Everything that takes a profile (the call tree, the flame layout,
 * hotspots, callers/callees, the differential tree) takes this one.
 */
public final class WindowProfile implements StackProfile {
    private final InternedStackProfile base;
    private final long[] counts;
    private final long[] periods;
    private final long samples;
    private final long period;
    private final int stacks;
    private final Window window;
    private final SampleFilter filter;
    private final boolean byPeriod;
    private final ProfileSamples source;

    WindowProfile(InternedStackProfile base, long[] counts, long[] periods, Window window, SampleFilter filter, boolean byPeriod) {
        this(base, counts, periods, window, filter, byPeriod, null);
    }

    /** @param source the samples this window was selected from (their whole tree is reused), or null */
    WindowProfile(InternedStackProfile base, long[] counts, long[] periods, Window window, SampleFilter filter, boolean byPeriod,
                  ProfileSamples source) {
        this.source = source;
        this.base = base;
        this.counts = counts;
        this.periods = periods;
        this.window = window;
        this.filter = filter;
        this.byPeriod = byPeriod;
        long s = 0;
        long p = 0;
        int n = 0;
        for (int i = 0; i < counts.length; i++) {
            s += counts[i];
            p += periods[i];
            if (counts[i] > 0) {
                n++;
            }
        }
        this.samples = s;
        this.period = p;
        this.stacks = n;
    }

    public Window window() {
        return window;
    }

    public SampleFilter filter() {
        return filter;
    }

    /** The whole profile this window is cut from. */
    public InternedStackProfile base() {
        return base;
    }

    /** Samples of stack {@code id} (an index into the base profile's table) in the window. */
    public long samples(int stackId) {
        return counts[stackId];
    }

    /** Sum of the periods of the window's samples (nanoseconds for cpu-clock). */
    public long periodSum() {
        return period;
    }

    @Override
    public List<String> frames() {
        return base.frames();
    }

    @Override
    public List<String> modules() {
        return base.modules();
    }

    @Override
    public int stackCount() {
        return stacks;
    }

    @Override
    public long totalWeight() {
        return byPeriod ? period : samples;
    }

    @Override
    public long samples() {
        return samples;
    }

    @Override
    public List<String> events() {
        return base.events();
    }

    @Override
    public String event() {
        return base.event();
    }

    @Override
    public StackProfile forEvent(String event) {
        return event.equals(event()) ? this : null;
    }

    @Override
    public boolean hasPeriods() {
        return base.hasPeriods();
    }

    @Override
    public WindowProfile byPeriod() {
        return byPeriod ? this : new WindowProfile(base, counts, periods, window, filter, true, source);
    }

    public boolean weightedByPeriod() {
        return byPeriod;
    }

    /**
     * This window's call tree: the same tree as {@code CallTree.of(this)}, cut from the whole profile's tree
     * ({@link ProfileSamples#wholeTree}, built on the first call) by re-weighting its nodes, so moving a window
     * does not build a tree again. A window made without its samples builds its tree with {@code CallTree.of}.
     */
    public CallTree callTree() {
        io.tunescope.analysis.calltree.StackTableTree whole = source == null ? null : source.wholeTree();
        if (whole == null || whole.stacks() != counts.length) {
            return CallTree.of(this);
        }
        return whole.tree(counts, byPeriod ? periods : counts);
    }

    @Override
    public void forEach(StackVisitor visitor) {
        StackTable t = base.table();
        int[] buf = new int[Math.max(1, t.maxDepth())];
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                int d = t.copy(i, buf);
                visitor.visit(buf, d, byPeriod ? periods[i] : counts[i]);
            }
        }
    }

    @Override
    public String toString() {
        return "WindowProfile[" + window + ", " + samples + " samples, " + stacks + " stacks]";
    }
}
