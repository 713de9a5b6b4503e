package io.tunescope.rules.io;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Sql;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/** IO-CAPACITY-SSD: innodb_io_capacity at or below 200 (the default) on NVMe storage (MySQLTuner: >= 2000 on SSD). */
public final class IoCapacitySsdRule extends BaseRule {
    static final Setting MAX = Setting.source("lowCapacity", "innodb_io_capacity at or below", 200, "IOPS", "MYSQLTUNER");

    public IoCapacitySsdRule() {
        super("IO-CAPACITY-SSD", Topic.IO, "io_capacity left at the HDD default on NVMe", List.of(Need.IOSTAT, Need.SERVER_SETTINGS),
                List.of("MYSQLTUNER", "MYSQL-IOCAP"), MAX);
    }

    @Override
    protected void check(Run run) {
        Optional<Devices.Device> nvme = Devices.of(run.e).stream().filter(Devices.Device::nvme).findFirst();
        if (nvme.isEmpty()) {
            run.pass(run.t("noNvme"));
            return;
        }
        Optional<Fact> cap = run.e.setting("innodb_io_capacity");
        double v = cap.flatMap(c -> c.number().isPresent() ? Optional.of(c.number().getAsDouble()) : Optional.empty()).orElse(200.0);
        if (v > run.get(MAX)) {
            run.pass(run.t("pass", Fmt.num(v)));
            return;
        }
        var f = run.finding(40, cap.isEmpty() ? run.t("summary.default", Fmt.num(v)) : run.t("summary", Fmt.num(v)))
                .explain(run.t("explanation"))
                .evidence(run.t("evidence.nvmeDevice"), nvme.get().name(), nvme.get().anySeries().ref(0))
                .threshold(MAX);
        cap.ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of(Sql.persist(run.e, "innodb_io_capacity", "2000"), Sql.persist(run.e, "innodb_io_capacity_max", "4000")),
                        "innodb_io_capacity", "innodb_io_capacity_max")
                .effect(run.t("effect"), "MYSQL-IOCAP")
                .risk(run.t("risk")).build());
        f.add();
    }
}
