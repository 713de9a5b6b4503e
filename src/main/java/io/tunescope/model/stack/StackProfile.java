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

    /** Number of distinct stacks. */
    int stackCount();

    /** Sum of all weights. */
    long totalWeight();

    /** Number of samples (for folded input: the sum of the counts). */
    long samples();

    /** Event names met in the input (e.g. {@code cpu-clock}), in order of first appearance. */
    List<String> events();

    /** Visits every distinct stack, root first, with its weight. The array must not be kept or changed. */
    void forEach(StackVisitor visitor);

    @FunctionalInterface
    interface StackVisitor {
        void visit(int[] frameIds, int depth, long weight);
    }
}
