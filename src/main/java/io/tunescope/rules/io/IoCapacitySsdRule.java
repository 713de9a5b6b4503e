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
            run.pass("no NVMe device in iostat");
            return;
        }
        Optional<Fact> cap = run.e.setting("innodb_io_capacity");
        double v = cap.flatMap(c -> c.number().isPresent() ? Optional.of(c.number().getAsDouble()) : Optional.empty()).orElse(200.0);
        if (v > run.get(MAX)) {
            run.pass("innodb_io_capacity = " + Fmt.num(v));
            return;
        }
        var f = run.finding(40, "innodb_io_capacity is " + Fmt.num(v) + (cap.isEmpty() ? " (default)" : "")
                        + " on NVMe storage: background flushing is limited to a rate meant for a single hard disk.")
                .explain("innodb_io_capacity tells the page cleaners how many I/O operations per second they may use; the default "
                        + "200 suits one HDD. MySQLTuner asks for at least 2000 on SSD; values above 20,000 rarely help (manual).")
                .evidence("NVMe device", nvme.get().name(), nvme.get().anySeries().ref(0))
                .threshold(MAX);
        cap.ifPresent(f::evidence);
        f.recommend(Recommendation.of("Raise io_capacity toward the sustainable write IOPS of the device")
                .sql(List.of(Sql.persist(run.e, "innodb_io_capacity", "2000"), Sql.persist(run.e, "innodb_io_capacity_max", "4000")),
                        "innodb_io_capacity", "innodb_io_capacity_max")
                .effect("Steadier flushing, fewer synchronous flushes (no generic number).", "MYSQL-IOCAP")
                .risk("Too high a value flushes pages early and wastes writes.").build());
        f.add();
    }
}
