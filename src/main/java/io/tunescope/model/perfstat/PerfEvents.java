package io.tunescope.model.perfstat;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * perf event names to one canonical name per quantity, whatever the machine printed: generic names
 * ({@code cycles}, {@code cpu-cycles}), PMU-qualified ones ({@code cpu_core/cycles/}, {@code armv8_pmuv3_0/cpu_cycles/}),
 * ARM PMUv3 event names ({@code inst_retired}, {@code l1d_cache_refill}), modifiers ({@code cycles:u}) and, on arm64,
 * raw event numbers of the ARMv8 common architectural events ({@code r11}, {@code r08}: the numbers are
 * architectural on ARMv8, so they mean the same on every PMUv3 core; on x86 raw codes are model-specific and are
 * never mapped).
 */
public final class PerfEvents {
    public static final String CYCLES = "cycles";
    public static final String INSTRUCTIONS = "instructions";
    public static final String CACHE_REFERENCES = "cache-references";
    public static final String CACHE_MISSES = "cache-misses";
    public static final String BRANCHES = "branches";
    public static final String BRANCH_MISSES = "branch-misses";
    public static final String L1D_LOADS = "L1-dcache-loads";
    public static final String L1D_MISSES = "L1-dcache-load-misses";
    public static final String LLC_LOADS = "LLC-loads";
    public static final String LLC_MISSES = "LLC-load-misses";
    public static final String DTLB_LOADS = "dTLB-loads";
    public static final String DTLB_MISSES = "dTLB-load-misses";
    public static final String ITLB_LOADS = "iTLB-loads";
    public static final String ITLB_MISSES = "iTLB-load-misses";
    /** ARM: accesses to the level-2 unified TLB (0x2F) and its refills (0x2D, a page-table walk follows). */
    public static final String L2D_TLB = "l2d_tlb";
    public static final String L2D_TLB_REFILL = "l2d_tlb_refill";

    /** perf's software events (kernel counters that exist without a hardware PMU, as in most VMs). */
    public static final Set<String> SOFTWARE = Set.of("cpu-clock", "task-clock", "context-switches", "cs", "cpu-migrations",
            "migrations", "page-faults", "faults", "minor-faults", "major-faults", "alignment-faults", "emulation-faults",
            "dummy", "bpf-output", "cgroup-switches");

    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("cycles", CYCLES), Map.entry("cpu-cycles", CYCLES), Map.entry("cpu_cycles", CYCLES),
            Map.entry("instructions", INSTRUCTIONS), Map.entry("inst_retired", INSTRUCTIONS),
            Map.entry("cache-references", CACHE_REFERENCES), Map.entry("cache-misses", CACHE_MISSES),
            Map.entry("branches", BRANCHES), Map.entry("branch-instructions", BRANCHES), Map.entry("br_pred", BRANCHES),
            Map.entry("br_retired", BRANCHES),
            Map.entry("branch-misses", BRANCH_MISSES), Map.entry("br_mis_pred", BRANCH_MISSES),
            Map.entry("br_mis_pred_retired", BRANCH_MISSES),
            Map.entry("l1-dcache-loads", L1D_LOADS), Map.entry("l1d_cache", L1D_LOADS),
            Map.entry("l1-dcache-load-misses", L1D_MISSES), Map.entry("l1d_cache_refill", L1D_MISSES),
            Map.entry("llc-loads", LLC_LOADS), Map.entry("ll_cache_rd", LLC_LOADS),
            Map.entry("llc-load-misses", LLC_MISSES), Map.entry("ll_cache_miss_rd", LLC_MISSES),
            Map.entry("dtlb-loads", DTLB_LOADS), Map.entry("l1d_tlb", DTLB_LOADS),
            Map.entry("dtlb-load-misses", DTLB_MISSES), Map.entry("l1d_tlb_refill", DTLB_MISSES),
            Map.entry("itlb-loads", ITLB_LOADS), Map.entry("l1i_tlb", ITLB_LOADS),
            Map.entry("itlb-load-misses", ITLB_MISSES), Map.entry("l1i_tlb_refill", ITLB_MISSES));

    /** ARMv8 common architectural event numbers (Arm Architecture Reference Manual, PMU event list). */
    private static final Map<Integer, String> ARM_RAW = Map.ofEntries(
            Map.entry(0x11, CYCLES), Map.entry(0x08, INSTRUCTIONS), Map.entry(0x04, L1D_LOADS), Map.entry(0x03, L1D_MISSES),
            Map.entry(0x25, DTLB_LOADS), Map.entry(0x05, DTLB_MISSES), Map.entry(0x26, ITLB_LOADS), Map.entry(0x02, ITLB_MISSES),
            Map.entry(0x12, BRANCHES), Map.entry(0x10, BRANCH_MISSES), Map.entry(0x2F, L2D_TLB), Map.entry(0x2D, L2D_TLB_REFILL));

    private PerfEvents() {
    }

    /**
     * The canonical name of an event as printed, or the bare name (lower case, modifiers and PMU prefix removed) when
     * it has none. {@code armRaw}: read {@code rNN} as an ARMv8 architectural event number.
     */
    public static String canonical(String printed, boolean armRaw) {
        String s = bare(printed);
        String c = NAMES.get(s);
        if (c != null) {
            return c;
        }
        if (armRaw && s.matches("r[0-9a-f]{1,4}")) {
            String arm = ARM_RAW.get(Integer.parseInt(s.substring(1), 16));
            if (arm != null) {
                return arm;
            }
        }
        return s;
    }

    /** {@code armv8_pmuv3_0/inst_retired/u} -> {@code inst_retired}; {@code cycles:u} -> {@code cycles}; lower case. */
    public static String bare(String printed) {
        String s = printed.strip();
        int slash = s.indexOf('/');
        if (slash >= 0) {
            int end = s.indexOf('/', slash + 1);
            s = end > slash ? s.substring(slash + 1, end) : s.substring(slash + 1);
            int comma = s.indexOf(',');
            if (comma >= 0) {
                s = s.substring(0, comma);
            }
            if (s.startsWith("event=")) {
                s = "r" + s.substring(6).replaceFirst("^0x", "");
            }
        }
        int colon = s.indexOf(':');
        if (colon > 0) {
            s = s.substring(0, colon);
        }
        return s.toLowerCase(Locale.ROOT);
    }

    /** True for perf's software events (they exist without any hardware counter). */
    public static boolean software(String printed) {
        return SOFTWARE.contains(bare(printed));
    }

    /** True when the event is printed with an ARM PMUv3 or HiSilicon PMU name ({@code armv8_pmuv3_0/...}). */
    public static boolean armPmu(String printed) {
        String s = printed.toLowerCase(Locale.ROOT);
        return s.startsWith("armv8_") || s.startsWith("hisi_") || s.startsWith("arm_");
    }
}
