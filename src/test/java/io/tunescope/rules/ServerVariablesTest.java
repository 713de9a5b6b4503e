package io.tunescope.rules;

import io.tunescope.model.config.ServerFlavor;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Replacement values carry over only where the old and new variable mean the same in the same unit. */
class ServerVariablesTest {
    private static final ServerFlavor MYSQL_84 = ServerFlavor.parse("8.4.0", "MySQL Community Server - GPL");
    private static final ServerFlavor MYSQL_80 = ServerFlavor.parse("8.0.33", "MySQL Community Server - GPL");
    private static final ServerFlavor MARIADB = ServerFlavor.parse("10.11.6-MariaDB", null);

    @Test
    void sameMeaningCarriesTheValue() {
        ServerVariables.Verdict v = ServerVariables.check(MYSQL_80, "tx_isolation");
        assertEquals(ServerVariables.Status.MISSING, v.status());
        assertEquals("transaction_isolation", v.replacement());
        assertEquals(Optional.of("READ-COMMITTED"), v.replacementValue(" READ-COMMITTED "));
        assertEquals(Optional.of("1000"), ServerVariables.check(MARIADB, "binlog_group_commit_sync_delay").replacementValue("1000"));
    }

    @Test
    void daysBecomeSeconds() {
        ServerVariables.Verdict v = ServerVariables.check(MYSQL_84, "expire_logs_days");
        assertEquals("binlog_expire_logs_seconds", v.replacement());
        assertEquals(Optional.of("604800"), v.replacementValue("7"));
        assertEquals(Optional.empty(), v.replacementValue("seven"));
    }

    @Test
    void otherUnitsMustBeChosenAnew() {
        ServerVariables.Verdict files = ServerVariables.check(MARIADB, "innodb_log_files_in_group");
        assertEquals("innodb_redo_log_capacity", files.replacement());
        assertEquals(Optional.empty(), files.replacementValue("2"));
        assertEquals(Optional.empty(), ServerVariables.check(MARIADB, "innodb_redo_log_capacity").replacementValue("1G"));
        assertEquals(Optional.empty(), ServerVariables.check(MYSQL_80, "log_warnings").replacementValue("2"));
    }
}
