package io.tunescope.cli;

import static io.tunescope.cli.FlamegraphCommandTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.Orientation;
import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.ProfileSamples;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.export.FigureFiles;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.render.figure.FigureCaption;
import io.tunescope.render.figure.Figures;
import io.tunescope.render.flame.FlameColors;
import io.tunescope.session.CaptureSession;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;

/** {@code flamegraph --svg} and {@code heatmap --svg} write the figure the figure code makes of the same inputs. */
class FigureCliTest {
    static final Path OUT = Path.of("target", "figures");

    static String text(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8))).getDocumentElement().getTextContent();
    }

    @Test
    void flamegraphSvgIsTheFigureOfTheSameInputs() throws Exception {
        Path folded = FlamegraphCommandTest.FOLDED.resolve("mariadb-00-baseline.folded");
        Path svg = OUT.resolve("cli-flame.svg");
        FlamegraphCommandTest.Run r = run("flamegraph", folded.toString(), "--svg", svg.toString(), "--width", "1000");
        assertEquals(0, r.code(), r.err());
        String written = Files.readString(svg, StandardCharsets.UTF_8);
        // the same figure built as the app builds it: same profile, layout, colours, title and caption
        var c = new CaptureLoader(StandardImporters.registry()).load(folded);
        StackProfile p = CaptureProfiles.onCpu(c).get(0).profile();
        CallTree tree = CallTree.of(p);
        FlameLayout l = FlameLayout.of(tree, 0, 0, Orientation.FLAME);
        var figure = Figures.flame(Locale.ROOT, Figures.flameTitle(Locale.ROOT, folded.getFileName().toString(), false), null, l,
                FlameColors.byModule(tree), Figures.FlameState.whole(l), List.of(),
                FigureCaption.today(folded.getFileName().toString(), null, null, "samples", p.samples()));
        assertEquals(FigureFiles.svg(figure, 1000), written);
        String t = text(written);
        assertTrue(t.contains("Flame graph: mariadb-00-baseline.folded"));
        assertTrue(t.contains("database") && t.contains("kernel"), "module legend");
        assertTrue(t.contains(String.format(Locale.ROOT, "%,d samples", p.samples())), "caption");
    }

    @Test
    void flamegraphDiffSvgSaysTheDirection() throws Exception {
        Path svg = OUT.resolve("cli-flame-diff.svg");
        FlamegraphCommandTest.Run r = run("flamegraph", FlamegraphCommandTest.FOLDED.resolve("mariadb-01-flush-log-2.folded").toString(),
                "--svg", svg.toString(), "--diff", FlamegraphCommandTest.FOLDED.resolve("mariadb-00-baseline.folded").toString(),
                "--search", "^JOIN::");
        assertEquals(0, r.code(), r.err());
        String t = text(Files.readString(svg, StandardCharsets.UTF_8));
        assertTrue(t.contains("Differential flame graph: mariadb-00-baseline.folded \u2192 mariadb-01-flush-log-2.folded"), t.substring(0, 300));
        assertTrue(t.contains("red: the frame's share grew from mariadb-00-baseline.folded to mariadb-01-flush-log-2.folded"));
        assertTrue(t.contains("search /^JOIN::/"));
        assertTrue(t.contains("share grew") && t.contains("share shrank"));
    }

    @Test
    void heatmapSvgIsTheFigureOfTheSameInputs() throws Exception {
        Path svg = OUT.resolve("cli-heatmap.svg");
        Path capture = WindowCommandsTest.FTWRL;
        FlamegraphCommandTest.Run r = run("heatmap", capture.toString(), "--svg", svg.toString(), "--bucket-ms", "50");
        assertEquals(0, r.code(), r.err());
        String written = Files.readString(svg, StandardCharsets.UTF_8);
        CaptureSession session = CaptureSession.of(new CaptureLoader(StandardImporters.registry()).load(capture));
        CaptureProfiles.Entry e = CaptureProfiles.of(session.capture()).get(0);
        ProfileSamples samples = session.samples(e.file().path(), e.profile());
        Heatmap h = Heatmap.of(samples, SampleFilter.ALL, 50);
        var figure = Figures.sampleHeatmap(Locale.ROOT, Figures.sampleHeatmapTitle(Locale.ROOT, e.label()),
                Figures.sampleHeatmapSubtitle(Locale.ROOT, h, e.profile().event(), null), h, null, 520,
                FigureCaption.today(capture.getFileName().toString(), null, null, "samples", h.total()));
        assertEquals(FigureFiles.svg(figure, 1200), written);
        String t = text(written);
        assertTrue(t.contains("Sample heatmap: " + e.label()), t.substring(0, 200));
        assertTrue(t.contains("samples per 50 ms cell"), "colour scale with its unit");
        assertTrue(t.contains("capture ftwrl-dip.tar.gz"), "caption");
        assertEquals(2, run("heatmap", capture.toString()).code(), "--png or --svg is needed");
    }
}
