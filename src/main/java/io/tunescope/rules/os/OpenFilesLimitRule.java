package io.tunescope.rules.os;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Optional;

/**
 * OS-NOFILE-SYSTEMD: the server's effective open_files_limit is below 10 + max_connections + 2 x
 * table_open_cache, or below what the option files requested (the OS limit won).
 */
public final class OpenFilesLimitRule extends BaseRule {

    public OpenFilesLimitRule() {
        super("OS-NOFILE-SYSTEMD", Topic.OS, "Open-files limit lower than the server needs", List.of(Need.SERVER_SETTINGS),
                List.of("OPENFILES-FORMULA", "MYSQL-SYSTEMD", "MARIADB-SYSTEMD", "NOFILE-WARNING"));
    }

    @Override
    protected void check(Run run) {
        if (!run.e.hasVariableListing()) {
            run.notApplicable(run.t("noVariables"));
            return;
        }
        Optional<Fact> limit = run.e.setting("open_files_limit");
        if (limit.isEmpty() || limit.get().number().isEmpty()) {
            run.notApplicable(run.t("noLimit"));
            return;
        }
        double have = limit.get().number().getAsDouble();
        double conns = run.e.settingNumber("max_connections").orElse(151);
        double toc = run.e.settingNumber("table_open_cache").orElse(4000);
        double need = 10 + conns + 2 * toc;
        Optional<Fact> requested = run.e.optionFileSetting("open_files_limit");
        double req = requested.flatMap(r -> r.number().isPresent() ? Optional.of(r.number().getAsDouble()) : Optional.empty()).orElse(0.0);
        if (have >= need && have >= req) {
            run.pass(run.t("pass", Fmt.num(have), Fmt.num(need)));
            return;
        }
        var f = run.finding(have < need ? 75 : 40, have < need ? run.t("summary", Fmt.num(have), Fmt.num(need))
                        : run.t("summary.requested", Fmt.num(have), Fmt.num(req)))
                .explain(run.t("explanation"))
                .evidence(limit.get());
        requested.ifPresent(f::evidence);
        run.e.setting("max_connections").ifPresent(f::evidence);
        run.e.setting("table_open_cache").ifPresent(f::evidence);
        f.recommend(Recommendation.of(run.t("action"))
                .bash("systemctl edit mysqld        # or mariadb: add [Service] LimitNOFILE=" + Math.max(65535, (long) need),
                        "systemctl daemon-reload && systemctl restart mysqld")
                .effect(run.t("effect"), "MYSQL-SYSTEMD").risk(run.t("risk")).build());
        f.add();
    }
}
