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
            run.pass("memcpy " + Fmt.pct(copy) + ", charset " + Fmt.pct(cs));
            return;
        }
        List<Map.Entry<String, Double>> top = new ArrayList<>(h.matching(COPY_FNS.or(CHARSET_FNS)));
        String what = c1 && c2 ? "memory copying (" + Fmt.pct(copy) + ") and charset conversion (" + Fmt.pct(cs) + ")"
                : c1 ? "memory copying (" + Fmt.pct(copy) + ")" : "charset conversion (" + Fmt.pct(cs) + ")";
        var f = run.finding(45, "The server spends its CPU on " + what + " of rows: " + Hot.list(top, 3) + ".")
                .explain("Copying row data and converting between the column charset and the client charset scales with rows x "
                        + "columns returned. Matching charsets, narrower SELECT lists and LIMIT cut it; on ARM my_convert "
                        + "historically fell back to byte copies (bug #98737).")
                .threshold(COPY).threshold(CHARSET)
                .frames(top.stream().map(Map.Entry::getKey).toList());
        Hot.evidence(f, h, top, 5);
        f.recommend(Recommendation.of("Avoid per-row conversion and copying: client charset = column charset, fewer and narrower columns")
                .sql(List.of("SHOW VARIABLES LIKE 'character_set%';", "SET NAMES utf8mb4;   -- match the column charset",
                        "SELECT <needed columns> ... LIMIT n;"))
                .effect("mysqlonarm: my_convert 0.79 % -> 0.22 % of samples with a patch; BoostDB charset SIMD with record matching "
                        + "about +10 % read-only.", "MYSQLONARM-CONTRIB")
                .risk("Application changes.").build());
        f.add();
    }
}
