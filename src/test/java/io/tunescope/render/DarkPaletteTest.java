package io.tunescope.render;

import io.tunescope.render.flame.FlameGraphPainter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.analysis.numa.NumaTrend;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.numactl.NumactlHardwareImporter;
import io.tunescope.importers.numastat.NumastatImporter;
import io.tunescope.render.flame.FlameColors;
import io.tunescope.testing.FoldedTestProfile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The painters on the dark palette: the dark background first, text in light colours, frame labels in
 * contrast to their frame, heatmap colours that stand off the background; on the light palette (exports,
 * prints) as before.
 */
class DarkPaletteTest {
    static final Path SYN = Path.of("sample-data/numa-4node-synthetic");

    /** Records what is painted: fills, and every text with its colour and the fill it was written on. */
    static final class Recording implements Painter {
        final List<Rgb> fills = new ArrayList<>();
        final List<double[]> rects = new ArrayList<>();
        final List<Rgb[]> texts = new ArrayList<>();
        final List<String> strings = new ArrayList<>();

        @Override
        public void fillRect(double x, double y, double w, double h, Rgb c) {
            fills.add(c);
            rects.add(new double[] {x, y, w, h});
        }

        /** The colour of the last fill under a point. */
        Rgb under(double x, double y) {
            for (int i = rects.size() - 1; i >= 0; i--) {
                double[] r = rects.get(i);
                if (x >= r[0] && x < r[0] + r[2] && y >= r[1] && y < r[1] + r[3]) {
                    return fills.get(i);
                }
            }
            return Rgb.WHITE;
        }

        @Override
        public void strokeRect(double x, double y, double w, double h, Rgb c, double lw) {
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, Rgb c, double lw) {
        }

        @Override
        public void text(String text, double x, double baselineY, double fontSize, boolean bold, Rgb c) {
            texts.add(new Rgb[] {c, under(x + 1, baselineY - fontSize / 3)});
            strings.add(text);
        }

        @Override
        public double textWidth(String text, double fontSize, boolean bold) {
            return text.length() * fontSize * 0.55;
        }

        @Override
        public void pushClip(double x, double y, double w, double h) {
        }

        @Override
        public void popClip() {
        }
    }

    private static NumaMatrix distances() throws Exception {
        return NumaMatrices.distances(new NumactlHardwareImporter()
                .parse(ImportContext.forFile(SYN.resolve("numactl-hardware.txt"))).value());
    }

    private static NumaMatrix counters() throws Exception {
        return NumaMatrices.nodeCounters(new NumastatImporter().parse(ImportContext.forFile(SYN.resolve("numastat-after.txt")))
                .value().first().counters(), NumaMatrices.Mode.ABSOLUTE, Double.NaN);
    }

    @Test
    void heatmapPaintsOnTheDarkBackgroundWithLightTextAndAScaleThatStandsOff() throws Exception {
        HeatmapPainter hp = new HeatmapPainter();
        for (NumaMatrix m : List.of(distances(), counters())) {
            Recording dark = new Recording();
            hp.paint(dark, m, 0, 0, 900, 560, Palette.DARK);
            assertEquals(Palette.DARK.background(), dark.fills.get(0), "the dark background first");
            assertEquals(Palette.DARK.text(), dark.texts.get(0)[0], "the title in the dark palette's text colour");
            for (int i = 0; i < dark.texts.size(); i++) {
                Rgb[] t = dark.texts.get(i);
                // labels, notes and legend on the background are light; values on cells contrast with the cell
                double contrast = Math.abs(t[0].luminance() - t[1].luminance());
                assertTrue(contrast > 0.35, "\"" + dark.strings.get(i) + "\" readable: " + t[0] + " on " + t[1]);
            }
            ColorScale s = hp.scaleFor(m, Palette.DARK);
            assertTrue(s.at(0).luminance() - Palette.DARK.background().luminance() >= 0.12,
                    "the lowest colour " + s.at(0) + " stands off the background");
            assertTrue(hp.scaleFor(m, Palette.LIGHT).at(0).luminance() < s.at(0).luminance(),
                    "the light palette keeps the full scale");
        }
        Recording light = new Recording();
        hp.paint(light, distances(), 0, 0, 900, 560);
        assertEquals(Rgb.WHITE, light.fills.get(0), "exports and prints stay white");
        assertEquals(Rgb.hex(0x440154), hp.colorOf(distances(), 10), "the light scale is unchanged");
    }

    @Test
    void divergingScaleKeepsZeroInTheMiddleOnDark() {
        ColorScale d = ColorScale.divergingPuOr();
        ColorScale c = d.clipped(HeatmapPainter.DARK_DIVERGING[0], HeatmapPainter.DARK_DIVERGING[1]);
        assertEquals(d.at(0.5), c.at(0.5));
        assertEquals(d.at(0.1), c.at(0));
        assertEquals(d.at(0.9), c.at(1));
    }

    @Test
    void flameGraphPaintsOnTheDarkBackgroundAndLabelsKeepContrastToTheirFrames() {
        CallTree t = CallTree.of(FoldedTestProfile.of(
                "mysqld;main;buf_page_get;buf_page_get_low 30",
                "mysqld;main;row_search;buf_page_get 20",
                "mysqld;main;row_search;lock_rec 10",
                "mysqld;main 5",
                "swapper;cpu_idle 35"));
        FlameLayout l = FlameLayout.of(t);
        for (FlameColors colors : List.of(FlameColors.warm(t), FlameColors.byModule(t))) {
            Recording dark = new Recording();
            FlameGraphPainter.Stats st = new FlameGraphPainter().paint(dark, l, colors,
                    FlameGraphPainter.View.of(l, 0, 0, 800, 300), Palette.DARK);
            assertEquals(Palette.DARK.background(), dark.fills.get(0));
            assertTrue(st.labels() > 3);
            for (Rgb[] label : dark.texts) {
                assertFalse(label[1].equals(Palette.DARK.background()), "labels sit on frames");
                assertTrue(Math.abs(label[0].luminance() - label[1].luminance()) > 0.35, label[0] + " on " + label[1]);
            }
        }
        Recording legend = new Recording();
        FlameGraphPainter.paintLegend(legend, FlameColors.byModule(t).legend(), 0, 0, 11, Palette.DARK);
        assertTrue(legend.texts.stream().allMatch(x -> x[0].equals(Palette.DARK.text())));
        Recording light = new Recording();
        new FlameGraphPainter().paint(light, l, FlameColors.warm(t), FlameGraphPainter.View.of(l, 0, 0, 800, 300));
        assertEquals(Rgb.WHITE, light.fills.get(0));
    }

    @Test
    void trendPaintsOnTheDarkBackgroundAndNoNodeLineIsBlack() {
        List<NumaTrend.Point> pts = new ArrayList<>();
        Map<Integer, Double> values = new java.util.HashMap<>();
        for (int n = 0; n < 8; n++) {
            values.put(n, 0.1 * n);
        }
        pts.add(new NumaTrend.Point("a", Instant.ofEpochSecond(0), values));
        pts.add(new NumaTrend.Point("b", Instant.ofEpochSecond(60), values));
        Recording dark = new Recording();
        new TrendPainter().paint(dark, "remote", "", true, pts, 0, 0, 800, 400, Palette.DARK);
        assertEquals(Palette.DARK.background(), dark.fills.get(0));
        for (Rgb f : dark.fills.subList(1, dark.fills.size())) {
            assertTrue(f.luminance() > 0.3, "node colours show on dark: " + f);
        }
        for (Rgb[] x : dark.texts) {
            assertTrue(x[0].luminance() > 0.55, "text " + x[0]);
        }
    }
}
