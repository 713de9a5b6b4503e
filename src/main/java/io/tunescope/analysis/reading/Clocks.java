package io.tunescope.analysis.reading;

import io.tunescope.analysis.SnapshotOrder;
import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.bench.BenchRun;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.model.series.Clock;
import io.tunescope.model.series.CollectorTimeline;
import io.tunescope.model.series.EventLog;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.stack.StackProfile;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every file of a capture on one wall clock, or an honest "unknown", decided once. In order: a time the
 * user set; timestamps in the content; a perf header's {@code captured on}; the collector's timeline.log;
 * any event log of the step (or of the capture's top) whose words match the file (its name, thread count,
 * duration, snapshot label: {@code numa-snapshot t15s} is {@code numastat_t15s.txt},
 * {@code sysbench-main-start threads=8 time=60} the 8-thread 60 s log); the file's modification time as
 * the last resort, when the capture's files were not all written in the same few seconds (a checkout or a
 * copy). Times are read as printed, like every tool's wall-clock times (zone suffixes ignored; epoch
 * seconds as UTC).
 *
 * <p>Its sentences are {@link Text}s, keys of the {@link io.tunescope.analysis.ChartText} bundle (English in the code).
 */
public final class Clocks {
    /** Files written within this span of each other are taken as copied, not recorded: their times say nothing. */
    static final long MTIME_MIN_SPREAD_MS = 3000;
    private static final Pattern SPLIT = Pattern.compile("[^a-z0-9=]+");
    private static final Pattern SUB = Pattern.compile("[-_.]+");
    private static final Pattern T_THREADS = Pattern.compile("^t(\\d+)$");
    private static final Set<String> STOP = Set.of("log", "txt", "out", "json", "csv", "the", "a", "of", "and", "to",
            "start", "started", "starting", "begin", "begins", "end", "ended", "stop", "stopped", "done", "finish", "finished",
            "complete", "completed", "driver", "info", "note", "at", "run", "is", "s", "with", "for");
    private static final Set<String> STARTS = Set.of("start", "started", "starting", "begin", "begins");
    private static final Set<String> ENDS = Set.of("end", "ended", "stop", "stopped", "done", "finish", "finished", "complete", "completed");
    private static final Set<String> ROLES = Set.of("warmup", "warm", "main", "sweep", "prepare", "cleanup", "repeat");
    private static final Set<String> SNAPSHOT_WORDS = Set.of("snapshot", "snap", "numastat", "numa", "status", "counters");

    private static final Text IN_FILE = Text.t("reading.time.inFile", "timestamps in the file");
    private static final Text PERF_END = Text.t("reading.time.perfEnd", "perf header 'captured on' (the end of the recording)");
    private static final Text MODIFIED = Text.t("reading.time.mtime", "file modification time");

    private final Map<String, FileClock> clocks;
    private final List<Text> notes;

    private Clocks(Map<String, FileClock> clocks, List<Text> notes) {
        this.clocks = clocks;
        this.notes = List.copyOf(notes);
    }

    /** The clock of a whole file (for a benchmark file: its first run's start, its last run's end). */
    public FileClock file(String path) {
        FileClock c = clocks.get(path);
        return c != null ? c : FileClock.unknown(path, -1);
    }

    /** The clock of one run of a benchmark file. */
    public FileClock run(String path, int index) {
        FileClock c = clocks.get(path + "#" + index);
        return c != null ? c : file(path);
    }

    /**
     * How the per-sample times of the profile in {@code path} map to the wall clock: through this file's
     * clock, anchored at its first or last sample ({@link ProfileClock}).
     */
    public ProfileClock profile(String path, io.tunescope.model.stack.SampleColumns samples) {
        return ProfileClock.of(file(path), samples);
    }

    /** What the reader should know about the clocks (e.g. modification times not used). */
    public List<Text> notes() {
        return notes;
    }

    /** One thing to place: a file, or one run of a benchmark file. */
    private record Item(SourceFile file, int run, double durationS, boolean snapshot, Set<String> tokens, int threads) {
        String key() {
            return run < 0 ? file.path() : file.path() + "#" + run;
        }
    }

    private record Ev(long time, int kind, Set<String> tokens, Map<String, String> kv, String text, String where) {
    }

    /**
     * Takes {@code it} itself out of the list: items are unique (one per file or benchmark run), and an identity test
     * spares comparing records field by field (a record's equals is bootstrapped on first use, and deep).
     */
    private static void removeSame(List<Item> items, Item it) {
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i) == it) {
                items.remove(i);
                return;
            }
        }
    }

    public static Clocks of(Capture c) {
        Map<String, FileClock> out = new LinkedHashMap<>();
        List<Text> notes = new ArrayList<>();
        List<Item> items = new ArrayList<>();
        Map<String, FileClock> perfClocks = new HashMap<>();
        Map<String, Set<String>> perfEvents = new HashMap<>();
        for (SourceFile f : c.files()) {
            if (!f.hasValue()) {
                continue;
            }
            Object v = f.value();
            if (v instanceof SeriesSet s) {
                if (s.clock() == Clock.WALL && !s.series().isEmpty()) {
                    out.put(f.path(), new FileClock(f.path(), -1, s.start(), s.end(), TimeSource.CONTENT, IN_FILE));
                } else if (!s.series().isEmpty()) {
                    items.add(new Item(f, -1, (s.end() - s.start()) / 1000.0, false, tokens(f), -1));
                }
            } else if (v instanceof NumaStats n) {
                NumaSnapshot first = n.snapshots().isEmpty() ? null : n.snapshots().get(0);
                if (first != null && first.time() != null) {
                    long t0 = first.time().toEpochMilli();
                    long t1 = n.snapshots().get(n.snapshots().size() - 1).time() == null ? t0
                            : n.snapshots().get(n.snapshots().size() - 1).time().toEpochMilli();
                    out.put(f.path(), new FileClock(f.path(), -1, t0, t1, TimeSource.CONTENT,
                            Text.t("reading.time.inFileLine", "timestamp in the file, line {0}", first.timeLine())));
                } else {
                    items.add(new Item(f, -1, 0, true, tokens(f), -1));
                }
            } else if (v instanceof BenchLog b) {
                for (BenchRun r : b.runs()) {
                    items.add(new Item(f, r.index(), r.durationS(), false, tokens(f), r.threads()));
                }
            } else if (v instanceof PerfReport p) {
                Long end = capturedOn(p.header().get("captured on"));
                if (end != null) {
                    FileClock fc = new FileClock(f.path(), -1, null, end, TimeSource.PERF_HEADER,
                            PERF_END);
                    out.put(f.path(), fc);
                    perfClocks.merge(dirOf(f.path()), fc, Clocks::samePerf);
                    Set<String> ev = recordedEvents(p.header());
                    p.sections().forEach(sec -> ev.add(bareEvent(sec.event())));
                    ev.remove("");
                    perfEvents.merge(dirOf(f.path()), ev, Clocks::union);
                } else {
                    items.add(new Item(f, -1, 0, false, tokens(f), -1));
                }
            } else if (v instanceof io.tunescope.model.perfreport.PerfHeader h) {
                Long end = capturedOn(h.get("captured on"));
                if (end != null) {
                    double span = h.seconds("time of last sample") - h.seconds("time of first sample");
                    Long start = Double.isNaN(span) || span < 0 ? null : end - Math.round(span * 1000);
                    FileClock fc = new FileClock(f.path(), -1, start, end, TimeSource.PERF_HEADER,
                            PERF_END);
                    out.put(f.path(), fc);
                    perfClocks.merge(dirOf(f.path()), fc, Clocks::samePerf);
                    perfEvents.merge(dirOf(f.path()), recordedEvents(h.fields()), Clocks::union);
                }
            } else if (v instanceof StackProfile) {
                items.add(new Item(f, -1, 0, false, tokens(f), -1));
            } else if (v instanceof io.tunescope.model.perfstat.PerfStat ps) {
                // perf stat prints no wall time: -I times are seconds since it started, else the elapsed time
                double span = ps.series() != null ? ps.series().end() / 1000.0 : Double.isNaN(ps.elapsedS()) ? 0 : ps.elapsedS();
                items.add(new Item(f, -1, span, false, tokens(f), -1));
            } else if (f.dataset().equals("config.status")) {
                items.add(new Item(f, -1, 0, true, tokens(f), -1));
            } else if (v instanceof EventLog e && !e.entries().isEmpty()) {
                out.put(f.path(), new FileClock(f.path(), -1, e.entries().get(0).time(), e.entries().get(e.entries().size() - 1).time(),
                        TimeSource.CONTENT, IN_FILE));
            }
        }
        // perf script / folded / perf report output beside a perf header of the same recording
        for (Item it : new ArrayList<>(items)) {
            if (it.file().value() instanceof StackProfile || it.file().value() instanceof PerfReport) {
                FileClock h = perfClocks.get(dirOf(it.file().path()));
                if (h != null && h.end() != null && sameEvents(perfEvents.get(dirOf(it.file().path())), it.file().value())) {
                    out.put(it.key(), new FileClock(it.key(), -1, h.start(), h.end(), TimeSource.PERF_HEADER,
                            Text.t("reading.time.perfBeside", "perf header 'captured on' in the same folder ({0})", h.path())));
                    removeSame(items, it);
                }
            }
        }
        // user corrections first
        for (Item it : new ArrayList<>(items)) {
            String iso = c.corrections().starts().get(it.file().path());
            Long t = parseIso(iso);
            if (t != null) {
                place(out, it, t, null, TimeSource.USER, RunRoles.USER);
                removeSame(items, it);
            }
        }
        // the collector's timeline.log
        for (SourceFile f : c.files()) {
            if (f.value() instanceof CollectorTimeline ct) {
                Map<String, Long> next = new HashMap<>();
                for (Item it : new ArrayList<>(items)) {
                    if (!sameStep(f, it.file())) {
                        continue;
                    }
                    CollectorTimeline.Event e = ct.forFile(it.file().path());
                    if (e != null) {
                        // the runs of one file follow each other back to back from the command's start
                        long t0 = next.getOrDefault(it.file().path(), e.start());
                        boolean only = it.run() < 0 || !(it.file().value() instanceof BenchLog b) || b.runs().size() == 1;
                        place(out, it, t0, only && e.end() > 0 ? e.end() : null, TimeSource.COLLECTOR,
                                Text.raw(f.path() + ":" + e.line() + " " + e.name()));
                        next.put(it.file().path(), t0 + Math.round(it.durationS() * 1000));
                        removeSame(items, it);
                    }
                }
            }
        }
        // event logs
        Map<String, Long[]> matched = new LinkedHashMap<>();
        Map<String, String> matchedWhere = new HashMap<>();
        for (SourceFile f : c.files()) {
            if (!(f.value() instanceof EventLog log)) {
                continue;
            }
            List<Item> cands = items.stream().filter(it -> sameStep(f, it.file())).toList();
            for (EventLog.Entry e : log.entries()) {
                Ev ev = event(e, f.path());
                Item best = null;
                int bestScore = 0;
                boolean tie = false;
                for (Item it : cands) {
                    int s = score(ev, it);
                    if (s > bestScore) {
                        best = it;
                        bestScore = s;
                        tie = false;
                    } else if (s == bestScore && s > 0) {
                        tie = true;
                    }
                }
                if (best == null || bestScore < 3 || tie) {
                    continue;
                }
                Long[] se = matched.computeIfAbsent(best.key(), k -> new Long[2]);
                if (best.snapshot() || ev.kind() >= 0) {
                    if (se[0] == null) {
                        se[0] = ev.time();
                        matchedWhere.merge(best.key(), ev.where(), (a, b) -> a + ", " + b);
                    }
                } else if (se[1] == null) {
                    se[1] = ev.time();
                    matchedWhere.merge(best.key(), ev.where(), (a, b) -> a + ", " + b);
                }
            }
        }
        for (Item it : new ArrayList<>(items)) {
            Long[] se = matched.get(it.key());
            if (se != null) {
                place(out, it, se[0], se[1], TimeSource.EVENT_LOG, Text.raw(matchedWhere.get(it.key())));
                removeSame(items, it);
            }
        }
        // a pt-stalk sample's start: the time in its files' name prefix (when pt-stalk began the sample)
        if (io.tunescope.importers.CaptureLoader.PT_STALK.equals(c.meta().get(io.tunescope.importers.CaptureLoader.LAYOUT))) {
            Map<String, String> dates = new HashMap<>();
            c.steps().forEach(s -> dates.put(s.dir(), s.date()));
            for (Item it : new ArrayList<>(items)) {
                Long t = parseIso(dates.get(it.file().step()));
                if (t != null) {
                    place(out, it, t, null, TimeSource.SAMPLE_PREFIX, Text.t("reading.time.samplePrefix",
                            "pt-stalk sample start in the file name ({0})", it.file().step()));
                    removeSame(items, it);
                }
            }
        }
        // modification times, when they mean something
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long m : c.modified().values()) {
            min = Math.min(min, m);
            max = Math.max(max, m);
        }
        boolean usable = c.modified().size() >= 2 && max - min >= MTIME_MIN_SPREAD_MS;
        if (!usable && !items.isEmpty() && c.modified().size() >= 2) {
            notes.add(Text.t("reading.time.mtimeUnused", "file modification times not used: every file was written within {0} s of the others "
                    + "(copied or checked out, not recorded)", MTIME_MIN_SPREAD_MS / 1000));
        }
        Map<String, List<Item>> byFile = new LinkedHashMap<>();
        for (Item it : items) {
            byFile.computeIfAbsent(it.file().path(), k -> new ArrayList<>()).add(it);
        }
        for (var e : byFile.entrySet()) {
            Long m = c.modified().get(e.getKey());
            if (!usable || m == null) {
                continue;
            }
            // the file was last written when its last run ended; earlier runs ran back to back before it
            long end = m;
            List<Item> runs = e.getValue();
            for (int i = runs.size() - 1; i >= 0; i--) {
                Item it = runs.get(i);
                long start = end - Math.round(it.durationS() * 1000);
                if (it.snapshot()) {
                    out.put(it.key(), new FileClock(it.file().path(), it.run(), m, m, TimeSource.MODIFIED, MODIFIED));
                } else {
                    out.put(it.key(), new FileClock(it.file().path(), it.run(), start, end, TimeSource.MODIFIED,
                            Text.t("reading.time.mtimeRun", "file modification time (the end of its last run)")));
                }
                end = start;
            }
        }
        // whole-file clocks of multi-run files
        for (SourceFile f : c.files()) {
            if (f.value() instanceof BenchLog b && !b.runs().isEmpty() && !out.containsKey(f.path())) {
                FileClock first = out.get(f.path() + "#" + b.runs().get(0).index());
                FileClock last = out.get(f.path() + "#" + b.runs().get(b.runs().size() - 1).index());
                if (first != null) {
                    out.put(f.path(), new FileClock(f.path(), -1, first.start(), last == null ? null : last.end(), first.source(), first.detail()));
                }
            }
        }
        return new Clocks(out, notes);
    }

    private static final Pattern CMD_EVENT = Pattern.compile("(?:^|\\s)(?:-e|--event)(?:\\s+|=)(\\S+)");
    private static final Pattern HEADER_EVENT = Pattern.compile("name\\s*=\\s*([^,\\s]+)");

    /**
     * The events a perf header says were recorded: its {@code event : name = cpu-clock, ...} line and the
     * {@code -e} options of its {@code cmdline}; empty when it names none (then nothing can be told apart).
     */
    static Set<String> recordedEvents(Map<String, String> header) {
        Set<String> out = new HashSet<>();
        String ev = header.get("event");
        if (ev != null) {
            Matcher m = HEADER_EVENT.matcher(ev);
            if (m.find()) {
                out.add(bareEvent(m.group(1)));
            }
        }
        String cmd = header.get("cmdline");
        if (cmd != null) {
            Matcher m = CMD_EVENT.matcher(cmd);
            while (m.find()) {
                for (String e : m.group(1).split(",")) {
                    out.add(bareEvent(e));
                }
            }
        }
        out.remove("");
        return out;
    }

    /** An event name without perf's modifiers ({@code cycles:P} is {@code cycles}; {@code sched:sched_switch} stays). */
    static String bareEvent(String e) {
        if (e == null) {
            return "";
        }
        String s = e.strip().toLowerCase(Locale.ROOT);
        int c = s.lastIndexOf(':');
        if (c > 0 && s.substring(c + 1).matches("[ukhpgis]*")) {
            s = s.substring(0, c);
        }
        return s;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> out = new HashSet<>(a);
        out.addAll(b);
        return out;
    }

    /**
     * A profile beside a perf header is of that recording unless both name their events and none is shared:
     * a {@code perf script} of a {@code sched:sched_switch} recording next to the header of a cpu-clock
     * recording has its own times.
     */
    private static boolean sameEvents(Set<String> recorded, Object profile) {
        if (recorded == null || recorded.isEmpty()) {
            return true;
        }
        List<String> mine = profile instanceof StackProfile sp ? sp.events()
                : profile instanceof PerfReport pr ? pr.sections().stream().map(PerfReport.Section::event).toList() : List.of();
        boolean named = false;
        for (String e : mine) {
            String b = bareEvent(e);
            if (b.isEmpty()) {
                continue;
            }
            named = true;
            if (recorded.contains(b)) {
                return true;
            }
        }
        return !named;
    }

    /** Two perf headers of one folder: the same recording when they end together; else neither is used for its neighbours. */
    private static FileClock samePerf(FileClock a, FileClock b) {
        if (a.end() == null || b.end() == null || !a.end().equals(b.end())) {
            return new FileClock(a.path(), -1, null, null, TimeSource.UNKNOWN, Text.NONE);
        }
        return a.start() != null ? a : b;
    }

    private static void place(Map<String, FileClock> out, Item it, Long start, Long end, TimeSource src, Text detail) {
        long d = Math.round(it.durationS() * 1000);
        if (it.snapshot()) {
            Long t = start != null ? start : end;
            out.put(it.key(), new FileClock(it.file().path(), it.run(), t, t, src, detail));
            return;
        }
        if (start == null && end != null && d > 0) {
            start = end - d;
        }
        if (end == null && start != null && d > 0) {
            end = start + d;
        }
        out.put(it.key(), new FileClock(it.file().path(), it.run(), start, end, src, detail));
    }

    private static boolean sameStep(SourceFile log, SourceFile f) {
        return log.step().isEmpty() || log.step().equals(f.step());
    }

    static String dirOf(String path) {
        int s = path.lastIndexOf('/');
        return s < 0 ? "" : path.substring(0, s);
    }

    /** Name tokens of a file below its step folder: {@code sweep/oltp_t8_10s.log} gives sweep, oltp, t8, 10s. */
    static Set<String> tokens(SourceFile f) {
        String rel = f.step().isEmpty() ? f.path() : f.path().substring(Math.min(f.path().length(), f.step().length() + 1));
        Set<String> out = new HashSet<>();
        for (String t : SPLIT.split(rel.toLowerCase(Locale.ROOT))) {
            if (!t.isEmpty() && !STOP.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    private static Ev event(EventLog.Entry e, String file) {
        Set<String> toks = new HashSet<>();
        Map<String, String> kv = new HashMap<>();
        int kind = 0;
        for (String raw : e.text().toLowerCase(Locale.ROOT).split("[\\s,;|\\[\\]()\"']+")) {
            int eq = raw.indexOf('=');
            if (eq > 0 && eq < raw.length() - 1) {
                kv.put(raw.substring(0, eq), raw.substring(eq + 1));
                continue;
            }
            for (String t : SUB.split(raw)) {
                if (t.isEmpty()) {
                    continue;
                }
                if (STARTS.contains(t)) {
                    kind = 1;
                } else if (ENDS.contains(t)) {
                    kind = -1;
                }
                if (!STOP.contains(t)) {
                    toks.add(t);
                }
            }
        }
        return new Ev(e.time(), kind, toks, kv, e.text(), file + ":" + e.line() + " \"" + e.text() + "\"");
    }

    /** How well an event names an item; 0 or less: not at all. */
    private static int score(Ev ev, Item it) {
        int s = 0;
        Set<String> fileWords = new HashSet<>();
        for (String t : it.tokens()) {
            fileWords.addAll(List.of(SUB.split(t)));
            fileWords.add(t);
        }
        for (String t : ev.tokens()) {
            if (fileWords.contains(t) && !ROLES.contains(t)) {
                s += 2;
            }
        }
        for (String r : ROLES) {
            boolean inEv = ev.tokens().contains(r);
            boolean inFile = fileWords.stream().anyMatch(w -> w.startsWith(r));
            if (inEv && inFile) {
                s += 2;
            } else if (inEv && !it.snapshot() && fileHasOtherRole(fileWords, r)) {
                s -= 4;
            }
        }
        if (it.snapshot()) {
            boolean snapWord = ev.tokens().stream().anyMatch(SNAPSHOT_WORDS::contains);
            String label = SnapshotOrder.label(it.file().path());
            if (ev.tokens().contains(label)) {
                s += 3;
            }
            if (snapWord && it.file().value() instanceof NumaStats && ev.tokens().stream().anyMatch(t -> t.startsWith("numa"))) {
                s += 1;
            }
            if (snapWord && it.file().dataset().equals("config.status") && ev.tokens().contains("status")) {
                s += 1;
            }
            if (!snapWord && ev.kv().isEmpty() && s < 3) {
                return 0;
            }
            if (ev.kv().containsKey("threads")) {
                return 0;
            }
            return s;
        }
        if (it.file().value() instanceof BenchLog) {
            String th = ev.kv().getOrDefault("threads", ev.kv().get("thds"));
            if (th != null) {
                if (th.equals(Integer.toString(it.threads()))) {
                    s += 3;
                } else {
                    return 0;
                }
            }
            String time = ev.kv().getOrDefault("time", ev.kv().get("duration"));
            if (time != null) {
                double t = number(time);
                if (!Double.isNaN(t) && it.durationS() > 0) {
                    if (Math.abs(t - it.durationS()) <= Math.max(2, 0.1 * t)) {
                        s += 2;
                    } else {
                        s -= 3;
                    }
                }
            }
            if (ev.tokens().stream().anyMatch(SNAPSHOT_WORDS::contains) && ev.kv().isEmpty() && s < 4) {
                return 0;
            }
        }
        return s;
    }

    private static boolean fileHasOtherRole(Set<String> fileWords, String r) {
        for (String o : ROLES) {
            if (!o.equals(r) && !(o.startsWith("warm") && r.startsWith("warm")) && fileWords.stream().anyMatch(w -> w.startsWith(o))) {
                return true;
            }
        }
        return false;
    }

    static double number(String s) {
        Matcher m = Pattern.compile("^(\\d+(?:\\.\\d+)?)(s|sec)?$").matcher(s);
        return m.matches() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    /** Thread count named in a file's tokens ({@code t16}, {@code threads=16}), or -1. */
    static int threadsInName(Set<String> tokens) {
        for (String t : tokens) {
            Matcher m = T_THREADS.matcher(t);
            if (m.matches()) {
                return Integer.parseInt(m.group(1));
            }
            if (t.startsWith("threads=")) {
                try {
                    return Integer.parseInt(t.substring(8));
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private static final DateTimeFormatter PERF_DATE = DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ENGLISH);

    /** perf's {@code captured on : Tue Dec  1 22:40:01 2026}, as printed. */
    static Long capturedOn(String s) {
        if (s == null) {
            return null;
        }
        try {
            return LocalDateTime.parse(s.strip().replaceAll("\\s+", " "), PERF_DATE).toEpochSecond(ZoneOffset.UTC) * 1000;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** An ISO-8601 time as printed (offset ignored, as everywhere), or null. */
    public static Long parseIso(String s) {
        if (s == null || s.isBlank()) {
            return null;
        }
        String d = s.strip().replace(' ', 'T');
        try {
            return OffsetDateTime.parse(d).toLocalDateTime().toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                return LocalDateTime.parse(d).toInstant(ZoneOffset.UTC).toEpochMilli();
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }
}
