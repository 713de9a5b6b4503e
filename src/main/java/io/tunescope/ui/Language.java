package io.tunescope.ui;

import java.util.Locale;
import java.util.ResourceBundle;
import javafx.scene.control.Menu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;

/**
 * The UI language: the system's (as the JVM started), English or Simplified Chinese. Remembered in
 * {@link Settings} under {@code ui.language}; the PDF report follows the UI language.
 */
public enum Language {
    SYSTEM(null), ENGLISH(Locale.ENGLISH), CHINESE(Locale.SIMPLIFIED_CHINESE);

    private static final Locale STARTUP = Locale.getDefault();
    private static final String KEY = "ui.language";

    private final Locale locale;

    Language(Locale locale) {
        this.locale = locale;
    }

    public Locale locale() {
        return locale == null ? STARTUP : locale;
    }

    public static Language saved(Settings settings) {
        try {
            return valueOf(settings.get(KEY, SYSTEM.name()));
        } catch (IllegalArgumentException e) {
            return SYSTEM;
        }
    }

    /** Makes the saved language the default locale; call before any window is built. */
    public static void applySaved(Settings settings) {
        Locale.setDefault(saved(settings).locale());
    }

    /**
     * View > Language. Choosing a language saves it, makes it the default locale and calls
     * {@code rebuild}, which builds the window again in that language.
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
                    Locale.setDefault(l.locale());
                    rebuild.run();
                }
            });
            m.getItems().add(item);
        }
        return m;
    }
}
