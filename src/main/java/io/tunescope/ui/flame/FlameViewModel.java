package io.tunescope.ui.flame;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.calltree.Hotspot;
import io.tunescope.analysis.calltree.Hotspots;
import io.tunescope.analysis.calltree.Sandwich;
import io.tunescope.analysis.calltree.Transform;
import io.tunescope.analysis.calltree.TransformStack;
import io.tunescope.analysis.flame.FlameLayout;
import io.tunescope.analysis.flame.FlameNavigation;
import io.tunescope.analysis.flame.FlameSearch;
import io.tunescope.analysis.flame.Orientation;
import io.tunescope.analysis.flame.Subsystems;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.render.flame.ColorScheme;
import io.tunescope.render.flame.FlameColors;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.PatternSyntaxException;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * State of the flame graph view as JavaFX properties (FX thread only), and the background pipeline that
 * turns it into a {@link Snapshot}: call tree (or diff) -> transforms -> hotspots, colours, layout of the
 * zoomed node, search. Each request computes a full snapshot from its own inputs, reusing the last result
 * of each stage when its inputs are unchanged; the newest request wins.
 */
public final class FlameViewModel {

    /** Everything the view paints, immutable. {@code diff} is null unless comparing; then {@code tree == diff.tree()}. */
    public record Snapshot(CallTree tree, DiffTree diff, int column, List<Hotspot> hotspots, FlameColors colors,
                           FlameLayout layout, FlameSearch search, String searchError, Map<Integer, Hotspot> otherSide,
                           StackProfile after, StackProfile before) {
        /** What the weights count: samples, or time for an off-CPU profile. */
        public io.tunescope.model.stack.WeightUnit unit() {
            return after == null ? io.tunescope.model.stack.WeightUnit.SAMPLES : after.unit();
        }

        /** A weight with its unit for people: "1,234 samples", "12.3 ms". */
        public String weight(long w) {
            io.tunescope.model.stack.WeightUnit u = unit();
            return u.isTime() ? u.format(w) : String.format(java.util.Locale.ROOT, "%,d samples", w);
        }

        public long grandTotal() {
            return tree.grandTotal(column);
        }

        /**
         * In a diff: change of a hotspot's total share, after minus before (percentage points / 100); NaN
         * when not comparing.
         */
        public double totalShareDelta(Hotspot h) {
            if (diff == null) {
                return Double.NaN;
            }
            Hotspot o = otherSide.get(h.frameId());
            double other = o == null ? 0 : o.totalShare();
            return diff.reversed() ? other - h.totalShare() : h.totalShare() - other;
        }
    }

    /**
     * The selected time window placed on the clock of the shown off-CPU recording (through the wall clock of
     * both, as the one reading places them): the off-CPU time of exactly that window, and of the window
     * compared with (null when there is none).
     */
    public record OffCpuWindow(io.tunescope.analysis.window.OffCpuSamples samples, io.tunescope.analysis.window.Window window,
                               io.tunescope.analysis.window.Window before, io.tunescope.ui.WindowSelection.Slice slice,
                               io.tunescope.ui.WindowSelection.Slice compare) {
    }

    /** An off-CPU recording cut to a window (computed in the background). */
    private record Cut(io.tunescope.analysis.window.OffCpuSamples samples, io.tunescope.analysis.window.Window window) {
    }

    /** The caller/callee trees of the selected function, laid out. */
    public record SandwichSnapshot(Sandwich sandwich, FlameLayout callers, FlameLayout callees,
                                   FlameColors callerColors, FlameColors calleeColors) {
    }

    private final Executor background;
    private final ObservableList<CaptureProfiles.Entry> profiles = FXCollections.observableArrayList();
    private final ObjectProperty<CaptureProfiles.Entry> profile = new SimpleObjectProperty<>();
    private final ObjectProperty<CaptureProfiles.Entry> before = new SimpleObjectProperty<>();
    private final ObservableList<String> events = FXCollections.observableArrayList();
    private final StringProperty event = new SimpleStringProperty("");
    private final BooleanProperty diffMode = new SimpleBooleanProperty(false);
    private final BooleanProperty reverse = new SimpleBooleanProperty(false);
    private final DoubleProperty thresholdPct = new SimpleDoubleProperty(0.1);
    private final ObjectProperty<TransformStack> transforms = new SimpleObjectProperty<>(TransformStack.EMPTY);
    private final ObjectProperty<ColorScheme> scheme = new SimpleObjectProperty<>(ColorScheme.MODULE);
    private final ObjectProperty<Orientation> orientation = new SimpleObjectProperty<>(Orientation.FLAME);
    private final BooleanProperty shortenTemplates = new SimpleBooleanProperty(true);
    private final StringProperty searchText = new SimpleStringProperty("");
    private final BooleanProperty regex = new SimpleBooleanProperty(false);
    private final IntegerProperty zoom = new SimpleIntegerProperty(0);
    private final IntegerProperty selectedFrame = new SimpleIntegerProperty(-1);
    private final IntegerProperty currentMatch = new SimpleIntegerProperty(-1);
    private final IntegerProperty cursor = new SimpleIntegerProperty(-1);
    /** The child the cursor last left for its parent, preferred when it goes back towards the children. */
    private int cameFrom = -1;
    private final ReadOnlyObjectWrapper<Snapshot> snapshot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<SandwichSnapshot> sandwich = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final Deque<Integer> backStack = new ArrayDeque<>();
    private final Deque<Integer> forwardStack = new ArrayDeque<>();
    private final BooleanProperty canGoBack = new SimpleBooleanProperty(false);
    private final BooleanProperty canGoForward = new SimpleBooleanProperty(false);
    private final ObjectProperty<Subsystems> subsystems = new SimpleObjectProperty<>();
    private final ObjectProperty<io.tunescope.ui.WindowSelection.Slice> window = new SimpleObjectProperty<>();
    private final ObjectProperty<io.tunescope.ui.WindowSelection.Slice> compareWindow = new SimpleObjectProperty<>();

    private final AtomicInteger generation = new AtomicInteger();
    private final AtomicInteger sandwichGeneration = new AtomicInteger();
    private final AtomicInteger pending = new AtomicInteger();
    private final Map<StackProfile, CallTree> trees = new IdentityHashMap<>();
    private final Deque<StackProfile> windowTrees = new ArrayDeque<>();
    private final Map<Cut, StackProfile> cuts = new java.util.LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Cut, StackProfile> e) {
            return size() > 6;
        }
    };
    private final Map<CaptureProfiles.Entry, java.util.Optional<io.tunescope.analysis.window.TimedProfile>> timed = new java.util.HashMap<>();
    private java.util.function.Function<CaptureProfiles.Entry, io.tunescope.analysis.window.TimedProfile> times = e -> null;
    private volatile TreeStage lastTree;
    private volatile ColorStage lastColors;
    private volatile LayoutStage lastLayout;
    private volatile SearchStage lastSearch;
    private boolean suspend;

    private record TreeKey(StackProfile after, StackProfile before, boolean diff, boolean reverse, TransformStack transforms,
                           Cut afterCut, Cut beforeCut) {
        TreeKey(StackProfile after, StackProfile before, boolean diff, boolean reverse, TransformStack transforms) {
            this(after, before, diff, reverse, transforms, null, null);
        }
    }

    private record TreeStage(TreeKey key, CallTree tree, DiffTree diff, int column, List<Hotspot> hotspots,
                             Map<Integer, Hotspot> otherSide, StackProfile after, StackProfile before) {
    }

    private record ColorStage(CallTree tree, DiffTree diff, ColorScheme scheme, double threshold, Subsystems rules,
                              FlameColors colors) {
    }

    private record LayoutStage(CallTree tree, int column, int zoom, Orientation orientation, FlameLayout layout) {
    }

    private record SearchStage(CallTree tree, int column, String query, boolean regex, FlameSearch search, String error) {
    }

    public FlameViewModel(Executor background, Subsystems subsystems) {
        this.background = background;
        this.subsystems.set(subsystems);
        this.subsystems.addListener((o, a, b) -> request(false));
        Runnable treeChanged = () -> request(true);
        profile.addListener((o, a, b) -> {
            boolean was = suspend;
            suspend = true;
            events.setAll(b == null ? List.of() : b.profile().events());
            event.set(b == null ? "" : b.profile().event());
            suspend = was;
            treeChanged.run();
        });
        event.addListener((o, a, b) -> treeChanged.run());
        before.addListener((o, a, b) -> {
            if (diffMode.get()) {
                treeChanged.run();
            }
        });
        diffMode.addListener((o, a, b) -> {
            if (b) {
                chooseBefore();
            }
            treeChanged.run();
        });
        reverse.addListener((o, a, b) -> {
            OffCpuWindow ow = activeOffCpuWindow();
            if (diffMode.get() || activeCompareWindow() != null || (ow != null && ow.before() != null)) {
                treeChanged.run();
            }
        });
        transforms.addListener((o, a, b) -> treeChanged.run());
        window.addListener((o, a, b) -> {
            // a window shows on the profile it was cut from, unless an off-CPU recording on the wall clock is shown
            if (b != null && b.entry() != null && profiles.contains(b.entry()) && !b.entry().equals(profile.get())
                    && !(profile.get() != null && profile.get().offCpu() && activeOffCpuWindow() != null)) {
                boolean was = suspend;
                suspend = true;
                profile.set(b.entry());
                suspend = was;
            }
            treeChanged.run();
        });
        compareWindow.addListener((o, a, b) -> treeChanged.run());
        thresholdPct.addListener((o, a, b) -> request(false));
        scheme.addListener((o, a, b) -> request(false));
        orientation.addListener((o, a, b) -> request(false));
        zoom.addListener((o, a, b) -> request(false));
        searchText.addListener((o, a, b) -> request(false));
        regex.addListener((o, a, b) -> request(false));
        selectedFrame.addListener((o, a, b) -> requestSandwich());
    }

    // ---- properties

    public ObservableList<CaptureProfiles.Entry> profiles() {
        return profiles;
    }

    public ObjectProperty<CaptureProfiles.Entry> profileProperty() {
        return profile;
    }

    public ObjectProperty<CaptureProfiles.Entry> beforeProperty() {
        return before;
    }

    /**
     * The selected time window: while it belongs to the shown profile, the flame graph, hotspots and
     * callers/callees are of exactly its samples. Null: the whole profile.
     */
    public ObjectProperty<io.tunescope.ui.WindowSelection.Slice> windowProperty() {
        return window;
    }

    /** A second window of the same profile (before): with one, the flame graph is the difference window vs window. */
    public ObjectProperty<io.tunescope.ui.WindowSelection.Slice> compareWindowProperty() {
        return compareWindow;
    }

    /** The window that applies to the shown profile, or null. */
    public io.tunescope.ui.WindowSelection.Slice activeWindow() {
        io.tunescope.ui.WindowSelection.Slice w = window.get();
        return w != null && w.entry() != null && w.entry().equals(profile.get()) ? w : null;
    }

    /** The window compared with the active one, or null. */
    public io.tunescope.ui.WindowSelection.Slice activeCompareWindow() {
        io.tunescope.ui.WindowSelection.Slice b = compareWindow.get();
        return activeWindow() != null && b != null && b.entry() != null && b.entry().equals(profile.get()) ? b : null;
    }

    /**
     * How to get a profile's times on the one reading's clock (the capture session's {@code timed}); set by
     * the view with each capture. Without it, windows apply to the CPU profile they were cut from only.
     */
    public void setTimes(java.util.function.Function<CaptureProfiles.Entry, io.tunescope.analysis.window.TimedProfile> f) {
        times = f == null ? e -> null : f;
        timed.clear();
    }

    /** A profile's times on the one reading's clock, or null (kept per profile, so that the same object is reused). */
    public io.tunescope.analysis.window.TimedProfile timesOf(CaptureProfiles.Entry e) {
        return e == null ? null : timed.computeIfAbsent(e, k -> java.util.Optional.ofNullable(times.apply(k))).orElse(null);
    }

    /**
     * The selected window as it applies to the shown off-CPU profile: the window's wall-clock span placed on
     * the off-CPU recording's clock (and the window compared with). Null when no window is selected, the shown
     * profile is not an off-CPU recording with intervals, or either wall clock is unknown.
     */
    public OffCpuWindow activeOffCpuWindow() {
        CaptureProfiles.Entry p = profile.get();
        io.tunescope.ui.WindowSelection.Slice w = window.get();
        if (p == null || !p.offCpu() || w == null || w.window().all()) {
            return null;
        }
        if (!(timesOf(p) instanceof io.tunescope.analysis.window.OffCpuSamples o)) {
            return null;
        }
        io.tunescope.analysis.window.Window a = onClockOf(o, w);
        if (a == null) {
            return null;
        }
        io.tunescope.ui.WindowSelection.Slice c = compareWindow.get();
        io.tunescope.analysis.window.Window b = c == null ? null : onClockOf(o, c);
        return new OffCpuWindow(o, a, b, w, b == null ? null : c);
    }

    /** True when a window is selected but the shown off-CPU recording cannot be placed on its clock. */
    public boolean offCpuWindowUnplaced() {
        CaptureProfiles.Entry p = profile.get();
        return p != null && p.offCpu() && window.get() != null && activeOffCpuWindow() == null;
    }

    /** A window of CPU samples placed on an off-CPU recording's clock through the wall clock; null when either is unknown. */
    static io.tunescope.analysis.window.Window onClockOf(io.tunescope.analysis.window.OffCpuSamples o, io.tunescope.ui.WindowSelection.Slice w) {
        Long a = w.samples().wallMs(w.window().fromNs());
        Long b = w.samples().wallMs(w.window().toNs());
        Long x = a == null ? null : o.nsAtWall(a);
        Long y = b == null ? null : o.nsAtWall(b);
        return x == null || y == null || y < x ? null : new io.tunescope.analysis.window.Window(x, y);
    }

    /** Events of the shown profile's input (a perf script may hold several, e.g. cycles and instructions). */
    public ObservableList<String> events() {
        return events;
    }

    /** The event whose samples are shown (both sides of a diff use it when they have it). */
    public StringProperty eventProperty() {
        return event;
    }

    public BooleanProperty diffModeProperty() {
        return diffMode;
    }

    public BooleanProperty reverseProperty() {
        return reverse;
    }

    public DoubleProperty thresholdPctProperty() {
        return thresholdPct;
    }

    public ObjectProperty<TransformStack> transformsProperty() {
        return transforms;
    }

    /** The frame -> subsystem rules of the subsystem colour scheme (built-in plus the user's file). */
    public ObjectProperty<Subsystems> subsystemsProperty() {
        return subsystems;
    }

    public ObjectProperty<ColorScheme> schemeProperty() {
        return scheme;
    }

    public ObjectProperty<Orientation> orientationProperty() {
        return orientation;
    }

    public BooleanProperty shortenTemplatesProperty() {
        return shortenTemplates;
    }

    public StringProperty searchTextProperty() {
        return searchText;
    }

    public BooleanProperty regexProperty() {
        return regex;
    }

    /** Zoomed node of the current snapshot's tree (0 = the root). */
    public IntegerProperty zoomProperty() {
        return zoom;
    }

    /** Frame id selected in the hotspot table or by clicking a frame; -1 for none. */
    public IntegerProperty selectedFrameProperty() {
        return selectedFrame;
    }

    /** The search match last navigated to with next/previous, or -1. */
    public IntegerProperty currentMatchProperty() {
        return currentMatch;
    }

    /**
     * The frame the keyboard moves (a node of the current snapshot's tree), outlined in the picture; -1 for
     * none. Moving it selects its function ({@link #selectedFrameProperty()}).
     */
    public IntegerProperty cursorProperty() {
        return cursor;
    }

    public ReadOnlyObjectProperty<Snapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public Snapshot snapshot() {
        return snapshot.get();
    }

    public ReadOnlyObjectProperty<SandwichSnapshot> sandwichProperty() {
        return sandwich.getReadOnlyProperty();
    }

    /** True while background work is pending. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public BooleanProperty canGoBackProperty() {
        return canGoBack;
    }

    public BooleanProperty canGoForwardProperty() {
        return canGoForward;
    }

    // ---- actions (FX thread)

    /** Replaces the profiles (a newly opened capture): the first one is shown, the diff compares with the previous file. */
    public void setProfiles(List<CaptureProfiles.Entry> list) {
        suspend = true;
        try {
            synchronized (trees) {
                trees.clear();
                windowTrees.clear();
            }
            synchronized (cuts) {
                cuts.clear();
            }
            profiles.setAll(list);
            transforms.set(TransformStack.EMPTY);
            selectedFrame.set(-1);
            diffMode.set(false);
            before.set(null);
            profile.set(list.isEmpty() ? null : list.get(0));
        } finally {
            suspend = false;
        }
        request(true);
    }

    /** When comparing without a distinct "before": the profile listed before the shown one, else the one after it. */
    private void chooseBefore() {
        CaptureProfiles.Entry p = profile.get();
        CaptureProfiles.Entry b = before.get();
        if (p == null || (b != null && b != p)) {
            return;
        }
        int i = profiles.indexOf(p);
        boolean was = suspend;
        suspend = true;
        if (i > 0) {
            before.set(profiles.get(i - 1));
        } else if (i + 1 < profiles.size()) {
            before.set(profiles.get(i + 1));
        }
        suspend = was;
    }

    /** Zooms to a node, remembering the previous zoom for {@link #back()}. */
    public void zoomTo(int node) {
        if (node == zoom.get() || node < 0) {
            return;
        }
        backStack.push(zoom.get());
        forwardStack.clear();
        zoom.set(node);
        updateHistory();
    }

    public void back() {
        if (!backStack.isEmpty()) {
            forwardStack.push(zoom.get());
            zoom.set(backStack.pop());
            updateHistory();
        }
    }

    public void forward() {
        if (!forwardStack.isEmpty()) {
            backStack.push(zoom.get());
            zoom.set(forwardStack.pop());
            updateHistory();
        }
    }

    /** Back to the whole profile. */
    public void resetZoom() {
        zoomTo(0);
    }

    private void updateHistory() {
        canGoBack.set(!backStack.isEmpty());
        canGoForward.set(!forwardStack.isEmpty());
    }

    public void pushTransform(Transform t) {
        transforms.set(transforms.get().push(t));
    }

    public void undoTransform() {
        transforms.set(transforms.get().pop());
    }

    /** Moves to the next search match (wrapping) and zooms out far enough to show it; returns it or -1. */
    public int nextMatch(boolean forward) {
        Snapshot s = snapshot.get();
        if (s == null || s.search() == null || s.search().isEmpty()) {
            return -1;
        }
        int from = currentMatch.get() >= 0 ? currentMatch.get() : (forward ? 0 : s.tree().size());
        int m = forward ? s.search().next(from) : s.search().previous(from);
        currentMatch.set(m);
        if (!s.layout().isLaidOut(m) || m < s.layout().zoom()) {
            zoomTo(s.tree().parent(m) >= 0 ? s.tree().parent(m) : 0);
        }
        setCursor(m);
        return m;
    }

    // ---- keyboard (FX thread); minWeight is the weight of one pixel: narrower frames are not drawn

    /**
     * Moves the cursor in a screen direction (up: towards the children in a flame graph, towards the root in
     * an icicle; left/right: the neighbours on the row). Without a cursor it starts on the zoomed frame.
     * Returns the cursor.
     */
    public int moveCursor(FlameNavigation.Move m, double minWeight) {
        Snapshot s = snapshot.get();
        if (s == null) {
            return -1;
        }
        FlameLayout l = s.layout();
        int from = cursor.get();
        if (!FlameNavigation.isVisible(l, from, 0)) {
            setCursor(l.zoom());
            return cursor.get();
        }
        int to = FlameNavigation.move(l, from, m, minWeight, cameFrom);
        int remember = to == s.tree().parent(from) ? from : -1;
        setCursor(to);
        cameFrom = remember;
        return to;
    }

    /** One step in: towards the cursor when it is deeper, else into the widest child. */
    public void zoomIn(double minWeight) {
        Snapshot s = snapshot.get();
        if (s != null) {
            zoomTo(FlameNavigation.zoomIn(s.layout(), cursor.get(), minWeight));
        }
    }

    /** One step out: the zoomed frame's parent. */
    public void zoomOut() {
        Snapshot s = snapshot.get();
        if (s != null) {
            zoomTo(FlameNavigation.zoomOut(s.layout()));
        }
    }

    /** Zooms to the cursor's frame (Enter); nothing without a cursor. */
    public void focusCursor() {
        if (cursor.get() >= 0) {
            zoomTo(cursor.get());
        }
    }

    /**
     * Esc: forgets the cursor, the selected function, the search and its current match; when there are none,
     * tells so (false): the caller then clears the time window.
     */
    public boolean clearSelection() {
        boolean any = cursor.get() >= 0 || selectedFrame.get() >= 0 || currentMatch.get() >= 0
                || (searchText.get() != null && !searchText.get().isEmpty());
        setCursor(-1);
        selectedFrame.set(-1);
        currentMatch.set(-1);
        searchText.set("");
        return any;
    }

    /** Puts the cursor on a node and selects its function (the root selects none). */
    public void setCursor(int node) {
        Snapshot s = snapshot.get();
        cameFrom = -1;
        if (s == null || node < 0 || node >= s.tree().size()) {
            cursor.set(-1);
            return;
        }
        cursor.set(node);
        selectedFrame.set(s.tree().frame(node));
    }

    // ---- background pipeline

    private void request(boolean treeChanged) {
        if (suspend) {
            return;
        }
        if (treeChanged) {
            // node ids of the old tree mean nothing in the new one
            backStack.clear();
            forwardStack.clear();
            updateHistory();
            currentMatch.set(-1);
            cursor.set(-1);
            cameFrom = -1;
            if (zoom.get() != 0) {
                suspend = true;
                zoom.set(0);
                suspend = false;
            }
        }
        CaptureProfiles.Entry p = profile.get();
        if (p == null) {
            generation.incrementAndGet();
            snapshot.set(null);
            return;
        }
        CaptureProfiles.Entry b = before.get();
        io.tunescope.ui.WindowSelection.Slice w = activeWindow();
        io.tunescope.ui.WindowSelection.Slice wb = activeCompareWindow();
        TreeKey key;
        OffCpuWindow ow = w == null ? activeOffCpuWindow() : null;
        if (ow != null) {
            // the off-CPU time of the window (each interval cut to it); with a second window: window vs window
            boolean diff = ow.before() != null;
            key = new TreeKey(null, null, diff, diff && reverse.get(), transforms.get(), new Cut(ow.samples(), ow.window()),
                    diff ? new Cut(ow.samples(), ow.before()) : null);
        } else if (w != null) {
            // the window's samples (of its own event); with a second window: window vs window
            boolean diff = wb != null;
            key = new TreeKey(w.profile(), diff ? wb.profile() : null, diff, diff && reverse.get(), transforms.get());
        } else {
            boolean diff = diffMode.get() && b != null;
            CaptureProfiles.Entry[] sides = diff ? diffSides() : null;
            key = new TreeKey(forEvent(diff ? sides[1].profile() : p.profile()), diff ? forEvent(sides[0].profile()) : null, diff,
                    diff && reverse.get(), transforms.get());
        }
        ColorScheme cs = scheme.get();
        double threshold = thresholdPct.get() / 100.0;
        Subsystems rules = subsystems.get();
        Orientation o = orientation.get();
        int z = zoom.get();
        String q = searchText.get() == null ? "" : searchText.get();
        boolean rx = regex.get();
        int gen = generation.incrementAndGet();
        pending.incrementAndGet();
        busy.set(true);
        background.execute(() -> {
            Snapshot s = null;
            try {
                if (gen == generation.get()) {
                    s = compute(key, cs, threshold, rules, o, z, q, rx);
                }
            } finally {
                Snapshot result = s;
                Platform.runLater(() -> {
                    if (result != null && gen == generation.get()) {
                        snapshot.set(result);
                    }
                    busy.set(pending.decrementAndGet() > 0);
                });
            }
        });
    }

    /**
     * The two sides of the comparison in capture order, {before, after}: the profile listed first (the earlier
     * step) is "before" whichever of the two is shown and which is chosen to compare with, so that red always
     * means "grew from the earlier to the later" unless the user reverses it. Null when not comparing.
     */
    public CaptureProfiles.Entry[] diffSides() {
        CaptureProfiles.Entry p = profile.get();
        CaptureProfiles.Entry b = before.get();
        if (!diffMode.get() || p == null || b == null) {
            return null;
        }
        return profiles.indexOf(b) <= profiles.indexOf(p) ? new CaptureProfiles.Entry[] {b, p} : new CaptureProfiles.Entry[] {p, b};
    }

    /** The profile's samples of the chosen event, or its default samples when it has no such event. */
    private StackProfile forEvent(StackProfile p) {
        String ev = event.get();
        StackProfile e = ev == null || ev.isEmpty() ? null : p.forEvent(ev);
        return e == null ? p : e;
    }

    /** The off-CPU profile of a window (kept while it is one of the last few). */
    private StackProfile cut(Cut c) {
        synchronized (cuts) {
            StackProfile p = cuts.get(c);
            if (p == null) {
                p = c.samples().select(c.window(), io.tunescope.analysis.window.SampleFilter.ALL);
                cuts.put(c, p);
            }
            return p;
        }
    }

    private CallTree treeOf(StackProfile p) {
        synchronized (trees) {
            CallTree t = trees.get(p);
            if (t == null) {
                // a window's tree is cut from the whole profile's tree (kept by its samples), not built again
                t = p instanceof io.tunescope.analysis.window.WindowProfile w ? w.callTree() : CallTree.of(p);
                if (p instanceof io.tunescope.analysis.window.WindowProfile
                        || (p instanceof io.tunescope.model.stack.OffCpuProfile o && o.fromNs() != Long.MIN_VALUE)) {
                    // a window's tree is kept while it is one of the last few (each drag makes a new window)
                    windowTrees.addLast(p);
                    while (windowTrees.size() > 4) {
                        trees.remove(windowTrees.removeFirst());
                    }
                }
                trees.put(p, t);
            }
            return t;
        }
    }

    Snapshot compute(TreeKey key, ColorScheme cs, double threshold, Subsystems rules, Orientation o, int z, String q,
                     boolean rx) {
        TreeStage ts = lastTree;
        if (ts == null || !ts.key().equals(key)) {
            StackProfile afterProfile = key.afterCut() != null ? cut(key.afterCut()) : key.after();
            StackProfile beforeProfile = key.beforeCut() != null ? cut(key.beforeCut()) : key.before();
            CallTree after = treeOf(afterProfile);
            CallTree tree;
            DiffTree diff = null;
            int column = 0;
            if (key.diff()) {
                DiffTree d = DiffTree.of(treeOf(beforeProfile), after);
                d = key.reverse() ? d.reverse() : d;
                diff = d.withTree(key.transforms().apply(d.tree()));
                tree = diff.tree();
                column = diff.shapeColumn();
            } else {
                tree = key.transforms().apply(after);
            }
            Map<Integer, Hotspot> other = new java.util.HashMap<>();
            if (diff != null) {
                for (Hotspot h : Hotspots.of(tree, 1 - column)) {
                    other.put(h.frameId(), h);
                }
            }
            ts = new TreeStage(key, tree, diff, column, Hotspots.of(tree, column), Map.copyOf(other), afterProfile, beforeProfile);
            lastTree = ts;
        }
        ColorStage cst = lastColors;
        if (cst == null || cst.tree() != ts.tree() || cst.diff() != ts.diff() || cst.scheme() != cs || cst.threshold() != threshold
                || cst.rules() != rules) {
            FlameColors colors = ts.diff() != null ? FlameColors.diff(ts.diff(), threshold) : cs.create(ts.tree(), rules);
            cst = new ColorStage(ts.tree(), ts.diff(), cs, threshold, rules, colors);
            lastColors = cst;
        }
        int zoomNode = z < ts.tree().size() ? z : 0;
        LayoutStage ls = lastLayout;
        if (ls == null || ls.tree() != ts.tree() || ls.column() != ts.column() || ls.zoom() != zoomNode || ls.orientation() != o) {
            ls = new LayoutStage(ts.tree(), ts.column(), zoomNode, o, FlameLayout.of(ts.tree(), ts.column(), zoomNode, o));
            lastLayout = ls;
        }
        SearchStage ss = lastSearch;
        if (ss == null || ss.tree() != ts.tree() || ss.column() != ts.column() || !ss.query().equals(q) || ss.regex() != rx) {
            FlameSearch fs = null;
            String error = null;
            if (!q.isEmpty()) {
                try {
                    fs = FlameSearch.of(ts.tree(), ts.column(), q, rx);
                } catch (PatternSyntaxException e) {
                    error = e.getDescription();
                }
            }
            ss = new SearchStage(ts.tree(), ts.column(), q, rx, fs, error);
            lastSearch = ss;
        }
        return new Snapshot(ts.tree(), ts.diff(), ts.column(), ts.hotspots(), cst.colors(), ls.layout(), ss.search(), ss.error(), ts.otherSide(),
                ts.after(), ts.before());
    }

    private void requestSandwich() {
        Snapshot s = snapshot.get();
        int f = selectedFrame.get();
        int gen = sandwichGeneration.incrementAndGet();
        if (s == null || f < 0 || f >= s.tree().frames().size()) {
            sandwich.set(null);
            return;
        }
        String name = s.tree().frames().get(f);
        CallTree tree = s.tree();
        int column = s.column();
        DiffTree diff = s.diff();
        ColorScheme cs = scheme.get();
        double threshold = thresholdPct.get() / 100.0;
        Subsystems rules = subsystems.get();
        pending.incrementAndGet();
        busy.set(true);
        background.execute(() -> {
            SandwichSnapshot r = null;
            try {
                Sandwich sw = Sandwich.of(tree, name);
                FlameLayout callers = FlameLayout.of(sw.callers(), column, sw.callers().size() > 1 ? 1 : 0, Orientation.FLAME);
                FlameLayout callees = FlameLayout.of(sw.callees(), column, sw.callees().size() > 1 ? 1 : 0, Orientation.ICICLE);
                FlameColors cc;
                FlameColors ce;
                if (diff != null) {
                    cc = FlameColors.diff(diff.withTree(sw.callers()), threshold);
                    ce = FlameColors.diff(diff.withTree(sw.callees()), threshold);
                } else {
                    cc = cs.create(sw.callers(), rules);
                    ce = cs.create(sw.callees(), rules);
                }
                r = new SandwichSnapshot(sw, callers, callees, cc, ce);
            } finally {
                SandwichSnapshot result = r;
                Platform.runLater(() -> {
                    if (gen == sandwichGeneration.get()) {
                        sandwich.set(result);
                    }
                    busy.set(pending.decrementAndGet() > 0);
                });
            }
        });
    }

    /** The hotspot of a frame id in the current snapshot, or null. */
    public Hotspot hotspotOf(int frameId) {
        Snapshot s = snapshot.get();
        if (s == null) {
            return null;
        }
        for (Hotspot h : s.hotspots()) {
            if (h.frameId() == frameId) {
                return h;
            }
        }
        return null;
    }

}
