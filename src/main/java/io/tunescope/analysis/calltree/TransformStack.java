package io.tunescope.analysis.calltree;

import java.util.ArrayList;
import java.util.List;

/** An immutable stack of transforms applied in order; {@link #pop()} is undo. */
public record TransformStack(List<Transform> transforms) {
    public static final TransformStack EMPTY = new TransformStack(List.of());

    public TransformStack {
        transforms = List.copyOf(transforms);
    }

    public TransformStack push(Transform t) {
        List<Transform> l = new ArrayList<>(transforms);
        l.add(t);
        return new TransformStack(l);
    }

    /** Undo: the stack without its last transform (itself when empty). */
    public TransformStack pop() {
        return transforms.isEmpty() ? this : new TransformStack(transforms.subList(0, transforms.size() - 1));
    }

    public boolean isEmpty() {
        return transforms.isEmpty();
    }

    public int size() {
        return transforms.size();
    }

    public CallTree apply(CallTree tree) {
        return Transforms.apply(tree, transforms);
    }
}
