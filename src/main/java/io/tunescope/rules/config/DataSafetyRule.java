package io.tunescope.rules.config;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.model.config.ServerFlavor;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.OptionEdit;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * CFG-DATA-SAFETY: settings that can damage or lose data without anyone noticing: InnoDB in forced recovery
 * ({@code innodb_force_recovery > 0}), page checksums off ({@code innodb_checksum_algorithm=none},
 * {@code innodb_checksums=OFF}) and the doublewrite buffer off (torn pages cannot be repaired; on MariaDB
 * with {@code innodb_use_atomic_writes} it is safe on devices that write pages atomically).
 */
public final class DataSafetyRule extends BaseRule {

    public DataSafetyRule() {
        super("CFG-DATA-SAFETY", Topic.CONFIG, "Crash-safety of the data files switched off",
                List.of(Need.SERVER_SETTINGS), List.of("MYSQL-FORCE-RECOVERY", "MARIADB-FORCE-RECOVERY", "MYSQL-CHECKSUM",
                        "MARIADB-CHECKSUM", "MYSQL-DOUBLEWRITE", "MARIADB-DOUBLEWRITE", "MARIADB-ATOMIC-WRITES"));
    }

    @Override
    protected void check(Run run) {
        ServerFlavor server = run.e.server();
        boolean maria = server.kind() == ServerFlavor.Kind.MARIADB;
        List<String> parts = new ArrayList<>();
        List<Fact> shown = new ArrayList<>();
        List<Recommendation> recs = new ArrayList<>();
        List<String> why = new ArrayList<>();
        int score = 0;

        Optional<Fact> force = run.e.setting("innodb_force_recovery");
        long forceLevel = force.flatMap(f -> f.number().isPresent() ? Optional.of((long) f.number().getAsDouble()) : Optional.empty()).orElse(0L);
        // the mode from which InnoDB refuses writes: 4 on MySQL and MariaDB up to 10.4, 5 from MariaDB 10.5
        int readOnlyFrom = maria && server.atLeast(10, 5) ? 5 : 4;
        if (forceLevel > 0) {
            parts.add(forceLevel >= readOnlyFrom ? run.t("part.force.high", forceLevel, readOnlyFrom, server.display())
                    : run.t("part.force", forceLevel));
            shown.add(force.get());
            why.add(run.t("why.force", readOnlyFrom, server.display()));
            score = Math.max(score, forceLevel >= readOnlyFrom ? 98 : 92);
            List<String> lines = new ArrayList<>(OptionEdit.remove(run.e, run.locale, "innodb_force_recovery"));
            if (lines.isEmpty()) {
                lines.add(run.t("text.force.noLine", force.get().ref()));
            }
            recs.add(Recommendation.of(run.t("action.force")).text(lines.toArray(String[]::new))
                    .effect(run.t("effect.force"), "MYSQL-FORCE-RECOVERY").risk(run.t("risk.force")).build());
        }

        Optional<Fact> algo = run.e.setting("innodb_checksum_algorithm");
        Optional<Fact> checksums = run.e.setting("innodb_checksums");
        boolean algoNone = algo.map(f -> f.unquoted().toLowerCase(Locale.ROOT).endsWith("none")).orElse(false);
        boolean checksumsOff = checksums.map(f -> !f.isOn()).orElse(false) && !(server.mysqlLine() && server.major() >= 8);
        if (algoNone || checksumsOff) {
            algo.filter(x -> algoNone).ifPresent(f -> {
                parts.add("innodb_checksum_algorithm=" + f.unquoted());
                shown.add(f);
            });
            checksums.filter(x -> checksumsOff).ifPresent(f -> {
                parts.add("innodb_checksums=" + f.unquoted());
                shown.add(f);
            });
            why.add(run.t("why.checksum"));
            score = Math.max(score, 80);
            List<String> lines = new ArrayList<>();
            if (algoNone) {
                String good = maria && server.atLeast(10, 5) ? "full_crc32" : "crc32";
                lines.addAll(OptionEdit.set(run.e, run.locale, "innodb_checksum_algorithm", good));
            }
            if (checksumsOff) {
                lines.addAll(OptionEdit.set(run.e, run.locale, "innodb_checksums", "ON"));
            }
            recs.add(Recommendation.of(run.t("action.checksum"))
                    .ini(lines, algoNone ? "innodb_checksum_algorithm" : "innodb_checksums")
                    .effect(run.t("effect.checksum"), maria ? "MARIADB-CHECKSUM" : "MYSQL-CHECKSUM")
                    .risk(maria ? run.t("risk.checksum.mariadb") : run.t("risk.checksum")).build());
        }

        Optional<Fact> dw = run.e.setting("innodb_doublewrite");
        String dwValue = dw.map(f -> f.unquoted().toUpperCase(Locale.ROOT)).orElse("ON");
        boolean dwOff = dwValue.equals("OFF") || dwValue.equals("0") || dwValue.equals("DETECT_ONLY");
        if (dwOff) {
            shown.add(dw.get());
            Optional<Fact> atomic = maria ? run.e.setting("innodb_use_atomic_writes") : Optional.empty();
            // MariaDB's default is ON from 10.2.4; a listing or option file says otherwise
            boolean atomicOn = maria && atomic.map(Fact::isOn).orElse(server.atLeast(10, 2));
            atomic.ifPresent(shown::add);
            parts.add("innodb_doublewrite=" + dw.get().unquoted() + (atomicOn ? run.t("part.atomic") : ""));
            why.add(atomicOn ? run.t("why.doublewrite.atomic") : run.t("why.doublewrite"));
            score = Math.max(score, atomicOn ? 45 : 80);
            recs.add(Recommendation.of(atomicOn ? run.t("action.doublewrite.atomic") : run.t("action.doublewrite"))
                    .ini(OptionEdit.set(run.e, run.locale, "innodb_doublewrite", "ON"), "innodb_doublewrite")
                    .effect(run.t("effect.doublewrite"), maria ? "MARIADB-DOUBLEWRITE" : "MYSQL-DOUBLEWRITE")
                    .risk(run.t("risk.doublewrite")).build());
        }

        if (parts.isEmpty()) {
            run.pass(run.t("pass", forceLevel, algo.map(Fact::unquoted).orElse(run.t("notSet")),
                    checksums.map(Fact::unquoted).orElse(run.t("notSet")), dw.map(Fact::unquoted).orElse(run.t("notSet"))));
            return;
        }
        var f = run.finding(score, parts.size() == 1 ? run.t("summary.one", parts.get(0)) : run.t("summary", Reasons.list(parts, run.locale)))
                .explain(String.join(" ", why));
        shown.forEach(f::evidence);
        recs.forEach(f::recommend);
        f.add();
    }
}
