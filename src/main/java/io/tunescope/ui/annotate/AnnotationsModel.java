package io.tunescope.ui.annotate;

import io.tunescope.annotate.Annotation;
import io.tunescope.annotate.AnnotationStore;
import io.tunescope.annotate.AnnotationTarget;
import io.tunescope.model.capture.Capture;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The annotations of the open capture, kept in an observable list and written through
 * {@link AnnotationStore} (atomic, beside the capture) after every change. What the store could not read,
 * where it saves instead, another writer's notes merged in, and save failures are reported to
 * {@code onError}; a failed save leaves the list as it was.
 */
public final class AnnotationsModel implements Annotations {
    private final ObservableList<Annotation> items = FXCollections.observableArrayList();
    private final List<Runnable> listeners = new ArrayList<>();
    private final Consumer<String> onError;
    private Function<AnnotationTarget, String> asker = t -> null;
    private AnnotationStore store;
    private final javafx.beans.property.ReadOnlyBooleanWrapper readOnly = new javafx.beans.property.ReadOnlyBooleanWrapper(false);

    public AnnotationsModel(Consumer<String> onError) {
        this.onError = onError;
    }

    /** How {@link #annotate} asks for the note (a dialog in the window). */
    public void setAsker(Function<AnnotationTarget, String> asker) {
        this.asker = asker;
    }

    public ObservableList<Annotation> items() {
        return items;
    }

    /**
     * Loads the annotations of a capture (or clears them for null). What could not be read, and where notes
     * will be saved when that is not the capture's own file, is reported to {@code onError}.
     */
    public void load(Capture c) {
        store = c == null ? null : AnnotationStore.forCapture(c.origin());
        List<Annotation> loaded = List.of();
        if (store != null) {
            try {
                AnnotationStore.Reading r = store.read();
                loaded = r.annotations();
                if (!r.messages().isEmpty()) {
                    onError.accept(String.join("\n", r.messages())); // one dialog, every problem named
                }
            } catch (RuntimeException e) {
                onError.accept(store.file() + ": " + e.getMessage());
            }
        }
        readOnly.set(store != null && store.readOnlyReason() != null);
        items.setAll(loaded);
        fire();
    }

    /** True when changes cannot be saved (a file written by a newer Tunescope, nowhere to write). */
    public boolean readOnly() {
        return readOnly.get();
    }

    /** {@link #readOnly()} as a property: the panel disables editing while it is true. */
    public javafx.beans.property.ReadOnlyBooleanProperty readOnlyProperty() {
        return readOnly.getReadOnlyProperty();
    }

    /** Where the annotations are saved (the capture's file, its sibling or the user's folder), or null. */
    public java.nio.file.Path file() {
        return store == null ? null : store.saveTo() == null ? store.file() : store.saveTo();
    }

    @Override
    public Annotation add(AnnotationTarget target, String note) {
        if (store == null) {
            return null;
        }
        Annotation a = Annotation.create(target, note, Instant.now());
        List<Annotation> next = new ArrayList<>(items);
        next.add(a);
        return commit(next) ? a : null;
    }

    @Override
    public Annotation annotate(AnnotationTarget target) {
        if (store == null) {
            return null;
        }
        if (store.readOnlyReason() != null) {
            onError.accept(store.readOnlyReason()); // said before the user types a note that cannot be kept
            return null;
        }
        String note = asker.apply(target);
        return note == null || note.isBlank() ? null : add(target, note.strip());
    }

    public boolean edit(Annotation a, String note) {
        List<Annotation> next = new ArrayList<>(items);
        int i = indexOf(next, a);
        if (i < 0) {
            return false;
        }
        next.set(i, next.get(i).edit(note, Instant.now()));
        return commit(next);
    }

    public boolean delete(Annotation a) {
        List<Annotation> next = new ArrayList<>(items);
        int i = indexOf(next, a);
        if (i < 0) {
            return false;
        }
        next.remove(i);
        return commit(next);
    }

    private static int indexOf(List<Annotation> list, Annotation a) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).id().equals(a.id())) {
                return i;
            }
        }
        return -1;
    }

    private boolean commit(List<Annotation> next) {
        AnnotationStore.Saved saved;
        try {
            saved = store.save(next);
        } catch (IOException | RuntimeException e) {
            onError.accept(e.getMessage() != null && e.getMessage().contains(store.file().getFileName().toString())
                    ? e.getMessage() : store.file() + ": " + e.getMessage());
            return false;
        }
        if (!saved.messages().isEmpty()) {
            onError.accept(String.join("\n", saved.messages()));
        }
        items.setAll(saved.annotations());
        fire();
        return true;
    }

    @Override
    public List<Annotation> list() {
        return List.copyOf(items);
    }

    @Override
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    private void fire() {
        for (Runnable r : List.copyOf(listeners)) {
            r.run();
        }
    }
}
