package io.tunescope.importers.config;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportException;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.Sniff;
import io.tunescope.model.capture.Dataset;
import io.tunescope.model.capture.SourceRef;
import io.tunescope.model.config.ConfigDatasets;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigKind;
import io.tunescope.model.config.ConfigSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code mysqld --print-defaults} / {@code mariadbd --print-defaults} / {@code my_print_defaults mysqld}:
 * the options the server reads from its option files, as {@code --name=value} arguments (one line or
 * one per line).
 */
public final class PrintDefaultsImporter implements Importer<ConfigSnapshot> {

    @Override
    public String format() {
        return "mysqld-print-defaults";
    }

    @Override
    public String description() {
        return "mysqld --print-defaults output";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.PRINT_DEFAULTS;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> lines = head.nonBlank();
        if (lines.isEmpty()) {
            return Sniff.no("empty");
        }
        if (lines.get(0).contains("would have been started with the following arguments")) {
            return Sniff.certain("'" + lines.get(0).strip() + "' header of --print-defaults");
        }
        int opts = 0;
        for (String l : lines) {
            if (l.strip().startsWith("--")) {
                opts++;
            }
        }
        if (opts == lines.size() && opts >= 2 && head.anyLine(l -> l.contains("--datadir") || l.contains("--socket")
                || l.contains("--innodb") || l.contains("--port") || l.contains("--user="))) {
            return Sniff.strong("one --option per line, with server options (my_print_defaults style)");
        }
        return Sniff.no("no 'would have been started with the following arguments' header");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                int n = (int) lines.number();
                if (l.isBlank() || l.contains("would have been started with the following arguments")) {
                    continue;
                }
                // a value containing spaces is not quoted by print-defaults: its words are gathered here
                // (one builder, not a string per word: a long line of words stays linear)
                StringBuilder value = null;
                for (String tok : l.strip().split("\\s+")) {
                    if (tok.startsWith("--")) {
                        flush(entries, value);
                        String body = tok.substring(2);
                        int eq = body.indexOf('=');
                        String name = MyCnfImporter.normaliseName(eq < 0 ? body : body.substring(0, eq));
                        String v = eq < 0 ? "ON" : body.substring(eq + 1);
                        if (eq < 0 && name.startsWith("skip_")) {
                            name = name.substring(5);
                            v = "OFF";
                        }
                        entries.add(new ConfigEntry("", name, v, SourceRef.of(ctx.displayName(), n)));
                        value = new StringBuilder(v);
                    } else if (value != null) {
                        value.append(' ').append(tok);
                    } else {
                        ctx.warn(n, ctx.displayName() + ": unexpected text '" + ImportContext.excerpt(tok) + "' before the first --option");
                    }
                }
                flush(entries, value);
            }
        }
        return ctx.result(new ConfigSnapshot(ConfigKind.PRINT_DEFAULTS, entries));
    }

    /** Puts the gathered value into the last entry when words were added to it. */
    private static void flush(List<ConfigEntry> entries, StringBuilder value) {
        if (value == null) {
            return;
        }
        ConfigEntry last = entries.get(entries.size() - 1);
        if (value.length() != last.value().length()) {
            entries.set(entries.size() - 1, new ConfigEntry("", last.name(), value.toString(), last.source()));
        }
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        return ConfigSummary.of(value);
    }
}
