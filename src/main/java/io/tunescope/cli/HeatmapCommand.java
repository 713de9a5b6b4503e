package io.tunescope.cli;

import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.ProfileSamples;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.render.Palette;
import io.tunescope.render.SampleHeatmapPainter;
import io.tunescope.render.awt.AwtPainter;
import io.tunescope.session.CaptureSession;
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

/** {@code tunescope heatmap FILE|CAPTURE --png OUT}: the sub-second offset heatmap of a profile's samples, headless. */
@Command(name = "heatmap", mixinStandardHelpOptions = true,
        description = "Draws the sub-second offset heatmap of a perf script profile (FlameScope's view): one column per "
                + "second, one row per sub-second bucket, the colour the number of samples in it. Columns are wall-clock "
                + "seconds when the capture places the profile on the wall clock, else seconds from its first sample.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "2:usage error (bad option, no timestamps in the profile, unwritable output)",
                "3:no CPU profile could be read"})
public final class HeatmapCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "FILE|CAPTURE", description = "perf script output, or a capture holding one (its first profile is used)")
    Path file;

    @Option(names = "--png", paramLabel = "OUT.png", description = "where to write the picture (--png or --svg is needed)")
    Path png;

    @Option(names = "--svg", paramLabel = "OUT.svg", description = "where to write the figure as SVG: title, heatmap with its "
            + "colour scale and unit, caption; the same figure as the app's Export figure")
    Path svg;

    @Option(names = "--bucket-ms", paramLabel = "MS", defaultValue = "20", description = "height of a row in milliseconds, 1 to 1000 (default ${DEFAULT-VALUE})")
    int bucketMs;

    @Option(names = "--comm", paramLabel = "C", description = "only the samples of this command (as perf prints it, e.g. mariadbd)")
    String comm;

    @Option(names = "--tid", paramLabel = "N", description = "only the samples of this thread")
    Integer tid;

    @Option(names = "--cpu", paramLabel = "N", description = "only the samples taken on this CPU")
    Integer cpu;

    @Option(names = "--frame", paramLabel = "REGEX", description = "only the samples with a frame matching the regex")
    String frame;

    @Option(names = "--event", paramLabel = "EV", description = "the event whose samples to draw when the input holds several")
    String event;

    @Option(names = "--width", paramLabel = "W", defaultValue = "1200", description = "picture width in pixels (default ${DEFAULT-VALUE})")
    int width;

    @Option(names = "--height", paramLabel = "H", defaultValue = "520", description = "picture height in pixels (default ${DEFAULT-VALUE})")
    int height;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (width < 300 || width > 20000 || height < 200 || height > 20000) {
            err.println("tunescope heatmap: --width must be 300 to 20000 and --height 200 to 20000");
            return TunescopeCli.USAGE;
        }
        if (png == null && svg == null) {
            err.println("tunescope heatmap: give --png OUT.png, --svg OUT.svg, or both");
            return TunescopeCli.USAGE;
        }
        if (bucketMs < 1 || bucketMs > 1000) {
            err.println("tunescope heatmap: --bucket-ms must be 1 to 1000");
            return TunescopeCli.USAGE;
        }
        SampleFilter filter = SampleFilter.ALL;
        if (comm != null) {
            filter = filter.withComm(comm);
        }
        if (tid != null) {
            filter = filter.withTid(tid);
        }
        if (cpu != null) {
            filter = filter.withCpu(cpu);
        }
        try {
            filter = filter.withFrame(frame);
        } catch (PatternSyntaxException e) {
            err.println("tunescope heatmap: bad --frame regex: " + e.getDescription());
            return TunescopeCli.USAGE;
        }
        CaptureSession session = TunescopeCli.open(file, "heatmap", err);
        if (session == null) {
            return TunescopeCli.NOTHING_READ;
        }
        List<CaptureProfiles.Entry> profiles = CaptureProfiles.of(session.capture());
        if (profiles.isEmpty()) {
            err.println("tunescope heatmap: no CPU profile could be read from " + file);
            return TunescopeCli.NOTHING_READ;
        }
        CaptureProfiles.Entry e = profiles.get(0);
        if (profiles.size() > 1) {
            err.println("tunescope heatmap: " + file + " holds " + profiles.size() + " profiles; using " + e.label());
        }
        var profile = event == null ? e.profile() : e.profile().forEvent(event);
        if (profile == null) {
            err.println("tunescope heatmap: " + e.label() + " has no event " + event + " (events: " + String.join(", ", e.profile().events()) + ")");
            return TunescopeCli.USAGE;
        }
        ProfileSamples samples = session.samples(e.file().path(), profile);
        if (samples == null || !samples.timed()) {
            err.println("tunescope heatmap: " + e.label() + " has no per-sample timestamps "
                    + "(folded stacks, or perf script without the time field): no heatmap");
            return TunescopeCli.USAGE;
        }
        Heatmap h = Heatmap.of(samples, filter, bucketMs);
        String title = String.format(Locale.ROOT, "%s: %d samples%s, %d x %d ms%s", e.label(), h.total(),
                profile.event().isEmpty() ? "" : " (" + profile.event() + ")", h.columns(), bucketMs,
                filter.all() ? "" : ", " + filter.describe());
        if (svg != null) {
            io.tunescope.render.figure.Figure figure = io.tunescope.render.figure.Figures.sampleHeatmap(Locale.ROOT,
                    io.tunescope.render.figure.Figures.sampleHeatmapTitle(Locale.ROOT, e.label()),
                    io.tunescope.render.figure.Figures.sampleHeatmapSubtitle(Locale.ROOT, h, profile.event(),
                            filter.all() ? null : filter.describe()),
                    h, null, height, io.tunescope.render.figure.FigureCaption.today(file.getFileName().toString(), null, null,
                            "samples", h.total()));
            try {
                Path parent = svg.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                io.tunescope.export.FigureFiles.svg(figure, width, svg);
            } catch (IOException ex) {
                err.println("tunescope heatmap: cannot write " + svg + ": " + ex.getMessage());
                return TunescopeCli.USAGE;
            }
            out.printf(Locale.ROOT, "%s: figure %d px wide, %d samples in %d s x %d rows of %d ms%n", svg, width, h.total(),
                    h.columns(), h.rows(), bucketMs);
            if (png == null) {
                out.flush();
                return TunescopeCli.OK;
            }
        }
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        new SampleHeatmapPainter().paint(new AwtPainter(g), h, title, null, 0, 0, width, height, Palette.LIGHT);
        g.dispose();
        try {
            Path parent = png.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (!ImageIO.write(img, "png", png.toFile())) {
                err.println("tunescope heatmap: no PNG writer");
                return TunescopeCli.USAGE;
            }
        } catch (IOException ex) {
            err.println("tunescope heatmap: cannot write " + png + ": " + ex.getMessage());
            return TunescopeCli.USAGE;
        }
        out.printf(Locale.ROOT, "%s: %dx%d, %d samples in %d s x %d rows of %d ms, at most %d in a cell; clock: %s%n", png, width, height,
                h.total(), h.columns(), h.rows(), bucketMs, h.max(), samples.clockNote());
        out.flush();
        return TunescopeCli.OK;
    }
}
