package io.tunescope.rules;

import io.tunescope.analysis.config.OptionLines;
import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.rules.config.DataSafetyRule;
import io.tunescope.rules.config.DeprecatedVariableRule;
import io.tunescope.rules.config.RecoveryLimitsRule;
import io.tunescope.rules.config.UnknownVariableRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CFG-DATA-SAFETY, CFG-RECOVERY-LIMITS, the listing check of CFG-UNKNOWN-VARIABLE, and option-file edits. */
class SafetyRulesTest {
    @TempDir
    Path dir;

    // ---------------------------------------------------------------- CFG-DATA-SAFETY

    @Test
    void forcedRecoveryIsCritical() {
        Finding f = Caps.in(dir).version("8.0.36").variables("innodb_force_recovery", "4", "innodb_doublewrite", "ON",
                "innodb_checksum_algorithm", "crc32").fire(new DataSafetyRule());
        assertEquals("A data-file protection is switched off: innodb_force_recovery=4 (from 4 on, MySQL 8.0.36 refuses writes and the "
                + "higher modes can damage data files for good); damage to the data can go unnoticed or unrepaired.", f.summary());
        assertEquals(Severity.CRITICAL, f.severity());
        assertEquals("variables.txt:5", f.evidence().get(0).ref().toString());
    }

    @Test
    void mariaDb105AcceptsWritesInMode4() {
        Finding f = Caps.in(dir).version("10.11.6-MariaDB").variables("innodb_force_recovery", "4").fire(new DataSafetyRule());
        assertEquals("A data-file protection is switched off: innodb_force_recovery=4 (InnoDB is in forced recovery); damage to the data "
                + "can go unnoticed or unrepaired.", f.summary());
        assertEquals(92, f.score());
    }

    @Test
    void doublewriteOffAndNoChecksumsOnMysql() {
        Finding f = Caps.in(dir).version("8.0.36").mycnf("innodb_doublewrite=OFF\ninnodb_checksum_algorithm=none\ninnodb_doublewrite=0\n")
                .fire(new DataSafetyRule());
        assertEquals("Data-file protections are switched off: innodb_checksum_algorithm=none, innodb_doublewrite=0; damage to the "
                + "data can go unnoticed or unrepaired.", f.summary());
        assertEquals(80, f.score()); // warning: silent data risk
        // the doublewrite advice changes the line that wins (4) and deletes the one it overrides (2)
        assertEquals(List.of("# my.cnf:4 (innodb_doublewrite = 0) is the line that takes effect: change it to", "innodb_doublewrite = ON",
                "# and delete my.cnf:2 (innodb_doublewrite = OFF): my.cnf:4 overrides it"), f.recommendations().get(1).lines());
    }

    @Test
    void doublewriteOffWithMariaDbAtomicWritesIsInfo() {
        Finding f = Caps.in(dir).version("10.11.6-MariaDB").variables("innodb_doublewrite", "OFF", "innodb_use_atomic_writes", "ON",
                "innodb_force_recovery", "0", "innodb_checksum_algorithm", "full_crc32").fire(new DataSafetyRule());
        assertEquals("A data-file protection is switched off: innodb_doublewrite=OFF with innodb_use_atomic_writes=ON; damage to the "
                + "data can go unnoticed or unrepaired.", f.summary());
        assertEquals(45, f.score());
        assertTrue(f.explanation().contains("legitimate case"), f.explanation());
    }

    @Test
    void dataSafetyPassesAndNeedsSettings() {
        Result r = Caps.in(dir).version("10.11.6-MariaDB").variables("innodb_doublewrite", "ON", "innodb_force_recovery", "0",
                "innodb_checksum_algorithm", "full_crc32").run(new DataSafetyRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("innodb_force_recovery=0, innodb_checksum_algorithm=full_crc32, innodb_checksums=not set, innodb_doublewrite=ON: "
                + "no data-file protection is switched off", r.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("n")).version("8.0.36").run(new DataSafetyRule()).status());
    }

    // ---------------------------------------------------------------- CFG-RECOVERY-LIMITS

    @Test
    void binlogNeverPurgedAndDirtyReads() {
        Finding f = Caps.in(dir).version("8.0.36").variables("log_bin", "ON", "binlog_expire_logs_seconds", "0", "expire_logs_days", "0",
                "transaction_isolation", "READ-UNCOMMITTED").fire(new RecoveryLimitsRule());
        assertEquals("Recovery is limited: binary logs never purged (binlog_expire_logs_seconds=0, expire_logs_days=0), "
                + "transaction_isolation=READ-UNCOMMITTED.", f.summary());
        assertEquals(50, f.score()); // info: chosen on purpose in benchmarks, nothing lost silently
    }

    @Test
    void noBinlogOnMariaDb() {
        Finding f = Caps.in(dir).version("10.11.6-MariaDB").variables("log_bin", "OFF", "tx_isolation", "REPEATABLE-READ")
                .fire(new RecoveryLimitsRule());
        assertEquals("Recovery is limited: no binary log (log_bin=OFF), so no point-in-time recovery or replica from this server.", f.summary());
        assertEquals(30, f.score());
    }

    @Test
    void recoveryLimitsPassesAndNeedsSettings() {
        Result r = Caps.in(dir).version("8.0.36").variables("log_bin", "ON", "binlog_expire_logs_seconds", "604800",
                "transaction_isolation", "REPEATABLE-READ").run(new RecoveryLimitsRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("log_bin=ON, binary log expiry binlog_expire_logs_seconds=604800, expire_logs_days=default, isolation "
                + "REPEATABLE-READ: point-in-time recovery possible, old binary logs purged, no dirty reads", r.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("n")).version("8.0.36").run(new RecoveryLimitsRule()).status());
    }

    // ---------------------------------------------------------------- CFG-UNKNOWN-VARIABLE against the listing

    @Test
    void optionTheRunningServerDoesNotList() {
        Finding f = Caps.in(dir).version("10.11.6-MariaDB")
                .mycnf("skip-name-resolve\nplugin-load-add=provider_lz4.so\nprovider_lz4=ON\nunix_socket=OFF\nloose-innodb_buffer_pool_szie=8G\nmax_allowed=64M\n"
                        + "transaction-isolation=READ-COMMITTED\nserver_audit_logging=ON\n")
                .variables("skip_name_resolve", "ON", "max_allowed_packet", "67108864", "tx_isolation", "READ-COMMITTED")
                .fire(new UnknownVariableRule());
        assertEquals("2 options set in the option files are not variables of the running MariaDB 10.11.6 (variables.txt does not list "
                + "them), so they had no effect: innodb_buffer_pool_szie, server_audit_logging.", f.summary());
        assertEquals(40, f.score());
        assertEquals("my.cnf:6", f.evidence().get(1).ref().toString());
    }

    @Test
    void everyOptionListedPassesAndVersionIsNeeded() {
        Result r = Caps.in(dir).version("10.11.6-MariaDB").mycnf("skip-name-resolve\nbind-address=127.0.0.1\n")
                .variables("skip_name_resolve", "ON", "bind_address", "127.0.0.1").run(new UnknownVariableRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("every version-dependent option in the option files exists on MariaDB 10.11.6, and all 2 other option lines are "
                + "known to the running server (variables listed in variables.txt, or start-up and plugin options)", r.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("n")).mycnf("innodb_buffer_pool_szie=8G\n")
                .run(new UnknownVariableRule()).status());
    }

    /** The known bad case: innodb_adaptive_hash_index_parts is set on line 2 already; line 3's old name must go, not become a second line. */
    @Test
    void replacementAlreadySetIsNotWrittenTwice() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf("innodb_adaptive_hash_index_parts=16\ninnodb_adaptive_hash_index_partitions=8\n")
                .fire(new UnknownVariableRule());
        assertEquals(List.of("# remove: innodb_adaptive_hash_index_partitions = 8   (my.cnf:3); innodb_adaptive_hash_index_parts = 16 "
                + "(my.cnf:2) already sets its successor and stays in effect"), f.recommendations().get(0).lines());
    }

    @Test
    void deprecatedOptionSetTwiceNamesBothLines() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf("default_authentication_plugin=sha256_password\n"
                + "default_authentication_plugin=mysql_native_password\nauthentication_policy=*,,\n").fire(new DeprecatedVariableRule());
        assertEquals(List.of("# remove: default_authentication_plugin   (my.cnf:2)",
                "# remove: default_authentication_plugin   (my.cnf:3); authentication_policy = *,, (my.cnf:4) already sets its successor"),
                f.recommendations().get(0).lines());
    }

    // ---------------------------------------------------------------- OptionLines and OptionEdit

    @Test
    void effectiveLineAcrossGroupsAndFiles() {
        Evidence e = Caps.in(dir).version("8.0.36")
                .file("my.cnf", "[mysqld]\nsort_buffer_size=1M\n[mariadb]\nsort_buffer_size=2M\n[mysqld-5.7]\nsort_buffer_size=3M\n"
                        + "!include extra.cnf\n[server]\nmax_connections=100\n")
                .file("extra.cnf", "[mysqld-8.0]\nsort_buffer_size=4M\nmax_connections=200\n")
                .evidence();
        OptionLines.Occurrences sort = e.optionLines().lookup("sort-buffer-size").orElseThrow();
        // [mariadb] and [mysqld-5.7] are not read by MySQL 8.0; the included [mysqld-8.0] line comes later and wins
        assertEquals(List.of("my.cnf:2", "extra.cnf:2"), sort.lines().stream().map(x -> x.source().toString()).toList());
        assertEquals("4M", e.setting("sort_buffer_size").orElseThrow().value());
        // the [server] line after the include overrides the included one
        assertEquals("my.cnf:9", e.optionLines().lookup("max_connections").orElseThrow().effective().source().toString());
        assertEquals(List.of("# my.cnf:9 (max_connections = 100) is the line that takes effect: change it to", "max_connections = 300",
                "# and delete extra.cnf:3 (max_connections = 200): my.cnf:9 overrides it", "[mysqld]", "table_open_cache = 4000"),
                OptionEdit.set(e, Locale.ROOT, OptionEdit.values("max_connections", "300", "table_open_cache", "4000")));
        assertEquals("SET PERSIST sort_buffer_size = 2M;   -- and change extra.cnf:2 of the option files to sort_buffer_size = 2M and "
                + "delete my.cnf:2, which it overrides", Sql.persist(e, "sort_buffer_size", "2M"));
    }

    @Test
    void mariaDbReadsItsOwnGroupsAndAliases() {
        Evidence e = Caps.in(dir).version("10.11.6-MariaDB")
                .file("my.cnf", "[mysqld]\ntransaction-isolation=READ-COMMITTED\n[mariadb-10.11]\ntx_isolation=REPEATABLE-READ\n"
                        + "[mariadb-10.6]\ntx_isolation=SERIALIZABLE\n")
                .evidence();
        assertEquals("my.cnf:4", e.optionLines().lookup("transaction_isolation").orElseThrow().effective().source().toString());
        assertEquals(2, e.optionLines().lookup("tx_isolation").orElseThrow().lines().size());
        assertTrue(Sql.persist(e, "tx_isolation", "'READ-COMMITTED'").endsWith("-- and change my.cnf:4 of the option files to "
                + "tx_isolation = 'READ-COMMITTED' and delete my.cnf:2, which it overrides"));
    }

    /** Dropping a line that restates the default must not bring back an earlier line of the same option. */
    @Test
    void defaultLineThatOverridesAnotherNamesIt() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf("table_open_cache=8000\ntable_open_cache=4000\ninnodb_spin_wait_delay=12\n"
                + "innodb_spin_wait_delay=6\ninnodb_spin_wait_delay=24\n").fire(new io.tunescope.rules.config.DefaultAsTuningRule());
        // line 5 (24) wins over line 4 (6): that option restates nothing
        assertEquals(List.of("# table_open_cache = 4000 is the default (my.cnf:3)",
                "# and delete my.cnf:2 (table_open_cache = 8000): my.cnf:3 overrides it"), f.recommendations().get(0).lines());
    }

    @Test
    void perThreadRevertNamesTheOverriddenLine() {
        Finding f = Caps.in(dir).mycnf("read_rnd_buffer_size=16M\nread_rnd_buffer_size=8M\n").fire(new io.tunescope.rules.config.PerThreadBuffersRule());
        assertEquals(List.of("# read_rnd_buffer_size = 8M   (my.cnf:3): remove the global override",
                "# and delete my.cnf:2 (read_rnd_buffer_size = 16M): my.cnf:3 overrides it"),
                f.recommendations().get(0).lines().subList(0, 2));
    }
}
