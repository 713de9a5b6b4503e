package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** CPU-MEMCPY-CHARSET: memory copying (>= 8 %) or charset conversion (>= 3 %) dominates. */
public final class MemcpyCharsetRule extends BaseRule {
    static final Setting COPY = Setting.heuristic("copyPercent", "memcpy/memmove self share at least", 8, "%");
    static final Setting CHARSET = Setting.heuristic("charsetPercent", "charset conversion self share at least", 3, "%");
    static final Predicate<String> COPY_FNS = CpuHotspots.anyOf("__memcpy*", "__memmove*", "memcpy*", "memmove*", "__GI_memcpy*",
            "__memcpy_avx_unaligned*", "__memcpy_generic");
    static final Predicate<String> CHARSET_FNS = CpuHotspots.anyOf("my_convert", "my_convert_internal", "copy_and_convert",
            "my_strnxfrm*", "my_mb_wc_*", "my_wc_mb_*", "my_strnncollsp*", "my_ismbchar*");

    public MemcpyCharsetRule() {
        super("CPU-MEMCPY-CHARSET", Topic.CPU, "Copying and charset conversion dominate", List.of(Need.CPU_PROFILE),
                List.of("MYSQLONARM-CONTRIB", "BOOSTDB-CHARSET"), COPY, CHARSET);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        double copy = h.selfShare(COPY_FNS);
        double cs = h.selfShare(CHARSET_FNS);
        boolean c1 = copy * 100 >= run.get(COPY);
        boolean c2 = cs * 100 >= run.get(CHARSET);
        if (!c1 && !c2) {
            run.pass(run.t("pass", Fmt.pct(copy), Fmt.pct(cs)));
            return;
        }
        List<Map.Entry<String, Double>> top = new ArrayList<>(h.matching(COPY_FNS.or(CHARSET_FNS)));
        String hot = Hot.list(run, top, 3);
        String summary = c1 && c2 ? run.t("summary.both", Fmt.pct(copy), Fmt.pct(cs), hot)
                : c1 ? run.t("summary.copy", Fmt.pct(copy), hot) : run.t("summary.charset", Fmt.pct(cs), hot);
        var f = run.finding(45, summary)
                .explain(run.t("explanation"))
                .threshold(COPY).threshold(CHARSET)
                .frames(top.stream().map(Map.Entry::getKey).toList());
        Hot.evidence(run, f, h, top, 5);
        f.recommend(Recommendation.of(run.t("action"))
                .sql(List.of("SHOW VARIABLES LIKE 'character_set%';", "SET NAMES utf8mb4;   -- match the column charset",
                        "SELECT <needed columns> ... LIMIT n;"))
                .effect(run.t("effect"), "MYSQLONARM-CONTRIB")
                .risk(run.t("risk")).build());
        f.add();
    }
}
