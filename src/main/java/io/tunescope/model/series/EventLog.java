package io.tunescope.model.series;

import java.util.List;

/**
 * A log whose lines start with a wall-clock time, written by whoever drove the benchmark (a shell script,
 * a driver, a person): {@code 2026-12-01T22:51:03.123+00:00 sysbench-main-start threads=4 time=40} or
 * {@code 1764629000.123 start run1 threads=8}. Its words are matched to the capture's files to place
 * them on the clock.
 *
 * @param entries every timed line, in file order
 */
public record EventLog(List<Entry> entries) {
    public EventLog {
        entries = List.copyOf(entries);
    }

    /**
     * One line.
     *
     * @param time  epoch millis; ISO times are read as printed (the zone suffix is ignored, as for every
     *              tool's wall-clock times), epoch times as UTC
     * @param text  the words after the time
     * @param line  1-based line in the file
     */
    public record Entry(long time, String text, int line) {
    }
}
