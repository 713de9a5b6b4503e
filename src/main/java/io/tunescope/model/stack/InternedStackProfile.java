package io.tunescope.model.stack;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The {@link StackProfile} built by the importers: frames interned in a {@link FrameTable}, distinct
 * stacks aggregated in one {@link StackTable} per event. Memory is proportional to distinct frames and
 * stacks, not to the input size. Immutable once built (the tables are not changed after construction).
 */
public final class InternedStackProfile implements StackProfile {
    private final FrameTable frames;
    private final List<String> events;
    private final List<StackTable> tables;
    private final int index;
    private final boolean byPeriod;
    private final boolean hasPeriods;
    private final SampleColumns sampleColumns;

    /**
     * @param events     every event of the input, in order of first appearance ("" for samples without one)
     * @param tables     the stacks of each event, parallel to {@code events}
     * @param index      which event this profile shows
     * @param byPeriod   weigh stacks by period sums instead of sample counts
     * @param hasPeriods whether the input gave periods at all
     */
    public InternedStackProfile(FrameTable frames, List<String> events, List<StackTable> tables, int index,
                                boolean byPeriod, boolean hasPeriods) {
        this(frames, events, tables, index, byPeriod, hasPeriods, null);
    }

    /**
     * @param sampleColumns every sample in input order (time, CPU, thread, command, stack id into
     *                      {@code tables}), or null when the importer kept none
     */
    public InternedStackProfile(FrameTable frames, List<String> events, List<StackTable> tables, int index,
                                boolean byPeriod, boolean hasPeriods, SampleColumns sampleColumns) {
        if (events.size() != tables.size() || (index >= events.size() && !events.isEmpty())) {
            throw new IllegalArgumentException("events and tables differ");
        }
        this.frames = frames;
        this.events = List.copyOf(events);
        this.tables = List.copyOf(tables);
        this.index = index;
        this.byPeriod = byPeriod;
        this.hasPeriods = hasPeriods;
        this.sampleColumns = sampleColumns;
    }

    /** A profile of a single event (or none) over one table. */
    public static InternedStackProfile of(FrameTable frames, String event, StackTable table) {
        return new InternedStackProfile(frames, List.of(event), List.of(table), 0, false, false);
    }

    public FrameTable frameTable() {
        return frames;
    }

    /**
     * Every sample of the input in order (all events; {@link SampleColumns#event} against
     * {@link #eventIndex()} picks this profile's), or null when the importer kept none (folded input).
     */
    public SampleColumns sampleColumns() {
        return sampleColumns;
    }

    /** Index of this profile's event among the input's events (the value of {@link SampleColumns#event}). */
    public int eventIndex() {
        return index;
    }

    /** The stacks of this profile's event (empty table when the input had none). */
    public StackTable table() {
        return tables.isEmpty() ? new StackTable() : tables.get(index);
    }

    @Override
    public List<String> frames() {
        return frames.names();
    }

    @Override
    public List<String> modules() {
        return frames.modules();
    }

    @Override
    public int stackCount() {
        return table().size();
    }

    @Override
    public long totalWeight() {
        StackTable t = table();
        return byPeriod ? t.totalPeriod() : t.totalSamples();
    }

    @Override
    public long samples() {
        return table().totalSamples();
    }

    /** Event names met in the input, in order of first appearance; samples without an event name are left out. */
    @Override
    public List<String> events() {
        List<String> out = new ArrayList<>(events.size());
        for (String e : events) {
            if (!e.isEmpty()) {
                out.add(e);
            }
        }
        return Collections.unmodifiableList(out);
    }

    @Override
    public String event() {
        return events.isEmpty() ? "" : events.get(index);
    }

    @Override
    public StackProfile forEvent(String event) {
        int i = events.indexOf(event);
        return i < 0 ? null : new InternedStackProfile(frames, events, tables, i, byPeriod, hasPeriods, sampleColumns);
    }

    @Override
    public boolean hasPeriods() {
        return hasPeriods;
    }

    @Override
    public InternedStackProfile byPeriod() {
        return byPeriod ? this : new InternedStackProfile(frames, events, tables, index, true, hasPeriods, sampleColumns);
    }

    /** The same stacks weighted by sample counts. */
    public InternedStackProfile bySamples() {
        return byPeriod ? new InternedStackProfile(frames, events, tables, index, false, hasPeriods, sampleColumns) : this;
    }

    public boolean weightedByPeriod() {
        return byPeriod;
    }

    @Override
    public void forEach(StackVisitor visitor) {
        StackTable t = table();
        int[] buf = new int[Math.max(1, t.maxDepth())];
        for (int i = 0, n = t.size(); i < n; i++) {
            int d = t.copy(i, buf);
            visitor.visit(buf, d, byPeriod ? t.period(i) : t.samples(i));
        }
    }

    @Override
    public String toString() {
        return "InternedStackProfile[event=" + event() + ", stacks=" + stackCount() + ", frames=" + frames.size()
                + ", samples=" + samples() + "]";
    }
}
