package io.tunescope.model.series;

import java.util.List;

/**
 * When each command of a capture ran, as logged by the collector ({@code timeline.log}: {@code <ISO time>
 * start|end NAME COMMAND}). Used to place files without wall-clock timestamps (sysbench logs, iostat
 * without {@code -t}) on the clock.
 */
public record CollectorTimeline(List<Event> events) {
    public CollectorTimeline {
        events = List.copyOf(events);
    }

    /**
     * One command.
     *
     * @param name    the collector's name for it (also the base name of its output file)
     * @param start   epoch millis of its start (wall time as printed)
     * @param end     epoch millis of its end, or -1 when not logged
     * @param line    line of the start entry
     */
    public record Event(String name, String command, long start, long end, int line) {
    }

    /** The event for an output file: same base name (without extension), or null. */
    public Event forFile(String fileName) {
        String base = fileName;
        int slash = base.lastIndexOf('/');
        if (slash >= 0) {
            base = base.substring(slash + 1);
        }
        int dot = base.indexOf('.');
        if (dot > 0) {
            base = base.substring(0, dot);
        }
        for (Event e : events) {
            if (e.name().equals(base)) {
                return e;
            }
        }
        return null;
    }
}
