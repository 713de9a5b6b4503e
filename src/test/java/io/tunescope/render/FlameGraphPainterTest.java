package io.tunescope.render;

import io.tunescope.render.flame.FlameGraphPainter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.analysis.flame.Orientation;
import io.tunescope.analysis.flame.Subsystems;
import io.tunescope.render.awt.AwtPainter;
import io.tunescope.render.flame.ColorScheme;
import io.tunescope.render.flame.FlameColors;
import io.tunescope.testing.FoldedTestProfile;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class FlameGraphPainterTest {
    static final Path OUT = Path.of("target", "flame-png");

    static CallTree simple() {
        return CallTree.of(FoldedTestProfile.of(
                "mysqld;main;buf_page_get;buf_page_get_low 30",
                "mysqld;main;row_search;buf_page_get 20",
                "mysqld;main;row_search;lock_rec 10",
                "mysqld;main 5",
                "swapper;cpu_idle 35"));
    }

    static CallTree resource(String name) throws IOException {
        try (InputStream in = FlameGraphPainterTest.class.getResourceAsStream("/flame/" + name)) {
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            return CallTree.of(FoldedTestProfile.of(lines));
        }
    }

    static BufferedImage render(FlameLayout l, FlameColors c, int w, int h,
                                java.util.function.UnaryOperator<FlameGraphPainter.View> tweak, String png) throws IOException {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        FlameGraphPainter.View v = tweak.apply(FlameGraphPainter.View.of(l, 0, 0, w, h));
        new FlameGraphPainter().paint(new AwtPainter(g), l, c, v);
        g.dispose();
        Files.createDirectories(OUT);
        ImageIO.write(img, "png", OUT.resolve(png).toFile());
        return img;
    }

    static Rgb px(BufferedImage img, int x, int y) {
        return Rgb.hex(img.getRGB(x, y) & 0xFFFFFF);
    }

    @Test
    void paintsFramesWhereTheLayoutPutsThem() throws IOException {
        CallTree t = simple();
        FlameLayout l = FlameLayout.of(t);
        FlameColors c = FlameColors.warm(t);
        BufferedImage img = render(l, c, 400, 150, v -> v, "simple-flame.png");
        // flame: root row at the bottom (rows 0..4, 18 px each; root spans y 132..149)
        int rootY = 150 - 9;
        assertEquals(c.fill(0), px(img, 200, rootY));
        int swapper = t.nodeByPath(List.of("swapper"));
        assertEquals(c.fill(swapper), px(img, 380, rootY - 18)); // x 380 = weight 95 (swapper spans 65..100)
        int mysqld = t.nodeByPath(List.of("mysqld"));
        assertEquals(c.fill(mysqld), px(img, 100, rootY - 18));
        // above main's self gap (weights 60..65, x 240..260) the row of main's children is empty
        assertEquals(Rgb.WHITE, px(img, 250, rootY - 3 * 18));
        // the top rows are white above the short swapper stack
        assertEquals(Rgb.WHITE, px(img, 300, 2));
        // hit testing agrees with the picture
        assertEquals(swapper, FlameGraphPainter.nodeAt(l, FlameGraphPainter.View.of(l, 0, 0, 400, 150), 300, rootY - 18));
    }

    @Test
    void icicleSearchAndZoom() throws IOException {
        CallTree t = simple();
        FlameLayout l = FlameLayout.of(t, 0, 0, Orientation.ICICLE);
        FlameColors c = FlameColors.byModule(t);
        FlameSearch s = FlameSearch.of(t, 0, "buf_page", false);
        BufferedImage img = render(l, c, 400, 150, v -> v.withSearch(s), "simple-icicle-search.png");
        assertEquals(c.fill(0), px(img, 200, 9)); // root at the top
        // buf_page_get (weights 0..30) on row 3
        assertEquals(FlameColors.SEARCH, px(img, 60, 3 * 18 + 9));
        // lock_rec (weights 50..60) on row 4 is not matched
        assertNotEquals(FlameColors.SEARCH, px(img, 220, 4 * 18 + 9));

        int rs = t.nodeByPath(List.of("mysqld", "main", "row_search"));
        FlameLayout z = FlameLayout.of(t, 0, rs, Orientation.FLAME);
        BufferedImage zi = render(z, c, 300, 150, v -> v, "simple-zoom.png");
        // zoomed on row_search (30): lock_rec spans weights 20..30 -> x 200..300 on row 4
        int lock = t.nodeByPath(List.of("mysqld", "main", "row_search", "lock_rec"));
        assertEquals(c.fill(lock), px(zi, 250, 150 - 4 * 18 - 9));
        assertEquals(c.fill(rs), px(zi, 10, 150 - 3 * 18 - 9));
    }

    @Test
    void narrowFramesMergeIntoGreyBlocks() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("big;child 10000");
        for (int i = 0; i < 2000; i++) {
            lines.add("tiny" + (1000 + i) + ";leaf 1");
        }
        CallTree t = CallTree.of(FoldedTestProfile.of(lines));
        FlameLayout l = FlameLayout.of(t);
        BufferedImage img = new BufferedImage(300, 80, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        FlameGraphPainter.Stats st = new FlameGraphPainter().paint(new AwtPainter(g), l, FlameColors.warm(t),
                FlameGraphPainter.View.of(l, 0, 0, 300, 80));
        g.dispose();
        assertEquals(4000, st.hiddenFrames());
        assertEquals(1, st.mergedBlocks()); // the leaves lie inside the merged tiny frames
        assertEquals(3, st.frames()); // all, big, child
        assertEquals(FlameColors.MERGED, px(img, 280, 80 - 18 - 9));
    }

    @Test
    void realProfilesAllSchemesAndDiff() throws IOException {
        CallTree base = resource("mariadb-00-baseline.folded");
        CallTree next = resource("mariadb-01-flush-log-2.folded");
        FlameLayout l = FlameLayout.of(base);
        for (ColorScheme cs : ColorScheme.values()) {
            FlameColors c = cs.create(base, Subsystems.builtIn());
            BufferedImage img = render(l, c, 1200, l.rows() * 18, v -> v.withShortenTemplates(true),
                    "mariadb-" + cs.slug() + ".png");
            assertEquals(c.fill(0), px(img, 600, l.rows() * 18 - 9));
        }
        DiffTree d = DiffTree.of(base, next);
        FlameLayout dl = FlameLayout.of(d.tree(), d.shapeColumn(), 0, Orientation.FLAME);
        FlameColors dc = FlameColors.diff(d, 0.002);
        BufferedImage img = render(dl, dc, 1200, dl.rows() * 18, v -> v, "mariadb-diff.png");
        assertEquals(FlameColors.DIFF_SAME, px(img, 600, dl.rows() * 18 - 9)); // the root's share is always 100 %
        boolean red = false;
        boolean blue = false;
        for (int y = 0; y < img.getHeight(); y += 3) {
            for (int x = 0; x < img.getWidth(); x += 3) {
                Rgb p = px(img, x, y);
                red |= p.r() > 200 && p.g() < 120 && p.b() < 120;
                blue |= p.b() > 150 && p.r() < 120;
            }
        }
        assertTrue(red && blue, "a real before/after diff shows both growth and shrinkage");
        FlameLayout rl = FlameLayout.of(d.tree(), d.reverse().shapeColumn(), 0, Orientation.FLAME);
        render(rl, FlameColors.diff(d.reverse(), 0.002), 1200, rl.rows() * 18, v -> v, "mariadb-diff-reverse.png");
        assertEquals(base.grandTotal(), rl.span());
    }

    @Test
    void emptyProfilePaintsNothingAndHitsNothing() throws IOException {
        CallTree t = CallTree.of(FoldedTestProfile.of(List.of()));
        FlameLayout l = FlameLayout.of(t);
        assertEquals(0, l.span());
        assertEquals(1, l.rows());
        BufferedImage img = new BufferedImage(200, 60, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        FlameGraphPainter.Stats st = new FlameGraphPainter().paint(new AwtPainter(g), l, FlameColors.warm(t),
                FlameGraphPainter.View.of(l, 0, 0, 200, 60));
        g.dispose();
        assertEquals(new FlameGraphPainter.Stats(0, 0, 0, 0), st);
        assertEquals(Rgb.WHITE, px(img, 100, 50));
        assertEquals(-1, FlameGraphPainter.nodeAt(l, FlameGraphPainter.View.of(l, 0, 0, 200, 60), 100, 50));
    }

    @Test
    void labelsFitTheirFrames() throws IOException {
        CallTree t = CallTree.of(FoldedTestProfile.of(
                "mysqld;std::vector<std::pair<int, int>, std::allocator<std::pair<int, int> > >::push_back(int const&) 10",
                "mysqld;short 90"));
        FlameLayout l = FlameLayout.of(t);
        List<String> texts = new ArrayList<>();
        Painter recording = new Painter() {
            @Override
            public void fillRect(double x, double y, double w, double h, Rgb color) {
            }

            @Override
            public void strokeRect(double x, double y, double w, double h, Rgb color, double lineWidth) {
            }

            @Override
            public void line(double x1, double y1, double x2, double y2, Rgb color, double lineWidth) {
            }

            @Override
            public void text(String text, double x, double baselineY, double fontSize, boolean bold, Rgb color) {
                texts.add(text);
            }

            @Override
            public double textWidth(String text, double fontSize, boolean bold) {
                return text.length() * 6.0; // 6 px per character
            }

            @Override
            public void pushClip(double x, double y, double w, double h) {
            }

            @Override
            public void popClip() {
            }
        };
        // the vector frame is 10 % of 1000 px = 100 px: 94 px of room = 15 characters
        new FlameGraphPainter().paint(recording, l, FlameColors.warm(t),
                FlameGraphPainter.View.of(l, 0, 0, 1000, 100).withShortenTemplates(true));
        assertTrue(texts.contains("all") && texts.contains("mysqld") && texts.contains("short"), texts.toString());
        String vec = texts.stream().filter(x -> x.startsWith("std::") || x.startsWith("vector") || x.startsWith("push")).findFirst()
                .orElseThrow(() -> new AssertionError(texts.toString()));
        // neither the name, nor without parameters, nor Class::method fits: the last form, cut with ".."
        assertEquals("vector<…>::pu..", vec);
    }
}
