package io.tunescope.ui;

import java.util.Locale;
import java.util.ResourceBundle;
import javafx.scene.control.Menu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;

/**
 * The UI language: the system's (the JVM's default locale), English or Simplified Chinese. Remembered in
 * {@link Settings} under {@code ui.language}; the window reads its words in it ({@link UiContext#locale()}) and the
 * PDF report follows it. The JVM's default locale is never changed: the language is the window's, not the process's.
 */
public enum Language {
    SYSTEM(null), ENGLISH(Locale.ENGLISH), CHINESE(Locale.SIMPLIFIED_CHINESE);

    private static final String KEY = "ui.language";

    private final Locale locale;

    Language(Locale locale) {
        this.locale = locale;
    }

    public Locale locale() {
        return locale == null ? Locale.getDefault() : locale;
    }

    public static Language saved(Settings settings) {
        try {
            return valueOf(settings.get(KEY, SYSTEM.name()));
        } catch (IllegalArgumentException e) {
            return SYSTEM;
        }
    }

    /**
     * The bundle of the UI's words in the saved language; English (the base bundle) for a language without a
     * bundle of its own, never the words of the default locale instead.
     */
    public static ResourceBundle bundle(Settings settings) {
        return ResourceBundle.getBundle("io.tunescope.ui.messages", saved(settings).locale(),
                ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_DEFAULT));
    }

    /**
     * View > Language. Choosing a language saves it and calls {@code rebuild}, which builds the window again
     * in that language with the same capture and view models.
     */
    static Menu menu(ResourceBundle bundle, Settings settings, Runnable rebuild) {
        Menu m = new Menu(bundle.getString("menu.language"));
        m.setGraphic(Icons.icon("fas-language"));
        ToggleGroup group = new ToggleGroup();
        Language current = saved(settings);
        for (Language l : values()) {
            RadioMenuItem item = new RadioMenuItem(bundle.getString("language." + l.name().toLowerCase(Locale.ROOT)));
            item.setToggleGroup(group);
            item.setSelected(l == current);
            item.setOnAction(e -> {
                if (l != saved(settings)) {
                    settings.put(KEY, l.name());
                    settings.flush();
                    rebuild.run();
                }
            });
            m.getItems().add(item);
        }
        return m;
    }
}
