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
import java.util.function.Function;
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

    /** A latch family: its name and the action that relieves it, in the run's language, and the callers that identify it. */
    record Family(Function<Run, String> name, Predicate<String> callers, Function<Run, String> action) {
    }

    private static final List<Family> FAMILIES = List.of(
            new Family(r -> r.t("family.pageHash"), CpuHotspots.anyOf("buf_page_get_gen", "Buf_fetch_normal::get",
                    "Buf_fetch::single_page", "buf_page_hash_lock_s_confirm", "buf_page_hash_get_locked"),
                    r -> r.t("action.pageHash")),
            new Family(r -> r.t("family.lockSys"), CpuHotspots.anyOf("lock_rec_lock", "lock_release", "lock_trx_release_locks", "lock_rec_lock_slow"),
                    r -> r.t("action.lockSys")),
            new Family(r -> r.t("family.trxSys"), CpuHotspots.anyOf("trx_set_rw_mode", "trx_erase_lists", "trx_commit_low", "trx_start_low",
                    "trx_assign_read_view", "MVCC::view_open"), r -> r.t("action.trxSys")),
            new Family(r -> r.t("family.redo"), CpuHotspots.anyOf("log_buffer_reserve", "log_wait_for_space", "mtr_t::commit", "log_write_up_to",
                    "log_free_check_wait"), r -> r.t("action.redo")));

    public GlobalLatchRule() {
        super("CPU-INNODB-GLOBAL-LATCH", Topic.CPU, "Global InnoDB latch contention", List.of(Need.CPU_PROFILE),
                List.of("BOOSTDB-OTHER", "BOOSTDB-FINEGRAIN", "BOOSTDB-LOCKFREE", "MYSQL-LOCKSYS"), MIN);
        dependsOn(HostSaturatedRule.ID, io.tunescope.rules.cpu.CgroupThrottledRule.ID);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        if (!h.hasStacks()) {
            run.notApplicable(run.t("noStacks"));
            return;
        }
        Family worst = null;
        double worstShare = 0;
        List<String> all = new ArrayList<>();
        for (Family fam : FAMILIES) {
            double s = h.stackShare(LATCH, fam.callers());
            if (s * 100 >= run.get(MIN)) {
                all.add(fam.name().apply(run) + " " + Fmt.pct(s));
            }
            if (s > worstShare) {
                worstShare = s;
                worst = fam;
            }
        }
        if (worst == null || worstShare * 100 < run.get(MIN)) {
            run.pass(worst == null ? run.t("pass", Fmt.num(run.get(MIN)))
                    : run.t("pass.largest", Fmt.num(run.get(MIN)), worst.name().apply(run), Fmt.pct(worstShare)));
            return;
        }
        String name = worst.name().apply(run);
        var f = run.finding(scale(worstShare * 100, run.get(MIN), 40, 50, 85), run.t("summary", Fmt.pct(worstShare), name))
                .explain(run.t("explanation", Hot.join(run, all)))
                .evidence(run.t("evidence.family"), name + " " + Fmt.pct(worstShare), io.tunescope.model.capture.SourceRef.of(h.file(), 0))
                .threshold(MIN);
        f.recommend(Recommendation.of(worst.action().apply(run))
                .text(run.t("text.lockSys"), run.t("text.boostDb"))
                .effect(run.t("effect"), "BOOSTDB-FINEGRAIN")
                .risk(run.t("risk")).build());
        if (worst == FAMILIES.get(0)) {
            f.recommend(Recommendation.of(run.t("action.pageHashLocks"))
                    .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, "page_hash_locks", "1024   # BoostDB builds only; static"), "page_hash_locks")
                    .effect(run.t("effect.pageHashLocks"), "BOOSTDB-OTHER")
                    .risk(run.t("risk.pageHashLocks")).build());
        }
        io.tunescope.rules.cpu.CgroupThrottledRule.cpuCause(run, () -> run.t("saturated")).ifPresent(cause -> f.explainedBy(cause.finding(), cause.sentence()));
        f.add();
    }
}
