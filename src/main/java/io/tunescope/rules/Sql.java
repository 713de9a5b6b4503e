package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;

import java.util.Locale;

/** Server-aware SQL lines for recommendations. */
public final class Sql {
    private Sql() {
    }

    /**
     * A line that changes a dynamic variable and keeps it across restarts: {@code SET PERSIST} on MySQL 8.0+
     * (and Percona/GreatDB 8.0+); {@code SET GLOBAL} plus a note to write the option file elsewhere
     * (MariaDB and MySQL 5.7 have no SET PERSIST). The option-file part targets the line that takes effect
     * ({@link OptionEdit#where}).
     */
    public static String persist(Evidence e, String variable, String value) {
        String written = value.replace("*1024*1024*1024", "G").replace("*1024*1024", "M");
        if (e.server().mysqlLine() && e.server().major() >= 8) {
            // mysqld-auto.cnf is read after the option files: name the line it overrides, so both say the same
            return e.optionLines().lookup(variable)
                    .map(o -> "SET PERSIST " + variable + " = " + value + ";   -- and " + OptionEdit.where(e, Locale.ROOT, variable, written))
                    .orElse("SET PERSIST " + variable + " = " + value + ";");
        }
        return "SET GLOBAL " + variable + " = " + value + ";   -- and " + OptionEdit.where(e, Locale.ROOT, variable, written);
    }
}
