package io.tunescope.cli;

import io.tunescope.rules.Settings;
import io.tunescope.session.SettingsFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code --settings FILE} of the commands that run the rules: the thresholds of a settings file (JSON,
 * {@code {"thresholds": {"RULE-ID.key": value}}}, the format the app saves as the user's settings) instead of the
 * defaults. Entries the rule catalogue does not know, or with values that are not numbers or out of range, are
 * named on standard error and left out; the rest apply. Without the option the defaults apply, so a command's
 * output does not depend on the machine it runs on.
 */
public final class SettingsOption {
    @Option(names = "--settings", paramLabel = "FILE", description = "thresholds to run the rules with, from a settings file "
            + "(JSON: {\"thresholds\": {\"IO-HIGH-AWAIT.awaitNvmeMs\": 2}}; the app saves the user's in ~/.tunescope/settings.json); "
            + "the report lists every threshold changed from its default")
    Path file;

    /**
     * The settings to run the rules with: the defaults without {@code --settings}; the file's otherwise, after
     * printing {@code tunescope CMD: FILE: KEY: ...} for each entry left out. Null after printing why when the file
     * cannot be read at all (the command then exits {@link TunescopeCli#USAGE}).
     */
    Settings load(String command, PrintWriter err) {
        if (file == null) {
            return Settings.defaults();
        }
        SettingsFile.Loaded loaded;
        try {
            loaded = SettingsFile.read(file, false);
        } catch (IOException e) {
            err.println("tunescope " + command + ": --settings: " + TunescopeCli.plainWords(e));
            err.flush();
            return null;
        }
        for (SettingsFile.Problem p : loaded.problems()) {
            err.println("tunescope " + command + ": " + p.message(Locale.ROOT));
        }
        err.flush();
        return loaded.settings();
    }
}
