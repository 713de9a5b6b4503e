package io.tunescope.ui.heatmap;

import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.analysis.timeline.Track;
import io.tunescope.analysis.window.Heatmap;
import io.tunescope.analysis.window.ProfileSamples;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.analysis.window.Window;
import io.tunescope.model.capture.Capture;
import io.tunescope.render.Palette;
import io.tunescope.render.Rgb;
import io.tunescope.render.SampleHeatmapPainter;
import io.tunescope.render.timeline.TimelineChart;
import io.tunescope.ui.CaptureView;
import io.tunescope.ui.FxPainter;
import io.tunescope.ui.Target;
import io.tunescope.ui.UiContext;
import io.tunescope.ui.WindowSelection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.util.StringConverter;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The sub-second offset heatmap of a profile's samples (FlameScope's view): columns are seconds, rows the
 * buckets within a second, colour the sample count; filters by command, thread, CPU and frame; a drag across
 * cells (or, with Shift, across whole columns) selects a time window, which the flame graph, the timeline and
 * the status bar then share ({@link WindowSelection}). The benchmark's TPS, the busiest device's %util and
 * the CPU's busy share are drawn above it on the same x axis, from the capture's one timeline. The model
 * ({@link Heatmap}) is built off the FX thread; painting is {@link SampleHeatmapPainter}'s.
 */
public final class HeatmapView implements CaptureView {
    static final int[] BUCKETS = {10, 20, 50, 100};
    /** Height of one series strip above the heatmap. */
    static final double STRIP = 46;

    private final UiContext ctx;
    private final WindowSelection windows;
    private final BorderPane root = new BorderPane();
    private final ComboBox<CaptureProfiles.Entry> profileBox = new ComboBox<>();
    private final ComboBox<Integer> bucketBox = new ComboBox<>();
    private final ComboBox<String> commBox = new ComboBox<>();
    private final ComboBox<String> cpuBox = new ComboBox<>();
    private final TextField tidField = new TextField();
    private final TextField frameField = new TextField();
    private final Label note = new Label();
    private final Label empty = new Label();
    private final Pane pane = new Pane();
    private final Tooltip tooltip = new Tooltip();
    private final SampleHeatmapPainter painter;
    private Capture capture;
    private Heatmap heatmap;
    private List<Strip> strips = List.of();
    private SampleHeatmapPainter.Layout layout;
    private int[] dragFrom;
    private int[] dragTo;
    private boolean dragColumns;
    private int[] cursor;
    private int generation;
    private boolean updating;

    /** One series drawn above the heatmap: its name and unit, and its points as (perf ns, value). */
    record Strip(String title, String unit, long[] ns, double[] values, Rgb color) {
    }

    public HeatmapView(UiContext ctx) {
        this.ctx = ctx;
        this.windows = ctx.windowSelection() != null ? ctx.windowSelection() : new WindowSelection();
        this.painter = new SampleHeatmapPainter(ctx.locale());
        build();
    }

    @Override
    public String titleKey() {
        return "heatmap.tab";
    }

    @Override
    public String iconLiteral() {
        return "fas-th";
    }

    @Override
    public Node node() {
        return root;
    }

    /** The heatmap shown, or null. */
    public Heatmap heatmap() {
        return heatmap;
    }

    public WindowSelection windows() {
        return windows;
    }

    @Override
    public void show(Capture c) {
        capture = c;
        heatmap = null;
        updating = true;
        List<CaptureProfiles.Entry> timed = new ArrayList<>();
        if (c != null) {
            var session = io.tunescope.session.CaptureSession.of(c);
            for (CaptureProfiles.Entry e : CaptureProfiles.of(c)) {
                ProfileSamples s = session.samples(e.file().path(), e.profile());
                if (s != null && s.timed()) {
                    timed.add(e);
                }
            }
        }
        profileBox.getItems().setAll(timed);
        profileBox.setValue(timed.isEmpty() ? null : timed.get(0));
        updating = false;
        refresh();
    }

    private void build() {
        root.setId("heatmap-view");
        profileBox.setId("heatmap-profile");
        profileBox.setPrefWidth(260);
        profileBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(CaptureProfiles.Entry e) {
                return e == null ? "" : e.label();
            }

            @Override
            public CaptureProfiles.Entry fromString(String s) {
                return null;
            }
        });
        for (int b : BUCKETS) {
            bucketBox.getItems().add(b);
        }
        bucketBox.setValue(20);
        bucketBox.setId("heatmap-bucket");
        bucketBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer b) {
                return b == null ? "" : ctx.text("heatmap.bucket", b, 1000 / b);
            }

            @Override
            public Integer fromString(String s) {
                return null;
            }
        });
        commBox.setId("heatmap-comm");
        cpuBox.setId("heatmap-cpu");
        tidField.setId("heatmap-tid");
        tidField.setPrefColumnCount(6);
        tidField.setPromptText(ctx.text("heatmap.tid.prompt"));
        frameField.setId("heatmap-frame");
        frameField.setPrefColumnCount(14);
        frameField.setPromptText(ctx.text("heatmap.frame.prompt"));
        Button flame = new Button(ctx.text("heatmap.flame"), new FontIcon("fas-fire"));
        flame.setId("heatmap-flame");
        flame.setTooltip(new Tooltip(ctx.text("heatmap.flame.tip")));
        flame.disableProperty().bind(windows.selectedProperty().isNull());
        flame.setOnAction(e -> showFlame());
        Button clear = new Button(ctx.text("window.clear"), new FontIcon("fas-times-circle"));
        clear.setId("heatmap-clear");
        clear.disableProperty().bind(windows.selectedProperty().isNull());
        clear.setOnAction(e -> windows.clear());
        for (ComboBox<?> b : List.of(profileBox, bucketBox, commBox, cpuBox)) {
            b.valueProperty().addListener((o, a, v) -> {
                if (!updating) {
                    refresh();
                }
            });
        }
        tidField.setOnAction(e -> refresh());
        frameField.setOnAction(e -> refresh());
        javafx.scene.layout.FlowPane bar = new javafx.scene.layout.FlowPane(8, 4, profileBox, new Label(ctx.text("heatmap.bucketLabel")), bucketBox, new Label(ctx.text("heatmap.comm")), commBox,
                new Label(ctx.text("heatmap.tid")), tidField, new Label(ctx.text("heatmap.cpu")), cpuBox, frameField, flame, clear);
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 8, 4, 8));
        note.setId("heatmap-note");
        note.setWrapText(true);
        note.setPadding(new Insets(2, 8, 2, 8));
        empty.setId("heatmap-empty");
        empty.setWrapText(true);
        empty.setMaxWidth(640);
        empty.setText(ctx.text("heatmap.empty"));
        empty.setMouseTransparent(true);
        StackPane centre = new StackPane(pane, empty);
        root.setTop(new javafx.scene.layout.VBox(bar, note));
        root.setCenter(centre);
        tooltip.setId("heatmap-tooltip");
        Tooltip.install(pane.canvas, tooltip);
        pane.canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            pane.requestFocus();
            dragFrom = cellAt(e.getX(), e.getY());
            dragTo = dragFrom;
            dragColumns = e.isShiftDown();
            pane.paint();
        });
        pane.canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            if (dragFrom != null) {
                int[] c = cellAt(e.getX(), e.getY());
                if (c != null) {
                    dragTo = c;
                    pane.paint();
                }
            }
        });
        pane.canvas.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            if (dragFrom != null && dragTo != null && heatmap != null) {
                Window w = dragColumns ? heatmap.columns(dragFrom[0], dragTo[0]) : heatmap.range(dragFrom[0], dragFrom[1], dragTo[0], dragTo[1]);
                cursor = dragTo;
                // a click on a cell or a drag across cells: the flame graph of exactly that window is shown
                selectWindow(w, true);
            }
            dragFrom = null;
            dragTo = null;
        });
        pane.canvas.addEventHandler(MouseEvent.MOUSE_MOVED, e -> tooltip.setText(describeCell(cellAt(e.getX(), e.getY()))));
        io.tunescope.ui.FigureExport.register(pane, this::figure);
        io.tunescope.ui.ViewExport.sharpLayer(pane.canvas, (scale, theme) -> heatmap == null ? null
                : io.tunescope.ui.ViewExport.paintCanvas(pane.getWidth(), pane.getHeight(), scale, g -> paintOn(g, theme.palette())));
        windows.selectedProperty().addListener((o, a, b) -> pane.paint());
        ctx.theme().addListener((o, a, t) -> pane.paint());
        registerKeys();
    }

    /** The heatmap's keys, the flame graph's where they apply; listed in F1. They act while the heatmap has the focus. */
    private void registerKeys() {
        pane.setFocusTraversable(true);
        var keys = ctx.shortcuts();
        // the scene's focus owner, not isFocused(): that one is also false while a tooltip window is up
        java.util.function.BooleanSupplier focused = () -> pane.getScene() != null && pane.getScene().getFocusOwner() == pane;
        keys.register("heatmap.up", javafx.scene.input.KeyCombination.valueOf("Up"), "shortcut.heatmap.up", root, focused, () -> moveCursor(0, 1));
        keys.alias("heatmap.up", "W");
        keys.register("heatmap.down", javafx.scene.input.KeyCombination.valueOf("Down"), "shortcut.heatmap.down", root, focused, () -> moveCursor(0, -1));
        keys.alias("heatmap.down", "S");
        keys.register("heatmap.left", javafx.scene.input.KeyCombination.valueOf("Left"), "shortcut.heatmap.left", root, focused, () -> moveCursor(-1, 0));
        keys.alias("heatmap.left", "A");
        keys.register("heatmap.right", javafx.scene.input.KeyCombination.valueOf("Right"), "shortcut.heatmap.right", root, focused, () -> moveCursor(1, 0));
        keys.alias("heatmap.right", "D");
        keys.register("heatmap.select", javafx.scene.input.KeyCombination.valueOf("Enter"), "shortcut.heatmap.select", root, focused, () -> {
            if (heatmap != null && cursor != null) {
                selectWindow(heatmap.columns(cursor[0], cursor[0]), false);
            }
        });
        keys.register("heatmap.search", javafx.scene.input.KeyCombination.valueOf("Slash"), "shortcut.heatmap.search", root, focused,
                frameField::requestFocus);
        keys.register("heatmap.clear", javafx.scene.input.KeyCombination.valueOf("Esc"), "shortcut.heatmap.clear", root, focused, windows::clear);
    }

    private void moveCursor(int dc, int dr) {
        Heatmap h = heatmap;
        if (h == null) {
            return;
        }
        if (cursor == null) {
            cursor = new int[] {0, 0};
        } else {
            cursor = new int[] {Math.max(0, Math.min(h.columns() - 1, cursor[0] + dc)), Math.max(0, Math.min(h.rows() - 1, cursor[1] + dr))};
        }
        tooltip.setText(describeCell(cursor));
        note.setText(describeCell(cursor));
        pane.paint();
    }

    /** The flame graph of the selected window. */
    private void showFlame() {
        WindowSelection.Slice w = windows.selected();
        if (w != null) {
            ctx.navigate(new Target.SelectedWindow(w.entry().file().step()));
        }
    }

    /** Re-aggregates the window's samples in the background, then makes it the selected window. */
    void selectWindow(Window w) {
        selectWindow(w, false);
    }

    /**
     * Re-aggregates the window's samples in the background, then makes it the selected window; with
     * {@code open}, then shows the flame graph of it (the mouse's way: click or drag on the cells).
     */
    void selectWindow(Window w, boolean open) {
        Heatmap h = heatmap;
        CaptureProfiles.Entry e = profileBox.getValue();
        if (h == null || e == null) {
            return;
        }
        ctx.background().submit(() -> {
            WindowSelection.Slice s = WindowSelection.cut(e, h.samples(), w, h.filter(), "heatmap");
            Platform.runLater(() -> {
                windows.select(s, null);
                if (open) {
                    ctx.navigate(new Target.SelectedWindow(e.file().step()));
                }
            });
        });
    }

    private SampleFilter filter() {
        SampleFilter f = SampleFilter.ALL;
        String comm = commBox.getValue();
        if (comm != null && !comm.equals(ctx.text("heatmap.all"))) {
            f = f.withComm(comm);
        }
        String cpu = cpuBox.getValue();
        if (cpu != null && !cpu.equals(ctx.text("heatmap.all"))) {
            f = f.withCpu(Integer.parseInt(cpu));
        }
        String tid = tidField.getText() == null ? "" : tidField.getText().strip();
        if (tid.matches("\\d+")) {
            f = f.withTid(Integer.parseInt(tid));
        }
        String frame = frameField.getText() == null ? "" : frameField.getText().strip();
        if (!frame.isEmpty()) {
            f = f.withFrame(frame);
        }
        return f;
    }

    private void refresh() {
        Capture c = capture;
        CaptureProfiles.Entry e = profileBox.getValue();
        int gen = ++generation;
        if (c == null || e == null) {
            heatmap = null;
            empty.setVisible(true);
            note.setText("");
            pane.paint();
            return;
        }
        SampleFilter f;
        try {
            f = filter();
        } catch (java.util.regex.PatternSyntaxException ex) {
            note.setText(ctx.text("heatmap.badRegex", ex.getDescription()));
            return;
        }
        int bucket = bucketBox.getValue() == null ? 20 : bucketBox.getValue();
        Locale locale = ctx.locale();
        note.setText(ctx.text("heatmap.loading"));
        ctx.background().submit(() -> {
            var session = io.tunescope.session.CaptureSession.of(c);
            ProfileSamples s = session.samples(e.file().path(), e.profile());
            Heatmap h = s == null || !s.timed() ? null : Heatmap.of(s, f, bucket);
            List<Strip> st = h == null ? List.of() : strips(session.timeline(e.file().step().isEmpty() ? null : e.file().step(), locale), s, locale);
            Platform.runLater(() -> {
                if (gen != generation) {
                    return;
                }
                heatmap = h;
                strips = st;
                empty.setVisible(h == null);
                if (h != null) {
                    updating = true;
                    fillChoices(s);
                    updating = false;
                    note.setText(ctx.text(h.wallClock() ? "heatmap.note.wall" : "heatmap.note.perf", h.total(), h.columns(), h.bucketMs())
                            + (st.isEmpty() ? " " + ctx.text("heatmap.note.noSeries") : ""));
                }
                pane.paint();
            });
        });
    }

    /** The commands and CPUs of the profile for the filter choices (kept when already filled). */
    private void fillChoices(ProfileSamples s) {
        String all = ctx.text("heatmap.all");
        if (commBox.getItems().isEmpty() || !commBox.getItems().get(0).equals(all) || commBox.getUserData() != s) {
            commBox.setUserData(s);
            List<String> comms = new ArrayList<>();
            comms.add(all);
            comms.addAll(new TreeSet<>(s.columns().comms()));
            commBox.getItems().setAll(comms);
            commBox.setValue(all);
            TreeSet<Integer> cpus = new TreeSet<>();
            var cols = s.columns();
            if (cols.hasCpu()) {
                for (int i = 0; i < cols.size(); i++) {
                    cpus.add(cols.cpu(i));
                }
            }
            List<String> cpuItems = new ArrayList<>();
            cpuItems.add(all);
            cpus.forEach(x -> cpuItems.add(String.valueOf(x)));
            cpuBox.getItems().setAll(cpuItems);
            cpuBox.setValue(all);
        }
    }

    /**
     * The benchmark's TPS, the busiest device's %util and the CPU's busy share, from the capture's one timeline,
     * placed on perf's clock through the profile's wall clock; none when either clock is unknown.
     */
    static List<Strip> strips(Timeline t, ProfileSamples s, Locale locale) {
        List<Strip> out = new ArrayList<>();
        if (t == null || !t.wallClock() || s.wallMs(s.startNs()) == null) {
            return out;
        }
        long from = s.wallMs(s.startNs()) - 1000;
        long to = s.wallMs(s.endNs()) + 1000;
        Rgb[] colours = {Rgb.hex(0x1f77b4), Rgb.hex(0xd62728), Rgb.hex(0x2ca02c)};
        int k = 0;
        for (TimelineChart.Panel p : TimelineChart.panels(t, locale)) {
            if (!List.of("throughput", "util", "cpu").contains(p.id())) {
                continue;
            }
            // the track that covers the recording best; among equals the busiest (the highest sum over the recording)
            Track best = null;
            int bestPoints = 0;
            double bestSum = Double.NEGATIVE_INFINITY;
            for (Track tr : p.tracks()) {
                int n = 0;
                double sum = 0;
                for (int i = 0; i < tr.series().size(); i++) {
                    long ms = tr.series().time(i);
                    if (ms >= from && ms <= to) {
                        n++;
                        sum += tr.series().value(i);
                    }
                }
                if (n > bestPoints || n == bestPoints && n > 0 && sum > bestSum) {
                    best = tr;
                    bestPoints = n;
                    bestSum = sum;
                }
            }
            if (best == null || bestPoints < 2) {
                continue;
            }
            long[] ns = new long[bestPoints];
            double[] v = new double[bestPoints];
            int j = 0;
            for (int i = 0; i < best.series().size(); i++) {
                long ms = best.series().time(i);
                if (ms >= from && ms <= to) {
                    ns[j] = s.nsAtWall(ms);
                    v[j++] = best.series().value(i);
                }
            }
            String entity = best.series().metric().entity();
            String title = p.title() + (entity.isEmpty() || p.id().equals("throughput") ? "" : " " + entity)
                    + (p.id().equals("cpu") ? " " + best.series().metric().name() : "");
            out.add(new Strip(title, p.axisLabel(), ns, v, colours[k++ % colours.length]));
        }
        return out;
    }

    private int[] cellAt(double x, double y) {
        SampleHeatmapPainter.Layout l = layout;
        return l == null ? null : l.cellAt(x, y);
    }

    /** The tooltip of a cell: its second, its bucket and its samples. */
    String describeCell(int[] cell) {
        Heatmap h = heatmap;
        if (h == null || cell == null) {
            return "";
        }
        int ms0 = cell[1] * h.bucketMs();
        int ms1 = Math.min(1000, ms0 + h.bucketMs());
        return ctx.text("heatmap.cell", h.columnLabel(cell[0]), ms0, ms1, h.count(cell[0], cell[1]));
    }

    /** The heatmap as a figure (File > Export Figure): the profile, filter and selected window on screen. */
    private io.tunescope.render.figure.Figure figure() {
        Heatmap h = heatmap;
        CaptureProfiles.Entry e = profileBox.getValue();
        if (h == null || e == null) {
            return null;
        }
        java.util.Locale loc = ctx.locale();
        WindowSelection.Slice sel = windows.selected();
        Window outline = sel != null && sel.entry().equals(e) ? sel.window() : null;
        var caption = io.tunescope.render.figure.FigureCaption.today(capture == null ? null : capture.name(), e.file().step(),
                outline == null ? null : sel.range(), e.profile().unit().slug(), h.total());
        return io.tunescope.render.figure.Figures.sampleHeatmap(loc, io.tunescope.render.figure.Figures.sampleHeatmapTitle(loc, e.label()),
                io.tunescope.render.figure.Figures.sampleHeatmapSubtitle(loc, h, e.profile().event(),
                        h.filter().all() ? null : io.tunescope.ui.WindowStatus.filterText(ctx, h.filter())),
                h, outline, io.tunescope.render.figure.Figures.HEATMAP_HEIGHT, caption);
    }

    private void paintOn(GraphicsContext g, Palette palette) {
        Heatmap h = heatmap;
        double w = pane.getWidth();
        double ht = pane.getHeight();
        FxPainter p = new FxPainter(g);
        p.fillRect(0, 0, w, ht, palette.background());
        if (h == null) {
            return;
        }
        double top = strips.size() * STRIP;
        WindowSelection.Slice sel = windows.selected();
        Window outline = sel != null && sel.entry().equals(profileBox.getValue()) ? sel.window() : null;
        if (dragFrom != null && dragTo != null) {
            outline = dragColumns ? h.columns(dragFrom[0], dragTo[0]) : h.range(dragFrom[0], dragFrom[1], dragTo[0], dragTo[1]);
        }
        CaptureProfiles.Entry e = profileBox.getValue();
        String title = ctx.text("heatmap.title", e == null ? "" : e.label(), h.total(), h.date())
                + (h.filter().all() ? "" : " \u00b7 " + io.tunescope.ui.WindowStatus.filterText(ctx, h.filter()));
        SampleHeatmapPainter.Layout l = painter.paint(p, h, title, outline, 0, top, w, ht - top, palette);
        layout = l;
        paintStrips(p, h, l, palette);
        if (cursor != null && cursor[0] < l.cols() && cursor[1] < l.rows()) {
            p.strokeRect(l.cellX(cursor[0]), l.cellY(cursor[1]), l.cellW(), l.cellH(), palette.text(), 2);
        }
    }

    /** The series above the heatmap, on its x axis: a perf time is at the same x as its heatmap column. */
    private void paintStrips(FxPainter p, Heatmap h, SampleHeatmapPainter.Layout l, Palette palette) {
        double y = 0;
        double x0 = l.gridX();
        double x1 = l.gridX() + l.cols() * l.cellW();
        for (Strip s : strips) {
            double max = 0;
            for (double v : s.values()) {
                max = Math.max(max, v);
            }
            max = max <= 0 ? 1 : max;
            double top = y + 14;
            double h0 = STRIP - 18;
            p.line(x0, top + h0, x1, top + h0, Rgb.hex(0xb0b0b0), 1);
            p.text(s.title() + " (" + s.unit() + ", " + ctx.text("heatmap.strip.max", String.format(Locale.ROOT, "%.1f", max)) + ")",
                    x0, y + 11, 10, false, palette.text());
            double px = Double.NaN;
            double py = Double.NaN;
            for (int i = 0; i < s.ns().length; i++) {
                double x = x0 + (s.ns()[i] - h.originNs()) / 1e9 * l.cellW();
                double yy = top + h0 - s.values()[i] / max * h0;
                if (x < x0 || x > x1) {
                    px = Double.NaN;
                    continue;
                }
                if (!Double.isNaN(px)) {
                    p.line(px, py, x, yy, s.color(), 1.5);
                }
                px = x;
                py = yy;
            }
            y += STRIP;
        }
    }

    /** The canvas, resized with the view. */
    private final class Pane extends Region {
        final Canvas canvas = new Canvas();

        Pane() {
            getChildren().add(canvas);
            setMinSize(200, 120);
            focusedProperty().addListener((o, a, b) -> paint());
        }

        @Override
        protected void layoutChildren() {
            if (canvas.getWidth() != getWidth() || canvas.getHeight() != getHeight()) {
                canvas.setWidth(getWidth());
                canvas.setHeight(getHeight());
                paint();
            }
        }

        void paint() {
            GraphicsContext g = canvas.getGraphicsContext2D();
            g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
            if (canvas.getWidth() < 2 || canvas.getHeight() < 2) {
                return;
            }
            paintOn(g, ctx.theme().getValue().palette());
        }
    }

    // for tests
    SampleHeatmapPainter.Layout layout() {
        return layout;
    }

    List<Strip> strips() {
        return strips;
    }

    Node canvas() {
        return pane.canvas;
    }

    Node focusNode() {
        return pane;
    }

    int[] cursor() {
        return cursor;
    }
}
