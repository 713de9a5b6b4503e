package io.tunescope.cli;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.DiffTree;
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

/** {@code tunescope flamegraph FILE --png OUT.png}: the flame graph (or a differential one) as a PNG, headless. */
@Command(name = "flamegraph", mixinStandardHelpOptions = true,
        description = "Renders the flame graph of a CPU profile (perf script or folded stacks; a file or a capture "
                + "folder/archive, whose first profile is used) to a PNG. With --diff, renders the differential "
                + "flame graph: the shape of FILE (after), coloured by the change of each frame's share since BEFORE.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:usage error (bad option, bad regex, unwritable output)",
                "3:no CPU profile could be read"})
public final class FlamegraphCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE", description = "perf script output, folded stacks, or a capture holding one")
    Path file;

    @Option(names = "--png", required = true, paramLabel = "OUT.png", description = "where to write the picture")
    Path png;

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
    public Integer call() {
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
        CaptureProfiles.Entry after = load(file, err);
        if (after == null) {
            return TunescopeCli.NOTHING_READ;
        }
        StackProfile afterProfile = forEvent(after, err);
        if (afterProfile == null) {
            return TunescopeCli.USAGE;
        }
        CallTree tree = CallTree.of(afterProfile);
        DiffTree diff = null;
        String title;
        if (before != null) {
            CaptureProfiles.Entry b = load(before, err);
            if (b == null) {
                return TunescopeCli.NOTHING_READ;
            }
            StackProfile beforeProfile = forEvent(b, err);
            if (beforeProfile == null) {
                return TunescopeCli.USAGE;
            }
            diff = DiffTree.of(CallTree.of(beforeProfile), tree);
            if (reverse) {
                diff = diff.reverse();
            }
            title = String.format(Locale.ROOT, "Differential flame graph%s: %s (%d) -> %s (%d)",
                    reverse ? " (reversed: shape of before)" : "", before.getFileName(), diff.tree().grandTotal(DiffTree.BEFORE),
                    file.getFileName(), diff.tree().grandTotal(DiffTree.AFTER));
        } else {
            title = String.format(Locale.ROOT, "Flame graph: %s (%d samples, weight %d%s)", file.getFileName(),
                    afterProfile.samples(), tree.grandTotal(),
                    afterProfile.event().isEmpty() ? "" : ", " + afterProfile.event());
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
        out.printf(Locale.ROOT, "%s: %dx%d, %d frames drawn, %d narrow frames merged%s%n", png, width, height,
                stats.frames(), stats.hiddenFrames(), afterProfile.event().isEmpty() ? "" : ", event " + afterProfile.event());
        if (matchLine != null) {
            out.println(matchLine);
        }
        out.flush();
        return TunescopeCli.OK;
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

    private CaptureProfiles.Entry load(Path path, PrintWriter err) {
        Capture c;
        try {
            c = new CaptureLoader(io.tunescope.importers.formats.StandardImporters.registry()).load(path);
        } catch (CaptureException | IOException e) {
            err.println("tunescope flamegraph: " + e.getMessage());
            return null;
        }
        List<CaptureProfiles.Entry> profiles = CaptureProfiles.of(c);
        if (profiles.isEmpty()) {
            err.println("tunescope flamegraph: no CPU profile (perf script or folded stacks) could be read from " + path);
            // why a profile that was recognised could not be read (out of memory, a reader error), in its own words
            c.files().stream()
                    .filter(f -> f.status() == io.tunescope.model.capture.FileStatus.ERROR
                            && (f.dataset().equals(io.tunescope.importers.CpuDatasets.FOLDED.name())
                                || f.dataset().equals(io.tunescope.importers.CpuDatasets.PERF_SCRIPT.name())))
                    .flatMap(f -> f.diagnostics().stream())
                    .filter(d -> d.level() == io.tunescope.model.capture.Diagnostic.Level.ERROR)
                    .limit(3)
                    .forEach(d -> err.println("  " + d.message()));
            return null;
        }
        if (profiles.size() > 1) {
            err.println("tunescope flamegraph: " + path + " holds " + profiles.size() + " profiles; using "
                    + profiles.get(0).label());
        }
        return profiles.get(0);
    }
}
