package io.tunescope.ui.annotate;

import io.tunescope.annotate.Annotation;
import io.tunescope.annotate.AnnotationTarget;
import java.util.List;

/**
 * The annotations of the open capture, as views see them: they add notes on what the user points at,
 * read the list to draw markers, and listen for changes to redraw them. Every change is saved at once.
 */
public interface Annotations {
    /** Adds a note on a target of the open capture and saves; null when no capture is open. */
    Annotation add(AnnotationTarget target, String note);

    /** The annotations of the open capture (empty when none is open). */
    List<Annotation> list();

    /** Called on the FX thread after every change, load or close. */
    void addListener(Runnable listener);

    /**
     * Asks the user for a note on a target (a dialog) and adds it when they confirm with text.
     * Returns the new annotation or null.
     */
    Annotation annotate(AnnotationTarget target);
}
