package io.tunescope.analysis.window;

import io.tunescope.analysis.reading.ProfileClock;
import io.tunescope.model.stack.StackProfile;

/**
 * A profile whose weights have times, on the clock the one reading gives its file: CPU samples
 * ({@link ProfileSamples}) or off-CPU intervals ({@link OffCpuSamples}). Commands and views select windows
 * through this, whichever kind they hold.
 */
public interface TimedProfile {
    /** True when the profile has times, so windows can be selected. */
    boolean timed();

    /** perf time of the first sample or event. */
    long startNs();

    /** perf time of the last sample or event. */
    long endNs();

    ProfileClock clock();

    /** A time the user typed (ISO wall clock, or seconds from the start) as perf time. */
    long parseTime(String t);

    /** A perf time as the user reads it: ISO wall clock when known, else seconds from the start. */
    String label(long perfNs);

    /** The profile of a window and filter (time weights are cut to the window). */
    StackProfile select(Window window, SampleFilter filter);
}
