package io.tunescope.ui;

import java.util.ArrayList;
import java.util.List;

/**
 * Which views of a window still have to be shown the open capture, and in which order: the visible view first, then
 * the others in tab order. The window shows the visible one at once and the others one per FX event once it is
 * filled, and at once any that is wanted sooner (its tab selected, "show evidence", a comparison). Each capture
 * opened starts a new round ({@link #start}); the round's number tells a step queued for an older round that it has
 * nothing left to do. Not thread-safe: used on the FX thread only.
 */
final class ShowOrder {
    private final List<Integer> pending = new ArrayList<>();
    private int round;

    /**
     * Starts a round for {@code count} views with view {@code first} (the visible one; -1 for none) first and returns
     * the round's number. Views still pending from the round before are forgotten: they are shown the new capture.
     */
    int start(int count, int first) {
        pending.clear();
        if (first >= 0 && first < count) {
            pending.add(first);
        }
        for (int i = 0; i < count; i++) {
            if (i != first) {
                pending.add(i);
            }
        }
        return ++round;
    }

    /** Forgets the views still pending (a capture closed or another coming) and returns the new round's number. */
    int clear() {
        pending.clear();
        return ++round;
    }

    /** The number of the current round. */
    int round() {
        return round;
    }

    /** The next view to show and takes it off the list, or -1 when every view is shown. */
    int next() {
        return pending.isEmpty() ? -1 : pending.remove(0);
    }

    /** Takes a view off the list if it is on it (it is shown now) and tells whether it was. */
    boolean take(int view) {
        return pending.remove(Integer.valueOf(view));
    }

    /** Whether the view has still to be shown the capture. */
    boolean isPending(int view) {
        return pending.contains(view);
    }

    /** How many views have still to be shown the capture. */
    int size() {
        return pending.size();
    }
}
