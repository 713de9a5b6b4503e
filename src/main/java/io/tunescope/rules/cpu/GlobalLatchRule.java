package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * CPU-INNODB-GLOBAL-LATCH: one global InnoDB latch family (page hash, lock_sys, trx_sys, redo log) takes
 * 10 % or more of the samples, found by the latch functions under their callers (needs stacks).
 */
public final class GlobalLatchRule extends BaseRule {
    static final Setting MIN = Setting.heuristic("familyPercent", "one latch family at least", 10, "%");
    private static final Predicate<String> LATCH = CpuHotspots.anyOf("rw_lock_s_lock_func", "rw_lock_s_lock_spin", "rw_lock_x_lock_func",
            "rw_lock_x_lock_low", "rw_lock_s_lock_low", "ut_delay", "PolicyMutex::enter", "TTASEventMutex::enter",
            "TTASEventMutex::spin_and_try_lock", "sync_array_wait_event", "os_event_wait_low", "mutex_enter_func",
            "__lll_lock_wait", "pthread_mutex_lock", "native_queued_spin_lock_slowpath");

    record Family(String name, Predicate<String> callers, String action) {
    }

    private static final List<Family> FAMILIES = List.of(
            new Family("buffer pool page hash (hash_table_locks)", CpuHotspots.anyOf("buf_page_get_gen", "Buf_fetch_normal::get",
                    "Buf_fetch::single_page", "buf_page_hash_lock_s_confirm", "buf_page_hash_get_locked"),
                    "upgrade, reduce concurrency; BoostDB-patched builds add page_hash_locks"),
            new Family("lock_sys mutex", CpuHotspots.anyOf("lock_rec_lock", "lock_release", "lock_trx_release_locks", "lock_rec_lock_slow"),
                    "upgrade to MySQL 8.0.21+ (sharded lock_sys latches)"),
            new Family("trx_sys mutex", CpuHotspots.anyOf("trx_set_rw_mode", "trx_erase_lists", "trx_commit_low", "trx_start_low",
                    "trx_assign_read_view", "MVCC::view_open"), "reduce runnable threads (thread pool)"),
            new Family("redo log", CpuHotspots.anyOf("log_buffer_reserve", "log_wait_for_space", "mtr_t::commit", "log_write_up_to",
                    "log_free_check_wait"), "enlarge redo capacity and log buffer; reduce concurrency"));

    public GlobalLatchRule() {
        super("CPU-INNODB-GLOBAL-LATCH", Topic.CPU, "Global InnoDB latch contention", List.of(Need.CPU_PROFILE),
                List.of("BOOSTDB-OTHER", "BOOSTDB-FINEGRAIN", "BOOSTDB-LOCKFREE", "MYSQL-LOCKSYS"), MIN);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        if (!h.hasStacks()) {
            run.notApplicable("needs call stacks (perf script or folded), not only a flat perf report");
            return;
        }
        Family worst = null;
        double worstShare = 0;
        List<String> all = new ArrayList<>();
        for (Family fam : FAMILIES) {
            double s = h.stackShare(LATCH, fam.callers());
            if (s * 100 >= run.get(MIN)) {
                all.add(fam.name() + " " + Fmt.pct(s));
            }
            if (s > worstShare) {
                worstShare = s;
                worst = fam;
            }
        }
        if (worst == null || worstShare * 100 < run.get(MIN)) {
            run.pass("no latch family at " + Fmt.num(run.get(MIN)) + " %" + (worst == null ? "" : "; largest " + worst.name() + " " + Fmt.pct(worstShare)));
            return;
        }
        var f = run.finding(scale(worstShare * 100, run.get(MIN), 40, 55, 85), "Threads spend " + Fmt.pct(worstShare)
                        + " of CPU samples waiting on the InnoDB " + worst.name() + " latch: one global latch serialises the workload.")
                .explain("Latch functions (rw_lock_*, mutex enter/spin, ut_delay) were counted only under the callers of one latch "
                        + "family, so the share is the time spent acquiring that latch. Families at or above the threshold: "
                        + String.join(", ", all) + ".")
                .evidence("latch family", worst.name() + " " + Fmt.pct(worstShare), io.tunescope.model.capture.SourceRef.of(h.file(), 0))
                .threshold(MIN);
        f.recommend(Recommendation.of("Relieve the latch: " + worst.action())
                .text("# MySQL 8.0.21+ shards lock_sys (locksys::Latches); a thread pool keeps runnable threads near the CPU count",
                        "# on Kunpeng, BoostDB patches target exactly these latches for the versions they name")
                .effect("BoostDB fine-grained lock tuning +10 % TPC-C; lock-free trx_sys +20 % sysbench write (patched builds, Kunpeng).",
                        "BOOSTDB-FINEGRAIN")
                .risk("Patched, non-upstream binaries complicate support and upgrades.").build());
        if (worst == FAMILIES.get(0)) {
            f.recommend(Recommendation.of("On a BoostDB-patched build, raise the page hash lock count")
                    .ini(List.of("[mysqld]", "page_hash_locks = 1024   # BoostDB builds only; static"), "page_hash_locks")
                    .effect("Less page-hash contention (part of BoostDB's gains).", "BOOSTDB-OTHER")
                    .risk("Memory; exists only in patched builds.").build());
        }
        f.add();
    }
}
