package io.tunescope.model.stack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every off-CPU interval of a {@code sched_switch} recording, in the order the intervals ended, one primitive column
 * per field (no object per interval): switch-out time and duration (nanoseconds of perf's clock), thread,
 * command, the CPU it left and the CPU it came back on, its stack (an index into the profile's
 * {@link StackTable}), its {@link OffCpuState} and how the interval {@link End ended}.
 */
public final class OffCpuIntervals {
    /** Value of a field the input did not give. */
    public static final int NONE = -1;

    /** How an interval's end was found. */
    public enum End {
        /** The thread's switch-in was recorded ({@code next_pid} == the thread): exact. */
        SWITCH_IN,
        /**
         * The switch-in was not recorded (a recording of some processes only, {@code perf record -p}, sees a
         * thread come back only when another recorded thread hands it the CPU): the interval runs to the
         * thread's next switch-out, the first moment the recording shows it running again, so it also holds
         * the CPU time of that run. An upper bound.
         */
        NEXT_SWITCH_OUT,
        /** Still switched out when the recording ended: clipped at the last event. */
        RECORDING_END
    }

    private final int size;
    private final long[] startNs;
    private final long[] durNs;
    private final long[] lowerNs;
    private final int[] tid;
    private final int[] comm;
    private final short[] cpu;
    private final short[] inCpu;
    private final int[] stack;
    private final byte[] state;
    private final byte[] end;
    private final List<String> comms;
    private final long firstNs;
    private final long lastNs;

    private OffCpuIntervals(Builder b) {
        size = b.size;
        startNs = Arrays.copyOf(b.startNs, size);
        durNs = Arrays.copyOf(b.durNs, size);
        lowerNs = Arrays.copyOf(b.lowerNs, size);
        tid = Arrays.copyOf(b.tid, size);
        comm = Arrays.copyOf(b.comm, size);
        cpu = Arrays.copyOf(b.cpu, size);
        inCpu = Arrays.copyOf(b.inCpu, size);
        stack = Arrays.copyOf(b.stack, size);
        state = Arrays.copyOf(b.state, size);
        end = Arrays.copyOf(b.end, size);
        comms = Collections.unmodifiableList(new ArrayList<>(b.comms));
        firstNs = b.firstNs;
        lastNs = b.lastNs;
    }

    public int size() {
        return size;
    }

    /** Switch-out time, nanoseconds of perf's clock. */
    public long startNs(int i) {
        return startNs[i];
    }

    /** Time switched out, nanoseconds (for {@link End#NEXT_SWITCH_OUT}: the upper bound). */
    public long durationNs(int i) {
        return durNs[i];
    }

    public long endNs(int i) {
        return startNs[i] + durNs[i];
    }

    /**
     * The shortest the interval can have been: its duration for {@link End#SWITCH_IN} and
     * {@link End#RECORDING_END}; for {@link End#NEXT_SWITCH_OUT}, up to the last event the recording saw on the
     * CPU the thread later left from (nothing else was switched out there while it ran).
     */
    public long lowerBoundNs(int i) {
        return lowerNs[i];
    }

    public int tid(int i) {
        return tid[i];
    }

    public String comm(int i) {
        return comms.get(comm[i]);
    }

    /** The CPU the thread was switched out on; {@link #NONE} when the line gave none. */
    public int cpu(int i) {
        return cpu[i];
    }

    /** The CPU the thread was switched in on; {@link #NONE} when the switch-in was not recorded. */
    public int switchInCpu(int i) {
        return inCpu[i];
    }

    /** True when the thread came back on another CPU than it left (a migration). */
    public boolean migrated(int i) {
        return inCpu[i] >= 0 && cpu[i] >= 0 && inCpu[i] != cpu[i];
    }

    /** Index of the interval's stack in the profile's {@link StackTable}. */
    public int stack(int i) {
        return stack[i];
    }

    public OffCpuState state(int i) {
        return OffCpuState.values()[state[i]];
    }

    public End end(int i) {
        return End.values()[end[i]];
    }

    /** The first and last event time of the recording (nanoseconds of perf's clock); {@link #NONE} when empty. */
    public long firstEventNs() {
        return firstNs;
    }

    public long lastEventNs() {
        return lastNs;
    }

    /** Filled by an importer: one {@link #add} per interval. */
    public static final class Builder {
        private int size;
        private long[] startNs = new long[256];
        private long[] durNs = new long[256];
        private long[] lowerNs = new long[256];
        private int[] tid = new int[256];
        private int[] comm = new int[256];
        private short[] cpu = new short[256];
        private short[] inCpu = new short[256];
        private int[] stack = new int[256];
        private byte[] state = new byte[256];
        private byte[] end = new byte[256];
        private final List<String> comms = new ArrayList<>();
        private final Map<String, Integer> commIds = new HashMap<>();
        private long firstNs = NONE;
        private long lastNs = NONE;

        /** The id of a command name. */
        public int comm(String name) {
            return commIds.computeIfAbsent(name, n -> {
                comms.add(n);
                return comms.size() - 1;
            });
        }

        /** The span of the recording's events. */
        public void span(long first, long last) {
            firstNs = first;
            lastNs = last;
        }

        public void add(long start, long duration, long lowerBound, int thread, int commId, int outCpu, int backCpu,
                        int stackId, OffCpuState st, End how) {
            if (size == startNs.length) {
                int n = size * 2;
                startNs = Arrays.copyOf(startNs, n);
                durNs = Arrays.copyOf(durNs, n);
                lowerNs = Arrays.copyOf(lowerNs, n);
                tid = Arrays.copyOf(tid, n);
                comm = Arrays.copyOf(comm, n);
                cpu = Arrays.copyOf(cpu, n);
                inCpu = Arrays.copyOf(inCpu, n);
                stack = Arrays.copyOf(stack, n);
                state = Arrays.copyOf(state, n);
                end = Arrays.copyOf(end, n);
            }
            int i = size++;
            startNs[i] = start;
            durNs[i] = duration;
            lowerNs[i] = lowerBound;
            tid[i] = thread;
            comm[i] = commId;
            cpu[i] = (short) Math.max(NONE, Math.min(Short.MAX_VALUE, outCpu));
            inCpu[i] = (short) Math.max(NONE, Math.min(Short.MAX_VALUE, backCpu));
            stack[i] = stackId;
            state[i] = (byte) st.ordinal();
            end[i] = (byte) how.ordinal();
        }

        public int size() {
            return size;
        }

        public OffCpuIntervals build() {
            return new OffCpuIntervals(this);
        }
    }
}
