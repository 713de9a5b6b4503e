package io.tunescope.session;

import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.TimelineBuilder;
import io.tunescope.importers.CaptureException;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.importers.LoadListener;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Corrections;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * The one reading of an opened capture and what is derived from it, memoised: the app's views, every
 * command and the PDF report read this, none composes its own. Thread-safe; immutable apart from its
 * caches. A correction makes a new session ({@link #reopen(Corrections)}).
 */
public final class CaptureSession {
    private final Capture capture;
    private final CaptureReading reading;
    private final Map<String, Timeline> timelines = new ConcurrentHashMap<>();
    private final Map<ReportKey, RuleEngine.Report> reports = new ConcurrentHashMap<>();

    /** A rules report is memoised by its language and the thresholds it ran with. */
    private record ReportKey(Locale locale, Settings settings) {
    }
    private final Map<String, io.tunescope.analysis.server.ServerStep> servers = new ConcurrentHashMap<>();

    private CaptureSession(Capture capture) {
        this.capture = capture;
        this.reading = CaptureReading.of(capture);
    }

    /** The last sessions made, so that every reader of one loaded capture shares one reading. */
    private static final int RECENT = 6;
    private static final java.util.ArrayDeque<CaptureSession> recent = new java.util.ArrayDeque<>();

    /**
     * The session of a loaded capture: the same object for the same capture (identity) as long as it is
     * among the last few opened, so the app's views, the PDF and the commands share one reading.
     */
    public static CaptureSession of(Capture capture) {
        synchronized (recent) {
            for (CaptureSession s : recent) {
                if (s.capture == capture) {
                    return s;
                }
            }
        }
        CaptureSession s = new CaptureSession(capture);
        synchronized (recent) {
            for (CaptureSession x : recent) {
                if (x.capture == capture) {
                    return x;
                }
            }
            recent.addFirst(s);
            while (recent.size() > RECENT) {
                recent.removeLast();
            }
        }
        return s;
    }

    /**
     * Drops the session of a capture from the last few kept (the app closed or replaced the capture): its reading and
     * what was derived from it are no longer held here. A reader asking for it again gets a new session. Without this
     * the last {@value #RECENT} captures a user opened in one window stayed in memory after they were closed.
     */
    public static void forget(Capture capture) {
        synchronized (recent) {
            recent.removeIf(s -> s.capture == capture);
        }
    }

    /** Opens a folder, archive or single file. */
    public static CaptureSession open(Path path) throws IOException, CaptureException {
        return open(path, LoadListener.NONE, () -> false);
    }

    public static CaptureSession open(Path path, LoadListener listener, BooleanSupplier cancelled) throws IOException, CaptureException {
        return of(load(path, listener, cancelled));
    }

    /**
     * The capture at {@code path}, loaded as {@link #open} loads it but without making its session: for a reader that
     * needs only the files ({@code inspect}), so that the one reading (0.1-0.2 s at the end of a cold start) is not
     * computed for nothing. {@link #of} makes the session later if it is needed after all.
     */
    public static Capture load(Path path, LoadListener listener, BooleanSupplier cancelled) throws IOException, CaptureException {
        return new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(path, listener, cancelled);
    }

    public Capture capture() {
        return capture;
    }

    public CaptureReading reading() {
        return reading;
    }

    /**
     * The samples of one profile of the capture one by one, on the clock the one reading gives its file
     * (for time windows, the heatmap, per-thread selections); null when the profile kept none (folded stacks).
     */
    public io.tunescope.analysis.window.ProfileSamples samples(String path, io.tunescope.model.stack.StackProfile profile) {
        return io.tunescope.analysis.window.ProfileSamples.of(profile, reading.clocks(), path);
    }

    /**
     * A profile of the capture with its times on the one reading's clock of its file, whichever its kind: CPU
     * samples ({@link #samples}) or off-CPU intervals; null when it has none (folded stacks).
     */
    public io.tunescope.analysis.window.TimedProfile timed(String path, io.tunescope.model.stack.StackProfile profile) {
        if (profile instanceof io.tunescope.model.stack.OffCpuProfile o) {
            return io.tunescope.analysis.window.OffCpuSamples.of(o, reading.clocks(), path);
        }
        return samples(path, profile);
    }

    /** A CPU profile of the capture whose samples have times, with those samples on the one reading's clock. */
    public record TimedSamples(io.tunescope.analysis.calltree.CaptureProfiles.Entry entry, io.tunescope.analysis.window.ProfileSamples samples) {
    }

    /**
     * The CPU profile placed on the wall clock whose recording overlaps {@code [fromMs, toMs)} the most (a marker's
     * window, a range of the timeline), or null when none does: where the timeline's windows take their samples
     * from, in the app and in the report alike.
     */
    public TimedSamples profileAt(long fromMs, long toMs) {
        TimedSamples best = null;
        long bestOverlap = 0;
        for (io.tunescope.analysis.calltree.CaptureProfiles.Entry e : io.tunescope.analysis.calltree.CaptureProfiles.of(capture)) {
            io.tunescope.analysis.window.ProfileSamples s = samples(e.file().path(), e.profile());
            if (s == null || !s.timed() || s.wallMs(s.startNs()) == null) {
                continue;
            }
            long start = s.wallMs(s.startNs());
            long end = s.wallMs(s.endNs()) + 1;
            long overlap = Math.min(end, Math.max(toMs, fromMs + 1)) - Math.max(start, fromMs);
            if (overlap > bestOverlap) {
                best = new TimedSamples(e, s);
                bestOverlap = overlap;
            }
        }
        return best;
    }

    /** The timeline of the whole capture ({@code step} null) or of one step, in the locale's language. */
    public Timeline timeline(String step, Locale locale) {
        String key = (step == null ? "\u0000all" : step) + "|" + locale.toLanguageTag();
        return timelines.computeIfAbsent(key, k -> TimelineBuilder.build(capture, step, locale, reading));
    }

    /**
     * The server's own evidence of one step (InnoDB status snapshots, performance_schema summaries, process list
     * snapshots, status counter series placed on the step's timeline), as the Server view shows it.
     */
    public io.tunescope.analysis.server.ServerStep server(String step) {
        return servers.computeIfAbsent(step, k -> io.tunescope.analysis.server.ServerStep.of(
                io.tunescope.analysis.evidence.Evidence.of(capture, k, reading), timeline(k, Locale.ROOT)));
    }

    /** Every rule on every step, in the locale's language, with the default settings. */
    public RuleEngine.Report findings(Locale locale) {
        return findings(locale, Settings.defaults());
    }

    /**
     * Every rule on every step, in the locale's language, with these thresholds (a settings file's, the user's):
     * the app, the commands and the PDF given the same settings read the same report.
     */
    public RuleEngine.Report findings(Locale locale, Settings settings) {
        Settings s = settings == null ? Settings.defaults() : settings;
        return reports.computeIfAbsent(new ReportKey(locale, s),
                k -> io.tunescope.rules.catalog.RuleCatalog.engine().run(capture, reading, k.settings(), k.locale()));
    }

    /**
     * The thread-sweep runs (sweep role only) of every step, or of one step when {@code step} is not null,
     * in step order; steps without sweep runs are left out. Runs of different steps are never one curve.
     */
    public Map<String, java.util.List<io.tunescope.model.bench.BenchRun>> sweeps(String step) {
        Map<String, java.util.List<io.tunescope.model.bench.BenchRun>> out = new java.util.LinkedHashMap<>();
        for (var s : reading.steps()) {
            if (step != null && !s.dir().equals(step)) {
                continue;
            }
            var runs = s.sweep().stream().map(io.tunescope.analysis.reading.ReadRun::run).filter(java.util.Objects::nonNull).toList();
            if (!runs.isEmpty()) {
                out.put(s.dir(), runs);
            }
        }
        return out;
    }

    /** The role of one run of a benchmark file in the one reading, or null when the file is not in a step. */
    public io.tunescope.model.bench.RunRole role(String file, int index) {
        for (var s : reading.steps()) {
            for (var r : s.runs()) {
                if (r.file().equals(file) && r.index() == index && r.run() != null) {
                    return r.role();
                }
            }
        }
        return null;
    }

    /** Where this capture's corrections are saved: its manifest, or {@code <archive>.tunescope.json} beside an archive. */
    public Path correctionsFile() {
        Path origin = capture.origin();
        return Files.isDirectory(origin) ? origin.resolve(CaptureLoader.MANIFEST) : CaptureLoader.correctionsBeside(origin);
    }

    /**
     * Saves the corrections (atomically, keeping the manifest's other fields) and reads the capture again
     * with them: steps, roles and clocks are decided anew.
     */
    public CaptureSession reopen(Corrections corrections) throws IOException, CaptureException {
        if (Files.isDirectory(capture.origin()) || io.tunescope.importers.ArchiveExtractor.isArchive(capture.origin())) {
            CorrectionsStore.save(correctionsFile(), corrections);
        }
        return open(capture.origin());
    }
}
