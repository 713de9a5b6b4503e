package io.tunescope.rules.server;

import io.tunescope.analysis.config.StatusDelta;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Status-counter look-ups shared by the server-activity rules. Names are matched without regard to case:
 * MariaDB 10.11 prints {@code Innodb_buffer_pool_pages_lru_flushed} where its manual writes {@code _LRU_}.
 */
final class Counters {
    private Counters() {
    }

    /** The row of a status variable, case-insensitively. */
    static Optional<StatusDelta.Row> row(StatusDelta.Result d, String name) {
        Optional<StatusDelta.Row> exact = d.row(name);
        if (exact.isPresent()) {
            return exact;
        }
        String n = name.toLowerCase(Locale.ROOT);
        return d.rows().stream().filter(r -> r.name().toLowerCase(Locale.ROOT).equals(n)).findFirst();
    }

    /** The change of a counter over the run; for a gauge (such as Innodb_lsn_current) after minus before. */
    static double change(StatusDelta.Row r) {
        return r.gauge() ? r.after() - r.before() : r.delta();
    }

    /** A setting as a number, or empty. */
    static OptionalDouble number(Optional<Fact> f) {
        return f.map(Fact::number).orElse(OptionalDouble.empty());
    }

    /** A rate: two decimals below 10, else at most one. */
    static String rate(double v) {
        return Math.abs(v) < 10 ? Fmt.num2(v) : Fmt.num(v);
    }

    /** The value of a setting as the capture wrote it, or a dash when the capture lacks it. */
    static String shown(BaseRule.Run run, String name) {
        return run.e.setting(name).map(f -> {
            var n = f.number();
            return n.isPresent() && n.getAsDouble() >= 1024 && name.endsWith("_size") ? Fmt.bytes(n.getAsDouble()) : f.value();
        }).orElse("-");
    }
}
