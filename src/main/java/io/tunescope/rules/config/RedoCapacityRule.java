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
            run.notApplicable("redo capacity rules are written for the MySQL line; " + server.display() + " sizes redo with innodb_log_file_size");
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
            run.pass("redo capacity " + Fmt.bytes(capacity) + (Double.isNaN(perHour) ? "" : ", " + Fmt.bytes(perHour) + " of redo per hour"));
            return;
        }
        int score = small ? scale(perHour / capacity, 1, 4, 55, 80) : 40;
        String summary = small
                ? "Redo capacity " + Fmt.bytes(capacity) + " holds less than " + Fmt.num(run.get(HOURS)) + " h of redo writes ("
                        + Fmt.bytes(perHour) + " per hour), so checkpoints force page flushing."
                : "innodb_log_file_size/innodb_log_files_in_group are deprecated on " + server.display()
                        + "; configure innodb_redo_log_capacity instead.";
        var f = run.finding(score, summary)
                .explain("From MySQL 8.0.30 the redo log is sized by innodb_redo_log_capacity (dynamic, default 100 MiB); "
                        + "innodb_log_file_size x innodb_log_files_in_group is honoured only while the capacity is unset, with a "
                        + "deprecation warning. MySQLTuner wants at least one hour of redo writes (minimum 1 GB on hosts with more "
                        + "than 8 GB RAM, capped at 16 GB); a small redo log makes checkpoints push dirty pages out in bursts.");
        size.ifPresent(f::evidence);
        files.ifPresent(f::evidence);
        cap.ifPresent(f::evidence);
        written.ifPresent(w -> f.evidence("Innodb_os_log_written per second", Fmt.num(w.perSecond()), w.afterRef()));
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
            f.recommend(Recommendation.of("Size the redo log with innodb_redo_log_capacity only, to at least an hour of redo writes")
                    .sql(lines, "innodb_redo_log_capacity")
                    .effect("Fewer checkpoint-driven flush storms (no generic number).", "MYSQL-REDO")
                    .risk("Longer crash recovery and more disk space.").build());
        } else {
            f.recommend(Recommendation.of("Enlarge the redo log to at least an hour of redo writes (restart needed)")
                    .ini(List.of("[mysqld]", "innodb_log_file_size = " + Math.max(1, gib / 2) + "G", "innodb_log_files_in_group = 2"),
                            "innodb_log_file_size", "innodb_log_files_in_group")
                    .effect("Fewer checkpoint-driven flush storms (no generic number).", "MYSQLTUNER")
                    .risk("Longer crash recovery and more disk space.").build());
        }
        f.add();
    }
}
