package io.tunescope.analysis.timeline;

import java.util.ArrayList;
import java.util.List;

/**
 * Every series of a capture (or one step) on one clock, with the benchmark runs placed on it.
 *
 * @param wallClock true when times are epoch milliseconds; false when they are millis from the start of
 *                  the earliest series (no file had wall-clock timestamps)
 * @param notes     how things were aligned, for the user ("sysbench-fileio.txt: aligned by start ...")
 * @param alignedByStart the notes about files placed by their start (no wall clock of their own)
 * @param alignedFiles   those files
 */
public record Timeline(List<Track> tracks, List<RunWindow> runs, boolean wallClock, long start, long end, List<String> notes,
                       List<String> alignedByStart, List<String> alignedFiles) {
    public Timeline {
        tracks = List.copyOf(tracks);
        runs = List.copyOf(runs);
        notes = List.copyOf(notes);
        alignedByStart = List.copyOf(alignedByStart);
        alignedFiles = List.copyOf(alignedFiles);
    }

    public boolean isEmpty() {
        return tracks.isEmpty();
    }

    /** Tracks whose metric has the given source and one of the names. */
    public List<Track> find(String source, String... names) {
        List<Track> out = new ArrayList<>();
        for (Track t : tracks) {
            if (!t.series().metric().source().equals(source)) {
                continue;
            }
            for (String n : names) {
                if (t.series().metric().name().equals(n)) {
                    out.add(t);
                    break;
                }
            }
        }
        return out;
    }

    /** Tracks with one of the metric names, any source. */
    public List<Track> named(String... names) {
        List<Track> out = new ArrayList<>();
        for (Track t : tracks) {
            for (String n : names) {
                if (t.series().metric().name().equals(n)) {
                    out.add(t);
                    break;
                }
            }
        }
        return out;
    }

    public boolean anyAlignedByStart() {
        return tracks.stream().anyMatch(t -> t.alignment().byStart());
    }
}
