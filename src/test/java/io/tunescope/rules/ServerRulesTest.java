package io.tunescope.rules;

import io.tunescope.rules.server.BinlogCacheRule;
import io.tunescope.rules.server.ConnectionsRule;
import io.tunescope.rules.server.FullJoinScanRule;
import io.tunescope.rules.server.LogWaitsRule;
import io.tunescope.rules.server.LruFlushRule;
import io.tunescope.rules.server.ReadAheadRule;
import io.tunescope.rules.server.SortMergeRule;
import io.tunescope.rules.server.TableCacheRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server-activity rules from SHOW GLOBAL STATUS deltas: each fires, passes and is not applicable. */
class ServerRulesTest {
    @TempDir
    Path dir;

    private static final String MARIADB = "10.11.19-MariaDB-0+deb12u1";
    private static final String MYSQL = "8.0.36";

    private Caps caps(String name) {
        return Caps.in(dir.resolve(name));
    }

    /** Two status snapshots 100 s apart: every counter starts at 0 and ends at the value given. */
    private Caps twoStatus(String name, String... after) {
        String[] before = new String[after.length];
        for (int i = 0; i < after.length; i += 2) {
            before[i] = after[i];
            before[i + 1] = after[i].equals("Uptime") ? "1000" : "0";
        }
        return caps(name).status("status-1-before.txt", before).status("status-2-after.txt", after);
    }

    private Caps run100s(String name, String... after) {
        String[] all = new String[after.length + 2];
        all[0] = "Uptime";
        all[1] = "1100";
        System.arraycopy(after, 0, all, 2, after.length);
        return twoStatus(name, all);
    }

    // ------------------------------------------------------------------ SRV-SORT-MERGE

    @Test
    void sortMergeFiresPassesAndNeedsTheCounters() {
        Finding f = run100s("a", "Sort_merge_passes", "500", "Sort_range", "1000", "Sort_scan", "1000")
                .version(MARIADB).variables("sort_buffer_size", "262144", "performance_schema", "OFF").fire(new SortMergeRule());
        assertEquals("Sorts needed 500 merge passes for 2000 sorts (25 % of the sort count, 5.00/s over 100 s): "
                + "sorts larger than sort_buffer_size=256 KiB merge through temporary files.", f.summary());
        assertEquals(40, f.score());
        assertEquals("status-2-after.txt:6", f.evidence().get(0).ref().toString());
        // performance_schema is OFF in the capture: turn it on first, then the digest query
        assertEquals(List.of("[mysqld]", "performance_schema = ON"), f.recommendations().get(0).lines());
        assertTrue(f.recommendations().get(1).lines().get(2).contains("ORDER BY SUM_SORT_MERGE_PASSES DESC"));
        Result pass = run100s("b", "Sort_merge_passes", "0", "Sort_range", "1000", "Sort_scan", "1000")
                .variables("sort_buffer_size", "2097152").run(new SortMergeRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("0 sort merge passes for 2000 sorts (0 % of the sort count, 0.00/s); sort_buffer_size 2 MiB", pass.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, run100s("c", "Questions", "10").run(new SortMergeRule()).status());
    }

    // ------------------------------------------------------------------ SRV-FULL-JOIN-SCAN

    @Test
    void fullJoinsFirePassesAndNeedTheCounters() {
        Finding f = run100s("a", "Select_full_join", "50", "Select_scan", "10", "Com_select", "100000", "Handler_read_rnd_next", "500",
                "Handler_read_key", "1500").fire(new FullJoinScanRule());
        assertEquals("50 joins read a table without an index (0.50/s over 100 s): each one scans the joined table in full.", f.summary());
        assertTrue(f.recommendations().get(0).lines().get(2).contains("ORDER BY SUM_SELECT_FULL_JOIN DESC"));
        assertEquals("25 % (500)", f.evidence().get(3).value());
        Finding scans = run100s("s", "Select_full_join", "0", "Select_scan", "30000", "Com_select", "100000").fire(new FullJoinScanRule());
        assertEquals("30 % of SELECTs scanned a full table (30000, 300/s over 100 s).", scans.summary());
        Result pass = run100s("b", "Select_full_join", "0", "Select_scan", "1", "Com_select", "881636", "Handler_read_rnd_next", "6361000",
                "Handler_read_key", "32639000").run(new FullJoinScanRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("Select_full_join 0, Select_scan 1 of Com_select 881636 (0 %) over 100 s; Handler_read_rnd_next 16.3 % of the handler reads",
                pass.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, run100s("c", "Questions", "10").run(new FullJoinScanRule()).status());
    }

    // ------------------------------------------------------------------ SRV-TABLE-CACHE

    @Test
    void tableCacheIsSizedFromTheRunAndCheckedAgainstTheDescriptors() {
        Finding f = run100s("a", "Opened_tables", "5000", "Open_tables", "400", "Max_used_connections", "20", "Open_table_definitions", "150",
                "Open_files", "100").version(MARIADB)
                .variables("table_open_cache", "400", "max_connections", "151", "open_files_limit", "1024").fire(new TableCacheRule());
        assertEquals("5000 tables were opened during the run (50/s over 100 s) while the table cache was full "
                + "(Open_tables 400 of table_open_cache 400): tables are closed and opened again.", f.summary());
        // 400 + 5000 = 5400, capped at 20 x 150 = 3000; 10 + 151 + 2 x 3000 = 6161 descriptors > 1024: the limit first
        assertEquals("Raise open_files_limit from 1024 to at least 6161 first: the larger cache needs the descriptors",
                f.recommendations().get(0).action());
        assertTrue(f.recommendations().get(0).lines().get(0).startsWith("systemctl edit mariadb "), f.recommendations().get(0).lines().toString());
        List<String> sql = f.recommendations().get(1).lines();
        assertTrue(sql.get(0).startsWith("SET GLOBAL table_open_cache = 3000;"), sql.toString());
        assertEquals("-- table_open_cache 400 + Opened_tables 5000 during the run = 5400", sql.get(1));
        assertEquals("-- at most Max_used_connections 20 x Open_table_definitions 150 = 3000 (one instance of every open table per connection)", sql.get(2));
        assertEquals("-- descriptors: 10 + max_connections 151 + 2 x 3000 = 6161; open_files_limit is 1024", sql.get(4));
        Finding files = run100s("f", "Opened_tables", "0", "Open_tables", "40", "Open_files", "980")
                .variables("table_open_cache", "2000", "open_files_limit", "1024").fire(new TableCacheRule());
        assertEquals("Open_files is 980 of open_files_limit 1024 (95.7 %): the server is close to running out of file descriptors.", files.summary());
        assertEquals(80, files.score()); // a warning: opens fail at the limit
        Result pass = run100s("b", "Opened_tables", "0", "Open_tables", "31", "Table_open_cache_overflows", "0", "Open_files", "31")
                .variables("table_open_cache", "2000", "open_files_limit", "20000").run(new TableCacheRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("Opened_tables 0 during the run (0.00/s), Open_tables 31 of table_open_cache 2000, Table_open_cache_overflows 0; "
                + "Open_files 31 of open_files_limit 20000", pass.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, run100s("c", "Opened_tables", "10", "Open_tables", "5")
                .variables("max_connections", "151").run(new TableCacheRule()).status());
    }

    // ------------------------------------------------------------------ SRV-CONNECTIONS

    @Test
    void connectionsFirePassAndNeedTheCounters() {
        Finding f = run100s("a", "Aborted_connects", "30", "Aborted_clients", "20", "Max_used_connections", "10")
                .version(MARIADB).variables("max_connections", "151", "log_warnings", "2").fire(new ConnectionsRule());
        assertEquals("30 connection attempts failed (Aborted_connects) and 20 connections ended without a proper close (Aborted_clients) "
                + "in 100 s (0.50/s).", f.summary());
        assertTrue(f.recommendations().get(0).lines().get(0).startsWith("SET GLOBAL log_warnings = 4;"), f.recommendations().get(0).lines().toString());
        Finding full = run100s("u", "Max_used_connections", "151").version(MYSQL).variables("max_connections", "151").fire(new ConnectionsRule());
        assertEquals("Max_used_connections reached 151 of max_connections 151 (100 %): the server was at its connection limit and refuses "
                + "further clients with \"Too many connections\".", full.summary());
        assertEquals(80, full.score()); // a warning: clients are refused
        Result pass = run100s("b", "Max_used_connections", "4").variables("max_connections", "151").run(new ConnectionsRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("Max_used_connections 4 of max_connections 151 (2.6 %); Aborted_connects 0, Aborted_clients 0 and no Connection_errors_* over 100 s",
                pass.reason());
        Result none = caps("c").file("status-1-before.txt", "Variable_name\tValue\nBytes_sent\t1\nUptime\t1000\nQuestions\t1\n")
                .file("status-2-after.txt", "Variable_name\tValue\nBytes_sent\t9\nUptime\t1100\nQuestions\t9\n").run(new ConnectionsRule());
        assertEquals(Result.Status.NOT_APPLICABLE, none.status(), none.reason());
    }

    // ------------------------------------------------------------------ SRV-BINLOG-CACHE

    @Test
    void binlogCacheFiresPassesAndNeedsTheBinlog() {
        Finding f = run100s("a", "Binlog_cache_use", "1000", "Binlog_cache_disk_use", "300", "Binlog_bytes_written", "100000000")
                .version(MARIADB).variables("log_bin", "ON", "binlog_cache_size", "32768").fire(new BinlogCacheRule());
        assertEquals("30 % of the binary log cache uses went to a temporary file (300 of 1000 Binlog_cache_use in 100 s, 3.00/s): "
                + "events larger than binlog_cache_size=32 KiB spill to disk before the commit.", f.summary());
        List<String> sql = f.recommendations().get(0).lines();
        assertTrue(sql.get(0).startsWith("SET GLOBAL binlog_cache_size = 131072;"), sql.toString());
        assertEquals("-- Binlog_bytes_written 100000000 / Binlog_cache_use 1000 = 97.7 KiB per transaction, rounded up to a power of two: 128 KiB",
                sql.get(1));
        // MySQL has no Binlog_bytes_written: the recommendation says what to measure
        Finding blind = run100s("m", "Binlog_cache_use", "1000", "Binlog_cache_disk_use", "300")
                .version(MYSQL).variables("log_bin", "ON", "binlog_cache_size", "32768").fire(new BinlogCacheRule());
        assertEquals("text", blind.recommendations().get(0).language());
        Result pass = run100s("b", "Binlog_cache_use", "1000", "Binlog_cache_disk_use", "0").variables("log_bin", "ON", "binlog_cache_size", "32768")
                .run(new BinlogCacheRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("Binlog_cache_disk_use 0 of Binlog_cache_use 1000 (binlog_cache_size 32 KiB) over 100 s", pass.reason());
        Result off = run100s("c", "Binlog_cache_use", "0").variables("log_bin", "OFF").run(new BinlogCacheRule());
        assertEquals(Result.Status.NOT_APPLICABLE, off.status());
        assertEquals("log_bin is OFF: no binary log is written", off.reason());
    }

    // ------------------------------------------------------------------ SRV-LOG-WAITS

    @Test
    void logWaitsSizeTheBufferFromTheRedoRate() {
        Finding f = run100s("a", "Innodb_log_waits", "500", "Innodb_os_log_written", "3000000000")
                .version(MYSQL).variables("innodb_log_buffer_size", "16777216").fire(new LogWaitsRule());
        assertEquals("Threads waited 500 times for space in the redo log buffer in 100 s (5.00/s): innodb_log_buffer_size=16 MiB is small "
                + "for 28.6 MiB/s of redo writes.", f.summary());
        assertEquals(78, f.score()); // a warning from 1 wait/s
        assertEquals(List.of("SET PERSIST innodb_log_buffer_size = 29*1024*1024;", "-- redo 28.6 MiB/s x 1 s, rounded up to a MiB: 29 MiB (now 16 MiB)"),
                f.recommendations().get(0).lines());
        // MariaDB reads it at startup only: an option-file line and a restart
        Finding maria = run100s("m", "Innodb_log_waits", "20", "Innodb_os_log_written", "3000000000")
                .version(MARIADB).variables("innodb_log_buffer_size", "16777216").fire(new LogWaitsRule());
        assertEquals(55, maria.score());
        assertEquals("innodb_log_buffer_size = 29M", maria.recommendations().get(0).lines().get(1));
        // the buffer already holds more than a second: measure the bursts, never the value already set
        Finding burst = run100s("u", "Innodb_log_waits", "20", "Innodb_os_log_written", "209715200")
                .version(MARIADB).variables("innodb_log_buffer_size", "16777216").fire(new LogWaitsRule());
        assertEquals("text", burst.recommendations().get(0).language());
        Result pass = run100s("b", "Innodb_log_waits", "0", "Innodb_os_log_written", "209715200").variables("innodb_log_buffer_size", "16777216")
                .run(new LogWaitsRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("Innodb_log_waits 0 during the run; innodb_log_buffer_size 16 MiB, redo written 2 MiB/s", pass.reason());
        // no Innodb_os_log_written: the LSN's advance over the run (a gauge, after minus before) gives the redo rate
        Finding lsn = run100s("l", "Innodb_log_waits", "500", "Innodb_lsn_current", "3000000000")
                .version(MYSQL).variables("innodb_log_buffer_size", "16777216").fire(new LogWaitsRule());
        assertEquals("-- redo 28.6 MiB/s x 1 s, rounded up to a MiB: 29 MiB (now 16 MiB)", lsn.recommendations().get(0).lines().get(1));
        // no redo write counter: the summary does not invent a rate and the recommendation says what to capture
        Finding noRedo = run100s("n", "Innodb_log_waits", "20").variables("innodb_log_buffer_size", "16777216").fire(new LogWaitsRule());
        assertEquals("Threads waited 20 times for space in the redo log buffer in 100 s (0.20/s): innodb_log_buffer_size=16 MiB is too small "
                + "for the redo the run wrote.", noRedo.summary());
        assertEquals("sql", noRedo.recommendations().get(0).language());
        assertEquals(Result.Status.NOT_APPLICABLE, run100s("c", "Questions", "10").run(new LogWaitsRule()).status());
    }

    // ------------------------------------------------------------------ SRV-LRU-FLUSH

    @Test
    void lruFlushingAndFreePageWaits() {
        // MariaDB 10.11 prints the counter in lower case
        Finding f = run100s("a", "Innodb_buffer_pool_pages_lru_flushed", "4000", "Innodb_buffer_pool_pages_flushed", "10000",
                "Innodb_buffer_pool_wait_free", "0").version(MARIADB).fire(new LruFlushRule());
        assertEquals("40 % of the page writes came from the LRU list (4000 of 10000 in 100 s, 40/s): pages were written out to make room "
                + "for reads, not by the regular flushing.", f.summary());
        assertEquals(45, f.score());
        Finding waits = run100s("w", "Innodb_buffer_pool_wait_free", "200", "Innodb_buffer_pool_pages_flushed", "10000")
                .version(MYSQL).variables("innodb_lru_scan_depth", "1024", "innodb_io_capacity", "200").fire(new LruFlushRule());
        assertEquals("User threads waited 200 times for a free buffer-pool page in 100 s (2.00/s; this server has no status counter for "
                + "LRU page writes): the page cleaner does not keep clean pages at the tail of the LRU list.", waits.summary());
        assertEquals(80, waits.score()); // a warning from 1 wait/s
        assertTrue(waits.recommendations().get(0).lines().get(0).startsWith("innodb_lru_scan_depth is 1024 and innodb_io_capacity 200."));
        Result pass = run100s("b", "Innodb_buffer_pool_pages_lru_flushed", "0", "Innodb_buffer_pool_pages_flushed", "3132",
                "Innodb_buffer_pool_wait_free", "0").run(new LruFlushRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("Innodb_buffer_pool_wait_free 0, LRU-list writes 0 of 3132 page writes = 0 %, over 100 s", pass.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, run100s("c", "Questions", "10").run(new LruFlushRule()).status());
    }

    // ------------------------------------------------------------------ SRV-READ-AHEAD

    @Test
    void readAheadWasteFiresPassesAndNeedsTheCounters() {
        Finding f = run100s("a", "Innodb_buffer_pool_read_ahead", "100000", "Innodb_buffer_pool_read_ahead_evicted", "40000")
                .version(MYSQL).variables("innodb_read_ahead_threshold", "56", "innodb_random_read_ahead", "OFF").fire(new ReadAheadRule());
        assertEquals("40 % of the pages read ahead were evicted before any query used them (40000 of 100000 in 100 s, 1000 pages/s read ahead).",
                f.summary());
        assertTrue(f.recommendations().get(0).lines().get(0).startsWith("SET PERSIST innodb_read_ahead_threshold = 64;"),
                f.recommendations().get(0).lines().toString());
        Result pass = run100s("b", "Innodb_buffer_pool_read_ahead", "0", "Innodb_buffer_pool_read_ahead_evicted", "0").run(new ReadAheadRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("0 pages read ahead, 0 of them evicted unused (0 %) over 100 s", pass.reason());
        assertEquals(Result.Status.NOT_APPLICABLE, run100s("c", "Questions", "10").run(new ReadAheadRule()).status());
    }
}
