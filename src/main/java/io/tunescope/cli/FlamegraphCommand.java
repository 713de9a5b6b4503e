package io.tunescope.cli;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.calltree.Hotspot;
import io.tunescope.analysis.calltree.Hotspots;
import io.tunescope.analysis.window.TimedProfile;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.analysis.window.Window;
import io.tunescope.session.CaptureSession;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.analysis.flame.Orientation;
import io.tunescope.analysis.flame.Subsystems;
import io.tunescope.importers.CaptureException;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.render.flame.FlameGraphPainter;
import io.tunescope.render.Rgb;
import io.tunescope.render.awt.AwtPainter;
import io.tunescope.render.flame.ColorScheme;
import io.tunescope.render.flame.FlameColors;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.PatternSyntaxException;
import javax.imageio.ImageIO;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code tunescope flamegraph FILE --png OUT.png}: the flame graph (or a differential one) as a PNG, headless;
 * of a time window with {@code --from/--to} (against a second window with {@code --diff-from/--diff-to});
 * {@code --json} prints the window's sample counts and top self frames.
 */
@Command(name = "flamegraph", mixinStandardHelpOptions = true,
        description = "Renders the flame graph of a CPU profile (perf script or folded stacks; a file or a capture "
                + "folder/archive, whose first profile is used) to a PNG. With --diff, renders the differential "
                + "flame graph: the shape of FILE (after), coloured by the change of each frame's share since BEFORE. "
                + "With --from/--to, only the samples of that time window (perf script with timestamps); with "
                + "--diff-from/--diff-to as well, the differential flame graph of the window against that second window. "
                + "T is an ISO-8601 wall-clock time (as the capture's files print it) or seconds from the profile's first sample.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:usage error (bad option, bad regex, unwritable output)",
                "3:no CPU profile (with --offcpu: no off-CPU profile) could be read"})
public final class FlamegraphCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "perf script output, folded stacks, or a capture holding one")
    Path file;

    @Option(names = "--png", paramLabel = "OUT.png", description = "where to write the picture (--png, --svg or --json is needed)")
    Path png;

    @Option(names = "--svg", paramLabel = "OUT.svg", description = "where to write the figure as SVG: title, flame graph, legend "
            + "(a diff's direction in words) and caption; the same figure as the app's Export figure")
    Path svg;

    @Option(names = "--from", paramLabel = "T", description = "start of the time window (included): ISO wall-clock time or seconds from the profile's start")
    String from;

    @Option(names = "--to", paramLabel = "T", description = "end of the time window (excluded); default: the last sample")
    String to;

    @Option(names = "--diff-from", paramLabel = "T", description = "start of the window to compare with (the before side of the differential)")
    String diffFrom;

    @Option(names = "--diff-to", paramLabel = "T", description = "end of the window to compare with")
    String diffTo;

    @Option(names = "--json", description = "print {profile, from, to, samples, weight, unit, top_self} of the (window's) profile")
    boolean json;

    @Option(names = "--width", paramLabel = "W", defaultValue = "1200", description = "picture width in pixels (default ${DEFAULT-VALUE})")
    int width;

    @Option(names = "--search", paramLabel = "REGEX", description = "highlight frames matching the regex and print the matched share")
    String search;

    @Option(names = "--diff", paramLabel = "BEFORE", description = "the profile to compare with (FILE is the after profile)")
    Path before;

    @Option(names = "--reverse", description = "with --diff: show the shape of BEFORE (what went away) instead of FILE")
    boolean reverse;

    @Option(names = "--threshold", paramLabel = "PCT", defaultValue = "0.1",
            description = "with --diff: changes of a frame's share below PCT percent are shown as unchanged (default ${DEFAULT-VALUE})")
    double thresholdPct;

    @Option(names = "--event", paramLabel = "EV",
            description = "the event whose samples to draw when the input holds several (default: the first one met)")
    String event;

    @Option(names = "--offcpu", description = "draw the off-CPU profile (perf script of sched:sched_switch, or bcc offcputime -f): "
            + "the time threads spent switched out, by stack and state, instead of the CPU samples")
    boolean offCpu;

    @Option(names = "--icicle", description = "root at the top, stacks growing down")
    boolean icicle;

    @Option(names = "--colors", paramLabel = "SCHEME", defaultValue = "module",
            description = "module, warm or subsystem (default ${DEFAULT-VALUE}); ignored with --diff")
    String colors;

    @Option(names = "--subsystems", paramLabel = "FILE",
            description = "extra 'REGEX = subsystem' rules for --colors subsystem, tried before the built-in ones")
    Path subsystemsFile;

    @Option(names = "--shorten-templates", description = "elide C++ template arguments in labels")
    boolean shortenTemplates;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static final double HEADER = 44;
    private static final double FOOTER = 26;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (width < 200 || width > 20000) {
            err.println("tunescope flamegraph: --width must be between 200 and 20000");
            return TunescopeCli.USAGE;
        }
        ColorScheme scheme;
        try {
            scheme = ColorScheme.ofSlug(colors);
        } catch (IllegalArgumentException e) {
            err.println("tunescope flamegraph: " + e.getMessage());
            return TunescopeCli.USAGE;
        }
        Subsystems subsystems = io.tunescope.session.UserFiles.defaultSubsystems();
        if (subsystemsFile != null) {
            try {
                subsystems = io.tunescope.session.UserFiles.subsystems(subsystemsFile);
            } catch (IOException e) {
                err.println("tunescope flamegraph: cannot read " + subsystemsFile + ": " + e.getMessage());
                return TunescopeCli.USAGE;
            }
            for (String p : subsystems.problems()) {
                err.println("tunescope flamegraph: warning: " + p);
            }
        }
        if (png == null && svg == null && !json) {
            err.println("tunescope flamegraph: give --png OUT.png, --svg OUT.svg, --json, or several");
            return TunescopeCli.USAGE;
        }
        boolean windowed = from != null || to != null;
        boolean diffWindowed = diffFrom != null || diffTo != null;
        if (diffWindowed && before != null) {
            err.println("tunescope flamegraph: --diff compares with another file, --diff-from/--diff-to with another window; give one of them");
            return TunescopeCli.USAGE;
        }
        Loaded after = load(file, err);
        if (after == null) {
            return TunescopeCli.NOTHING_READ;
        }
        StackProfile afterProfile = forEvent(after.entry(), err);
        if (afterProfile == null) {
            return TunescopeCli.USAGE;
        }
        TimedProfile samples = null;
        Window window = null;
        Window beforeWindow = null;
        StackProfile windowBefore = null;
        if (windowed || diffWindowed) {
            samples = after.session().timed(after.entry().file().path(), afterProfile);
            if (samples == null || !samples.timed()) {
                err.println("tunescope flamegraph: " + after.entry().label() + " has no per-sample timestamps "
                        + "(folded stacks, bcc offcputime, or perf script without the time field): no time window can be selected");
                return TunescopeCli.USAGE;
            }
            try {
                window = window(samples, from, to, "--from/--to");
                afterProfile = samples.select(window, SampleFilter.ALL);
                if (diffWindowed) {
                    beforeWindow = window(samples, diffFrom, diffTo, "--diff-from/--diff-to");
                    windowBefore = samples.select(beforeWindow, SampleFilter.ALL);
                }
            } catch (IllegalArgumentException e) {
                err.println("tunescope flamegraph: " + e.getMessage());
                return TunescopeCli.USAGE;
            }
        }
        CallTree tree = CallTree.of(afterProfile);
        DiffTree diff = null;
        String title;
        String name = window == null ? file.getFileName().toString()
                : file.getFileName() + " [" + samples.label(window.fromNs()) + " .. " + samples.label(window.toNs()) + ")";
        if (before != null || windowBefore != null) {
            StackProfile beforeProfile = windowBefore;
            String beforeName;
            if (beforeProfile == null) {
                Loaded b = load(before, err);
                if (b == null) {
                    return TunescopeCli.NOTHING_READ;
                }
                beforeProfile = forEvent(b.entry(), err);
                if (beforeProfile == null) {
                    return TunescopeCli.USAGE;
                }
                if (!b.entry().comparableWith(after.entry())) {
                    err.println("tunescope flamegraph: cannot compare " + kind(after.entry()) + " in " + after.entry().label()
                            + " with " + kind(b.entry()) + " in " + b.entry().label());
                    return TunescopeCli.USAGE;
                }
                beforeName = before.getFileName().toString();
            } else {
                beforeName = "[" + samples.label(beforeWindow.fromNs()) + " .. " + samples.label(beforeWindow.toNs()) + ")";
            }
            diff = DiffTree.of(CallTree.of(beforeProfile), tree);
            if (reverse) {
                diff = diff.reverse();
            }
            title = String.format(Locale.ROOT, "Differential flame graph%s: %s (%d) -> %s (%d)",
                    reverse ? " (reversed: shape of before)" : "", beforeName, diff.tree().grandTotal(DiffTree.BEFORE),
                    name, diff.tree().grandTotal(DiffTree.AFTER));
        } else {
            title = afterProfile.unit().isTime()
                    ? String.format(Locale.ROOT, "Off-CPU flame graph: %s (%s switched out, %d %s, weight %d %s%s)", name,
                            afterProfile.unit().format(tree.grandTotal()), afterProfile.samples(),
                            afterProfile instanceof io.tunescope.model.stack.OffCpuProfile o && o.intervals() == null ? "stacks" : "intervals",
                            tree.grandTotal(), afterProfile.unit().slug(), afterProfile.event().isEmpty() ? "" : ", " + afterProfile.event())
                    : String.format(Locale.ROOT, "Flame graph: %s (%d samples, weight %d%s)", name,
                    afterProfile.samples(), tree.grandTotal(),
                    afterProfile.event().isEmpty() ? "" : ", " + afterProfile.event());
        }
        if (json) {
            Map<String, Object> o = summary(after.entry(), samples, window, afterProfile, tree);
            if (windowBefore != null) {
                o.put("against", summary(after.entry(), samples, beforeWindow, windowBefore, CallTree.of(windowBefore)));
            }
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(o));
            if (png == null && svg == null) {
                out.flush();
                return TunescopeCli.OK;
            }
        }
        CallTree shown = diff == null ? tree : diff.tree();
        int column = diff == null ? 0 : diff.shapeColumn();
        FlameLayout layout = FlameLayout.of(shown, column, 0, icicle ? Orientation.ICICLE : Orientation.FLAME);
        FlameSearch found = null;
        if (search != null) {
            try {
                found = FlameSearch.of(shown, column, search, true);
            } catch (PatternSyntaxException e) {
                err.println("tunescope flamegraph: bad --search regex: " + e.getDescription());
                return TunescopeCli.USAGE;
            }
        }
        FlameColors fc = diff == null ? scheme.create(shown, subsystems) : FlameColors.diff(diff, thresholdPct / 100.0);
        PrintWriter note = json ? err : out;                   // --json keeps stdout one JSON object
        if (svg != null) {
            String windowText = window == null ? null : "[" + samples.label(window.fromNs()) + " .. " + samples.label(window.toNs()) + ")";
            String beforeName = diff == null ? null : before != null ? before.getFileName().toString()
                    : "[" + samples.label(beforeWindow.fromNs()) + " .. " + samples.label(beforeWindow.toNs()) + ")";
            io.tunescope.render.figure.Figure figure = figure(Locale.ROOT, file.getFileName().toString(), name, beforeName,
                    afterProfile, layout, fc, found, diff != null && diff.reversed(), windowText);
            try {
                Path parent = svg.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                io.tunescope.export.FigureFiles.svg(figure, width, svg);
            } catch (IOException e) {
                err.println("tunescope flamegraph: cannot write " + svg + ": " + e.getMessage());
                return TunescopeCli.USAGE;
            }
            note.printf(Locale.ROOT, "%s: figure %d px wide, %d rows%n", svg, width, layout.rows());
            if (png == null) {
                note.flush();
                out.flush();
                return TunescopeCli.OK;
            }
        }
        double rowHeight = 18;
        int height = (int) Math.ceil(HEADER + layout.rows() * rowHeight + FOOTER);
        if ((long) width * height > 200_000_000L) {
            err.println("tunescope flamegraph: picture too large (" + width + "x" + height + ")");
            return TunescopeCli.USAGE;
        }
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        AwtPainter p = new AwtPainter(g);
        p.fillRect(0, 0, width, height, Rgb.WHITE);
        p.text(title, 8, 18, 14, true, Rgb.BLACK);
        String matchLine = null;
        if (found != null) {
            matchLine = String.format(Locale.ROOT, "Search /%s/: %d frames, matched %.2f%% of the total", search,
                    found.count(), found.share() * 100);
            p.text(matchLine, 8, 36, 12, false, new Rgb(150, 0, 150));
        } else if (diff != null) {
            p.text(String.format(Locale.ROOT, "red: share grew, blue: share shrank (noise threshold %.2f%%); "
                    + (reverse ? "frames gone in after marked '-'" : "frames new in after marked '+'"), thresholdPct),
                    8, 36, 12, false, new Rgb(60, 60, 60));
        }
        FlameGraphPainter.View view = FlameGraphPainter.View.of(layout, 0, HEADER, width, layout.rows() * rowHeight)
                .withSearch(found).withShortenTemplates(shortenTemplates);
        FlameGraphPainter.Stats stats = new FlameGraphPainter().paint(p, layout, fc, view);
        FlameGraphPainter.paintLegend(p, fc.legend(), 8, height - FOOTER + 7, 11);
        g.dispose();
        try {
            Path parent = png.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (!ImageIO.write(img, "png", png.toFile())) {
                err.println("tunescope flamegraph: no PNG writer");
                return TunescopeCli.USAGE;
            }
        } catch (IOException e) {
            err.println("tunescope flamegraph: cannot write " + png + ": " + e.getMessage());
            return TunescopeCli.USAGE;
        }
        note.printf(Locale.ROOT, "%s: %dx%d, %d frames drawn, %d narrow frames merged%s%n", png, width, height,
                stats.frames(), stats.hiddenFrames(), afterProfile.event().isEmpty() ? "" : ", event " + afterProfile.event());
        if (matchLine != null) {
            note.println(matchLine);
        }
        note.flush();
        out.flush();
        return TunescopeCli.OK;
    }

    /**
     * The flame graph figure ({@code --svg}): title naming the profile (or both sides of a diff), the search line,
     * the whole layout, the colours' legend, a diff's direction in words, the caption.
     *
     * @param beforeName the before side of a diff (null: no diff)
     */
    public io.tunescope.render.figure.Figure figure(Locale locale, String capture, String name, String beforeName,
                                                    StackProfile profile, FlameLayout layout, FlameColors fc, FlameSearch found,
                                                    boolean reversed, String windowText) {
        String title = beforeName == null ? io.tunescope.render.figure.Figures.flameTitle(locale, name, profile.unit().isTime())
                : io.tunescope.render.figure.Figures.diffTitle(locale, beforeName, name, reversed);
        List<String> notes = beforeName == null ? List.of()
                : io.tunescope.render.figure.Figures.diffNotes(locale, beforeName, name, thresholdPct, reversed);
        String unit = profile.unit().slug() + (profile.event().isEmpty() ? "" : " (" + profile.event() + ")");
        io.tunescope.render.figure.FigureCaption caption = io.tunescope.render.figure.FigureCaption.today(capture, null,
                windowText, unit, profile.samples());
        return io.tunescope.render.figure.Figures.flame(locale, title, io.tunescope.render.figure.Figures.searchLine(locale, search, found),
                layout, fc, new io.tunescope.render.figure.Figures.FlameState(0, layout.span(), found, shortenTemplates), notes, caption);
    }

    private static String kind(CaptureProfiles.Entry e) {
        return e.offCpu() ? "off-CPU time" : "CPU samples";
    }

    /** {@code [from, to)} from the user's times; a missing end is the profile's first or last sample. */
    private static Window window(TimedProfile s, String from, String to, String what) {
        long a = from == null ? s.startNs() : s.parseTime(from);
        long b = to == null ? s.endNs() + 1 : s.parseTime(to);
        if (b <= a) {
            throw new IllegalArgumentException(what + ": the window ends (" + s.label(b) + ") at or before it starts (" + s.label(a) + ")");
        }
        return new Window(a, b);
    }

    /** The object {@code --json} prints (README, "flamegraph --json"). */
    static Map<String, Object> summary(CaptureProfiles.Entry e, TimedProfile s, Window w, StackProfile p, CallTree tree) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("profile", e.file().path());
        o.put("from", w == null ? null : time(s, w.fromNs()));
        o.put("to", w == null ? null : time(s, w.toNs()));
        o.put("samples", p.samples());
        o.put("weight", tree.grandTotal());
        o.put("unit", p.unit().slug());
        List<Map<String, Object>> top = new ArrayList<>();
        for (Hotspot h : Hotspots.of(tree, 0)) {
            if (h.self() <= 0 || top.size() == TOP_SELF) {
                break;
            }
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("frame", h.function());
            f.put("samples", h.self());
            top.add(f);
        }
        o.put("top_self", top);
        return o;
    }

    private static final int TOP_SELF = 10;

    /** ISO wall-clock text when the profile's clock is known, else seconds from its first sample (a number). */
    private static Object time(TimedProfile s, long ns) {
        if (s.clock().known()) {
            return s.label(ns);
        }
        return java.math.BigDecimal.valueOf(ns - s.startNs(), 9).stripTrailingZeros();
    }

    private StackProfile forEvent(CaptureProfiles.Entry e, PrintWriter err) {
        if (event == null) {
            return e.profile();
        }
        StackProfile p = e.profile().forEvent(event);
        if (p == null) {
            err.println("tunescope flamegraph: " + e.label() + " has no event " + event + " (events: "
                    + String.join(", ", e.profile().events()) + ")");
        }
        return p;
    }

    /** A profile with the session whose one reading places it on the clock. */
    private record Loaded(CaptureSession session, CaptureProfiles.Entry entry) {
    }

    private Loaded load(Path path, PrintWriter err) {
        Capture c;
        try {
            c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(path);
        } catch (CaptureException | IOException e) {
            err.println("tunescope flamegraph: " + e.getMessage());
            return null;
        }
        List<CaptureProfiles.Entry> profiles = offCpu ? CaptureProfiles.offCpu(c) : CaptureProfiles.onCpu(c);
        if (profiles.isEmpty()) {
            err.println("tunescope flamegraph: " + (offCpu
                    ? "no off-CPU profile (perf script of sched:sched_switch, or bcc offcputime -f) could be read from "
                    : "no CPU profile (perf script or folded stacks) could be read from ") + path
                    + (!offCpu && !CaptureProfiles.offCpu(c).isEmpty() ? " (it holds an off-CPU profile: add --offcpu)" : ""));
            // why a profile that was recognised could not be read (out of memory, a reader error), in its own words
            java.util.Set<String> datasets = offCpu
                    ? java.util.Set.of(io.tunescope.importers.CpuDatasets.OFF_CPU_SCHED.name(), io.tunescope.importers.CpuDatasets.OFF_CPU_FOLDED.name())
                    : java.util.Set.of(io.tunescope.importers.CpuDatasets.FOLDED.name(), io.tunescope.importers.CpuDatasets.PERF_SCRIPT.name());
            c.files().stream()
                    .filter(f -> f.status() == io.tunescope.model.capture.FileStatus.ERROR && datasets.contains(f.dataset()))
                    .flatMap(f -> f.diagnostics().stream())
                    .filter(d -> d.level() == io.tunescope.model.capture.Diagnostic.Level.ERROR)
                    .limit(3)
                    .forEach(d -> err.println("  " + d.message()));
            // and what kept files out of the capture (links to outside it, unreadable folders)
            c.notes().stream()
                    .filter(d -> d.level() != io.tunescope.model.capture.Diagnostic.Level.INFO)
                    .limit(3)
                    .forEach(d -> err.println("  " + d.message()));
            return null;
        }
        if (profiles.size() > 1) {
            err.println("tunescope flamegraph: " + path + " holds " + profiles.size() + " profiles; using "
                    + profiles.get(0).label());
        }
        return new Loaded(CaptureSession.of(c), profiles.get(0));
    }
}
