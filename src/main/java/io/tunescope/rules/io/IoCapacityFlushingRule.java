package io.tunescope.rules.io;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Sql;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * IO-CAPACITY-FLUSHING: innodb_io_capacity judged from the flushing the capture measured, not from device names.
 * It fires when flushing was under pressure (checkpoint age near its maximum, user threads waiting for free pages,
 * or dirty pages at innodb_max_dirty_pages_pct), the page cleaners already flushed at about the io_capacity rate,
 * and the data device had room (low %util and write latency in iostat). The value it recommends is derived from
 * the measured flushing rate and the current setting, and the device's own capacity is left to measure. When the
 * redo log is the mechanism (CFG-REDO-CAPACITY at warning) it says so first.
 */
public final class IoCapacityFlushingRule extends BaseRule {
    static final Setting AGE = Setting.heuristic("checkpointAgePercent", "checkpoint age of its maximum at least", 75, "%");
    static final Setting AT_CAP = Setting.heuristic("atCapPercent", "pages flushed per second of innodb_io_capacity at least", 80, "%");
    static final Setting UTIL = Setting.heuristic("deviceUtilPercent", "data device %util below", 70, "%");
    static final Setting AWAIT = Setting.heuristic("deviceAwaitMs", "data device write latency below", 10, "ms");

    public IoCapacityFlushingRule() {
        super("IO-CAPACITY-FLUSHING", Topic.IO, "Flushing held at innodb_io_capacity while the device has room",
                List.of(Need.STATUS_DELTA, Need.SERVER_SETTINGS), List.of("MYSQL-IOCAP", "MYSQL-FLUSHING", "MARIADB-IOCAP"), AGE, AT_CAP, UTIL, AWAIT);
        dependsOn("CFG-REDO-CAPACITY");
    }

    @Override
    protected void check(Run run) {
        StatusDelta.Result d = run.e.statusDelta().orElseThrow();
        Optional<StatusDelta.Row> flushed = d.row("Innodb_buffer_pool_pages_flushed");
        if (flushed.isEmpty() || !(d.elapsedSeconds() > 0)) {
            run.notApplicable(run.t("noFlushCounter"));
            return;
        }
        Optional<Fact> capFact = run.e.setting("innodb_io_capacity");
        double cap = run.e.settingNumber("innodb_io_capacity").orElse(200);
        double rate = flushed.get().perSecond();
        // pressure: why the cleaners should have flushed faster
        List<String> pressure = new ArrayList<>();
        List<Runnable> evidence = new ArrayList<>();
        Optional<StatusDelta.Row> age = d.row("Innodb_checkpoint_age");
        Optional<StatusDelta.Row> maxAge = d.row("Innodb_checkpoint_max_age");
        double agePct = Double.NaN;
        if (age.isPresent() && maxAge.isPresent() && maxAge.get().after() > 0) {
            agePct = Math.max(age.get().before(), age.get().after()) / maxAge.get().after() * 100;
        }
        Optional<StatusDelta.Row> waitFree = d.row("Innodb_buffer_pool_wait_free");
        boolean waited = waitFree.isPresent() && waitFree.get().delta() > 0;
        Optional<StatusDelta.Row> dirty = d.row("Innodb_buffer_pool_pages_dirty");
        Optional<StatusDelta.Row> total = d.row("Innodb_buffer_pool_pages_total");
        double maxDirty = run.e.settingNumber("innodb_max_dirty_pages_pct").orElse(Double.NaN);
        double dirtyPct = dirty.isPresent() && total.isPresent() && total.get().after() > 0
                ? Math.max(dirty.get().before(), dirty.get().after()) / total.get().after() * 100 : Double.NaN;
        if (agePct >= run.get(AGE)) {
            pressure.add(run.t("pressure.age", Fmt.num(agePct)));
        }
        if (waited) {
            pressure.add(run.t("pressure.waitFree", Fmt.num(waitFree.get().delta())));
        }
        if (!Double.isNaN(maxDirty) && dirtyPct >= 0.9 * maxDirty) {
            pressure.add(run.t("pressure.dirty", Fmt.num(dirtyPct), Fmt.num(maxDirty)));
        }
        if (pressure.isEmpty()) {
            run.pass(run.t("pass.noPressure", Fmt.num(rate), Fmt.num(cap), Double.isNaN(agePct) ? "-" : Fmt.num(agePct)));
            return;
        }
        if (rate * 100 < run.get(AT_CAP) * cap) {
            run.pass(run.t("pass.belowCap", Fmt.num(rate), Fmt.num(cap), String.join("; ", pressure)));
            return;
        }
        Devices.Device dev = null;
        for (Devices.Device x : Devices.of(run.e)) {
            if (x.util() != null && !x.util().isEmpty() && (dev == null || x.util().mean() > dev.util().mean())) {
                dev = x;
            }
        }
        double util = dev == null ? Double.NaN : dev.util().mean();
        double wAwait = dev == null || dev.wAwait() == null || dev.wAwait().isEmpty() ? Double.NaN : dev.wAwait().mean();
        boolean room = dev != null && util < run.get(UTIL) && (Double.isNaN(wAwait) || wAwait < run.get(AWAIT));
        String list = String.join("; ", pressure);
        var f = run.finding(room ? (waited ? 78 : 60) : 45, dev == null ? run.t("summary.noDevice", Fmt.num(rate), Fmt.num(cap), list)
                        : room ? run.t("summary", Fmt.num(rate), Fmt.num(cap), list, dev.name(), Fmt.num(util), Double.isNaN(wAwait) ? "-" : Fmt.num2(wAwait))
                        : run.t("summary.deviceBusy", Fmt.num(rate), Fmt.num(cap), list, dev.name(), Fmt.num(util), Double.isNaN(wAwait) ? "-" : Fmt.num2(wAwait)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.rate"), Fmt.num(rate) + " /s (" + Fmt.num(flushed.get().delta()) + " / " + Fmt.num(d.elapsedSeconds()) + " s)",
                        flushed.get().afterRef())
                .threshold(AT_CAP);
        if (capFact.isPresent()) {
            f.evidence(capFact.get());
        } else {
            f.evidence("innodb_io_capacity", run.t("default", Fmt.num(cap)), null);
        }
        if (agePct >= run.get(AGE)) {
            f.evidence(run.t("evidence.age"), Fmt.num(agePct) + " %", age.get().afterRef()).threshold(AGE);
        }
        if (waited) {
            f.evidence("Innodb_buffer_pool_wait_free", Fmt.num(waitFree.get().delta()), waitFree.get().afterRef());
        }
        if (dev != null) {
            f.evidence(run.t("evidence.util", dev.name()), Fmt.num(util) + " %", dev.util().ref(0)).threshold(UTIL);
            if (!Double.isNaN(wAwait)) {
                f.evidence(run.t("evidence.wAwait", dev.name()), Fmt.num2(wAwait) + " ms", dev.wAwait().ref(0)).threshold(AWAIT);
            }
        }
        if (room) {
            // twice what the cleaners managed, at least twice the current cap, in hundreds
            double target = Math.ceil(Math.max(2 * rate, 2 * cap) / 100) * 100;
            double max = run.e.settingNumber("innodb_io_capacity_max").orElse(2 * cap);
            List<String> sql = new ArrayList<>();
            List<String> vars = new ArrayList<>(List.of("innodb_io_capacity"));
            if (max < 2 * target) {
                sql.add(Sql.persist(run.e, "innodb_io_capacity_max", Long.toString((long) (2 * target))));
                vars.add("innodb_io_capacity_max");
            }
            sql.add(Sql.persist(run.e, "innodb_io_capacity", Long.toString((long) target)));
            sql.add(0, "-- " + run.t("derivation", Fmt.num(rate), Fmt.num(cap), Fmt.num(target)));
            f.recommend(Recommendation.of(run.t("action"))
                    .sql(sql, vars.toArray(String[]::new))
                    .effect(run.t("effect"), "MYSQL-IOCAP")
                    .risk(run.t("risk")).build());
            f.recommend(Recommendation.of(run.t("action.measure"))
                    .bash("fio --name=iocap --filename=<file on the data volume> --size=4G --rw=randwrite --bs=16k --direct=1 --ioengine=libaio "
                            + "--iodepth=32 --runtime=60 --time_based   # write IOPS the device sustains; io_capacity_max at most that")
                    .effect(run.t("effect.measure"), "MYSQL-IOCAP").risk(run.t("risk.measure")).build());
        } else {
            f.recommend(Recommendation.of(dev == null ? run.t("action.iostat") : run.t("action.device"))
                    .bash(dev == null ? "iostat -x -t 1 60 > iostat-x.txt    # during the run" : "iostat -x -t 1 60    # during the run: %util and w_await of " + dev.name())
                    .effect(run.t("effect.device"), "MYSQL-IOCAP").risk(run.t("risk.measure")).build());
        }
        run.prior("CFG-REDO-CAPACITY").ifPresent(cause -> f.explainedBy(cause, run.t("redoFirst")));
        f.add();
    }
}
