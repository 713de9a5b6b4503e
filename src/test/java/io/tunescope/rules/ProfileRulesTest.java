package io.tunescope.rules;

import io.tunescope.rules.cpu.Crc32SoftwareRule;
import io.tunescope.rules.cpu.FutexContextSwitchRule;
import io.tunescope.rules.cpu.GlobalLatchRule;
import io.tunescope.rules.cpu.KernelCopyUserRule;
import io.tunescope.rules.cpu.MemcpyCharsetRule;
import io.tunescope.rules.cpu.ProfileSymbolsRule;
import io.tunescope.rules.cpu.SpinWaitRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CPU-profile rules on folded stacks and a perf report. */
class ProfileRulesTest {
    @TempDir
    Path dir;

    static final String BASE = """
            mysqld;start_thread;handle_connection;do_command;dispatch_command;mysql_parse;MYSQLparse 3000
            mysqld;start_thread;handle_connection;do_command;dispatch_command;JOIN::exec;row_search_mvcc 3000
            mysqld;start_thread;handle_connection;do_command;dispatch_command;JOIN::optimize 2000
            """;

    private Caps folded(String name, String extra) {
        return Caps.in(dir.resolve(name)).file("mysqld.folded", BASE + extra);
    }

    @Test
    void spinWait() {
        Finding f = folded("a", "mysqld;start_thread;handle_connection;do_command;dispatch_command;row_ins;PolicyMutex<TTASEventMutex<GenericPolicy> >::enter(unsigned int, unsigned int, char const*, unsigned int);ut_delay(unsigned long) 2000\n")
                .fire(new SpinWaitRule());
        assertEquals("InnoDB spin-wait code takes 20 % of CPU samples (ut_delay 20 %): short-held latches are contended.", f.summary());
        assertEquals(java.util.List.of("ut_delay"), f.frames());
        assertEquals(Result.Status.PASSED, folded("b", "").run(new SpinWaitRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("c")).mycnf("a=1\n").run(new SpinWaitRule()).status());
    }

    @Test
    void crc32NeedsTheInstructions() {
        String crc = "mysqld;start_thread;io_handler_thread;buf_page_io_complete;buf_calc_page_crc32;ut_crc32_sw 500\n";
        Finding f = folded("a", crc).lscpu(64, 2).fire(new Crc32SoftwareRule());
        assertEquals("Software CRC32 takes 5.9 % of CPU samples (ut_crc32_sw 5.9 %) although the CPU has CRC32 instructions.", f.summary());
        Result noFlags = folded("b", crc).file("lscpu.txt", "Architecture:        aarch64\nCPU(s):              4\nModel name:          Cortex-A53\n"
                + "Flags:               fp asimd evtstrm cpuid\n").run(new Crc32SoftwareRule());
        assertEquals(Result.Status.PASSED, noFlags.status());
        assertTrue(noFlags.reason().contains("no crc32/sse4_2"), noFlags.reason());
        assertEquals(Result.Status.PASSED, folded("c", "").run(new Crc32SoftwareRule()).status());
    }

    @Test
    void pageHashLatchAndBoostDbVariableWithheldOnStockMysql() {
        String latch = "mysqld;start_thread;handle_connection;do_command;row_search_mvcc;buf_page_get_gen;Buf_fetch_normal::get;rw_lock_s_lock_func 3000\n";
        Caps c = folded("a", latch).version("8.0.25");
        Finding f = c.fire(new GlobalLatchRule());
        assertEquals("Threads spend 27.3 % of CPU samples waiting on the InnoDB buffer pool page hash (hash_table_locks) latch: one global "
                + "latch serialises the workload.", f.summary());
        var results = new RuleEngine(java.util.List.of(new GlobalLatchRule())).run(c.evidence(), Settings.defaults());
        Finding checked = results.get(0).findings().get(0);
        assertTrue(checked.recommendations().stream().noneMatch(r -> r.variables().contains("page_hash_locks")));
        assertTrue(checked.withheld().get(0).contains("page_hash_locks"), checked.withheld().toString());
        assertEquals(Result.Status.PASSED, folded("b", "").run(new GlobalLatchRule()).status());
    }

    @Test
    void latchRuleNeedsStacks() {
        Result r = Caps.in(dir.resolve("r")).file("perf-report.txt", """
                # Samples: 10K of event 'cycles'
                # Event count (approx.): 1000000
                #
                # Overhead  Command  Shared Object      Symbol
                # ........  .......  .................  ..............................
                #
                    30.00%  mysqld   mysqld             [.] rw_lock_s_lock_func
                    20.00%  mysqld   mysqld             [.] row_search_mvcc
                """).run(new GlobalLatchRule());
        assertEquals(Result.Status.NOT_APPLICABLE, r.status(), r.reason());
        assertTrue(r.reason().contains("call stacks"), r.reason());
    }

    @Test
    void memcpyAndCharset() {
        Finding f = folded("a", "mysqld;start_thread;handle_connection;do_command;end_send;Protocol_classic::send_result_set_row;my_convert 600\n")
                .fire(new MemcpyCharsetRule());
        assertEquals("The server spends its CPU on charset conversion (7 %) of rows: my_convert 7 %.", f.summary());
        assertEquals(Result.Status.PASSED, folded("b", "").run(new MemcpyCharsetRule()).status());
    }

    @Test
    void kernelCopyUnderPageCache() {
        Finding f = folded("a", "mysqld;start_thread;io_handler_thread;os_file_read;ksys_pread64_[k];filemap_read_[k];copy_page_to_iter_[k];__arch_copy_to_user_[k] 1500\n")
                .fire(new KernelCopyUserRule());
        assertEquals("The kernel spends 15.8 % of CPU samples copying data to and from user space, mostly under page-cache file I/O.", f.summary());
        assertEquals("innodb_flush_method", f.recommendations().get(0).variables().get(0));
        Finding net = folded("n", "mysqld;start_thread;handle_connection;my_net_read;tcp_recvmsg_[k];__arch_copy_to_user_[k] 1500\n")
                .fire(new KernelCopyUserRule());
        assertTrue(net.summary().endsWith("mostly under socket calls (result sets)."), net.summary());
        assertEquals(Result.Status.PASSED, folded("b", "").run(new KernelCopyUserRule()).status());
    }

    @Test
    void futex() {
        Finding f = folded("a", "mysqld;start_thread;handle_connection;trans_commit;os_event_wait_low;pthread_cond_wait;futex_wait_[k];__schedule_[k] 2500\n")
                .fire(new FutexContextSwitchRule());
        assertEquals("Futex and scheduler code take 23.8 % of CPU samples: more threads are runnable than the CPUs can serve.", f.summary());
        assertEquals(Result.Status.PASSED, folded("b", "").run(new FutexContextSwitchRule()).status());
    }

    @Test
    void btreeSearch() {
        Finding f = folded("a", "mysqld;start_thread;handle_connection;row_search_mvcc;btr_cur_search_to_nth_level;page_cur_search_with_match 2500\n")
                .fire(new io.tunescope.rules.cpu.BtreeSearchRule());
        assertEquals("Walking B-trees takes 23.8 % of CPU samples (page_cur_search_with_match 23.8 %): fix the access paths (indexes, ranges), "
                + "not server knobs.", f.summary());
        assertEquals(Result.Status.PASSED, folded("b", "").run(new io.tunescope.rules.cpu.BtreeSearchRule()).status());
    }

    @Test
    void adaptiveHashIndex() {
        Finding f = folded("a", "mysqld;start_thread;handle_connection;row_search_mvcc;btr_search_guess_on_hash 900\n").version("10.4.32-MariaDB")
                .fire(new io.tunescope.rules.cpu.AhiContentionRule());
        assertEquals("The adaptive hash index takes 10.1 % of CPU samples (btr_search_guess_on_hash 10.1 %): it may cost more than it saves.",
                f.summary());
        assertTrue(f.recommendations().get(0).lines().get(0).startsWith("SET GLOBAL innodb_adaptive_hash_index = OFF;"));
        assertEquals(Result.Status.PASSED, folded("b", "").run(new io.tunescope.rules.cpu.AhiContentionRule()).status());
        assertEquals(Result.Status.NOT_APPLICABLE, Caps.in(dir.resolve("c")).mycnf("a=1\n").run(new io.tunescope.rules.cpu.AhiContentionRule()).status());
    }

    @Test
    void unresolvedProfile() {
        Finding f = folded("a", "mysqld;[unknown];[unknown] 5000\nmysqld;0x0000ffff8a2b3c4d 2000\n").fire(new ProfileSymbolsRule());
        assertEquals("46.7 % of the CPU samples in mysqld.folded have no symbol: the hotspot rules cannot see where the time goes.", f.summary());
        assertEquals(Result.Status.PASSED, folded("b", "").run(new ProfileSymbolsRule()).status());
    }
}
