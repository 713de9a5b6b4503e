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
import io.tunescope.model.config.ServerFlavor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's version: {@code SELECT VERSION()} (batch or table output) or {@code mysqld --version}
 * ({@code mysqld  Ver 8.0.33 for Linux on aarch64 (MySQL Community Server - GPL)}). Entries:
 * {@code version}, {@code version_comment} (when printed), and the detected {@code flavor}.
 */
public final class ServerVersionImporter implements Importer<ConfigSnapshot> {
    private static final Pattern VER_LINE = Pattern.compile("^\\S*(mysqld|mariadbd|mariadb|mysql)\\s+Ver\\s+(\\S+)(.*)$");
    private static final Pattern VERSION = Pattern.compile("^\\|?+\\s*+(\\d++\\.\\d++\\.\\d++[A-Za-z0-9.+_\\-~]*+)\\s*+\\|?+\\s*+$");

    @Override
    public String format() {
        return "server-version";
    }

    @Override
    public String description() {
        return "SELECT VERSION() or mysqld --version output";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return ConfigDatasets.SERVER_VERSION;
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        List<String> l = head.nonBlank();
        if (l.isEmpty() || l.size() > 8) {
            return Sniff.no("not a short version listing");
        }
        for (int i = 0; i < l.size(); i++) {
            String s = l.get(i).strip();
            if (VER_LINE.matcher(s).matches()) {
                return Sniff.certain("'" + s.split("\\s+")[0] + " Ver ...' line of --version");
            }
            if ((s.equals("VERSION()") || s.equals("| VERSION() |") || s.equals("@@version")) && i + 1 < l.size()) {
                return Sniff.certain("SELECT VERSION() result");
            }
        }
        return Sniff.no("no VERSION() header or 'Ver' line");
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        String version = null;
        String comment = null;
        int line = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null && version == null) {
                String s = l.strip();
                Matcher m = VER_LINE.matcher(s);
                if (m.matches()) {
                    version = m.group(2);
                    line = (int) lines.number();
                    comment = trailingParenthesis(m.group(3));
                } else if ((m = VERSION.matcher(s)).matches()) {
                    version = m.group(1);
                    line = (int) lines.number();
                }
            }
        }
        if (version == null) {
            throw new ImportException(0, ctx.displayName() + ": no version number found");
        }
        entries.add(new ConfigEntry("", "version", version, SourceRef.of(ctx.displayName(), line)));
        if (comment != null) {
            entries.add(new ConfigEntry("", "version_comment", comment, SourceRef.of(ctx.displayName(), line)));
        }
        ServerFlavor f = ServerFlavor.parse(version, comment);
        entries.add(new ConfigEntry("", "flavor", f.display(), SourceRef.of(ctx.displayName(), line)));
        return ctx.result(new ConfigSnapshot(ConfigKind.SERVER_VERSION, entries));
    }

    /**
     * The text in the parentheses that end the line ({@code (MySQL Community Server - GPL)}), or null: the
     * last ')' and the first '(' after the ')' before it. A scan, not a regex: a long line stays linear.
     */
    static String trailingParenthesis(String rest) {
        String s = rest.stripTrailing();
        if (!s.endsWith(")")) {
            return null;
        }
        int close = s.length() - 1;
        int open = s.indexOf('(', s.lastIndexOf(')', close - 1) + 1);
        return open >= 0 && open < close ? s.substring(open + 1, close) : null;
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        return ConfigSummary.of(value);
    }
}
