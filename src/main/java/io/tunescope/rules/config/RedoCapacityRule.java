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
    static final Setting AGE = Setting.heuristic("maxCheckpointAgePercent", "checkpoint age share of its maximum at least", 75, "%");
    static final Setting HEALTHY_AGE = Setting.heuristic("healthyCheckpointAgePercent", "checkpoint age share of the capacity below (redo keeps up)", 50, "%");

    public RedoCapacityRule() {
        super("CFG-REDO-CAPACITY", Topic.CONFIG, "Redo log sizing and deprecated redo options",
                List.of(Need.SERVER_SETTINGS, Need.SERVER_VERSION), List.of("MYSQL-REDO", "MYSQL-DEDICATED", "MYSQLTUNER", "REDO-DEFAULT-100M", "MARIADB-REDO"),
                HOURS, AGE, HEALTHY_AGE);
    }

    /** Checkpoint age and its limit from the status snapshots: MariaDB's own counters, MySQL 8.0.30+'s LSNs; null without. */
    private record Age(double age, double max, io.tunescope.model.capture.SourceRef ref) {
    }

    private static Age checkpointAge(Run run, double capacity) {
        var d = run.e.statusDelta();
        if (d.isEmpty()) {
            return null;
        }
        var age = d.get().row("Innodb_checkpoint_age");
        var max = d.get().row("Innodb_checkpoint_max_age");
        if (age.isPresent() && max.isPresent() && max.get().after() > 0) {
            // the larger of the two snapshots: the run's worst moment that was captured
            boolean before = age.get().before() > age.get().after();
            return new Age(Math.max(age.get().before(), age.get().after()), max.get().after(),
                    before ? age.get().beforeRef() : age.get().afterRef());
        }
        var cur = d.get().row("Innodb_redo_log_current_lsn");
        var chk = d.get().row("Innodb_redo_log_checkpoint_lsn");
        if (cur.isPresent() && chk.isPresent() && capacity > 0) {
            return new Age(cur.get().after() - chk.get().after(), capacity, chk.get().afterRef());
        }
        return null;
    }

    @Override
    protected void check(Run run) {
        var server = run.e.server();
        if (server.kind() == io.tunescope.model.config.ServerFlavor.Kind.MARIADB) {
            mariadb(run);
            return;
        }
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
        Age age = checkpointAge(run, capacity);
        // the checkpoint keeps well within the capacity: a high write rate alone is no reason to grow it
        boolean keepsUp = age != null && age.age() / capacity * 100 < run.get(HEALTHY_AGE);
        boolean small = !Double.isNaN(perHour) && capacity < perHour * run.get(HOURS) && !keepsUp;
        if (!deprecated && !small) {
            run.pass(Double.isNaN(perHour) ? run.t("pass", Fmt.bytes(capacity)) : run.t("pass.rate", Fmt.bytes(capacity), Fmt.bytes(perHour)));
            return;
        }
        int score = small ? scale(perHour / capacity, 1, 4, 50, 85) : 35;
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
        if (small && !deprecated && gib * (double) (1L << 30) <= capacity) {
            // never recommend the value already set: the capacity is at the cap Tunescope would choose
            f.recommend(Recommendation.of(run.t("action.atCap"))
                    .text(run.t("text.atCap", Fmt.bytes(capacity), Fmt.bytes(perHour)))
                    .effect(run.t("effect"), "MYSQL-REDO").risk(run.t("risk")).build());
            f.add();
            return;
        }
        List<String> lines = new ArrayList<>();
        if (v8030) {
            if (deprecated) {
                // every line that sets them, so none is left to fight the capacity
                for (String name : List.of("innodb_log_file_size", "innodb_log_files_in_group")) {
                    for (String rm : io.tunescope.rules.OptionEdit.remove(run.e, run.locale, name)) {
                        lines.add("-- " + rm.substring(2));
                    }
                }
                lines.add(lines.isEmpty() ? "-- remove innodb_log_file_size / innodb_log_files_in_group from my.cnf, then:" : run.t("sql.then"));
            }
            lines.add(io.tunescope.rules.Sql.persist(run.e, "innodb_redo_log_capacity", gib + "*1024*1024*1024"));
            lines.add("SHOW GLOBAL STATUS LIKE 'Innodb_redo_log_resize_status';");
            f.recommend(Recommendation.of(run.t("action.capacity"))
                    .sql(lines, "innodb_redo_log_capacity")
                    .effect(run.t("effect"), "MYSQL-REDO")
                    .risk(run.t("risk")).build());
        } else {
            f.recommend(Recommendation.of(run.t("action.enlarge"))
                    .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, io.tunescope.rules.OptionEdit.values(
                            "innodb_log_file_size", Math.max(1, gib / 2) + "G", "innodb_log_files_in_group", "2")),
                            "innodb_log_file_size", "innodb_log_files_in_group")
                    .effect(run.t("effect"), "MYSQLTUNER")
                    .risk(run.t("risk")).build());
        }
        f.add();
    }

    /**
     * MariaDB 10.5+ writes one redo file of innodb_log_file_size (older: x innodb_log_files_in_group). Too small
     * when the checkpoint age nears Innodb_checkpoint_max_age (flushing is then forced) or when the file holds
     * less than the hours of redo writes; sized to that many hours of the measured write rate.
     */
    private void mariadb(Run run) {
        var server = run.e.server();
        Optional<Fact> size = run.e.setting("innodb_log_file_size");
        if (size.isEmpty() || size.get().number().isEmpty()) {
            run.notApplicable(run.t("noLogFileSize", server.display()));
            return;
        }
        boolean oneFile = server.major() > 10 || server.major() == 10 && server.minor() >= 5;
        double capacity = size.get().number().getAsDouble() * (oneFile ? 1 : run.e.settingNumber("innodb_log_files_in_group").orElse(2));
        Optional<StatusDelta.Row> written = run.e.statusDelta().flatMap(d -> d.row("Innodb_os_log_written"));
        double perSecond = written.map(StatusDelta.Row::perSecond).filter(v -> !Double.isNaN(v) && v > 0).orElse(Double.NaN);
        Age age = checkpointAge(run, capacity);
        double ageShare = age == null ? Double.NaN : age.age() / age.max();
        boolean pressed = !Double.isNaN(ageShare) && ageShare * 100 >= run.get(AGE);
        boolean small = !Double.isNaN(perSecond) && capacity < perSecond * 3600 * run.get(HOURS)
                && (Double.isNaN(ageShare) || age.age() / capacity * 100 >= run.get(HEALTHY_AGE));
        if (!pressed && !small) {
            run.pass(Double.isNaN(perSecond) ? run.t("pass", Fmt.bytes(capacity)) : run.t("pass.rate", Fmt.bytes(capacity), Fmt.bytes(perSecond * 3600)));
            return;
        }
        String holds = Double.isNaN(perSecond) ? "?" : Fmt.num(capacity / perSecond);
        var f = run.finding(pressed ? 80 : 50, pressed
                        ? run.t("summary.checkpoint", Fmt.pct(ageShare), Fmt.bytes(age.age()), Fmt.bytes(age.max()), Fmt.bytes(capacity), holds,
                        Double.isNaN(perSecond) ? "?" : Fmt.bytes(perSecond))
                        : run.t("summary.small", Fmt.bytes(capacity), Fmt.num(run.get(HOURS)), Fmt.bytes(perSecond * 3600)))
                .explain(run.t("explanation.mariadb"))
                .evidence(size.get())
                .threshold(AGE).threshold(HOURS);
        if (age != null) {
            f.evidence(run.t("evidence.age"), Fmt.bytes(age.age()) + " / " + Fmt.bytes(age.max()), age.ref());
        }
        written.ifPresent(w -> f.evidence(run.t("evidence.written"), Fmt.num(w.perSecond()), w.afterRef()));
        double target = Double.isNaN(perSecond) ? 4 * capacity
                : Math.min(16.0 * (1L << 30), Math.max(1L << 30, perSecond * 3600 * run.get(HOURS)));
        long gib = Math.max(1, (long) Math.ceil(target / (1L << 30)));
        String value = gib + "G";
        f.recommend(Recommendation.of(run.t("action.mariadb"))
                .ini(io.tunescope.rules.OptionEdit.set(run.e, run.locale, "innodb_log_file_size", value + "    # " + run.t("derivation.mariadb",
                        Double.isNaN(perSecond) ? "?" : Fmt.bytes(perSecond), Fmt.num(run.get(HOURS)))), "innodb_log_file_size")
                .effect(run.t("effect"), "MARIADB-REDO")
                .risk(run.t("risk.mariadb", value)).build());
        f.add();
    }
}
