package io.tunescope.ui;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * The window's keyboard shortcuts: one registry that binds them and lists them in the help dialog
 * (Help &gt; Keyboard Shortcuts, F1), so that the dialog can never disagree with what the keys do.
 *
 * <p>Each shortcut has an <b>action id</b> ({@code group.action}; the group, the part before the first dot,
 * orders and titles the help dialog through the bundle key {@code shortcut.group.<group>}), a
 * <b>key combination</b> ({@link KeyCombination#valueOf(String)} syntax; write {@code Shortcut+} for Ctrl,
 * which becomes Cmd on macOS) and a <b>description key</b> in {@code messages.properties}.
 *
 * <p>How a view registers its own shortcuts (in its constructor; {@link UiContext#shortcuts()} is the
 * window's registry):
 * <pre>{@code
 * Shortcuts keys = ctx.shortcuts();
 * keys.register("flame.search", "Shortcut+F", "shortcut.flame.search", node, searchField::requestFocus);
 * keys.register("flame.next", "F3", "shortcut.flame.next", node, this::nextMatch);
 * keys.register("flame.previous", "Shift+F3", "shortcut.flame.previous", node, this::previousMatch);
 * keys.register("flame.zoomOut", "Esc", "shortcut.flame.zoomOut", node, this::zoomOut);
 * keys.alias("flame.zoomOut", "Backspace");
 * keys.register("flame.back", "Alt+Left", "shortcut.flame.back", node, this::back);
 * }</pre>
 * The {@code node} (usually the view's {@link CaptureView#node()}) is the <b>scope</b>: the action runs only
 * while that node is showing (its tab is selected and it is in the window), so several views can use the
 * same keys. A {@code null} scope means everywhere in the window. When several views' registrations for the
 * same keys are active, the first registered runs. Keys that act everywhere (menu items, unscoped shortcuts
 * such as F1, F5, Ctrl+O, Ctrl+1..9, Ctrl+Tab) cannot be registered again: registering throws, so a clash
 * shows up in the first test that opens the window. Keys typed into a text field are left to the text field
 * (Backspace, Esc, Alt+arrows; see {@link #isTextEditingKey}); function keys and Ctrl/Shortcut combinations
 * still work there.
 *
 * <p>Menu items get their accelerator through {@link #menu}, so the menu shows the keys and the dialog lists
 * them. Keys a control already handles by itself can be listed with {@link #document}.
 */
public final class Shortcuts {
    /** One registered shortcut, as the help dialog lists it. */
    public record Shortcut(String id, KeyCombination keys, String descriptionKey) {
        public Shortcut {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(keys, "keys");
            Objects.requireNonNull(descriptionKey, "descriptionKey");
        }

        /** The part of the id before the first dot: file, view, help, flame ... */
        public String group() {
            int dot = id.indexOf('.');
            return dot < 0 ? id : id.substring(0, dot);
        }

        /** The keys as the platform writes them (Ctrl+O, Shift+F3, Ctrl+Page Down). */
        public String displayKeys() {
            return keys.getDisplayText().replace('_', ' ');
        }
    }

    private record Binding(Shortcut shortcut, Node scope, BooleanSupplier enabled, Runnable action) {
        boolean active() {
            return (scope == null || showing(scope)) && (enabled == null || enabled.getAsBoolean());
        }
    }

    private final List<Shortcut> listed = new ArrayList<>();
    /** Keys that act everywhere (menu accelerators and unscoped shortcuts), with the id that has them. */
    private final Map<KeyCombination, String> global = new LinkedHashMap<>();
    private final Map<KeyCombination, List<Binding>> bindings = new LinkedHashMap<>();
    private Scene scene;

    /**
     * Registers a shortcut that runs {@code action} while {@code scope} is showing ({@code null}: always).
     *
     * @throws IllegalArgumentException if the id is already registered, or the keys clash: they already act
     *     everywhere (a menu item or an unscoped shortcut), or an unscoped shortcut takes keys a view uses
     */
    public Shortcut register(String id, String keys, String descriptionKey, Node scope, Runnable action) {
        return register(id, KeyCombination.valueOf(keys), descriptionKey, scope, null, action);
    }

    /** As {@link #register(String, String, String, Node, Runnable)}, only while {@code enabled} also says so. */
    public Shortcut register(String id, KeyCombination keys, String descriptionKey, Node scope, BooleanSupplier enabled,
            Runnable action) {
        Objects.requireNonNull(action, "action");
        Shortcut s = new Shortcut(id, keys, descriptionKey);
        checkKeys(s, scope == null);
        list(s);
        bind(s, scope, enabled, action);
        return s;
    }

    /** Adds more keys for a registered shortcut (Backspace as well as Esc). Listed in the dialog as well. */
    public Shortcut alias(String id, String keys) {
        return alias(id, KeyCombination.valueOf(keys));
    }

    /** As {@link #alias(String, String)}, for keys the string syntax cannot say (Shift pressed or not: {@code SHIFT_ANY}). */
    public Shortcut alias(String id, KeyCombination keys) {
        Binding original = null;
        for (List<Binding> list : bindings.values()) {
            for (Binding b : list) {
                if (b.shortcut().id().equals(id)) {
                    original = b;
                }
            }
        }
        if (original == null) {
            throw new IllegalArgumentException("no shortcut " + id + " to alias");
        }
        Shortcut s = new Shortcut(id, keys, original.shortcut().descriptionKey());
        checkKeys(s, original.scope() == null);
        listed.add(s);
        bind(s, original.scope(), original.enabled(), original.action());
        return s;
    }

    /**
     * Sets a menu item's accelerator and lists it. The menu bar runs the item, also when the item's menu is
     * closed; a disabled item does nothing.
     */
    public Shortcut menu(String id, MenuItem item, String keys, String descriptionKey) {
        Shortcut s = new Shortcut(id, KeyCombination.valueOf(keys), descriptionKey);
        checkKeys(s, true);
        list(s);
        global.put(s.keys(), id);
        item.setAccelerator(s.keys());
        return s;
    }

    /** Lists keys that a control handles by itself (the help dialog shows them; nothing is bound). */
    public Shortcut document(String id, String keys, String descriptionKey) {
        return list(new Shortcut(id, KeyCombination.valueOf(keys), descriptionKey));
    }

    /**
     * Switching between the tabs of {@code tabs}: Shortcut+1 ... Shortcut+9 select the tab at that position,
     * Ctrl+Tab and Ctrl+Shift+Tab (and Ctrl+PageDown/PageUp) the next and previous one, wrapping around.
     */
    public void tabSwitching(TabPane tabs) {
        for (int i = 1; i <= 9; i++) {
            int index = i - 1;
            KeyCombination k = new KeyCodeCombination(KeyCode.valueOf("DIGIT" + i), KeyCombination.SHORTCUT_DOWN);
            Shortcut s = new Shortcut("view.select" + i, k, "shortcut.view.select");
            bind(s, null, () -> index < tabs.getTabs().size(), () -> tabs.getSelectionModel().select(index));
        }
        // one line in the dialog for the nine digits
        listed.add(new Shortcut("view.select", KeyCombination.valueOf("Shortcut+1"), "shortcut.view.select"));
        register("view.next", KeyCombination.valueOf("Ctrl+Tab"), "shortcut.view.next", null,
                () -> tabs.getTabs().size() > 1, () -> step(tabs, 1));
        alias("view.next", "Ctrl+Page_Down");
        register("view.previous", KeyCombination.valueOf("Ctrl+Shift+Tab"), "shortcut.view.previous", null,
                () -> tabs.getTabs().size() > 1, () -> step(tabs, -1));
        alias("view.previous", "Ctrl+Page_Up");
    }

    private static void step(TabPane tabs, int delta) {
        int n = tabs.getTabs().size();
        int i = tabs.getSelectionModel().getSelectedIndex();
        tabs.getSelectionModel().select(Math.floorMod(i + delta, n));
    }

    /**
     * Makes the bound shortcuts work in {@code scene}. A key filter on the scene, so that it sees the keys
     * before a focused control that would otherwise keep them (a TabPane takes Ctrl+Tab, a table the digits).
     */
    public void install(Scene scene) {
        if (this.scene != null) {
            throw new IllegalStateException("already installed in a scene");
        }
        this.scene = scene;
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::dispatch);
    }

    private void dispatch(KeyEvent e) {
        boolean inText = e.getTarget() instanceof javafx.scene.control.TextInputControl;
        for (Map.Entry<KeyCombination, List<Binding>> entry : bindings.entrySet()) {
            if (!entry.getKey().match(e)) {
                continue;
            }
            if (inText && isTextEditingKey(entry.getKey())) {
                return;
            }
            for (Binding b : entry.getValue()) {
                if (b.active()) {
                    e.consume();
                    b.action().run();
                    return;
                }
            }
        }
    }

    /**
     * Keys that edit or move in a text field and so stay with it: anything without Ctrl/Shortcut/Meta that is
     * not a function key (letters, Backspace, Esc, Tab, arrows and Alt+arrows).
     */
    public static boolean isTextEditingKey(KeyCombination k) {
        boolean modified = k.getControl() == KeyCombination.ModifierValue.DOWN
                || k.getShortcut() == KeyCombination.ModifierValue.DOWN
                || k.getMeta() == KeyCombination.ModifierValue.DOWN;
        boolean functionKey = k instanceof KeyCodeCombination kc && kc.getCode().isFunctionKey();
        return !modified && !functionKey;
    }

    /** Everything registered, in registration order (aliases after their shortcut). */
    public List<Shortcut> all() {
        return Collections.unmodifiableList(listed);
    }

    /** The registered shortcut with this id (the first keys, not the aliases), or null. */
    public Shortcut get(String id) {
        for (Shortcut s : listed) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        return null;
    }

    private Shortcut list(Shortcut s) {
        if (get(s.id()) != null) {
            throw new IllegalArgumentException("shortcut " + s.id() + " is already registered");
        }
        listed.add(s);
        return s;
    }

    private void checkKeys(Shortcut s, boolean everywhere) {
        String owner = global.get(s.keys());
        if (owner == null && everywhere && bindings.containsKey(s.keys())) {
            owner = bindings.get(s.keys()).get(0).shortcut().id();
        }
        if (owner != null) {
            throw new IllegalArgumentException("keys " + s.displayKeys() + " of " + s.id() + " are already used by " + owner);
        }
    }

    private void bind(Shortcut s, Node scope, BooleanSupplier enabled, Runnable action) {
        if (scope == null) {
            global.put(s.keys(), s.id());
        }
        bindings.computeIfAbsent(s.keys(), k -> new ArrayList<>()).add(new Binding(s, scope, enabled, action));
    }

    /** Whether a node is in a showing window and it and all its parents are visible (a selected tab). */
    public static boolean isShowing(Node node) {
        return showing(node);
    }

    /** Whether a node is in a showing window and it and all its parents are visible (a selected tab). */
    static boolean showing(Node node) {
        if (node.getScene() == null || node.getScene().getWindow() == null || !node.getScene().getWindow().isShowing()) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }
}
