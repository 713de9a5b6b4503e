package io.tunescope.ui.settings;

import io.tunescope.rules.Settings;
import io.tunescope.session.SettingsFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The thresholds the app runs the rules with: the user's own settings ({@link SettingsFile#userFile()}), read when
 * the window opens and saved there when the user applies the thresholds dialog. One per window, kept when the
 * window is built again in another language; views re-run the rules when {@link #settingsProperty()} changes.
 */
public final class UserThresholds {
    private final ObjectProperty<Settings> settings = new SimpleObjectProperty<>(Settings.defaults());
    private final Path file;
    private List<SettingsFile.Problem> problems = List.of();

    /** The user's settings as saved ({@code ~/.tunescope/settings.json}); entries it cannot take are in {@link #problems()}. */
    public UserThresholds() {
        this(SettingsFile.userFile());
    }

    /** The settings of this file (read now: it is a few hundred bytes). */
    public UserThresholds(Path file) {
        this.file = file;
        SettingsFile.Loaded l;
        if (!java.nio.file.Files.exists(file)) {
            l = new SettingsFile.Loaded(Settings.defaults().from(file.toString(), true), List.of());
        } else {
            try {
                l = SettingsFile.read(file, true);
            } catch (IOException e) {
                l = new SettingsFile.Loaded(Settings.defaults().from(file.toString(), true),
                        List.of(new SettingsFile.Problem(file.toString(), "", SettingsFile.Kind.SYNTAX, String.valueOf(e.getMessage()))));
            }
        }
        settings.set(l.settings());
        problems = l.problems();
    }

    /** The thresholds in force; changes when the user applies new ones. */
    public ReadOnlyObjectProperty<Settings> settingsProperty() {
        return settings;
    }

    public Settings get() {
        return settings.get();
    }

    /** The settings file's entries that were not taken when it was read. */
    public List<SettingsFile.Problem> problems() {
        return problems;
    }

    public Path file() {
        return file;
    }

    /**
     * Puts the thresholds in force (on the FX thread: listeners re-run the rules in the background) and saves them in
     * the background; {@code failed} hears why when they cannot be saved (they stay in force for this session).
     */
    public void apply(Settings s, Executor background, Consumer<String> failed) {
        Settings mine = s.from(file.toString(), true);
        settings.set(mine);
        background.execute(() -> {
            try {
                SettingsFile.write(file, mine);
            } catch (IOException | RuntimeException e) {
                String why = String.valueOf(e.getMessage());
                Platform.runLater(() -> failed.accept(why));
            }
        });
    }
}
