package io.tunescope.rules.io;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Sql;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * IO-FLUSH-NEIGHBORS-SSD: innodb_flush_neighbors != 0 on NVMe storage (seen in iostat). The effective
 * value: the setting, else the default (0 on MySQL 8.0, 1 on MySQL 5.7 and MariaDB).
 */
public final class FlushNeighborsSsdRule extends BaseRule {

    public FlushNeighborsSsdRule() {
        super("IO-FLUSH-NEIGHBORS-SSD", Topic.IO, "Neighbour flushing on NVMe", List.of(Need.IOSTAT, Need.SERVER_SETTINGS),
                List.of("WL9631", "MYSQL-FLUSHING", "MYSQLTUNER"));
    }

    @Override
    protected void check(Run run) {
        boolean nvme = Devices.of(run.e).stream().anyMatch(Devices.Device::nvme);
        if (!nvme) {
            run.pass(run.t("noNvme"));
            return;
        }
        Optional<Fact> fn = run.e.setting("innodb_flush_neighbors");
        String v;
        if (fn.isPresent()) {
            v = fn.get().unquoted();
        } else if (run.e.has(Need.SERVER_VERSION)) {
            v = run.e.server().mysqlLine() && run.e.server().major() >= 8 ? "0" : "1";
        } else {
            run.notApplicable(run.t("unknownDefault"));
            return;
        }
        if (v.equals("0")) {
            run.pass(run.t("pass"));
            return;
        }
        var f = run.finding(40, fn.isEmpty() ? run.t("summary.default", v, run.e.server().display()) : run.t("summary", v))
                .explain(run.t("explanation"));
        fn.ifPresent(f::evidence);
        Devices.of(run.e).stream().filter(Devices.Device::nvme).findFirst()
                .ifPresent(d -> f.evidence(run.t("evidence.nvmeDevice"), d.name(), d.anySeries().ref(0)));
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of(Sql.persist(run.e, "innodb_flush_neighbors", "0")), "innodb_flush_neighbors")
                .effect(run.t("effect"), "WL9631")
                .risk(run.t("risk")).build());
        f.add();
    }
}
