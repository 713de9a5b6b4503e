package io.tunescope.model.capture;

/**
 * One tuning step of a capture. {@code dir} is the sub-folder relative to the capture root ("" for a
 * capture without steps, whose files all sit at the top). {@code change} and {@code date} come from a
 * manifest or a notes.md, and may be empty.
 */
public record Step(int index, String dir, String label, String change, String date) {
    public Step {
        dir = dir == null ? "" : dir;
        label = label == null || label.isBlank() ? dir : label;
        change = change == null ? "" : change;
        date = date == null ? "" : date;
    }

    public boolean isRoot() {
        return dir.isEmpty();
    }
}
