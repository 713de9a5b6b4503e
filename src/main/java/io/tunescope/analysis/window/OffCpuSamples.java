package io.tunescope.analysis.window;

import io.tunescope.analysis.reading.Clocks;
import io.tunescope.analysis.reading.ProfileClock;
import io.tunescope.model.stack.OffCpuIntervals;
import io.tunescope.model.stack.OffCpuProfile;
import java.util.Locale;
import java.util.function.IntPredicate;

/**
 * The off-CPU intervals of one profile on one clock: the same windows and filters as {@link ProfileSamples}
 * gives CPU samples, and the same time words (ISO wall clock or seconds from the recording's first event),
 * but an interval partly inside a window counts only its overlap ({@link OffCpuProfile#window}). The clock
 * is the file's {@link ProfileClock} in the one reading, anchored at the first or last event.
 */
public final class OffCpuSamples implements TimedProfile {
    private final OffCpuProfile profile;
    private final OffCpuIntervals iv;
    private final ProfileClock clock;

    private OffCpuSamples(OffCpuProfile profile, ProfileClock clock) {
        this.profile = profile;
        this.iv = profile.intervals();
        this.clock = clock;
    }

    /** The intervals of {@code profile} on the clock the reading gives its file; null when it has none (folded input). */
    public static OffCpuSamples of(OffCpuProfile profile, Clocks clocks, String path) {
        if (profile == null || profile.intervals() == null) {
            return null;
        }
        OffCpuIntervals i = profile.intervals();
        return new OffCpuSamples(profile, ProfileClock.of(clocks == null ? null : clocks.file(path), i.firstEventNs(), i.lastEventNs()));
    }

    public OffCpuProfile profile() {
        return profile;
    }

    @Override
    public ProfileClock clock() {
        return clock;
    }

    /** perf time of the recording's first event. */
    /** Always: every interval has its switch-out time. */
    @Override
    public boolean timed() {
        return true;
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

    @Override
    public long startNs() {
        return iv.firstEventNs();
    }

    /** perf time of the recording's last event. */
    @Override
    public long endNs() {
        return iv.lastEventNs();
    }

    public double durationS() {
        return (endNs() - startNs()) / 1e9;
    }

    /** The whole recording as a window. */
    public Window whole() {
        return new Window(startNs(), endNs() + 1);
    }

    public double seconds(long perfNs) {
        return (perfNs - startNs()) / 1e9;
    }

    /** perf time of a wall-clock time (epoch millis); null when this recording's wall clock is unknown. */
    public Long nsAtWall(long epochMs) {
        return clock.known() ? clock.perfNs(epochMs) : null;
    }

    public Long wallMs(long perfNs) {
        return clock.known() ? clock.wallMs(perfNs) : null;
    }

    /**
     * A time the user typed: seconds from the first event ({@code 1.5}, {@code +1.5}) or an ISO-8601 wall-clock time.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    @Override
    public long parseTime(String t) {
        String s = t.strip();
        if (s.matches("[+]?\\d+(\\.\\d+)?")) {
            return startNs() + Math.round(Double.parseDouble(s.startsWith("+") ? s.substring(1) : s) * 1e9);
        }
        Long ms = Clocks.parseIso(s);
        if (ms == null) {
            throw new IllegalArgumentException("'" + t + "' is neither an ISO-8601 time nor seconds from the recording's start");
        }
        Long ns = nsAtWall(ms);
        if (ns == null) {
            throw new IllegalArgumentException("'" + t + "' is a wall-clock time, but this recording's wall clock is unknown; "
                    + "give seconds from its first event (0 to " + String.format(Locale.ROOT, "%.3f", durationS()) + ")");
        }
        return ns;
    }

    /** The off-CPU time of {@code window} of the intervals that pass {@code filter}, each cut to its overlap. */
    @Override
    public OffCpuProfile select(Window window, SampleFilter filter) {
        return profile.window(window.fromNs(), window.toNs(), filter.all() ? null : keep(filter));
    }

    /** The filter as a test of an interval: its thread, command, the CPU it left, a frame of its stack. */
    private IntPredicate keep(SampleFilter f) {
        boolean[] stack = f.frame() == null ? null : ProfileSamples.stacksMatching(profile.frames(), profile.stacks(), f.frame());
        return i -> (f.tids().isEmpty() || f.tids().contains(iv.tid(i)))
                && (f.cpus().isEmpty() || f.cpus().contains(iv.cpu(i)))
                && (f.comms().isEmpty() || f.comms().contains(iv.comm(i)))
                && (stack == null || stack[iv.stack(i)]);
    }

    /** How the recording was placed on the wall clock (or why not), in English. */
    public String clockNote() {
        return clock.basis().toString();
    }

}
