package io.tunescope.importers.perfscript;

import io.tunescope.model.stack.FrameTable;
import io.tunescope.model.stack.OffCpuIntervals;
import io.tunescope.model.stack.OffCpuProfile;
import io.tunescope.model.stack.OffCpuState;
import io.tunescope.model.stack.StackTable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns {@code sched:sched_switch} events, in time order, into off-CPU intervals: a thread is off CPU from
 * its switch-out ({@code prev_pid} == the thread) to its next switch-in ({@code next_pid} == the thread), on
 * whichever CPU that happens (a migration is counted, not lost). The interval is attributed to the stack
 * the thread was switched out with, under a frame of its {@code prev_state} group ({@link OffCpuState}).
 *
 * <p>What the events cannot say is bounded, never made up: a thread switched out again before any recorded
 * switch-in (a recording of some processes only) is off CPU at most until that second switch-out and at
 * least until the last event recorded on that CPU before it ({@link OffCpuIntervals.End#NEXT_SWITCH_OUT});
 * a thread still switched out at the end is clipped at the last event ({@link OffCpuIntervals.End#RECORDING_END}).
 * The idle task (pid 0) is not a thread waiting for anything and is left out.
 */
public final class SchedSwitchIntervals {
    /** Frame under the state frame when an event carried no call chain. */
    public static final String NO_STACK = "[no call chain recorded]";

    private final FrameTable frames;
    private final StackTable stacks = new StackTable();
    private final OffCpuIntervals.Builder out = new OffCpuIntervals.Builder();
    private final Map<Integer, Pending> pending = new HashMap<>();
    private long[] lastOnCpu = new long[8];
    private final int[] stateFrames = new int[OffCpuState.values().length];
    private final Map<String, Integer> otherStateFrames = new HashMap<>();
    private final int noStackFrame;
    private int[] buf = new int[64];
    private long first = OffCpuIntervals.NONE;
    private long last = OffCpuIntervals.NONE;
    private long events;
    private long backwards;
    private long withoutStack;
    private long idleSwitches;

    private static final class Pending {
        long time;
        int cpu;
        int stack;
        int comm;
        OffCpuState state;
    }

    public SchedSwitchIntervals(FrameTable frames) {
        this.frames = frames;
        Arrays.fill(lastOnCpu, Long.MIN_VALUE);
        Arrays.fill(stateFrames, -1);
        noStackFrame = frames.frame(NO_STACK, 0);
    }

    /**
     * One {@code sched_switch} event.
     *
     * @param timeNs    event time, nanoseconds of perf's clock
     * @param cpu       the CPU it happened on, or -1 when the line gave none
     * @param prevPid   the thread switched out
     * @param prevComm  its command
     * @param prevState its {@code prev_state} as printed ({@code S}, {@code D}, {@code R+} ...)
     * @param nextPid   the thread switched in
     * @param rootFirst the switched-out thread's stack, root first, starting with its process frame
     * @param depth     frames in {@code rootFirst} (1: the process frame only, no call chain)
     */
    public void event(long timeNs, int cpu, int prevPid, String prevComm, String prevState, int nextPid,
                      int[] rootFirst, int depth) {
        events++;
        if (first == OffCpuIntervals.NONE) {
            first = timeNs;
        }
        if (last != OffCpuIntervals.NONE && timeNs < last) {
            backwards++;                            // perf script sorts by time; an unsorted file is said so
        }
        last = Math.max(last, timeNs);
        if (prevPid != 0) {
            Pending again = pending.get(prevPid);
            if (again != null) {
                // switched out again without a recorded switch-in: it ran on this CPU just before timeNs, and came
                // back after the last event this recording saw on this CPU
                long floor = Math.max(again.time, cpu >= 0 && cpu < lastOnCpu.length ? lastOnCpu[cpu] : again.time);
                close(again, prevPid, timeNs, floor, -1, OffCpuIntervals.End.NEXT_SWITCH_OUT);
            } else {
                again = new Pending();
                pending.put(prevPid, again);
            }
            again.time = timeNs;
            again.cpu = cpu;
            again.comm = out.comm(prevComm);
            again.state = OffCpuState.of(prevState);
            again.stack = stack(rootFirst, depth, again.state, prevState);
        } else {
            idleSwitches++;
        }
        Pending in = nextPid == 0 ? null : pending.remove(nextPid);
        if (in != null) {
            close(in, nextPid, timeNs, timeNs, cpu, OffCpuIntervals.End.SWITCH_IN);
        }
        if (cpu >= 0) {
            if (cpu >= lastOnCpu.length) {
                int old = lastOnCpu.length;
                lastOnCpu = Arrays.copyOf(lastOnCpu, Math.max(cpu + 1, old * 2));
                Arrays.fill(lastOnCpu, old, lastOnCpu.length, Long.MIN_VALUE);
            }
            lastOnCpu[cpu] = timeNs;
        }
    }

    private void close(Pending p, int tid, long end, long lowerEnd, int inCpu, OffCpuIntervals.End how) {
        long d = Math.max(0, end - p.time);
        long low = Math.max(0, Math.min(end, lowerEnd) - p.time);
        out.add(p.time, d, how == OffCpuIntervals.End.NEXT_SWITCH_OUT ? low : d, tid, p.comm, p.cpu, inCpu, p.stack, p.state, how);
    }

    private int stack(int[] rootFirst, int depth, OffCpuState state, String prevState) {
        int n = depth + (depth <= 1 ? 2 : 1);
        if (buf.length < n) {
            buf = new int[n * 2];
        }
        buf[0] = rootFirst[0];
        buf[1] = stateFrame(state, prevState);
        if (depth <= 1) {
            withoutStack++;
            buf[2] = noStackFrame;
        } else {
            System.arraycopy(rootFirst, 1, buf, 2, depth - 1);
        }
        return stacks.add(buf, n, 0, 0);
    }

    private int stateFrame(OffCpuState s, String prevState) {
        if (s == OffCpuState.OTHER) {
            return otherStateFrames.computeIfAbsent(prevState, k -> frames.frame(s.frame(k), 0));
        }
        int f = stateFrames[s.ordinal()];
        if (f < 0) {
            f = frames.frame(s.frame(prevState), 0);
            stateFrames[s.ordinal()] = f;
        }
        return f;
    }

    /** Ends the recording: threads still switched out are clipped at the last event. */
    public OffCpuProfile finish(String event) {
        Pending[] open = pending.values().toArray(new Pending[0]);
        Integer[] tids = pending.keySet().toArray(new Integer[0]);
        // in switch-out order, so the columns stay ordered by start
        Integer[] order = new Integer[open.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(open[a].time, open[b].time));
        for (int i : order) {
            close(open[i], tids[i], last, last, -1, OffCpuIntervals.End.RECORDING_END);
        }
        pending.clear();
        out.span(first, last);
        return OffCpuProfile.ofIntervals(frames, stacks, event, out.build());
    }

    public long events() {
        return events;
    }

    /** Events whose time was earlier than an event before them (an unsorted file). */
    public long backwards() {
        return backwards;
    }

    /** Switch-outs that carried no call chain (recorded without -g, or the unwind failed). */
    public long withoutStack() {
        return withoutStack;
    }

    /** Switch-outs of the idle task (pid 0), left out. */
    public long idleSwitches() {
        return idleSwitches;
    }
}
