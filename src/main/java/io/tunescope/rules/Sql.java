package io.tunescope.rules;

import io.tunescope.analysis.evidence.Evidence;

/** Server-aware SQL lines for recommendations. */
public final class Sql {
    private Sql() {
    }

    /**
     * A line that changes a dynamic variable and keeps it across restarts: {@code SET PERSIST} on MySQL 8.0+
     * (and Percona/GreatDB 8.0+); {@code SET GLOBAL} plus a note to write the option file elsewhere
     * (MariaDB and MySQL 5.7 have no SET PERSIST).
     */
    public static String persist(Evidence e, String variable, String value) {
        if (e.server().mysqlLine() && e.server().major() >= 8) {
            return "SET PERSIST " + variable + " = " + value + ";";
        }
        return "SET GLOBAL " + variable + " = " + value + ";   -- and " + variable + " = " + value.replace("*1024*1024*1024", "G")
                .replace("*1024*1024", "M") + " under [mysqld] in my.cnf";
    }
}
