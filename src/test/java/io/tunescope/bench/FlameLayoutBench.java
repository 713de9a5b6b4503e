package io.tunescope.bench;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CallTreeBuilder;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.Orientation;
import io.tunescope.render.flame.FlameGraphPainter;
import io.tunescope.render.Painter;
import io.tunescope.render.Rgb;
import io.tunescope.render.awt.AwtPainter;
import io.tunescope.render.flame.FlameColors;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A 1,000,000-node call tree: layout plus painting the visible frames of a 1600x1000 view, per frame
 * (target: under 16 ms). Run: {@code mvn -o -Pbench test-compile exec:exec -Dbench=FlameLayoutBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g", "-Djava.awt.headless=true"})
public class FlameLayoutBench {
    static final int NODES = 1_000_000;

    CallTree tree;
    FlameLayout full;
    FlameColors colors;
    FlameGraphPainter painter;
    BufferedImage image;
    Graphics2D g;
    AwtPainter awt;
    Painter noop;
    int zoomNode;
    int frameCounter;

    /** A random tree: 20,000 frame names, stacks 5-60 deep, a hot few branches like real profiles. */
    public static CallTree syntheticTree(int nodes, long seed) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            names.add((i % 3 == 0 ? "buf_page_get_" : i % 3 == 1 ? "row_search_" : "Item_func::val_") + i);
        }
        SplittableRandom r = new SplittableRandom(seed);
        CallTreeBuilder b = new CallTreeBuilder(names, 1);
        // grow random paths until the estimated number of distinct nodes reaches the wanted size
        int[] stack = new int[64];
        int estimate = 0;
        while (estimate < nodes) {
            int depth = 5 + r.nextInt(56);
            for (int d = 0; d < depth; d++) {
                // low branching near the root, more near the leaves
                int fan = d < 3 ? 4 : d < 8 ? 12 : 60;
                stack[d] = (int) ((d * 7919L + r.nextInt(fan) * 104729L) % names.size());
            }
            b.add(stack, depth, 0, 1 + r.nextInt(100));
            estimate += depth > 8 ? depth - 8 : 1; // frames past depth 8 are nearly always new nodes
        }
        return b.build();
    }

    @Setup(Level.Trial)
    public void setup() {
        tree = syntheticTree(NODES, 42);
        System.err.println("tree: " + tree.size() + " nodes, max depth " + tree.maxDepth());
        full = FlameLayout.of(tree, 0, 0, Orientation.FLAME);
        colors = FlameColors.warm(tree);
        painter = new FlameGraphPainter();
        image = new BufferedImage(1600, 1000, BufferedImage.TYPE_INT_RGB);
        g = image.createGraphics();
        awt = new AwtPainter(g);
        noop = new NoopPainter();
        // a node with a big subtree a few levels down, for the zoomed case
        zoomNode = 1;
        for (int n = 1; n < tree.size(); n++) {
            if (tree.depth(n) == 4 && tree.end(n) - n > tree.end(zoomNode) - zoomNode) {
                zoomNode = n;
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        g.dispose();
    }

    @Benchmark
    public FlameLayout layoutOnly() {
        return FlameLayout.of(tree, 0, 0, Orientation.FLAME);
    }

    /** What a zoom click costs: a fresh layout of the whole tree and painting it to a 1600x1000 image. */
    @Benchmark
    public FlameGraphPainter.Stats layoutAndPaintFullTree() {
        FlameLayout l = FlameLayout.of(tree, 0, 0, Orientation.FLAME);
        return painter.paint(awt, l, colors, FlameGraphPainter.View.of(l, 0, 0, 1600, 1000));
    }

    /** Layout of a zoomed subtree plus painting it. */
    @Benchmark
    public FlameGraphPainter.Stats layoutAndPaintZoomed() {
        FlameLayout l = FlameLayout.of(tree, 0, zoomNode, Orientation.FLAME);
        return painter.paint(awt, l, colors, FlameGraphPainter.View.of(l, 0, 0, 1600, 1000));
    }

    /** One frame of a pan/zoom animation: the layout exists, the window moves; painted to an image. */
    @Benchmark
    public FlameGraphPainter.Stats paintPanFrame() {
        int k = (frameCounter++ & 63);
        double span = full.span();
        double w = span / (1 + k * 0.25);
        double start = (span - w) * (k / 63.0);
        return painter.paint(awt, full, colors, FlameGraphPainter.View.of(full, 0, 0, 1600, 1000).withWindow(start, start + w));
    }

    /** Layout plus the painter's own work with a no-op surface (excludes Java2D rasterising). */
    @Benchmark
    public FlameGraphPainter.Stats layoutAndPaintNoop() {
        FlameLayout l = FlameLayout.of(tree, 0, 0, Orientation.FLAME);
        return painter.paint(noop, l, colors, FlameGraphPainter.View.of(l, 0, 0, 1600, 1000));
    }

    /**
     * CPU time per operation of the same work, measured on the calling thread: on a shared, loaded machine
     * wall-clock JMH scores mostly measure the wait for a core. Run:
     * {@code java -cp target/classes:target/test-classes:CLASSPATH io.tunescope.bench.FlameLayoutBench}.
     */
    public static void main(String[] args) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        FlameLayoutBench b = new FlameLayoutBench();
        b.setup();
        java.util.function.ToDoubleBiFunction<Runnable, Integer> cpu = (r, n) -> {
            long c0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) {
                r.run();
            }
            return (mx.getCurrentThreadCpuTime() - c0) / 1e6 / n;
        };
        for (int round = 0; round < 5; round++) {
            System.err.printf(java.util.Locale.ROOT, "CPU ms/op: layout %.3f, layout+paint no-op %.2f, layout+paint AWT %.2f, "
                            + "zoomed %.2f, pan frame %.2f%n", cpu.applyAsDouble(b::layoutOnly, 50),
                    cpu.applyAsDouble(b::layoutAndPaintNoop, 50), cpu.applyAsDouble(b::layoutAndPaintFullTree, 50),
                    cpu.applyAsDouble(b::layoutAndPaintZoomed, 50), cpu.applyAsDouble(b::paintPanFrame, 64));
        }
        b.tearDown();
    }

    static final class NoopPainter implements Painter {
        long calls;

        @Override
        public void fillRect(double x, double y, double w, double h, Rgb color) {
            calls++;
        }

        @Override
        public void strokeRect(double x, double y, double w, double h, Rgb color, double lineWidth) {
            calls++;
        }

        @Override
        public void line(double x1, double y1, double x2, double y2, Rgb color, double lineWidth) {
            calls++;
        }

        @Override
        public void text(String text, double x, double baselineY, double fontSize, boolean bold, Rgb color) {
            calls++;
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
}
