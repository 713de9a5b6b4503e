package io.tunescope.annotate;

import java.util.List;
import java.util.Objects;

/**
 * What an annotation points at. Every target belongs to a step ("" for a capture without steps).
 *
 * <ul>
 *   <li>{@link Kind#FLAME_FRAME}: {@code frames} is the stack from the root to the frame (names), {@code view}
 *       the profile file;</li>
 *   <li>{@link Kind#TIME_RANGE}: {@code fromMs}..{@code toMs} on the step's series clock;</li>
 *   <li>{@link Kind#HEATMAP_CELL}: {@code view} names the heatmap, {@code row} and {@code column} the cell;</li>
 *   <li>{@link Kind#STEP}: the step itself;</li>
 *   <li>{@link Kind#FINDING}: {@code findingId} is the rule id of the finding.</li>
 * </ul>
 */
public record AnnotationTarget(Kind kind, String step, String view, List<String> frames, Long fromMs, Long toMs, String row,
                               String column, String findingId) {

    public enum Kind { FLAME_FRAME, TIME_RANGE, HEATMAP_CELL, STEP, FINDING }

    public AnnotationTarget {
        Objects.requireNonNull(kind, "kind");
        step = step == null ? "" : step;
        view = view == null ? "" : view;
        frames = frames == null ? List.of() : List.copyOf(frames);
        row = row == null ? "" : row;
        column = column == null ? "" : column;
        findingId = findingId == null ? "" : findingId;
        switch (kind) {
            case FLAME_FRAME -> require(!frames.isEmpty(), "a flame frame target needs the frame stack");
            case TIME_RANGE -> require(fromMs != null && toMs != null && fromMs <= toMs, "a time range needs from <= to");
            case HEATMAP_CELL -> require(!view.isEmpty() && !row.isEmpty() && !column.isEmpty(), "a heatmap cell needs view, row and column");
            case FINDING -> require(!findingId.isEmpty(), "a finding target needs the rule id");
            default -> {
            }
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    public static AnnotationTarget flameFrame(String step, String profileFile, List<String> stack) {
        return new AnnotationTarget(Kind.FLAME_FRAME, step, profileFile, stack, null, null, null, null, null);
    }

    public static AnnotationTarget timeRange(String step, long fromMs, long toMs) {
        return new AnnotationTarget(Kind.TIME_RANGE, step, null, null, fromMs, toMs, null, null, null);
    }

    public static AnnotationTarget heatmapCell(String step, String heatmap, String row, String column) {
        return new AnnotationTarget(Kind.HEATMAP_CELL, step, heatmap, null, null, null, row, column, null);
    }

    public static AnnotationTarget step(String step) {
        return new AnnotationTarget(Kind.STEP, step, null, null, null, null, null, null, null);
    }

    public static AnnotationTarget finding(String step, String ruleId) {
        return new AnnotationTarget(Kind.FINDING, step, null, null, null, null, null, null, ruleId);
    }
}
