package io.tunescope.analysis.window;

import io.tunescope.analysis.calltree.StackTableTree;
import io.tunescope.analysis.reading.Clocks;
import io.tunescope.analysis.reading.ProfileClock;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.SampleColumns;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.model.stack.StackTable;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The samples of one profile (one event) on one clock: selects a time window and a filter and returns the
 * window's {@link WindowProfile}; turns times the user gives (ISO wall clock, or seconds from the
 * profile's first sample) into perf times through the file's {@link ProfileClock}. Re-aggregation walks
 * the window's samples once (binary search to its first sample when the times are ordered) and adds to a
 * count per stack: no stack is copied.
 */
public final class ProfileSamples implements TimedProfile {
    private final InternedStackProfile profile;
    private final SampleColumns cols;
    private final ProfileClock clock;
    private final int event;
    private volatile StackTableTree wholeTree;

    private ProfileSamples(InternedStackProfile profile, ProfileClock clock) {
        this.profile = profile.bySamples();
        this.cols = profile.sampleColumns();
        this.clock = clock;
        this.event = profile.eventIndex();
    }

    /**
     * The samples of {@code profile} (its event), on the clock the reading gives its file; null when the
     * profile kept no samples one by one (folded stacks, a profile of another importer).
     */
    public static ProfileSamples of(StackProfile profile, Clocks clocks, String path) {
        if (!(profile instanceof InternedStackProfile p) || p.sampleColumns() == null) {
            return null;
        }
        return new ProfileSamples(p, clocks == null ? ProfileClock.of(null, p.sampleColumns()) : clocks.profile(path, p.sampleColumns()));
    }

    /** The same samples with a given clock (tests, benchmarks, a clock the caller already holds). */
    public static ProfileSamples of(InternedStackProfile profile, ProfileClock clock) {
        if (profile.sampleColumns() == null) {
            throw new IllegalArgumentException("the profile kept no samples one by one");
        }
        return new ProfileSamples(profile, clock);
    }

    public InternedStackProfile profile() {
        return profile;
    }

    public SampleColumns columns() {
        return cols;
    }

    @Override
    public ProfileClock clock() {
        return clock;
    }

    /** True when every sample has a time, so windows can be selected. */
    @Override
    public boolean timed() {
        return cols.hasTime();
    }

    /** Event index of this profile's samples in the columns. */
    public int event() {
        return event;
    }

    /** perf time of the first sample (of any event: the recording's start), or {@link SampleColumns#NONE}. */
    @Override
    public long startNs() {
        return cols.firstTimeNs();
    }

    /** perf time of the last sample, or {@link SampleColumns#NONE}. */
    @Override
    public long endNs() {
        return cols.lastTimeNs();
    }

    /** Seconds from the first sample to the last. */
    public double durationS() {
        return timed() ? (endNs() - startNs()) / 1e9 : 0;
    }

    /** The window of every sample, as times: from the first sample to just after the last. */
    public Window whole() {
        return timed() ? new Window(startNs(), endNs() + 1) : Window.ALL;
    }

    /** Seconds from the first sample. */
    public double seconds(long perfNs) {
        return (perfNs - startNs()) / 1e9;
    }

    /** perf time of a number of seconds from the first sample. */
    public long nsAtSeconds(double s) {
        return startNs() + Math.round(s * 1e9);
    }

    /** perf time of a wall-clock time (epoch millis); null when the wall clock of this profile is unknown. */
    public Long nsAtWall(long epochMs) {
        return timed() && clock.known() ? clock.perfNs(epochMs) : null;
    }

    /**
     * The window of a wall-clock range {@code [fromMs, toMs)} (a range selected in the timeline, a dip marker's
     * span), or null when this profile's wall clock is unknown.
     */
    public Window wallWindow(long fromMs, long toMs) {
        Long a = nsAtWall(fromMs);
        Long b = nsAtWall(toMs);
        return a == null || b == null || b < a ? null : new Window(a, b);
    }

    /** Wall-clock epoch millis of a perf time; null when unknown. */
    public Long wallMs(long perfNs) {
        return timed() && clock.known() ? clock.wallMs(perfNs) : null;
    }

    /**
     * A time the user typed: seconds from the profile's first sample ({@code 17.5}, {@code +17.5}) or an
     * ISO-8601 wall-clock time ({@code 2026-12-02T04:46:19.689}, read as printed, like every time here).
     *
     * @throws IllegalArgumentException naming what is wrong (not a time; a wall-clock time on a profile
     *                                  whose wall clock is unknown; samples without times)
     */
    @Override
    public long parseTime(String t) {
        if (!timed()) {
            throw new IllegalArgumentException("the samples carry no timestamps: no time window can be selected");
        }
        String s = t.strip();
        if (s.matches("[+]?\\d+(\\.\\d+)?")) {
            return nsAtSeconds(Double.parseDouble(s.startsWith("+") ? s.substring(1) : s));
        }
        Long ms = Clocks.parseIso(s);
        if (ms == null) {
            throw new IllegalArgumentException("'" + t + "' is neither an ISO-8601 time nor seconds from the profile's start");
        }
        Long ns = nsAtWall(ms);
        if (ns == null) {
            throw new IllegalArgumentException("'" + t + "' is a wall-clock time, but this profile's wall clock is unknown; "
                    + "give seconds from its first sample (0 to " + String.format(Locale.ROOT, "%.3f", durationS()) + ")");
        }
        return ns;
    }

    /** A perf time as the user reads it: ISO wall clock with milliseconds when known, else seconds from the start. */
    @Override
    public String label(long perfNs) {
        Long ms = wallMs(perfNs);
        if (ms != null) {
            String s = java.time.Instant.ofEpochMilli(ms).toString();
            return s.endsWith("Z") ? s.substring(0, s.length() - 1) : s;
        }
        return String.format(Locale.ROOT, "%.3f", seconds(perfNs));
    }

    /** The samples of the whole profile that pass the filter. */
    public WindowProfile select(SampleFilter filter) {
        return select(Window.ALL, filter);
    }

    /** The samples in {@code window} that pass {@code filter}, re-aggregated per stack. */
    @Override
    public WindowProfile select(Window window, SampleFilter filter) {
        StackTable table = profile.table();
        long[] counts = new long[table.size()];
        long[] periods = new long[table.size()];
        Selector sel = selector(filter);
        int from = 0;
        int to = cols.size();
        boolean check = !window.all();
        if (check && !timed()) {
            throw new IllegalArgumentException("the samples carry no timestamps: no time window can be selected");
        }
        if (check && cols.timeOrdered()) {
            from = cols.lowerBound(window.fromNs());
            to = cols.lowerBound(window.toNs());
            check = false;
        }
        for (int i = from; i < to; i++) {
            if (cols.event(i) != event || (check && !window.contains(cols.timeNs(i))) || !sel.test(i)) {
                continue;
            }
            int s = cols.stack(i);
            counts[s]++;
            periods[s] += cols.period(i);
        }
        return new WindowProfile(profile, counts, periods, window, filter, false, this);
    }

    /**
     * The call tree of every stack of this profile's event, built on first use (it costs what the whole profile's
     * tree costs) and kept: every window's tree ({@link WindowProfile#callTree}) is cut from it.
     */
    public StackTableTree wholeTree() {
        StackTableTree t = wholeTree;
        if (t == null) {
            synchronized (this) {
                t = wholeTree;
                if (t == null) {
                    t = StackTableTree.of(profile.frames(), profile.modules(), profile.table());
                    wholeTree = t;
                }
            }
        }
        return t;
    }

    /** The samples of this profile's event that pass a filter, one test per sample. */
    Selector selector(SampleFilter filter) {
        return new Selector(filter);
    }

    /** A filter compiled against these columns: per-command and per-stack tables, sorted id arrays. */
    final class Selector {
        private final boolean all;
        private final int[] tids;
        private final int[] cpus;
        private final boolean[] comm;
        private final boolean[] stack;

        Selector(SampleFilter f) {
            all = f.all();
            tids = f.tids().stream().mapToInt(Integer::intValue).sorted().toArray();
            cpus = f.cpus().stream().mapToInt(Integer::intValue).sorted().toArray();
            if (f.comms().isEmpty()) {
                comm = null;
            } else {
                List<String> names = cols.comms();
                comm = new boolean[names.size()];
                for (int i = 0; i < comm.length; i++) {
                    comm[i] = f.comms().contains(names.get(i));
                }
            }
            stack = f.frame() == null ? null : stacksMatching(f.frame());
        }

        boolean test(int i) {
            if (all) {
                return true;
            }
            if (tids.length > 0 && Arrays.binarySearch(tids, cols.tid(i)) < 0) {
                return false;
            }
            if (cpus.length > 0 && Arrays.binarySearch(cpus, cols.cpu(i)) < 0) {
                return false;
            }
            if (comm != null && !comm[cols.comm(i)]) {
                return false;
            }
            return stack == null || stack[cols.stack(i)];
        }
    }

    /** Per stack of this profile's event: does any of its frames match (found anywhere in the name)? */
    private boolean[] stacksMatching(Pattern p) {
        return stacksMatching(profile.frames(), profile.table(), p);
    }

    /** Per stack of {@code t} (frames named by {@code names}): does any of its frames match? */
    static boolean[] stacksMatching(List<String> names, StackTable t, Pattern p) {
        boolean[] frame = new boolean[names.size()];
        for (int i = 0; i < frame.length; i++) {
            frame[i] = p.matcher(names.get(i)).find();
        }
        boolean[] out = new boolean[t.size()];
        for (int s = 0; s < out.length; s++) {
            for (int l = 0, d = t.depth(s); l < d && !out[s]; l++) {
                out[s] = frame[t.frame(s, l)];
            }
        }
        return out;
    }

    /** How the samples were placed on the wall clock (or why not), in English: for titles and command output. */
    public String clockNote() {
        return clock.basis().toString();
    }
}
