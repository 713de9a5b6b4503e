package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.stack.FrameTable;
import io.tunescope.model.stack.OffCpuIntervals;
import io.tunescope.model.stack.OffCpuProfile;
import io.tunescope.model.stack.OffCpuState;
import io.tunescope.model.stack.StackProfile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The interval rules of {@link SchedSwitchIntervals} on hand-made events, and a few perf script lines end to end. */
class SchedSwitchIntervalsTest {
    @TempDir
    Path tmp;

    private static final FrameTable FRAMES = new FrameTable();
    private static final int MYSQLD = FRAMES.frame("mysqld", 0);
    private static final int POLL = FRAMES.frame("__poll", 0);
    private static final int SCHEDULE = FRAMES.frame("__schedule", 0);

    private static void ev(SchedSwitchIntervals s, long t, int cpu, int prev, String state, int next) {
        s.event(t, cpu, prev, "mysqld", state, next, new int[] {MYSQLD, POLL, SCHEDULE}, 3);
    }

    @Test
    void switchOutToSwitchInOnAnyCpu() {
        SchedSwitchIntervals s = new SchedSwitchIntervals(FRAMES);
        ev(s, 100, 0, 7, "S", 8);       // 7 out on cpu 0
        ev(s, 150, 1, 9, "R", 7);       // 7 back on cpu 1: a migration, 50 ns
        ev(s, 400, 1, 7, "D", 9);       // 7 out again; 9 back (250 ns)
        ev(s, 1000, 0, 8, "S", 7);      // 7 back (600 ns); 8 out, still out at the end: clipped at 1000 (0 ns)
        OffCpuProfile p = s.finish("sched:sched_switch");
        OffCpuIntervals iv = p.intervals();
        assertEquals(4, iv.size());
        assertEquals(50 + 250 + 600, p.totalWeight());
        assertEquals(900, p.accounting().exact());
        assertEquals(2, p.accounting().migrations());      // 7: out on 0 back on 1, out on 1 back on 0
        assertEquals(1, p.accounting().clippedCount());
        assertEquals(Long.valueOf(50), p.accounting().byState().get(OffCpuState.SLEEPING));
        assertEquals(Long.valueOf(250), p.accounting().byState().get(OffCpuState.RUNNABLE));
        assertEquals(Long.valueOf(600), p.accounting().byState().get(OffCpuState.UNINTERRUPTIBLE));
        List<String> stacks = new ArrayList<>();
        p.forEach((ids, d, w) -> {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < d; i++) {
                b.append(i == 0 ? "" : ";").append(p.frames().get(ids[i]));
            }
            stacks.add(b + " " + w);
        });
        assertTrue(stacks.contains("mysqld;" + OffCpuState.UNINTERRUPTIBLE.frame("D") + ";__poll;__schedule 600"), stacks.toString());
    }

    @Test
    void aSwitchInThatWasNotRecordedIsBoundedNotGuessed() {
        SchedSwitchIntervals s = new SchedSwitchIntervals(FRAMES);
        ev(s, 100, 0, 7, "S", 99);      // 7 out; 99 is another process, not recorded
        ev(s, 300, 0, 8, "R", 99);      // something else recorded on cpu 0 at 300
        ev(s, 1000, 0, 7, "S", 99);     // 7 out again on cpu 0 without a recorded switch-in
        ev(s, 1200, 1, 5, "S", 7);      // 7 back: 200 ns, exact
        OffCpuProfile p = s.finish("sched:sched_switch");
        OffCpuProfile.Accounting a = p.accounting();
        assertEquals(1, a.upperBoundCount());
        assertEquals(900, a.upperBound());          // 100 -> 1000 at most
        assertEquals(200, a.lowerBound());          // back on cpu 0 after its last recorded event (300) at least
        assertEquals(200, a.exact());
        // 8 and 5 are still out at the end (1200): 900 and 0 ns, clipped
        assertEquals(2, a.clippedCount());
        assertEquals(900, a.clipped());
        assertEquals(900 + 200 + 900, p.totalWeight());
    }

    @Test
    void theIdleTaskIsNotAThread() {
        SchedSwitchIntervals s = new SchedSwitchIntervals(FRAMES);
        ev(s, 100, 0, 0, "R", 7);
        ev(s, 200, 0, 7, "S", 0);
        ev(s, 500, 0, 0, "R", 7);
        OffCpuProfile p = s.finish("sched:sched_switch");
        assertEquals(300, p.totalWeight());
        assertEquals(2, s.idleSwitches());
    }

    @Test
    void aWindowCutsIntervalsToTheirOverlap() {
        SchedSwitchIntervals s = new SchedSwitchIntervals(FRAMES);
        ev(s, 100, 0, 7, "S", 8);
        ev(s, 1100, 0, 8, "S", 7);      // 7: 100..1100
        ev(s, 1500, 0, 7, "S", 8);      // 8: 1100..1500
        OffCpuProfile p = s.finish("sched:sched_switch");
        assertEquals(1000 + 400, p.totalWeight());
        OffCpuProfile w = p.window(600, 1300);
        assertEquals(500 + 200, w.totalWeight());
        assertEquals(2, w.samples());
        assertEquals(0, p.window(2000, 3000).totalWeight());
        assertEquals(400, w.window(1100, 2000).totalWeight() + p.window(1300, 1500).totalWeight() - 200);
    }

    private ImportResult<StackProfile> parse(String text) throws Exception {
        Path f = tmp.resolve("sched.txt");
        Files.write(f, text.getBytes(StandardCharsets.UTF_8));
        return new PerfSchedImporter().parse(ImportContext.forFile(f));
    }

    @Test
    void linesWithoutStacksCommandsWithSpacesAndOddStates() throws Exception {
        String text = ""
                + "VM Thread 11443 [000] 10040.161819: sched:sched_switch: prev_comm=VM Thread prev_pid=11443 prev_prio=120 prev_state=R+ ==> next_comm=Service Thread next_pid=11447 next_prio=120\n"
                + "\n"
                + "Service Thread 11447 [000] 10040.161840: sched:sched_switch: prev_comm=Service Thread prev_pid=11447 prev_prio=120 prev_state=D|K ==> next_comm=VM Thread next_pid=11443 next_prio=120\n"
                + "\tffffffff82265908 __schedule+0x628 ([kernel.kallsyms])\n"
                + "\n"
                + "VM Thread 11443 [001] 10040.161856: sched:sched_switch: prev_comm=VM Thread prev_pid=11443 prev_prio=120 prev_state=I ==> next_comm=Service Thread next_pid=11447 next_prio=120\n"
                + "\n";
        ImportResult<StackProfile> r = parse(text);
        OffCpuProfile p = (OffCpuProfile) r.value();
        // 11443: 819 -> 840 (R+, preempted, 21 us); 11447: 840 -> 856 (D|K, 16 us); 11443 still out: 0
        assertEquals(21_000 + 16_000, p.totalWeight());
        assertEquals(Long.valueOf(21_000), p.accounting().byState().get(OffCpuState.RUNNABLE));
        assertEquals(Long.valueOf(16_000), p.accounting().byState().get(OffCpuState.UNINTERRUPTIBLE));
        List<String> roots = new ArrayList<>();
        p.forEach((ids, d, w) -> roots.add(p.frames().get(ids[0]) + "|" + p.frames().get(ids[1]) + "|" + p.frames().get(ids[2])));
        assertTrue(roots.contains("VM_Thread|" + OffCpuState.RUNNABLE.frame("R+") + "|" + SchedSwitchIntervals.NO_STACK), roots.toString());
        assertTrue(roots.contains("VM_Thread|[I other state]|" + SchedSwitchIntervals.NO_STACK), roots.toString());
        String messages = String.join("\n", r.diagnostics().stream().map(Diagnostic::message).toList());
        assertTrue(messages.contains("2 of 3 switch-outs carry no call chain"), messages);
        assertTrue(messages.contains("1 thread(s) still switched out when the recording ended"), messages);
    }

    @Test
    void aLineWithoutTimeIsNamedAndSkipped() throws Exception {
        String text = ""
                + "mysqld 12 [000] 5.000001: sched:sched_switch: prev_comm=mysqld prev_pid=12 prev_prio=120 prev_state=S ==> next_comm=a next_pid=13 next_prio=120\n"
                + "\n"
                + "mysqld 13 [000] sched:sched_switch: prev_comm=mysqld prev_pid=13 prev_prio=120 prev_state=S ==> next_comm=a next_pid=12 next_prio=120\n"
                + "\n"
                + "mysqld 13 [000] 5.000011: sched:sched_switch: prev_comm=mysqld prev_pid=13 prev_prio=120 prev_state=S ==> next_comm=a next_pid=12 next_prio=120\n"
                + "\n";
        ImportResult<StackProfile> r = parse(text);
        assertEquals(10_000, r.value().totalWeight());
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.line() == 3 && d.message().contains("without a timestamp")),
                r.diagnostics().toString());
    }
}
