package io.tunescope.model.stack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every sample of a profile in input order, one primitive column per field: perf's timestamp, CPU, PID,
 * TID, command, event, the stack (an index into that event's {@link StackTable}, so the stacks are held
 * once) and the period. No object per sample: about 30 bytes a sample. A field the input did not give is
 * absent as a whole ({@link #hasTime()}, {@link #hasCpu()}, {@link #hasPid()}), never made up.
 * Append-only while the importer fills it ({@link Builder}), immutable after {@link Builder#build()}.
 */
public final class SampleColumns {
    /** Value of a field a sample line did not give. */
    public static final int NONE = -1;

    private final int size;
    private final long[] timeNs;
    private final int[] cpu;
    private final int[] pid;
    private final int[] tid;
    private final int[] comm;
    private final byte[] event;
    private final int[] stack;
    private final long[] period;
    private final long constantPeriod;
    private final List<String> comms;
    private final boolean hasTime;
    private final boolean hasCpu;
    private final boolean hasPid;
    private final boolean timeOrdered;
    private final long samplesWithoutTime;

    private SampleColumns(Builder b) {
        size = b.size;
        timeNs = Arrays.copyOf(b.timeNs, size);
        cpu = b.anyCpu ? Arrays.copyOf(b.cpu, size) : null;
        pid = b.anyPid ? Arrays.copyOf(b.pid, size) : null;
        tid = Arrays.copyOf(b.tid, size);
        comm = Arrays.copyOf(b.comm, size);
        event = Arrays.copyOf(b.event, size);
        stack = Arrays.copyOf(b.stack, size);
        period = b.period == null ? null : Arrays.copyOf(b.period, size);
        constantPeriod = b.constantPeriod;
        comms = Collections.unmodifiableList(new ArrayList<>(b.comms));
        samplesWithoutTime = b.withoutTime;
        hasTime = size > 0 && b.withoutTime < size;
        hasCpu = b.anyCpu;
        hasPid = b.anyPid;
        boolean ordered = hasTime && b.withoutTime == 0;
        for (int i = 1; ordered && i < size; i++) {
            if (timeNs[i] < timeNs[i - 1]) {
                ordered = false;
            }
        }
        timeOrdered = ordered;
    }

    public int size() {
        return size;
    }

    /**
     * True when samples have timestamps (perf script printed the time field); the few without one
     * ({@link #samplesWithoutTime()}) are then in no time window.
     */
    public boolean hasTime() {
        return hasTime;
    }

    /** Samples whose line had no timestamp. */
    public long samplesWithoutTime() {
        return samplesWithoutTime;
    }

    public boolean hasCpu() {
        return hasCpu;
    }

    /** True when sample lines gave a PID beside the TID ({@code comm PID/TID}). */
    public boolean hasPid() {
        return hasPid;
    }

    /** True when the timestamps never go backwards (perf script sorts by time): windows are found by binary search. */
    public boolean timeOrdered() {
        return timeOrdered;
    }

    /** perf's timestamp in nanoseconds (its own clock, usually seconds since boot); {@link #NONE} without one. */
    public long timeNs(int i) {
        return timeNs[i];
    }

    public int cpu(int i) {
        return cpu == null ? NONE : cpu[i];
    }

    public int pid(int i) {
        return pid == null ? NONE : pid[i];
    }

    public int tid(int i) {
        return tid[i];
    }

    /** Index into {@link #comms()}. */
    public int comm(int i) {
        return comm[i];
    }

    public String commName(int i) {
        return comms.get(comm[i]);
    }

    /** Distinct command names, index = comm id. */
    public List<String> comms() {
        return comms;
    }

    /** Index of the sample's event in the profile's event list (the order of first appearance). */
    public int event(int i) {
        return event[i] & 0xFF;
    }

    /** The sample's stack: an index into its event's {@link StackTable}. */
    public int stack(int i) {
        return stack[i];
    }

    public long period(int i) {
        return period == null ? constantPeriod : period[i];
    }

    /** First sample index whose time is at or after {@code ns} (time-ordered columns only). */
    public int lowerBound(long ns) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (timeNs[mid] < ns) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Smallest timestamp, or {@link #NONE}. */
    public long firstTimeNs() {
        if (!hasTime) {
            return NONE;
        }
        if (timeOrdered) {
            return timeNs[0];
        }
        long m = Long.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            if (timeNs[i] >= 0) {
                m = Math.min(m, timeNs[i]);
            }
        }
        return m;
    }

    /** Largest timestamp, or {@link #NONE}. */
    public long lastTimeNs() {
        if (!hasTime) {
            return NONE;
        }
        if (timeOrdered) {
            return timeNs[size - 1];
        }
        long m = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            m = Math.max(m, timeNs[i]);
        }
        return m;
    }

    /** Approximate heap size of the columns in bytes. */
    public long bytes() {
        long per = 8L + 4 + 4 + 1 + 4 + (cpu != null ? 4 : 0) + (pid != null ? 4 : 0) + (period != null ? 8 : 0);
        return per * size;
    }

    @Override
    public String toString() {
        return "SampleColumns[" + size + " samples, time=" + hasTime + ", cpu=" + hasCpu + ", pid=" + hasPid + "]";
    }

    /** Filled by an importer, one {@link #add} per sample. */
    public static final class Builder {
        private int size;
        private long[] timeNs = new long[1024];
        private int[] cpu = new int[1024];
        private int[] pid = new int[1024];
        private int[] tid = new int[1024];
        private int[] comm = new int[1024];
        private byte[] event = new byte[1024];
        private int[] stack = new int[1024];
        private long[] period;
        private long constantPeriod = Long.MIN_VALUE;
        private boolean anyCpu;
        private boolean anyPid;
        private long withoutTime;
        private final List<String> comms = new ArrayList<>();
        private final Map<String, Integer> commIds = new HashMap<>();
        private boolean full;

        /** The id of a command name (interned). */
        public int comm(String name) {
            Integer id = commIds.get(name);
            if (id == null) {
                id = comms.size();
                comms.add(name);
                commIds.put(name, id);
            }
            return id;
        }

        /**
         * Adds one sample; {@link #NONE} for a field the line did not give. Returns false (and keeps nothing
         * more) once the columns hold {@code Integer.MAX_VALUE - 8} samples or the event index passes 255.
         */
        public boolean add(long timeNs, int cpu, int pid, int tid, int commId, int eventIndex, int stackId, long period) {
            if (full || eventIndex > 255 || size >= Integer.MAX_VALUE - 8) {
                full = true;
                return false;
            }
            if (size == this.timeNs.length) {
                grow();
            }
            int i = size++;
            this.timeNs[i] = timeNs;
            this.cpu[i] = cpu;
            this.pid[i] = pid;
            this.tid[i] = tid;
            this.comm[i] = commId;
            this.event[i] = (byte) eventIndex;
            this.stack[i] = stackId;
            if (timeNs < 0) {
                withoutTime++;
            }
            anyCpu |= cpu >= 0;
            anyPid |= pid >= 0;
            if (this.period != null) {
                this.period[i] = period;
            } else if (constantPeriod == Long.MIN_VALUE || constantPeriod == period) {
                constantPeriod = period;
            } else {
                this.period = new long[this.timeNs.length];
                Arrays.fill(this.period, 0, i, constantPeriod);
                this.period[i] = period;
            }
            return true;
        }

        /** True when a sample could not be kept ({@link #add} returned false). */
        public boolean full() {
            return full;
        }

        public int size() {
            return size;
        }

        private void grow() {
            int n = (int) Math.min(Integer.MAX_VALUE - 8L, timeNs.length * 2L);
            timeNs = Arrays.copyOf(timeNs, n);
            cpu = Arrays.copyOf(cpu, n);
            pid = Arrays.copyOf(pid, n);
            tid = Arrays.copyOf(tid, n);
            comm = Arrays.copyOf(comm, n);
            event = Arrays.copyOf(event, n);
            stack = Arrays.copyOf(stack, n);
            if (period != null) {
                period = Arrays.copyOf(period, n);
            }
        }

        public SampleColumns build() {
            return new SampleColumns(this);
        }
    }
}
