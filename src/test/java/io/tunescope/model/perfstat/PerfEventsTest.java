package io.tunescope.model.perfstat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Event names as x86 and arm64 perf print them, to one name per quantity. */
class PerfEventsTest {
    @Test
    void genericPmuQualifiedAndModifiedNames() {
        assertEquals(PerfEvents.CYCLES, PerfEvents.canonical("cpu-cycles", false));
        assertEquals(PerfEvents.CYCLES, PerfEvents.canonical("cycles:u", false));
        assertEquals(PerfEvents.CYCLES, PerfEvents.canonical("cpu_core/cycles/", false));
        assertEquals(PerfEvents.INSTRUCTIONS, PerfEvents.canonical("armv8_pmuv3_0/inst_retired/", false));
        assertEquals(PerfEvents.DTLB_MISSES, PerfEvents.canonical("dTLB-load-misses", false));
        assertEquals(PerfEvents.DTLB_MISSES, PerfEvents.canonical("armv8_pmuv3_0/l1d_tlb_refill/", false));
    }

    @Test
    void rawNumbersOnlyAsArmv8ArchitecturalEvents() {
        assertEquals(PerfEvents.INSTRUCTIONS, PerfEvents.canonical("r08", true));
        assertEquals(PerfEvents.CYCLES, PerfEvents.canonical("r11", true));
        assertEquals(PerfEvents.L2D_TLB_REFILL, PerfEvents.canonical("r2d", true));
        // on x86 a raw code is model-specific: never mapped
        assertEquals("r08", PerfEvents.canonical("r08", false));
        assertEquals("r00c0", PerfEvents.canonical("r00c0", false));
        // an unknown ARM number stays itself
        assertEquals("r7f", PerfEvents.canonical("r7f", true));
        // event=0x08 in PMU syntax is the same raw number
        assertEquals(PerfEvents.INSTRUCTIONS, PerfEvents.canonical("armv8_pmuv3_0/event=0x08/", true));
    }

    @Test
    void softwareEvents() {
        assertTrue(PerfEvents.software("task-clock"));
        assertTrue(PerfEvents.software("cs"));
        assertFalse(PerfEvents.software("cycles"));
        assertTrue(PerfEvents.armPmu("armv8_pmuv3_0/cpu_cycles/"));
        assertFalse(PerfEvents.armPmu("cpu_core/cycles/"));
    }
}
