package io.tunescope.rules.cpu;

import io.tunescope.analysis.evidence.CpuHotspots;
import io.tunescope.analysis.evidence.Fact;
import io.tunescope.analysis.evidence.Need;
import io.tunescope.rules.BaseRule;
import io.tunescope.rules.Fmt;
import io.tunescope.rules.Recommendation;
import io.tunescope.rules.Setting;
import io.tunescope.rules.Topic;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/** CPU-CRC32-SOFTWARE: software CRC32 visible in the profile on a CPU with CRC32 instructions. */
public final class Crc32SoftwareRule extends BaseRule {
    static final Setting MIN = Setting.heuristic("minPercent", "software CRC32 self share at least", 1, "%");
    static final Predicate<String> SOFTWARE = CpuHotspots.anyOf("ut_crc32_sw", "ut_crc32_byte_by_byte_sw", "ut_crc32_legacy_big_endian_sw",
            "ut_crc32_big_endian_sw", "crc32_z", "crc32", "crc32_sw", "crc32_processing_64bit_chunks", "software::crc32*",
            "ut_crc32_8_sw", "ut_crc32_64_sw", "ut_crc32_64_low_sw", "ut_crc32_slice8*", "my_checksum");

    public Crc32SoftwareRule() {
        super("CPU-CRC32-SOFTWARE", Topic.CPU, "CRC32 computed in software", List.of(Need.CPU_PROFILE),
                List.of("MYSQLONARM-CONTRIB", "BOOSTDB-CRC32", "MYSQL-PR136", "MYSQL-CRC32-SRC", "SEED-004"), MIN);
    }

    @Override
    protected void check(Run run) {
        CpuHotspots h = run.e.cpuHotspots().orElseThrow();
        double share = h.selfShare(SOFTWARE);
        if (share * 100 < run.get(MIN)) {
            run.pass(run.t("pass", Fmt.pct(share)));
            return;
        }
        Optional<Fact> flags = run.e.lscpu("Flags");
        if (flags.isPresent()) {
            String fl = " " + flags.get().value().toLowerCase(Locale.ROOT) + " ";
            boolean hw = fl.contains(" crc32 ") || fl.contains(" sse4_2 ");
            if (!hw) {
                run.pass(run.t("pass.noInstructions", Fmt.pct(share)));
                return;
            }
        }
        List<Map.Entry<String, Double>> top = h.matching(SOFTWARE);
        boolean v57 = run.e.server().mysqlLine() && run.e.server().major() == 5;
        var f = run.finding(scale(share * 100, run.get(MIN), 10, 50, 85), flags.isPresent()
                        ? run.t("summary", Fmt.pct(share), Hot.list(run, top, 3))
                        : run.t("summary.probably", Fmt.pct(share), Hot.list(run, top, 3)))
                .explain(run.t("explanation"))
                .threshold(MIN)
                .frames(top.stream().map(Map.Entry::getKey).toList());
        Hot.evidence(run, f, h, top, 4);
        flags.ifPresent(fl -> f.evidence(run.t("evidence.flags"), fl.value().toLowerCase(Locale.ROOT).contains("crc32")
                ? run.t("evidence.flags.crc32") : run.t("evidence.flags.sse42"), fl.ref()));
        run.e.serverRef().ifPresent(r -> f.evidence(run.t("evidence.server"), run.e.server().display(), r));
        f.recommend(Recommendation.of(v57 ? run.t("action.v57") : run.t("action"))
                .bash("grep -m1 -o -w -e crc32 -e pmull -e sse4_2 /proc/cpuinfo | sort -u",
                        "objdump -d \"$(command -v mysqld)\" | grep -c -E 'crc32c?[bhwxq]'     # 0 => software path",
                        "# the CMake log must contain: \"ARMv8 crc32 intrinsic support available\" (aarch64)")
                .effect(run.t("effect"), "MYSQLONARM-CONTRIB")
                .risk(run.t("risk")).build());
        f.add();
    }
}
