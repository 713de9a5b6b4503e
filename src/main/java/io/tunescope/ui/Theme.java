package io.tunescope.ui;

import java.util.Locale;
import java.util.ResourceBundle;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.WeakListChangeListener;
import javafx.scene.Scene;
import javafx.scene.control.Menu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Light and dark look. {@code tunescope.css} is the base; {@code theme-light.css} and {@code theme-dark.css}
 * define the looked-up colours it uses ({@code -ts-*}) and the Modena base colours. The chosen theme is
 * remembered in {@link Settings} under {@value #SETTING} and applied to every window of the app (dialogs and
 * alerts too), also to windows opened later.
 */
public enum Theme {
    LIGHT("light"),
    DARK("dark");

    /** The settings key. */
    public static final String SETTING = "ui.theme";
    /** The base stylesheet every window gets before the theme's. */
    public static final String BASE = Theme.class.getResource("tunescope.css").toExternalForm();

    private final String slug;

    Theme(String slug) {
        this.slug = slug;
    }

    public String slug() {
        return slug;
    }

    /** The colours canvases paint their background, text, axes and legends in (see {@link io.tunescope.render.Palette}). */
    public io.tunescope.render.Palette palette() {
        return this == DARK ? io.tunescope.render.Palette.DARK : io.tunescope.render.Palette.LIGHT;
    }

    /** The stylesheet URL of this theme. */
    public String stylesheet() {
        return Theme.class.getResource("theme-" + slug + ".css").toExternalForm();
    }

    /** The theme stored in the settings; light when none or an unknown one is stored. */
    public static Theme load(Settings settings) {
        String s = settings.get(SETTING, LIGHT.slug);
        for (Theme t : values()) {
            if (t.slug.equals(s.toLowerCase(Locale.ROOT))) {
                return t;
            }
        }
        return LIGHT;
    }

    /** Puts the base and this theme's stylesheet on a scene, replacing the other theme's. */
    public void applyTo(Scene scene) {
        var sheets = scene.getStylesheets();
        for (Theme t : values()) {
            if (t != this) {
                sheets.remove(t.stylesheet());
            }
        }
        if (!sheets.contains(BASE)) {
            sheets.add(0, BASE);
        }
        if (!sheets.contains(stylesheet())) {
            sheets.add(sheets.indexOf(BASE) + 1, stylesheet());
        }
    }

    /**
     * Keeps all windows of the application in the chosen theme and offers View &gt; Theme. Create one per
     * application; {@link #install()} once the main window exists.
     */
    public static final class Switcher {
        private final Settings settings;
        private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>();
        /**
         * Styles the windows opened from now on. Held here and added to the application-wide window list weakly: a
         * strong listener there kept every main window ever built (its theme listeners reach all its views and the
         * captures they show) until the JVM ended.
         */
        private final ListChangeListener<Window> onNewWindows = c -> {
            while (c.next()) {
                for (Window w : c.getAddedSubList()) {
                    apply(w);
                }
            }
        };
        private final WeakListChangeListener<Window> weakOnNewWindows = new WeakListChangeListener<>(onNewWindows);

        public Switcher(Settings settings) {
            this.settings = settings;
            theme.set(load(settings));
            theme.addListener((o, a, t) -> {
                settings.put(SETTING, t.slug());
                settings.flush();
                applyAll();
            });
        }

        public ObjectProperty<Theme> themeProperty() {
            return theme;
        }

        /** Styles every open window and every window opened from now on (stages, dialogs, alerts). */
        public void install() {
            applyAll();
            Window.getWindows().addListener(weakOnNewWindows);
        }

        /** Stops styling windows opened from now on (the window this switcher belongs to is closed or rebuilt). */
        public void uninstall() {
            Window.getWindows().removeListener(weakOnNewWindows);
        }

        private void applyAll() {
            for (Window w : Window.getWindows()) {
                apply(w);
            }
        }

        private void apply(Window w) {
            // popups (menus, tooltips, combo lists) take their owner's stylesheets
            if (w instanceof Stage && w.getScene() != null) {
                theme.get().applyTo(w.getScene());
            }
        }

        /** View &gt; Theme with one radio item per theme. */
        public Menu menu(ResourceBundle bundle) {
            Menu menu = new Menu(bundle.getString("menu.theme"));
            menu.setGraphic(Icons.icon("fas-adjust"));
            ToggleGroup group = new ToggleGroup();
            for (Theme t : values()) {
                RadioMenuItem item = new RadioMenuItem(bundle.getString("menu.theme." + t.slug()));
                item.setId("theme-" + t.slug());
                item.setToggleGroup(group);
                item.setSelected(t == theme.get());
                item.setOnAction(e -> theme.set(t));
                menu.getItems().add(item);
            }
            theme.addListener((o, a, t) -> group.getToggles().get(t.ordinal()).setSelected(true));
            return menu;
        }
    }
}
