package io.tunescope.analysis.timeline;

import io.tunescope.analysis.ChartText;

import io.tunescope.model.bench.BenchInterval;
import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.capture.Step;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.CollectorTimeline;
import io.tunescope.model.series.Metric;
import io.tunescope.model.series.SeriesDatasets;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.series.Unit;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Puts the series and benchmark runs of a capture on one clock.
 *
 * <p>Series with wall-clock timestamps keep them. Series without (sysbench runs, iostat/vmstat without
 * {@code -t}) are aligned by their start, taken in this order from: the collector's timeline.log entry
 * named like the file; the step's date in the manifest when it has a time of day; the earliest
 * wall-clock series of the same step (tools started together); else the start of the step's clock (0).
 * A series that repeats another file's (e.g. iostat text and JSON of the same run) is shown once. Several runs of one sysbench file follow each other. When no file of
 * the selection has wall-clock time, the timeline is relative (millis from 0).
 */
public final class TimelineBuilder {
    private TimelineBuilder() {
    }

    /** A file's parsed series or benchmark log, with its step. */
    public record Input(String step, String file, SeriesSet series, BenchLog bench) {
    }

    /** The whole capture (every step), or one step when {@code stepDir} is not null; notes in English. */
    public static Timeline build(Capture capture, String stepDir) {
        return build(capture, stepDir, Locale.ROOT);
    }

    /** {@link #build(Capture, String)} with the notes in the locale's language ({@link ChartText}). */
    public static Timeline build(Capture capture, String stepDir, Locale locale) {
        return build(capture, stepDir, locale, (io.tunescope.analysis.reading.Clocks) null);
    }

    /**
     * {@link #build(Capture, String, Locale)} with the capture's one reading of the clocks: a benchmark run or
     * a series without wall-clock times that the reading placed (event log, perf header, modification time,
     * the user) starts where the reading says, each run at its own start.
     */
    public static Timeline build(Capture capture, String stepDir, Locale locale, io.tunescope.analysis.reading.Clocks clocks) {
        return build(capture, stepDir, locale, clocks, null);
    }

    /**
     * {@link #build(Capture, String, Locale, io.tunescope.analysis.reading.Clocks)} with the capture's one reading:
     * benchmark logs whose time is unknown are placed one after the other in the order of their roles
     * (warm-ups first), never on top of each other.
     */
    public static Timeline build(Capture capture, String stepDir, Locale locale, io.tunescope.analysis.reading.CaptureReading reading) {
        return build(capture, stepDir, locale, reading.clocks(), reading);
    }

    private static Timeline build(Capture capture, String stepDir, Locale locale, io.tunescope.analysis.reading.Clocks clocks,
                                  io.tunescope.analysis.reading.CaptureReading reading) {
        List<Input> in = new ArrayList<>();
        for (var ds : SeriesDatasets.ALL_SERIES) {
            for (Loaded<SeriesSet> l : capture.all(ds)) {
                if (stepDir == null || l.step().equals(stepDir)) {
                    in.add(new Input(l.step(), l.file().path(), l.value(), null));
                }
            }
        }
        for (Loaded<io.tunescope.model.innodb.InnodbStatus> l : capture.all(io.tunescope.model.innodb.InnodbDatasets.STATUS)) {
            if (stepDir == null || l.step().equals(stepDir)) {
                SeriesSet s = l.value().timelineSeries(l.file().path());
                if (s != null && !s.series().isEmpty()) {
                    in.add(new Input(l.step(), l.file().path(), s, null));
                }
            }
        }
        for (Loaded<io.tunescope.model.perfstat.PerfStat> l : capture.all(io.tunescope.model.perfstat.PerfStatDatasets.PERF_STAT)) {
            SeriesSet s = l.value().series();
            if ((stepDir == null || l.step().equals(stepDir)) && s != null && !s.series().isEmpty()) {
                in.add(new Input(l.step(), l.file().path(), s, null));
            }
        }
        for (Loaded<io.tunescope.model.processlist.Processlist> l : capture.all(io.tunescope.model.processlist.ProcesslistDatasets.PROCESSLIST)) {
            if (stepDir == null || l.step().equals(stepDir)) {
                SeriesSet s = l.value().timelineSeries(l.file().path());
                if (s != null && !s.series().isEmpty()) {
                    in.add(new Input(l.step(), l.file().path(), s, null));
                }
            }
        }
        List<Input> bench = new ArrayList<>();
        for (Loaded<BenchLog> l : capture.all(SeriesDatasets.SYSBENCH)) {
            if (stepDir == null || l.step().equals(stepDir)) {
                bench.add(new Input(l.step(), l.file().path(), null, l.value()));
            }
        }
        if (reading != null) {
            bench.sort(java.util.Comparator.comparingInt((Input i) -> rank(reading, i)));
        }
        in.addAll(bench);
        Map<String, Long> stepStarts = new LinkedHashMap<>();
        for (Step s : capture.steps()) {
            Long t = parseStepDate(s.date());
            if (t != null) {
                stepStarts.put(s.dir(), t);
            }
        }
        Map<String, CollectorTimeline> collector = new LinkedHashMap<>();
        for (Loaded<CollectorTimeline> l : capture.all(SeriesDatasets.COLLECTOR_TIMELINE)) {
            if (stepDir == null || l.step().equals(stepDir)) {
                collector.putIfAbsent(l.step(), l.value());
            }
        }
        return build(in, stepStarts, collector, locale, clocks);
    }

    /** A benchmark log's place among its step's logs: by time when known, else warm-ups first, then as the reading lists them. */
    private static int rank(io.tunescope.analysis.reading.CaptureReading reading, Input i) {
        var s = reading.step(i.step());
        if (s == null) {
            return Integer.MAX_VALUE;
        }
        List<io.tunescope.analysis.reading.ReadRun> runs = new ArrayList<>(s.runs());
        boolean timed = runs.stream().allMatch(r -> r.clock().start() != null);
        if (!timed) {
            runs.sort(java.util.Comparator.comparingInt((io.tunescope.analysis.reading.ReadRun r) -> r.role().ordinal()));
        }
        for (int k = 0; k < runs.size(); k++) {
            if (runs.get(k).file().equals(i.file())) {
                return k;
            }
        }
        return Integer.MAX_VALUE;
    }

    /** Epoch millis of a manifest date with a time of day ({@code 2024-05-01T10:00:00} or with a space). */
    static Long parseStepDate(String date) {
        if (date == null || date.length() < 16) {
            return null;
        }
        try {
            String d = date.strip().replace(' ', 'T');
            if (d.endsWith("Z") || d.matches(".*[+-]\\d{2}:?\\d{2}$")) {
                return java.time.OffsetDateTime.parse(d).toLocalDateTime().toEpochSecond(ZoneOffset.UTC) * 1000;
            }
            return LocalDateTime.parse(d).toEpochSecond(ZoneOffset.UTC) * 1000;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    public static Timeline build(List<Input> inputs, Map<String, Long> stepStarts) {
        return build(inputs, stepStarts, Map.of());
    }

    /**
     * @param collector the collector's timeline per step: a file whose base name is an event's name starts
     *                  at that event; the runs of a multi-run sysbench file follow each other back to back
     *                  (checked on the sample capture: the CPU steps of a 6-run sweep match to the second)
     */
    public static Timeline build(List<Input> inputs, Map<String, Long> stepStarts, Map<String, CollectorTimeline> collector) {
        return build(inputs, stepStarts, collector, Locale.ROOT);
    }

    /** {@link #build(List, Map, Map)} with the notes in the locale's language. */
    public static Timeline build(List<Input> inputs, Map<String, Long> stepStarts, Map<String, CollectorTimeline> collector,
                                 Locale locale) {
        return build(inputs, stepStarts, collector, locale, null);
    }

    private static Long placedStart(io.tunescope.analysis.reading.Clocks clocks, String file, int run) {
        if (clocks == null) {
            return null;
        }
        var c = run < 0 ? clocks.file(file) : clocks.run(file, run);
        return c.source() == io.tunescope.analysis.reading.TimeSource.CONTENT || c.source() == io.tunescope.analysis.reading.TimeSource.COLLECTOR
                ? null : c.start();
    }

    private static String placedSource(ChartText w, Locale locale, io.tunescope.analysis.reading.Clocks clocks, String file, int run) {
        var c = run < 0 ? clocks.file(file) : clocks.run(file, run);
        String detail = c.detail().in(locale);
        return switch (c.source()) {
            case USER -> w.t("timeline.source.user", "the start you set");
            case EVENT_LOG -> w.t("timeline.source.eventLog", "the event log ({0})", detail);
            case PERF_HEADER -> w.t("timeline.source.perfHeader", "the perf header ({0})", detail);
            case MODIFIED -> w.t("timeline.source.modified", "the file's modification time");
            case SAMPLE_PREFIX -> w.t("timeline.source.samplePrefix", "the pt-stalk sample's time in the file name ({0})", detail);
            default -> detail;
        };
    }

    static Timeline build(List<Input> inputs, Map<String, Long> stepStarts, Map<String, CollectorTimeline> collector,
                          Locale locale, io.tunescope.analysis.reading.Clocks clocks) {
        ChartText w = ChartText.of(locale);
        // by identity: the inputs are the keys given back below, and an Input's own hash would hash its whole series
        // and benchmark log (a sixth of the rules' time on the sample capture went to Input.hashCode); equal inputs
        // (same step and file) get the same event either way
        Map<Input, CollectorTimeline.Event> events = new java.util.IdentityHashMap<>();
        for (Input i : inputs) {
            CollectorTimeline ct = collector.get(i.step());
            boolean offset = i.bench() != null || (i.series() != null && i.series().clock() != Clock.WALL);
            if (ct != null && offset) {
                CollectorTimeline.Event e = ct.forFile(i.file());
                if (e != null) {
                    events.put(i, e);
                }
            }
        }
        boolean wall = !events.isEmpty() || inputs.stream().anyMatch(i -> i.series() != null && i.series().clock() == Clock.WALL
                && !i.series().series().isEmpty())
                || inputs.stream().anyMatch(i -> placedStart(clocks, i.file(), i.bench() != null && !i.bench().runs().isEmpty()
                        ? i.bench().runs().get(0).index() : -1) != null);
        Map<String, Long> earliestWall = new LinkedHashMap<>();
        for (Input i : inputs) {
            if (i.series() != null && i.series().clock() == Clock.WALL && !i.series().series().isEmpty()) {
                earliestWall.merge(i.step(), i.series().start(), Math::min);
            }
        }
        List<Track> tracks = new ArrayList<>();
        List<RunWindow> runs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> byStart = new ArrayList<>();
        List<String> byStartFiles = new ArrayList<>();
        Map<String, String> seen = new LinkedHashMap<>();
        Map<String, Long> benchCursor = new LinkedHashMap<>();
        for (Input i : inputs) {
            long base = 0;
            String source = w.t("timeline.source.start", "the start of the timeline");
            CollectorTimeline.Event ev = events.get(i);
            Long placedAt = placedStart(clocks, i.file(), i.bench() != null && !i.bench().runs().isEmpty() ? i.bench().runs().get(0).index() : -1);
            if (wall && placedAt != null && ev == null) {
                base = placedAt;
                source = placedSource(w, locale, clocks, i.file(), i.bench() != null && !i.bench().runs().isEmpty() ? i.bench().runs().get(0).index() : -1);
            } else if (wall) {
                Long s = stepStarts.get(i.step());
                if (ev != null) {
                    base = ev.start();
                    source = w.t("timeline.source.collector", "the collector timeline ({0})", ev.name());
                } else if (s != null) {
                    base = s;
                    source = w.t("timeline.source.manifest", "the step's date in the manifest");
                } else if (earliestWall.containsKey(i.step())) {
                    base = earliestWall.get(i.step());
                    source = i.step().isEmpty() ? w.t("timeline.source.earliestCapture", "the earliest wall-clock series of the capture")
                            : w.t("timeline.source.earliestStep", "the earliest wall-clock series of step {0}", i.step());
                } else if (!earliestWall.isEmpty()) {
                    base = earliestWall.values().iterator().next();
                    source = w.t("timeline.source.earliestCapture", "the earliest wall-clock series of the capture");
                }
            }
            if (i.series() != null) {
                SeriesSet set = i.series();
                Alignment a = set.clock() == Clock.WALL ? Alignment.WALL
                        : set.clock() == Clock.ASSUMED_INTERVAL ? Alignment.ASSUMED_INTERVAL_BY_START : Alignment.BY_START;
                int repeated = 0;
                String repeatedOf = null;
                for (TimeSeries ts : set.series()) {
                    TimeSeries placed = a == Alignment.WALL ? ts : ts.shifted(base, wall ? Clock.WALL : Clock.OFFSET);
                    String key = i.step() + "|" + ts.metric().key() + "|" + placed.firstTime() / 1000 + "|" + placed.size();
                    String first = seen.putIfAbsent(key, i.file());
                    if (first != null) {
                        repeated++;
                        repeatedOf = first;
                        continue;
                    }
                    tracks.add(new Track(placed, a, i.step(), -1));
                }
                if (repeated > 0) {
                    notes.add(w.t("timeline.note.repeated", "{0}: {1} series repeat {2} (same metrics and times); shown once",
                            i.file(), repeated, repeatedOf));
                }
                if (a != Alignment.WALL && !set.series().isEmpty() && placedAt != null && ev == null && wall) {
                    notes.add(w.t("timeline.note.placed", "{0}: no wall-clock timestamps; placed at its start from {1}", i.file(), source));
                } else if (a != Alignment.WALL && !set.series().isEmpty()) {
                    String n = a == Alignment.ASSUMED_INTERVAL_BY_START
                            ? w.t("timeline.note.noWallAssumed", "{0}: no wall-clock timestamps; aligned by start at {1} (interval assumed {2} s)",
                                    i.file(), source, set.intervalMs() / 1000.0)
                            : w.t("timeline.note.noWall", "{0}: no wall-clock timestamps; aligned by start at {1}", i.file(), source);
                    notes.add(n);
                    byStart.add(n);
                    byStartFiles.add(i.file());
                }
            } else if (i.bench() != null) {
                // logs of one step without their own time follow each other from the step's start, never overlap
                boolean after = ev == null && placedAt == null && benchCursor.containsKey(i.step()) && benchCursor.get(i.step()) > base;
                long t0 = after ? benchCursor.get(i.step()) : base;
                boolean multi = i.bench().runs().size() > 1;
                boolean allPlaced = wall && ev == null && !i.bench().runs().isEmpty();
                for (BenchRun r : i.bench().runs()) {
                    allPlaced &= placedStart(clocks, i.file(), r.index()) != null;
                }
                for (BenchRun r : i.bench().runs()) {
                    long dur = Math.round(r.durationS() * 1000);
                    Long own = wall && ev == null ? placedStart(clocks, i.file(), r.index()) : null;
                    String runSource = source;
                    if (own != null) {
                        t0 = own;
                        runSource = placedSource(w, locale, clocks, i.file(), r.index());
                    }
                    runs.add(new RunWindow(r, i.step(), t0, t0 + dur, Alignment.BY_START, runSource));
                    tracks.addAll(benchTracks(r, i.file(), i.step(), t0, multi, wall));
                    t0 += dur;
                }
                benchCursor.merge(i.step(), t0, Math::max);
                if (after && !allPlaced) {
                    String n = w.t("timeline.note.benchAfter", "{0}: sysbench prints no wall clock; {1} run(s) placed after the step's earlier runs, "
                            + "from {2} (order assumed: warm-ups first)", i.file(), i.bench().runs().size(), source);
                    notes.add(n);
                    byStart.add(n);
                    byStartFiles.add(i.file());
                } else if (allPlaced) {
                    notes.add(w.t("timeline.note.benchPlaced", "{0}: sysbench prints no wall clock; {1} run(s) placed at their starts from {2}",
                            i.file(), i.bench().runs().size(), source));
                } else if (!i.bench().runs().isEmpty()) {
                    String n = multi
                            ? w.t("timeline.note.benchMulti", "{0}: sysbench prints no wall clock; {1} run(s) aligned by start at {2}, one after the other",
                                    i.file(), i.bench().runs().size(), source)
                            : w.t("timeline.note.bench", "{0}: sysbench prints no wall clock; {1} run(s) aligned by start at {2}",
                                    i.file(), i.bench().runs().size(), source);
                    notes.add(n);
                    byStart.add(n);
                    byStartFiles.add(i.file());
                }
            }
        }
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (Track t : tracks) {
            if (!t.series().isEmpty()) {
                start = Math.min(start, t.series().firstTime());
                end = Math.max(end, t.series().lastTime());
            }
        }
        for (RunWindow r : runs) {
            start = Math.min(start, r.start());
            end = Math.max(end, r.end());
        }
        if (start == Long.MAX_VALUE) {
            start = 0;
            end = 0;
        }
        return new Timeline(tracks, runs, wall, start, end, notes, byStart, byStartFiles);
    }

    /** The interim reports of a run as series (tps, qps, latency, err/s, and fileio/memory throughput). */
    static List<Track> benchTracks(BenchRun r, String file, String step, long t0, boolean multi, boolean wall) {
        String entity = multi ? "run " + (r.index() + 1) : "";
        Clock clock = wall ? Clock.WALL : Clock.OFFSET;
        List<Track> out = new ArrayList<>();
        double pct = r.percentile();
        String latName = pct > 0 ? "lat_p" + fmt(pct) : "lat_avg";
        add(out, r, file, step, t0, clock, Metric.of("sysbench", "tps", entity, Unit.TRANSACTIONS_PER_SECOND), BenchInterval::tps);
        add(out, r, file, step, t0, clock, Metric.of("sysbench", "qps", entity, Unit.QUERIES_PER_SECOND), BenchInterval::qps);
        add(out, r, file, step, t0, clock, Metric.of("sysbench", latName, entity, Unit.MILLISECONDS), BenchInterval::latencyMs);
        add(out, r, file, step, t0, clock, Metric.of("sysbench", "err/s", entity, Unit.PER_SECOND), BenchInterval::errorsPerSec);
        add(out, r, file, step, t0, clock, Metric.of("sysbench", "reconn/s", entity, Unit.PER_SECOND), BenchInterval::reconnectsPerSec);
        for (String k : List.of("reads_mib_s", "writes_mib_s", "fsyncs_s", "mib_s")) {
            Unit u = k.equals("fsyncs_s") ? Unit.PER_SECOND : Unit.MB_PER_SECOND;
            add(out, r, file, step, t0, clock, Metric.of("sysbench", k, entity, u),
                    iv -> iv.extra().getOrDefault(k, Double.NaN));
        }
        return out;
    }

    private static void add(List<Track> out, BenchRun r, String file, String step, long t0, Clock clock, Metric m,
                            ToDoubleFunction<BenchInterval> f) {
        TimeSeries.Builder b = new TimeSeries.Builder(m, clock, file);
        boolean any = false;
        for (BenchInterval iv : r.intervals()) {
            double v = f.applyAsDouble(iv);
            if (!Double.isNaN(v)) {
                any = true;
            }
            b.add(t0 + Math.round(iv.seconds() * 1000), v, iv.line());
        }
        if (any) {
            out.add(new Track(b.build(), Alignment.BY_START, step, r.index()));
        }
    }

    static String fmt(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%s", d);
    }
}
