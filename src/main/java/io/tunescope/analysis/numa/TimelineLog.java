package io.tunescope.analysis.numa;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The collector's {@code timeline.log} ({@code 2026-11-30T10:41:02+0000 start NAME COMMAND...} and
 * {@code ... end NAME ...} lines): when each output was taken. The output file of NAME is {@code NAME.txt},
 * so a file's time is the end time of the entry named like the file without its extension.
 */
public final class TimelineLog {
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXX");
    private final Map<String, Instant> ends;

    private TimelineLog(Map<String, Instant> ends) {
        this.ends = Map.copyOf(ends);
    }

    public static TimelineLog parse(List<String> lines) {
        Map<String, Instant> ends = new HashMap<>();
        Map<String, Instant> starts = new HashMap<>();
        for (String l : lines) {
            String[] t = l.strip().split("\\s+", 4);
            if (t.length < 3) {
                continue;
            }
            Instant at;
            try {
                at = OffsetDateTime.parse(t[0], TS).toInstant();
            } catch (DateTimeParseException e) {
                continue;
            }
            if (t[1].equals("end")) {
                ends.put(t[2], at);
            } else if (t[1].equals("start")) {
                starts.put(t[2], at);
            }
        }
        starts.forEach(ends::putIfAbsent);
        return new TimelineLog(ends);
    }

    /** From the collector-timeline importer's value: each command's end time, else its start time. */
    public static TimelineLog of(io.tunescope.model.series.CollectorTimeline t) {
        Map<String, Instant> ends = new HashMap<>();
        for (io.tunescope.model.series.CollectorTimeline.Event e : t.events()) {
            long ms = e.end() >= 0 ? e.end() : e.start();
            ends.put(e.name(), Instant.ofEpochMilli(ms));
        }
        return new TimelineLog(ends);
    }

    /** When the output named by the file (path or name, extension ignored) was taken, or null. */
    public Instant timeOf(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        String base = dot > 0 ? name.substring(0, dot) : name;
        Instant t = ends.get(base);
        return t != null ? t : ends.get(name);
    }

    public boolean isEmpty() {
        return ends.isEmpty();
    }
}
