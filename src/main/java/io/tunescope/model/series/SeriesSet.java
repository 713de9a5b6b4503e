package io.tunescope.model.series;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one system-statistics file holds (iostat, mpstat, vmstat, sadf, I/O CSV): its series on one clock,
 * and facts about the file.
 *
 * @param tool          {@code iostat}, {@code mpstat}, {@code vmstat}, {@code sadf}, {@code iocsv}
 * @param clock         the clock of every series in the set
 * @param reports       number of reports (intervals) read, the since-boot report included
 * @param sinceBoot     the values of the first report when it is the average since boot (metric key to
 *                      value); it is not part of the series. Empty when there is none.
 * @param sinceBootLine the line of that report, or 0
 * @param intervalMs    the sampling interval in milliseconds when known or assumed, else 0
 * @param meta          facts from the file header: {@code host}, {@code kernel}, {@code date}, {@code cpus}
 */
public record SeriesSet(
        String tool,
        Clock clock,
        int reports,
        List<TimeSeries> series,
        Map<String, Double> sinceBoot,
        int sinceBootLine,
        long intervalMs,
        Map<String, String> meta) {

    public SeriesSet {
        series = List.copyOf(series);
        sinceBoot = Map.copyOf(sinceBoot);
        meta = Map.copyOf(meta);
    }

    public boolean hasSinceBoot() {
        return !sinceBoot.isEmpty();
    }

    /** The series of one metric name (e.g. {@code util}) for every entity, in file order. */
    public List<TimeSeries> named(String name) {
        List<TimeSeries> out = new ArrayList<>();
        for (TimeSeries s : series) {
            if (s.metric().name().equals(name)) {
                out.add(s);
            }
        }
        return out;
    }

    /** The series of one entity's metric ({@code vda}, {@code util}) whatever tool wrote it, or null. */
    public TimeSeries of(String entity, String name) {
        for (TimeSeries s : series) {
            if (s.metric().entity().equals(entity) && s.metric().name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** The series with this metric key, or null. */
    public TimeSeries byKey(String key) {
        for (TimeSeries s : series) {
            if (s.metric().key().equals(key)) {
                return s;
            }
        }
        return null;
    }

    /**
     * Every entity's series in one pass (entities in file order, each entity's series in file order): for
     * per-device work over files with thousands of devices, where a look-up per device would cost devices x series.
     */
    public Map<String, List<TimeSeries>> byEntity() {
        Map<String, List<TimeSeries>> out = new java.util.LinkedHashMap<>();
        for (TimeSeries s : series) {
            if (!s.metric().entity().isEmpty()) {
                out.computeIfAbsent(s.metric().entity(), e -> new ArrayList<>()).add(s);
            }
        }
        return out;
    }

    /** The entities (devices, CPUs) in file order. */
    public Set<String> entities() {
        Set<String> out = new LinkedHashSet<>();
        for (TimeSeries s : series) {
            if (!s.metric().entity().isEmpty()) {
                out.add(s.metric().entity());
            }
        }
        return out;
    }

    /** Earliest sample time of any series, or 0 when there is none. */
    public long start() {
        long m = Long.MAX_VALUE;
        for (TimeSeries s : series) {
            if (!s.isEmpty()) {
                m = Math.min(m, s.firstTime());
            }
        }
        return m == Long.MAX_VALUE ? 0 : m;
    }

    /** Latest sample time of any series, or 0. */
    public long end() {
        long m = Long.MIN_VALUE;
        for (TimeSeries s : series) {
            if (!s.isEmpty()) {
                m = Math.max(m, s.lastTime());
            }
        }
        return m == Long.MIN_VALUE ? 0 : m;
    }
}
