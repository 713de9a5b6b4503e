package io.tunescope.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.numa.NumaMatrices;
import io.tunescope.analysis.numa.NumaMatrix;
import io.tunescope.analysis.numa.NumaSeries;
import io.tunescope.analysis.numa.ProcessNodes;
import io.tunescope.analysis.numa.TimelineLog;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.numactl.NumactlHardwareImporter;
import io.tunescope.importers.numamaps.NumaMapsImporter;
import io.tunescope.importers.numamatrix.NodeMatrixImporter;
import io.tunescope.importers.numastat.NumastatImporter;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaVariant;
import io.tunescope.render.awt.AwtPainter;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class HeatmapPainterTest {
    static final Path SYN = Path.of("sample-data/numa-4node-synthetic");
    static final Path OUT = Path.of("target/numa-heatmaps");
    private final HeatmapPainter hp = new HeatmapPainter();

    /** Records text calls, delegating drawing to an AWT painter. */
    static final class Recording implements Painter {
        final Painter d;
        final List<String> texts = new ArrayList<>();

        Recording(Painter d) {
            this.d = d;
        }

        @Override
        public void fillRect(double x, double y, double w, double h, Rgb c) {
            d.fillRect(x, y, w, h, c);
        }

        @Override
        public void strokeRect(double x, double y, double w, double h, Rgb c, double lw) {
            d.strokeRect(x, y, w, h, c, lw);
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, Rgb c, double lw) {
            d.line(x1, y1, x2, y2, c, lw);
        }

        @Override
        public void text(String t, double x, double y, double fs, boolean bold, Rgb c) {
            texts.add(t);
            d.text(t, x, y, fs, bold, c);
        }

        @Override
        public double textWidth(String t, double fs, boolean bold) {
            return d.textWidth(t, fs, bold);
        }

        @Override
        public void pushClip(double x, double y, double w, double h) {
            d.pushClip(x, y, w, h);
        }

        @Override
        public void popClip() {
            d.popClip();
        }
    }

    record Picture(BufferedImage img, HeatmapPainter.Layout layout, List<String> texts) {
        Rgb at(double x, double y) {
            int p = img.getRGB((int) x, (int) y);
            return new Rgb((p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff);
        }

        /** A pixel inside cell (r, c), away from its text, its border and the local outline. */
        Rgb cell(int r, int c) {
            return at(layout.gridX() + (c + 0.12) * layout.cellW(), layout.gridY() + (r + 0.9) * layout.cellH());
        }
    }

    private Picture render(NumaMatrix m, String name, int w, int h) throws Exception {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        Recording rec = new Recording(new AwtPainter(g));
        HeatmapPainter.Layout l = hp.paint(rec, m, 0, 0, w, h);
        g.dispose();
        Files.createDirectories(OUT);
        ImageIO.write(img, "png", OUT.resolve(name + ".png").toFile());
        return new Picture(img, l, rec.texts);
    }

    private static void near(Rgb expected, Rgb actual, String what) {
        assertTrue(Math.abs(expected.r() - actual.r()) <= 3 && Math.abs(expected.g() - actual.g()) <= 3
                && Math.abs(expected.b() - actual.b()) <= 3, what + ": expected " + expected + " but was " + actual);
    }

    private static NumaStats stats(Path p) throws Exception {
        return new NumastatImporter().parse(ImportContext.forFile(p)).value();
    }

    @Test
    void distanceHeatmapOfFourNodes() throws Exception {
        NumaMatrix m = NumaMatrices.distances(new NumactlHardwareImporter()
                .parse(ImportContext.forFile(SYN.resolve("numactl-hardware.txt"))).value());
        Picture p = render(m, "distances-4node", 760, 520);
        near(Rgb.hex(0x440154), p.cell(0, 0), "distance 10 is the low end of viridis");
        near(Rgb.hex(0xfde725), p.cell(1, 3), "distance 24 is the high end of viridis");
        near(hp.colorOf(m, 20), p.cell(0, 2), "distance 20");
        near(hp.colorOf(m, 12), p.cell(3, 2), "distance 12");
        // the diagonal is outlined in the local colour, the others are not
        double edgeX = p.layout().gridX() + 3;
        near(HeatmapPainter.LOCAL_OUTLINE, p.at(edgeX, p.layout().cellCenterY(0)), "local outline of node 0");
        assertFalse(p.at(edgeX, p.layout().cellCenterY(1)).equals(HeatmapPainter.LOCAL_OUTLINE));
        assertEquals(4, p.texts().stream().filter("local"::equals).count());
        assertTrue(p.texts().contains("24"));
        assertTrue(p.texts().contains("32 CPUs 0-31"));
        assertTrue(p.texts().contains("viridis   outlined diagonal = local node"));
        int[] hit = p.layout().cellAt(p.layout().cellCenterX(3), p.layout().cellCenterY(1));
        assertEquals(1, hit[0]);
        assertEquals(3, hit[1]);
        assertNull(p.layout().cellAt(1, 1));
    }

    @Test
    void nodeCounterHeatmapSaysRemoteAllocationNeverAccess() throws Exception {
        TimelineLog log = TimelineLog.parse(Files.readAllLines(SYN.resolve("timeline.log")));
        List<NumaSeries.Input> in = new ArrayList<>();
        for (String f : List.of("numastat-before.txt", "numastat-during.txt")) {
            in.add(new NumaSeries.Input(f, log.timeOf(f), stats(SYN.resolve(f))));
        }
        NumaSeries.Interval iv = NumaSeries.counters(in).intervals().get(0);
        NumaMatrix rate = NumaMatrices.nodeCounters(iv.delta(), NumaMatrices.Mode.RATE, iv.seconds());
        Picture p = render(rate, "counters-rate-4node", 900, 420);
        double[] r = rate.range();
        int other = rate.columnIndex("other_node");
        near(hp.colorOf(rate, rate.value(1, other)), p.cell(1, other), "other_node rate of node 1");
        near(Rgb.hex(0xfde725), p.cell(0, 0), "numa_hit of node 0 is the largest rate");
        assertEquals(r[1], rate.value(0, 0));
        assertTrue(p.texts().contains("84.4% remote allocation"));
        assertTrue(p.texts().stream().noneMatch(t -> t.toLowerCase().contains("access")), p.texts().toString());
        NumaMatrix share = NumaMatrices.nodeCounters(iv.delta(), NumaMatrices.Mode.SHARE, iv.seconds());
        Picture s = render(share, "counters-share-4node", 900, 420);
        assertTrue(s.texts().contains("89.6%"), s.texts().toString());
        near(HeatmapPainter.MISSING, s.cell(0, share.columnIndex("interleave_hit")), "no interleave allocations: n/a cell");
    }

    @Test
    void differenceUsesTheDivergingScale() throws Exception {
        NumaMatrix before = NumaMatrices.nodeCounters(stats(SYN.resolve("numastat-before.txt")).first().counters(),
                NumaMatrices.Mode.ABSOLUTE, Double.NaN);
        NumaMatrix after = NumaMatrices.nodeCounters(stats(SYN.resolve("numastat-after.txt")).first().counters(),
                NumaMatrices.Mode.ABSOLUTE, Double.NaN);
        NumaMatrix d = NumaMatrix.difference(before, after);
        Picture p = render(d, "counters-difference-4node", 900, 420);
        near(Rgb.hex(0xf7f7f7), p.cell(0, d.columnIndex("interleave_hit")), "no change is the white middle");
        near(Rgb.hex(0x7f3b08), p.cell(0, 0), "the largest increase is the orange end");
        Rgb up = p.cell(1, d.columnIndex("other_node"));
        assertTrue(up.r() > up.b(), "an increase is orange: " + up);
        assertTrue(p.texts().contains("0 (no change)"));
        // a decrease is purple
        NumaMatrix back = NumaMatrix.difference(after, before);
        Picture q = render(back, "counters-difference-reversed-4node", 900, 420);
        near(Rgb.hex(0x2d004b), q.cell(0, 0), "the largest decrease is the purple end");
    }

    @Test
    void processHeatmapWithNotes() throws Exception {
        var p4242 = stats(SYN.resolve("numastat-p.txt")).first().table(NumaVariant.PROCESS);
        var maps = new NumaMapsImporter().parse(ImportContext.forFile(SYN.resolve("numa_maps.txt"))).value();
        NumaMatrix m = NumaMatrices.processes(List.of(p4242), List.of(new ProcessNodes.Maps("numa_maps 4242", maps)));
        Picture p = render(m, "processes-4node", 1100, 300);
        near(hp.colorOf(m, m.value(0, 0)), p.cell(0, 0), "mysqld on node 0");
        assertTrue(p.texts().contains("largest: node 0 77.1%"), p.texts().toString());
        assertTrue(p.texts().contains("policy: default 59.5%, interleave 30.9%, bind 7.7%, preferred 1.9%")
                || p.texts().contains("policy: default 59.5%, interleave 30.9%,"), p.texts().toString());
        assertTrue(p.texts().stream().anyMatch(t -> t.endsWith("preferred 1.9%")), "a long note wraps instead of being cut");
    }

    @Test
    void measuredMatrixMaySayAccess() throws Exception {
        var nm = new NodeMatrixImporter().parse(ImportContext.forFile(
                Path.of("src/test/resources/fixtures/node-matrix/synthetic-rows-bandwidth.csv"))).value();
        NumaMatrix m = NumaMatrices.nodeMatrix(nm);
        Picture p = render(m, "bandwidth-4node", 760, 520);
        assertTrue(m.title().startsWith("Measured memory bandwidth"));
        near(Rgb.hex(0xfde725), p.cell(2, 2), "99.1 GB/s is the largest");
        assertEquals(4, p.texts().stream().filter("local"::equals).count());
    }

    @Test
    void singleNodeIsShownHonestly() throws Exception {
        NumaMatrix dist = NumaMatrices.distances(new NumactlHardwareImporter().parse(ImportContext.forFile(
                Path.of("src/test/resources/fixtures/numactl-hardware/real-1node-H.txt"))).value());
        Picture p = render(dist, "distances-1node-real", 600, 360);
        assertEquals(1, p.layout().rows());
        assertEquals(1, p.layout().cols());
        assertTrue(p.texts().contains(HeatmapPainter.SINGLE_NODE));
        assertTrue(p.texts().contains("10"));
        assertNotNull(p.layout().cellAt(p.layout().cellCenterX(0), p.layout().cellCenterY(0)));
        NumaMatrix counters = NumaMatrices.nodeCounters(stats(Path.of(
                "src/test/resources/fixtures/numastat/real-1node-default.txt")).first().counters(),
                NumaMatrices.Mode.ABSOLUTE, Double.NaN);
        Picture c = render(counters, "counters-1node-real", 900, 300);
        assertTrue(c.texts().contains(HeatmapPainter.SINGLE_NODE));
        assertTrue(c.texts().contains("0.0% remote allocation"));
        assertTrue(c.texts().contains("3.31M"), c.texts().toString());
    }

    @Test
    void valueFormatting() {
        assertEquals("4.74G", HeatmapPainter.format(4735090719.0, "pages"));
        assertEquals("12.30M", HeatmapPainter.format(12300000, "pages"));
        assertEquals("45.2k", HeatmapPainter.format(45210, "accesses"));
        assertEquals("12.5%", HeatmapPainter.format(0.125, "share of all nodes"));
        assertEquals("0.26", HeatmapPainter.format(0.26, "MB"));
        assertEquals("-3", HeatmapPainter.format(-3, "MB"));
        assertEquals("9131", HeatmapPainter.format(9131.25, "MB"));
    }

    @Test
    void trendOfTheRemoteAllocationRatio() throws Exception {
        TimelineLog log = TimelineLog.parse(Files.readAllLines(SYN.resolve("timeline.log")));
        List<NumaSeries.Input> in = new ArrayList<>();
        for (String f : List.of("numastat-after.txt", "numastat-before.txt", "numastat-during.txt")) {
            in.add(new NumaSeries.Input(f, log.timeOf(f), stats(SYN.resolve(f))));
        }
        List<io.tunescope.analysis.numa.NumaTrend.Point> pts =
                io.tunescope.analysis.numa.NumaTrend.remoteRatioPerInterval(NumaSeries.counters(in));
        BufferedImage img = new BufferedImage(800, 360, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        Recording rec = new Recording(new AwtPainter(g));
        TrendPainter.Plot plot = new TrendPainter().paint(rec, "Remote allocation ratio", "", true, pts, 0, 0, 800, 360);
        g.dispose();
        ImageIO.write(img, "png", OUT.resolve("trend-ratio-4node.png").toFile());
        double bottom = plot.y() + plot.h();
        double x1 = plot.x() + 10 + (plot.w() - 20);
        double y1 = bottom - plot.h() * (3700000.0 / 4300000);
        Picture p = new Picture(img, null, rec.texts);
        near(TrendPainter.colorOfNode(1), p.at(x1, y1), "node 1 marker at the second interval");
        double x0 = plot.x() + 10;
        double y0 = bottom - plot.h() * (300000.0 / 9000000);
        near(TrendPainter.colorOfNode(0), p.at(x0, y0), "node 0 marker at the first interval");
        assertTrue(rec.texts.contains("+30 s"), rec.texts.toString());
        assertTrue(rec.texts.contains("100%"));
        assertTrue(rec.texts.contains("node 3"));
    }
}
