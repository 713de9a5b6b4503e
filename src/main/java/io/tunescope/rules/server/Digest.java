package io.tunescope.rules.server;

import io.tunescope.analysis.evidence.Fact;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Recommendation;

import java.util.List;
import java.util.Optional;

/**
 * The recommendation to find the statements behind a counter in performance_schema's statement digest
 * table, and, when the capture shows performance_schema OFF (the MariaDB default), how to turn it on
 * for the next run first.
 */
final class Digest {
    private Digest() {
    }

    /** The digest query ordered by {@code column}, plus the performance_schema step when it is off. */
    static void recommend(BaseRule.Run run, BaseRule.FindingBuilder f, String column, String source) {
        Optional<Fact> ps = run.e.setting("performance_schema");
        if (ps.isPresent() && !ps.get().isOn()) {
            f.evidence(ps.get());
            f.recommend(Recommendation.of(run.t("digest.psOff.action"))
                    .ini(List.of("[mysqld]", "performance_schema = ON"), "performance_schema")
                    .effect(run.t("digest.psOff.effect"), "MYSQL-PS-DIGEST").risk(run.t("digest.psOff.risk")).build());
        }
        f.recommend(Recommendation.of(run.t("digest.action", column))
                .sql(List.of("SELECT SCHEMA_NAME, LEFT(DIGEST_TEXT, 120) AS query, COUNT_STAR, " + column,
                        "  FROM performance_schema.events_statements_summary_by_digest",
                        "  ORDER BY " + column + " DESC LIMIT 10;"))
                .effect(run.t("digest.effect"), source).risk(run.t("digest.risk")).build());
        f.cite("MYSQL-PS-DIGEST");
    }
}
