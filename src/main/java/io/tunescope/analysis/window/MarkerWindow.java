package io.tunescope.analysis.window;

import io.tunescope.analysis.timeline.Anomaly;

/**
 * The time window a timeline marker (a TPS dip, a saturated device, an error burst) stands for, and the plateau
 * just before it that it is compared with, on the wall clock: the marker's span (at least one second), and
 * before it as long again, at least {@link #MIN_BEFORE_MS}. The app's timeline ("flame graph of this window vs
 * the N seconds before") and the PDF report's dip pages take their windows from here, so both show the same
 * samples; {@link #window} and {@link #before} turn them into perf times through a profile's one clock.
 *
 * @param fromMs       start of the window, epoch millis (included)
 * @param toMs         end of the window, epoch millis (excluded)
 * @param beforeFromMs start of the plateau compared with (it ends at {@code fromMs}), or {@link Long#MIN_VALUE}
 *                     when nothing is compared with (a range selected by hand)
 */
public record MarkerWindow(long fromMs, long toMs, long beforeFromMs) {
    /** The plateau compared with a marker is at least this long, so that it holds enough samples. */
    public static final long MIN_BEFORE_MS = 5_000;

    /**
     * The window of a marker, compared with the same length (at least {@link #MIN_BEFORE_MS}) just before it. The
     * window is the time the marker's reports cover: from the start of its first report's interval
     * ({@link Anomaly#coveredFrom}) to its last report, not the second after the first report (a sysbench report
     * printed at 8 s holds the throughput of the second before it). With no known interval, from the first report
     * for at least a second.
     */
    public static MarkerWindow of(Anomaly a) {
        long from = a.coveredFrom();
        long to = a.intervalMs() > 0 ? Math.max(a.end(), from + 1) : Math.max(a.end(), from + 1000);
        return new MarkerWindow(from, to, from - beforeMs(a));
    }

    /** A range without a plateau to compare with. */
    public static MarkerWindow range(long fromMs, long toMs) {
        return new MarkerWindow(fromMs, toMs, Long.MIN_VALUE);
    }

    /** Milliseconds of the plateau compared with a marker's window: as long as the window, at least {@link #MIN_BEFORE_MS}. */
    public static long beforeMs(Anomaly a) {
        return Math.max(MIN_BEFORE_MS, a.end() - a.coveredFrom());
    }

    /** Whole seconds of the plateau before a marker (the N of "vs the N seconds before"). */
    public static long beforeSeconds(Anomaly a) {
        return Math.round(beforeMs(a) / 1000.0);
    }

    public boolean compared() {
        return beforeFromMs != Long.MIN_VALUE;
    }

    /**
     * The window on the profile's perf clock (at least 1 ns long), cut to the recording (a range that starts before
     * it or ends after it holds only the samples there are); null when the profile's wall clock is unknown.
     */
    public Window window(ProfileSamples s) {
        Long a = s.nsAtWall(fromMs);
        Long b = s.nsAtWall(toMs);
        if (a == null || b == null) {
            return null;
        }
        long from = Math.max(s.startNs(), a);
        long to = Math.min(s.endNs() + 1, b);
        return new Window(from, Math.max(from + 1, to));
    }

    /**
     * The plateau before {@code window} on the profile's perf clock, from {@link #beforeFromMs} (or the first sample,
     * when the recording started later) to the window's start; null when nothing is compared with, the clock is
     * unknown or the recording started at or after the window.
     */
    public Window before(ProfileSamples s, Window window) {
        if (!compared() || window == null) {
            return null;
        }
        Long b = s.nsAtWall(beforeFromMs);
        if (b == null) {
            return null;
        }
        long bf = Math.max(s.startNs(), b);
        return bf < window.fromNs() ? new Window(bf, window.fromNs()) : null;
    }
}
