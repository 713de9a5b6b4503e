package io.tunescope.rules.config;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.ServerVariables;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * CFG-REDO-CAPACITY: deprecated redo size options on MySQL 8.0.30+, or redo capacity below one hour of
 * redo writes (MySQLTuner), measured from Innodb_os_log_written between two status snapshots.
 */
public final class RedoCapacityRule extends BaseRule {
    static final Setting HOURS = Setting.source("minHours", "redo capacity below this many hours of redo writes", 1, "h", "MYSQLTUNER");

    public RedoCapacityRule() {
        super("CFG-REDO-CAPACITY", Topic.CONFIG, "Redo log sizing and deprecated redo options",
                List.of(Need.SERVER_SETTINGS, Need.SERVER_VERSION), List.of("MYSQL-REDO", "MYSQL-DEDICATED", "MYSQLTUNER", "REDO-DEFAULT-100M"),
                HOURS);
    }

    @Override
    protected void check(Run run) {
        var server = run.e.server();
        if (!server.mysqlLine()) {
            run.notApplicable(run.t("notMysqlLine", server.display()));
            return;
        }
        boolean v8030 = ServerVariables.atLeast(server, 8, 0, 30);
        Optional<Fact> size = run.e.optionFileSetting("innodb_log_file_size");
        Optional<Fact> files = run.e.optionFileSetting("innodb_log_files_in_group");
        Optional<Fact> cap = run.e.setting("innodb_redo_log_capacity");
        double capacity;
        if (v8030 && cap.isPresent() && cap.get().number().isPresent()) {
            capacity = cap.get().number().getAsDouble();
        } else if (v8030 && size.isEmpty() && files.isEmpty()) {
            capacity = 100 * 1024 * 1024;
        } else {
            capacity = run.e.settingNumber("innodb_log_file_size").orElse(48 * 1024 * 1024)
                    * run.e.settingNumber("innodb_log_files_in_group").orElse(2);
        }
        double perHour = Double.NaN;
        Optional<StatusDelta.Row> written = run.e.statusDelta().flatMap(d -> d.row("Innodb_os_log_written"));
        if (written.isPresent() && !Double.isNaN(written.get().perSecond())) {
            perHour = written.get().perSecond() * 3600;
        }
        boolean deprecated = v8030 && (size.isPresent() || files.isPresent());
        boolean small = !Double.isNaN(perHour) && capacity < perHour * run.get(HOURS);
        if (!deprecated && !small) {
            run.pass(Double.isNaN(perHour) ? run.t("pass", Fmt.bytes(capacity)) : run.t("pass.rate", Fmt.bytes(capacity), Fmt.bytes(perHour)));
            return;
        }
        int score = small ? scale(perHour / capacity, 1, 4, 55, 80) : 40;
        String summary = small
                ? run.t("summary.small", Fmt.bytes(capacity), Fmt.num(run.get(HOURS)), Fmt.bytes(perHour))
                : run.t("summary.deprecated", server.display());
        var f = run.finding(score, summary)
                .explain(run.t("explanation"));
        size.ifPresent(f::evidence);
        files.ifPresent(f::evidence);
        cap.ifPresent(f::evidence);
        written.ifPresent(w -> f.evidence(run.t("evidence.written"), Fmt.num(w.perSecond()), w.afterRef()));
        if (small) {
            f.threshold(HOURS);
        }
        double target = Double.isNaN(perHour) ? Math.max(capacity, 4.0 * (1L << 30))
                : Math.min(16.0 * (1L << 30), Math.max(1L << 30, perHour * run.get(HOURS)));
        long gib = Math.max(1, (long) Math.ceil(target / (1L << 30)));
        List<String> lines = new ArrayList<>();
        if (v8030) {
            if (deprecated) {
                lines.add("-- remove innodb_log_file_size / innodb_log_files_in_group from my.cnf, then:");
            }
            lines.add(io.tunescope.rules.Sql.persist(run.e, "innodb_redo_log_capacity", gib + "*1024*1024*1024"));
            lines.add("SHOW GLOBAL STATUS LIKE 'Innodb_redo_log_resize_status';");
            f.recommend(Recommendation.of(run.t("action.capacity"))
                    .sql(lines, "innodb_redo_log_capacity")
                    .effect(run.t("effect"), "MYSQL-REDO")
                    .risk(run.t("risk")).build());
        } else {
            f.recommend(Recommendation.of(run.t("action.enlarge"))
                    .ini(List.of("[mysqld]", "innodb_log_file_size = " + Math.max(1, gib / 2) + "G", "innodb_log_files_in_group = 2"),
                            "innodb_log_file_size", "innodb_log_files_in_group")
                    .effect(run.t("effect"), "MYSQLTUNER")
                    .risk(run.t("risk")).build());
        }
        f.add();
    }
}
