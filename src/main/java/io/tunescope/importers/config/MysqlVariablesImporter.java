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
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code SHOW GLOBAL VARIABLES} and {@code SHOW GLOBAL STATUS} as the mysql client prints them: batch
 * mode (tab separated, with or without the {@code Variable_name	Value} header, with {@code \t \n \\}
 * escapes), table mode ({@code | name | value |} between {@code +---+} rules) and vertical mode
 * ({@code \G}). The two formats are told apart by the names: status counters are capitalised
 * ({@code Uptime}, {@code Com_select}), variables are lower case.
 */
public final class MysqlVariablesImporter implements Importer<ConfigSnapshot> {
    private static final Pattern TAB_ROW = Pattern.compile("^([A-Za-z][A-Za-z0-9_]*)\\t(.*)$");
    private static final Pattern TABLE_ROW = Pattern.compile("^\\|\\s*([A-Za-z][A-Za-z0-9_]*)\\s*\\|(.*)\\|\\s*$");
    private static final Pattern TABLE_HEADER = Pattern.compile("^\\|\\s*Variable_name\\s*\\|\\s*Value\\s*\\|\\s*$");
    private static final Pattern VERTICAL_NAME = Pattern.compile("^\\s*Variable_name:\\s*(\\S+)\\s*$");
    private static final Pattern VERTICAL_VALUE = Pattern.compile("^\\s*Value:\\s?(.*)$");

    private final boolean status;

    private MysqlVariablesImporter(boolean status) {
        this.status = status;
    }

    public static MysqlVariablesImporter variables() {
        return new MysqlVariablesImporter(false);
    }

    public static MysqlVariablesImporter status() {
        return new MysqlVariablesImporter(true);
    }

    @Override
    public String format() {
        return status ? "mysql-status" : "mysql-variables";
    }

    @Override
    public String description() {
        return status ? "SHOW GLOBAL STATUS output" : "SHOW GLOBAL VARIABLES output";
    }

    @Override
    public Dataset<ConfigSnapshot> dataset() {
        return status ? ConfigDatasets.STATUS : ConfigDatasets.VARIABLES;
    }

    private static Listing listing(Head head) {
        int rows = 0;
        int capital = 0;
        int lower = 0;
        int nonBlank = 0;
        boolean header = false;
        int tables = 0;
        for (String l : head.lines()) {
            // literal tests first (the expressions decide): table lines start with '|', tab rows with a letter
            char c0 = l.isEmpty() ? 0 : l.charAt(0);
            if (c0 == '|' && TABLE_HEADER.matcher(l).matches()) {
                tables++;
            }
            if (l.isBlank()) {
                continue;
            }
            nonBlank++;
            String name = null;
            Matcher m;
            if (Head.startsWithAsciiLetter(l) && l.indexOf('\t') > 0 && (m = TAB_ROW.matcher(l)).matches()) {
                // a name/value row has two columns (tabs inside a value are written \t): more columns are another
                // table, such as SHOW OPEN TABLES (Database, Table, In_use, Name_locked)
                name = m.group(2).indexOf('\t') >= 0 ? null : m.group(1);
            } else if (c0 == '|' && (m = TABLE_ROW.matcher(l)).matches()) {
                // likewise a table row of more than two cells is another table (a performance_schema summary)
                name = m.group(2).indexOf('|') >= 0 ? null : m.group(1);
            } else if (l.contains("Variable_name:") && (m = VERTICAL_NAME.matcher(l)).matches()) {
                name = m.group(1);
            } else if (l.startsWith("+-") || l.contains("Value:") && VERTICAL_VALUE.matcher(l).matches() || l.startsWith("*****")) {
                rows++;
                continue;
            }
            if (name == null) {
                continue;
            }
            if (name.equals("Variable_name")) {
                header = true;
                rows++;
                continue;
            }
            rows++;
            if (Character.isUpperCase(name.charAt(0))) {
                capital++;
            } else {
                lower++;
            }
        }
        return new Listing(rows, capital, lower, nonBlank, header, tables);
    }

    /** What both importers' sniffs count in a head: counted once per head (see {@link Head#memo}). */
    private record Listing(int rows, int capital, int lower, int nonBlank, boolean header, int tables) {
    }

    @Override
    public Sniff sniff(Head head) {
        if (head.binary()) {
            return Sniff.no("binary content");
        }
        Listing c = head.memo(Listing.class, MysqlVariablesImporter::listing);
        int rows = c.rows();
        int capital = c.capital();
        int lower = c.lower();
        int nonBlank = c.nonBlank();
        boolean header = c.header();
        int tables = c.tables();
        if (nonBlank == 0 || rows < nonBlank * 0.75 || capital + lower < 3) {
            return Sniff.no("not a name/value listing of server variables");
        }
        if (tables >= 2) {
            return Sniff.no(tables + " Variable_name/Value tables one after another: repeated samples (mysqladmin extended-status -i N)");
        }
        boolean looksStatus = capital > lower;
        String kind = looksStatus ? "status counters (capitalised names such as Uptime)" : "server variables (lower-case names)";
        if (looksStatus != status) {
            return Sniff.no("looks like " + kind);
        }
        if (header) {
            return Sniff.strong("Variable_name/Value listing of " + kind);
        }
        return Sniff.strong("name<TAB>value listing of " + kind);
    }

    @Override
    public ImportResult<ConfigSnapshot> parse(ImportContext ctx) throws ImportException, IOException {
        List<ConfigEntry> entries = new ArrayList<>();
        String pendingName = null;
        long pendingLine = 0;
        try (ImportContext.Lines lines = ctx.lines()) {
            String l;
            while ((l = lines.next()) != null) {
                long n = lines.number();
                if (l.isBlank() || l.startsWith("+-") || l.startsWith("*****")) {
                    continue;
                }
                Matcher m;
                if ((m = VERTICAL_NAME.matcher(l)).matches()) {
                    pendingName = m.group(1);
                    pendingLine = n;
                    continue;
                }
                if (pendingName != null && (m = VERTICAL_VALUE.matcher(l)).matches()) {
                    add(entries, pendingName, m.group(1), ctx, pendingLine);
                    pendingName = null;
                    continue;
                }
                if ((m = TAB_ROW.matcher(l)).matches()) {
                    add(entries, m.group(1), io.tunescope.importers.MysqlBatch.unescape(m.group(2)), ctx, n);
                } else if ((m = TABLE_ROW.matcher(l)).matches()) {
                    add(entries, m.group(1), m.group(2).strip(), ctx, n);
                } else if (l.matches("^\\d+ rows? in set.*")) {
                    continue;
                } else {
                    ctx.warn(n, ctx.displayName() + ": line is not a name/value row: " + abbreviate(l));
                }
            }
        }
        if (entries.isEmpty()) {
            throw new ImportException(0, ctx.displayName() + ": no variables found");
        }
        return ctx.result(new ConfigSnapshot(status ? ConfigKind.STATUS : ConfigKind.VARIABLES, entries));
    }

    private void add(List<ConfigEntry> entries, String name, String value, ImportContext ctx, long line) {
        if (name.equals("Variable_name")) {
            return;
        }
        String key = status ? name : name.toLowerCase(Locale.ROOT);
        entries.add(new ConfigEntry("", key, value, SourceRef.of(ctx.displayName(), (int) line)));
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    @Override
    public Map<String, Object> summarize(ConfigSnapshot value) {
        return ConfigSummary.of(value);
    }
}
