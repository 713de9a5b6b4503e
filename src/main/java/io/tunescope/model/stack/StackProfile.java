package io.tunescope.model.stack;

import java.util.List;

/**
 * Aggregated call stacks of one CPU profile: every distinct stack (root first: process, then outermost
 * frame ... leaf) with its weight (sample count, or period when the user chose period weighting).
 * Frame names are interned: a stack is an array of indexes into {@link #frames()}.
 *
 * <p>The contract other packages rely on: {@link #forEach} visits each distinct stack once.
 */
public interface StackProfile {

    /** Interned frame names; index = frame id. */
    List<String> frames();

    /**
     * The module (DSO) of each frame, parallel to {@link #frames()}: e.g. {@code [kernel.kallsyms]},
     * {@code /usr/sbin/mysqld}, {@code /tmp/perf-123.map}; "" when unknown (process frames, folded input).
     * Two frames with the same name but different modules are different frames.
     */
    List<String> modules();

    /** Number of distinct stacks. */
    int stackCount();

    /** Sum of all weights, in {@link #unit()}. */
    long totalWeight();

    /** What the weights count: samples for a CPU profile, time for an off-CPU profile ({@link OffCpuProfile}). */
    default WeightUnit unit() {
        return WeightUnit.SAMPLES;
    }

    /** Number of samples (for folded input: the sum of the counts). */
    long samples();

    /** Event names met in the input (e.g. {@code cpu-clock}), in order of first appearance. */
    List<String> events();

    /** Visits every distinct stack, root first, with its weight. The array must not be kept or changed. */
    void forEach(StackVisitor visitor);

    /** The event this profile holds the samples of ("" when the input names no event). */
    default String event() {
        return events().isEmpty() ? "" : events().get(0);
    }

    /**
     * The samples of another event of the same input (a {@code perf script} with several events keeps
     * each one apart), or null when the input has no such event.
     */
    default StackProfile forEvent(String event) {
        return event.equals(event()) ? this : null;
    }

    /** True when the input gave a period per sample, so {@link #byPeriod()} differs from sample counts. */
    default boolean hasPeriods() {
        return false;
    }

    /** The same stacks weighted by the sum of the samples' periods (this profile when there are none). */
    default StackProfile byPeriod() {
        return this;
    }

    @FunctionalInterface
    interface StackVisitor {
        void visit(int[] frameIds, int depth, long weight);
    }
}
