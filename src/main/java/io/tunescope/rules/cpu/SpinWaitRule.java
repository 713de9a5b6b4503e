package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** CPU-SPIN-WAIT-HOT: ut_delay or the InnoDB spin/mutex family dominate the profile. */
public final class SpinWaitRule extends BaseRule {
    static final Setting UT_DELAY = Setting.heuristic("utDelayPercent", "ut_delay self share at least", 5, "%");
    static final Setting FAMILY = Setting.heuristic("familyPercent", "spin/mutex family self share at least", 10, "%");
    static final Predicate<String> DELAY = CpuHotspots.anyOf("ut_delay");
    static final Predicate<String> SPIN = CpuHotspots.anyOf("ut_delay", "PolicyMutex::enter", "TTASEventMutex::spin_and_try_lock",
            "TTASEventMutex::enter", "rw_lock_s_lock_spin", "rw_lock_x_lock_func", "rw_lock_x_lock_low", "sync_array_wait_event",
            "ut::detail::delay*", "ut_delay*");

    public SpinWaitRule() {
        super("CPU-SPIN-WAIT-HOT", Topic.CPU, "InnoDB spin-wait loops dominate", List.of(Need.CPU_PROFILE),
                List.of("MYSQL-SPIN", "MYSQL-PR611", "BESTHUB-SPIN", "MYSQLONARM-CONTRIB"), UT_DELAY, FAMILY);
        dependsOn(HostSaturatedRule.ID, io.tunescope.rules.cpu.CgroupThrottledRule.ID);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        double delay = h.selfShare(DELAY);
        double family = h.selfShare(SPIN);
        if (delay * 100 < run.get(UT_DELAY) && family * 100 < run.get(FAMILY)) {
            run.pass(run.t("pass", Fmt.pct(delay), Fmt.pct(family)));
            return;
        }
        List<Map.Entry<String, Double>> top = h.matching(SPIN);
        var f = run.finding(scale(family * 100, run.get(FAMILY), 40, 50, 85), run.t("summary", Fmt.pct(family), Hot.list(run, top, 3)))
                .explain(run.t("explanation"))
                .frames(top.stream().map(Map.Entry::getKey).toList());
        if (delay * 100 >= run.get(UT_DELAY)) {
            f.threshold(UT_DELAY);
        }
        if (family * 100 >= run.get(FAMILY)) {
            f.threshold(FAMILY);
        }
        Hot.evidence(run, f, h, top, 5);
        f.recommend(Recommendation.of(run.t("action.find"))
                .sql(List.of("UPDATE performance_schema.setup_instruments SET ENABLED='YES', TIMED='YES' WHERE NAME LIKE 'wait/synch/%/innodb/%';",
                        "SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT FROM performance_schema.events_waits_summary_global_by_event_name"
                                + " WHERE EVENT_NAME LIKE 'wait/synch/%' ORDER BY SUM_TIMER_WAIT DESC LIMIT 10;"))
                .effect(run.t("effect.find"), "MYSQL-SPIN").build());
        // an A/B around the server's own value: double it and halve it, keep whichever gives more throughput
        java.util.OptionalDouble current = run.e.settingNumber("innodb_spin_wait_delay");
        List<String> ab = new java.util.ArrayList<>();
        if (current.isPresent() && current.getAsDouble() >= 1) {
            long now = (long) current.getAsDouble();
            ab.add("-- " + run.t("text.delay", now, 2 * now, Math.max(0, now / 2)));
            ab.add("SET GLOBAL innodb_spin_wait_delay = " + (2 * now) + ";");
            ab.add("SET GLOBAL innodb_spin_wait_delay = " + Math.max(0, now / 2) + ";");
            ab.add("SET GLOBAL innodb_spin_wait_delay = " + now + ";   -- " + run.t("text.back"));
        } else {
            ab.add("SELECT @@GLOBAL.innodb_spin_wait_delay;   -- " + run.t("text.read"));
        }
        f.recommend(Recommendation.of(run.t("action.delay"))
                .sql(ab, "innodb_spin_wait_delay")
                .effect(run.t("effect.delay"), "BESTHUB-SPIN")
                .risk(run.t("risk.delay")).build());
        io.tunescope.rules.cpu.CgroupThrottledRule.cpuCause(run, () -> run.t("saturated")).ifPresent(cause -> f.explainedBy(cause.finding(), cause.sentence()));
        f.add();
    }
}
