package io.tunescope.rules;

import io.tunescope.rules.config.BufferPoolInstancesRule;
import io.tunescope.rules.config.DefaultAsTuningRule;
import io.tunescope.rules.config.DeprecatedVariableRule;
import io.tunescope.rules.config.DurabilityRelaxedRule;
import io.tunescope.rules.config.MemoryOvercommitRule;
import io.tunescope.rules.config.PerThreadBuffersRule;
import io.tunescope.rules.config.PurgeLagRule;
import io.tunescope.rules.config.RedoCapacityRule;
import io.tunescope.rules.config.RepeatedOptionRule;
import io.tunescope.rules.config.UnknownVariableRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import java.util.List;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigRulesTest {
    @TempDir
    Path dir;

    static final String SEED_000_MYCNF = """
            datadir=/var/lib/mysql
            innodb_buffer_pool_size=96G
            innodb_buffer_pool_instances=16
            innodb_log_file_size=4G
            innodb_log_files_in_group=2
            innodb_log_buffer_size=256M
            innodb_flush_log_at_trx_commit=2
            sync_binlog=1000
            query_cache_type=0
            query_cache_size=0
            tmp_table_size=256M
            max_heap_table_size=256M
            max_connections=2000
            sort_buffer_size=4M
            join_buffer_size=4M
            read_buffer_size=4M
            read_rnd_buffer_size=8M
            innodb_spin_wait_delay=6
            innodb_sync_spin_loops=30
            innodb_flush_neighbors=0
            innodb_monitor_enable='module_io'
            innodb_monitor_enable='module_buffer'
            innodb_adaptive_hash_index_parts=16
            innodb_adaptive_hash_index_partitions=8
            innodb_background_scrub_data_check_interval=3600
            innodb_background_scrub_data_interval=86400
            innodb_background_scrub_data_uncompressed=ON
            default_authentication_plugin=mysql_native_password
            """;

    // ---- CFG-UNKNOWN-VARIABLE

    @Test
    void unknownVariablesOnMysql80StopTheServer() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf(SEED_000_MYCNF).fire(new UnknownVariableRule());
        assertEquals("6 options in the option files do not exist on MySQL 8.0.33 and will stop the server from starting: "
                + "query_cache_type, query_cache_size, innodb_adaptive_hash_index_partitions, innodb_background_scrub_data_check_interval, "
                + "innodb_background_scrub_data_interval, innodb_background_scrub_data_uncompressed.", f.summary());
        assertEquals(Severity.CRITICAL, f.severity());
        assertTrue(f.evidence().stream().anyMatch(o -> o.label().equals("query_cache_size") && o.ref().toString().equals("my.cnf:11")),
                f.evidence().toString());
    }

    @Test
    void queryCacheIsValidOnMariaDb() {
        Result r = Caps.in(dir).version("10.11.6-MariaDB-0+deb12u1").mycnf("query_cache_type=0\nquery_cache_size=0\n").run(new UnknownVariableRule());
        assertEquals(Result.Status.PASSED, r.status(), r.reason());
    }

    @Test
    void unknownVariableNeedsTheServerVersion() {
        Result r = Caps.in(dir).mycnf("query_cache_size=0\n").run(new UnknownVariableRule());
        assertEquals(Result.Status.NOT_APPLICABLE, r.status());
        assertTrue(r.reason().contains("server version"), r.reason());
    }

    @Test
    void variableListedByThePatchedServerExists() {
        Result r = Caps.in(dir).version("8.0.25").mycnf("page_hash_locks=64\n")
                .variables("page_hash_locks", "64", "version", "8.0.25").run(new UnknownVariableRule());
        assertEquals(Result.Status.PASSED, r.status(), r.reason());
        Finding f = Caps.in(dir.resolve("stock")).version("8.0.25").mycnf("page_hash_locks=64\n").fire(new UnknownVariableRule());
        assertEquals("1 option in the option files does not exist on MySQL 8.0.25 and will stop the server from starting: page_hash_locks.",
                f.summary());
    }

    // ---- CFG-DEPRECATED-VARIABLE

    @Test
    void deprecatedAuthenticationPlugin() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf(SEED_000_MYCNF).fire(new DeprecatedVariableRule());
        assertEquals("1 option is deprecated or ignored on MySQL 8.0.33: default_authentication_plugin.", f.summary());
        Result r = Caps.in(dir.resolve("b")).version("8.0.26").mycnf("default_authentication_plugin=mysql_native_password\n")
                .run(new DeprecatedVariableRule());
        assertEquals(Result.Status.PASSED, r.status());
    }

    // ---- CFG-REPEATED-OPTION

    @Test
    void repeatedMonitorEnable() {
        Finding f = Caps.in(dir).mycnf(SEED_000_MYCNF).fire(new RepeatedOptionRule());
        assertEquals("The option files set innodb_monitor_enable (2x) more than once with different values; only the last occurrence takes effect.",
                f.summary());
        assertEquals("innodb_monitor_enable = module_io,module_buffer", f.recommendations().get(0).lines().get(0));
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("b")).mycnf("a=1\nb=2\n").run(new RepeatedOptionRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("c")).version("8.0.33").run(new RepeatedOptionRule()).status());
    }

    // ---- CFG-DURABILITY-RELAXED

    @Test
    void relaxedDurability() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf(SEED_000_MYCNF).fire(new DurabilityRelaxedRule());
        assertEquals("Durability is relaxed (innodb_flush_log_at_trx_commit=2, sync_binlog=1000): an OS crash or power loss can lose "
                + "committed transactions, and results are not comparable with durable runs.", f.summary());
        assertEquals(Severity.INFO, f.severity(), "a benchmark's deliberate choice, worth knowing, not a bottleneck");
        // the option file sets it on line 8: the advice names that line, so my.cnf and the persisted value agree
        assertEquals("SET PERSIST innodb_flush_log_at_trx_commit = 1;   -- and change my.cnf:8 of the option files to "
                + "innodb_flush_log_at_trx_commit = 1", f.recommendations().get(0).lines().get(0));
    }

    @Test
    void durableSettingsPassAndMariaDbGetsSetGlobal() {
        assertEquals(Result.Status.PASSED, Caps.in(dir).mycnf("innodb_flush_log_at_trx_commit=1\nsync_binlog=1\n")
                .run(new DurabilityRelaxedRule()).status());
        Finding f = Caps.in(dir.resolve("m")).version("10.11.6-MariaDB").mycnf("log_bin=mysql-bin\n").fire(new DurabilityRelaxedRule());
        assertEquals("Durability is relaxed (sync_binlog=0 (MariaDB default)): an OS crash or power loss can lose committed transactions, "
                + "and results are not comparable with durable runs.", f.summary());
        assertTrue(f.recommendations().get(0).lines().get(0).startsWith("SET GLOBAL sync_binlog = 1;"));
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("n")).version("8.0.33").run(new DurabilityRelaxedRule()).status());
    }

    // ---- CFG-GROUP-COMMIT-DELAY

    @Test
    void groupCommitDelayWithoutSyncs() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf("sync_binlog=1000\nbinlog_group_commit_sync_delay=100\n")
                .fire(new io.tunescope.rules.config.GroupCommitDelayRule());
        // with sync_binlog=N > 1 the log is synced once every N groups, not never and not every commit
        assertEquals("binlog_group_commit_sync_delay=100 µs makes each binary log group commit wait for more transactions, but "
                + "sync_binlog=1000 syncs the log only once every 1000 groups: most of those waits save no fsync and only add commit latency.",
                f.summary());
        Finding never = Caps.in(dir.resolve("never")).version("8.0.33").mycnf("sync_binlog=0\nbinlog_group_commit_sync_delay=100\n")
                .fire(new io.tunescope.rules.config.GroupCommitDelayRule());
        assertTrue(never.summary().contains("sync_binlog=0 never syncs the log itself"), never.summary());
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("b")).mycnf("sync_binlog=1\nbinlog_group_commit_sync_delay=100\n")
                .run(new io.tunescope.rules.config.GroupCommitDelayRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("c")).version("8.0.33")
                .run(new io.tunescope.rules.config.GroupCommitDelayRule()).status());
        // MariaDB waits only with binlog_commit_wait_count > 0, and only with a binary log
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("m")).version("10.11.6-MariaDB")
                .variables("log_bin", "OFF", "sync_binlog", "0", "binlog_commit_wait_usec", "100000", "binlog_commit_wait_count", "0")
                .run(new io.tunescope.rules.config.GroupCommitDelayRule()).status());
        Finding m = Caps.in(dir.resolve("n")).version("10.11.6-MariaDB")
                .variables("log_bin", "ON", "sync_binlog", "0", "binlog_commit_wait_usec", "100000", "binlog_commit_wait_count", "8")
                .fire(new io.tunescope.rules.config.GroupCommitDelayRule());
        assertTrue(m.summary().startsWith("binlog_commit_wait_usec=100000 µs makes each binary log group commit wait"), m.summary());
    }

    // ---- CFG-PER-THREAD-BUFFERS

    @Test
    void perThreadBuffers() {
        Finding f = Caps.in(dir).mycnf(SEED_000_MYCNF).fire(new PerThreadBuffersRule());
        assertEquals("Per-session settings above advisor limits: read_rnd_buffer_size=8 MiB, max_connections=2000, "
                + "innodb_log_buffer_size=256 MiB.", f.summary());
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("b")).mycnf("sort_buffer_size=2M\n").run(new PerThreadBuffersRule()).status());
    }

    // ---- CFG-MEMORY-OVERCOMMIT

    @Test
    void seed000MemoryBudgetExceedsRam() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf(SEED_000_MYCNF).meminfo(128L * 1024 * 1024, 4L * 1024 * 1024, 0, 0)
                .fire(new MemoryOvercommitRule());
        assertEquals("Worst-case server memory is 138.6 GiB = 108.3 % of 128 GiB RAM (buffer pool 96 GiB + 2000 connections x "
                + "21 MiB), above the 85 % limit.", f.summary());
        assertEquals(Severity.WARNING, f.severity(), "the worst case, not memory the server was seen to use");
        // without Max_used_connections nothing invents a connection limit: the text says what to size it to
        // the pool is already 0.75 x RAM: the lever is the connection count, said without an invented number
        assertEquals("text", f.recommendations().get(0).language());
        assertTrue(f.recommendations().get(0).lines().get(0).startsWith("max_connections=2000 sessions x 21 MiB"),
                f.recommendations().get(0).lines().toString());
    }

    /** The worst case beside the memory at the connections the server really held; max_connections derived from that peak. */
    @Test
    void memoryAtThePeakAndADerivedConnectionLimit() {
        Finding f = Caps.in(dir.resolve("p")).version("8.0.33").mycnf(SEED_000_MYCNF).meminfo(128L * 1024 * 1024, 4L * 1024 * 1024, 0, 0)
                .status("status-1-before.txt", "Uptime", "1000", "Max_used_connections", "200")
                .status("status-2-after.txt", "Uptime", "1100", "Max_used_connections", "300")
                .fire(new MemoryOvercommitRule());
        assertTrue(f.evidence().stream().anyMatch(e -> e.label().equals("memory at the observed peak of 300 connections")), f.evidence().toString());
        assertTrue(f.recommendations().get(0).lines().contains("max_connections = 450   # 1.5 x the peak Max_used_connections 300"),
                f.recommendations().get(0).lines().toString());
    }

    @Test
    void memoryWithinBudgetAndMissingMeminfo() {
        assertEquals(Result.Status.PASSED, Caps.in(dir).version("8.0.33").mycnf("innodb_buffer_pool_size=64G\n")
                .meminfo(128L * 1024 * 1024, 1024, 0, 0).run(new MemoryOvercommitRule()).status());
        Result na = Caps.in(dir.resolve("b")).mycnf("innodb_buffer_pool_size=64G\n").run(new MemoryOvercommitRule());
        assertEquals(Result.Status.NOT_APPLICABLE, na.status());
        assertTrue(na.reason().contains("total memory"), na.reason());
    }

    // ---- CFG-REDO-CAPACITY

    @Test
    void deprecatedRedoOptionsOn8033() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf(SEED_000_MYCNF).fire(new RedoCapacityRule());
        assertEquals("innodb_log_file_size/innodb_log_files_in_group are deprecated on MySQL 8.0.33; configure innodb_redo_log_capacity instead.",
                f.summary());
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("b")).version("8.0.28").mycnf(SEED_000_MYCNF).run(new RedoCapacityRule()).status());
    }

    @Test
    void redoSmallerThanAnHourOfWrites() {
        Finding f = Caps.in(dir).version("8.0.36").mycnf("innodb_redo_log_capacity=1G\n")
                .status("status-before.txt", "Uptime", "1000", "Innodb_os_log_written", "0")
                .status("status-after.txt", "Uptime", "1100", "Innodb_os_log_written", "209715200")
                .fire(new RedoCapacityRule());
        assertEquals("Redo capacity 1 GiB holds less than 1 h of redo writes (7 GiB per hour), so checkpoints force page flushing.", f.summary());
        assertTrue(f.recommendations().get(0).lines().contains("SET PERSIST innodb_redo_log_capacity = 8*1024*1024*1024;   -- and change "
                        + "my.cnf:2 of the option files to innodb_redo_log_capacity = 8G"),
                f.recommendations().get(0).lines().toString());
    }

    @Test
    void redoRuleReadsMariadbToo() {
        // MariaDB sizes redo with innodb_log_file_size alone: a 1 GiB log without status snapshots passes with its size said
        Result r = Caps.in(dir).version("10.11.6-MariaDB").mycnf("innodb_log_file_size=1G\n").run(new RedoCapacityRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("redo capacity 1 GiB", r.reason());
    }

    // ---- CFG-BUFFER-POOL-INSTANCES

    @Test
    void smallInstances() {
        Finding f = Caps.in(dir).mycnf("innodb_buffer_pool_size=4G\ninnodb_buffer_pool_instances=16\n").fire(new BufferPoolInstancesRule());
        assertEquals("innodb_buffer_pool_instances=16 splits a 4 GiB buffer pool into instances of 256 MiB, below 1 GiB each.", f.summary());
        assertEquals("innodb_buffer_pool_instances = 4", f.recommendations().get(0).lines().get(1));
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("b")).mycnf(SEED_000_MYCNF).run(new BufferPoolInstancesRule()).status());
    }

    @Test
    void instancesAreWithheldOnMariaDb106() {
        Finding f = Caps.in(dir).version("10.6.16-MariaDB").mycnf("innodb_buffer_pool_size=4G\ninnodb_buffer_pool_instances=16\n")
                .fire(new BufferPoolInstancesRule());
        var e = Caps.in(dir).evidence();
        Finding checked = RuleEngine.serverAware(f, e, java.util.Locale.ROOT);
        assertTrue(checked.recommendations().isEmpty());
        assertEquals(1, checked.withheld().size());
    }

    // ---- CFG-DEFAULT-AS-TUNING

    @Test
    void defaultsPresentedAsTuning() {
        Finding f = Caps.in(dir).version("8.0.33").mycnf(SEED_000_MYCNF).fire(new DefaultAsTuningRule());
        assertEquals("3 option lines restate the MySQL 8.0 default (innodb_spin_wait_delay, innodb_sync_spin_loops, innodb_flush_neighbors) "
                + "and change nothing.", f.summary());
        assertEquals(Severity.INFO, f.severity());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("b")).version("5.7.44").mycnf(SEED_000_MYCNF)
                .run(new DefaultAsTuningRule()).status());
    }

    // ---- CFG-PURGE-LAG

    @Test
    void historyListLength() {
        Finding f = Caps.in(dir).status("status.txt", "Uptime", "100", "Innodb_history_list_length", "250000").fire(new PurgeLagRule());
        assertEquals("The InnoDB history list length is 250000, above 100000: purge is not keeping up and consistent reads walk long version chains.",
                f.summary());
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("b")).status("status.txt", "Uptime", "100", "Innodb_history_list_length", "900")
                .run(new PurgeLagRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("c")).status("status.txt", "Uptime", "100", "Com_select", "9")
                .run(new PurgeLagRule()).status());
    }

    // ---- CFG-REDO-CAPACITY on MariaDB (one redo file; checkpoint age against Innodb_checkpoint_max_age)

    private Caps mariadbRedo(String name, String logFileSize, String maxAge, String ageBefore, String ageAfter, String writtenBefore,
                             String writtenAfter) {
        return Caps.in(dir.resolve(name)).version("10.11.19-MariaDB")
                .variables("innodb_log_file_size", logFileSize)
                .status("status-1-before.txt", "Uptime", "134", "Innodb_checkpoint_age", ageBefore, "Innodb_checkpoint_max_age", maxAge,
                        "Innodb_os_log_written", writtenBefore)
                .status("status-2-after.txt", "Uptime", "174", "Innodb_checkpoint_age", ageAfter, "Innodb_checkpoint_max_age", maxAge,
                        "Innodb_os_log_written", writtenAfter);
    }

    @Test
    void mariadbRedoNearItsCheckpointLimit() {
        // the hand-made capture's baseline: 96 MiB of redo, 92.9 MB written in 40 s, checkpoint age at 91 % of its maximum
        Finding f = mariadbRedo("a", "100663296", "80819529", "73403826", "43776788", "156071130", "248935443")
                .fire(new io.tunescope.rules.config.RedoCapacityRule());
        assertEquals("The checkpoint age reached 90.8 % of its maximum (70 MiB of 77.1 MiB): the 96 MiB redo log forces page flushing; it holds "
                + "about 43.4 s of writes at 2.2 MiB/s.", f.summary());
        assertEquals(List.of("[mysqld]", "innodb_log_file_size = 8G    # measured 2.2 MiB/s of redo (Innodb_os_log_written) x 1 h, at least 1 GiB, "
                + "at most 16 GiB"), f.recommendations().get(0).lines());
        // a 16 GiB log with a low checkpoint age and a modest write rate is healthy
        assertEquals(Result.Status.PASSED, mariadbRedo("b", "17179869184", "13774870528", "400000000", "410000000", "156071130", "248935443")
                .run(new io.tunescope.rules.config.RedoCapacityRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("c")).version("10.11.19-MariaDB").variables("innodb_flush_method", "O_DIRECT")
                .run(new io.tunescope.rules.config.RedoCapacityRule()).status());
    }

    /** A variable the server still lists is reported deprecated all the same: deprecation is independent of presence. */
    @Test
    void deprecatedEvenWhenTheServerListsIt() {
        Finding f = Caps.in(dir.resolve("dep")).version("10.5.8-MariaDB").variables("innodb_log_files_in_group", "1")
                .mycnf("innodb_log_files_in_group = 2\n").fire(new io.tunescope.rules.config.DeprecatedVariableRule());
        assertTrue(f.summary().contains("innodb_log_files_in_group"), f.summary());
        // listed and not deprecated: silent
        assertEquals(Result.Status.PASSED, Caps.in(dir.resolve("ok")).version("10.5.8-MariaDB").variables("innodb_flush_method", "O_DIRECT")
                .mycnf("innodb_flush_method = O_DIRECT\n").run(new io.tunescope.rules.config.DeprecatedVariableRule()).status());
    }
}
