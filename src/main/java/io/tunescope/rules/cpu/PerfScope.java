package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.PerfCounters;
import io.tunescope.rules.BaseRule;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Words and numbers the perf stat rules share: what was counted, counts with digit groups, the process id for commands. */
final class PerfScope {
    private static final Pattern PID = Pattern.compile("(?:process|thread) id '(\\d+)");

    private PerfScope() {
    }

    /** "process id '2871' (perf stat -p)", "the whole host (perf stat -a)", or the file when perf did not say. */
    static String describe(BaseRule.Run run, PerfCounters pc) {
        if (pc.systemWide()) {
            return run.t("scope.host", pc.file());
        }
        if (pc.target().isEmpty()) {
            return run.t("scope.unknown", pc.file());
        }
        return run.t("scope.target", pc.target(), pc.file());
    }

    /** 98204581944 -> "98,204,581,944". */
    static String count(double v) {
        return String.format(Locale.ROOT, "%,d", Math.round(v));
    }

    /** The counted process id for commands ({@code perf stat -p 2871}), else the server's name looked up at run time. */
    static String pid(PerfCounters pc) {
        Matcher m = PID.matcher(pc.target());
        return m.find() ? m.group(1) : "$(pidof mysqld || pidof mariadbd)";
    }
}
