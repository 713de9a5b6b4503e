package io.tunescope.annotate;

import java.time.Instant;
import java.util.Objects;

/**
 * A user's note on something in a capture.
 *
 * @param id      stable id (UUID), unique within the capture
 * @param target  what the note is about
 * @param note    the text
 * @param created when it was written
 * @param updated when it was last edited (equal to created until edited)
 */
public record Annotation(String id, AnnotationTarget target, String note, Instant created, Instant updated) {
    public Annotation {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(target, "target");
        note = note == null ? "" : note;
        Objects.requireNonNull(created, "created");
        updated = updated == null ? created : updated;
    }

    public static Annotation create(AnnotationTarget target, String note, Instant now) {
        return new Annotation(java.util.UUID.randomUUID().toString(), target, note, now, now);
    }

    /** The same annotation with new text. */
    public Annotation edit(String newNote, Instant now) {
        return new Annotation(id, target, newNote, created, now);
    }
}
