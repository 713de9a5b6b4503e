package io.tunescope.analysis.calltree;

import java.util.List;

/**
 * One call-tree transform: a small, serialisable value naming frames by their names (so it applies to
 * any profile, e.g. both sides of a diff). Applied by {@link Transforms#apply}; a stack of them is a
 * {@link TransformStack} (undo = pop).
 */
public sealed interface Transform {

    /** Short human-readable description (for the breadcrumb of transforms and undo menus). */
    String describe();

    /** Keeps only the stacks through this exact path (root's child first) and makes its last frame the root. */
    record FocusSubtree(List<String> path) implements Transform {
        public FocusSubtree {
            path = List.copyOf(path);
            if (path.isEmpty()) {
                throw new IllegalArgumentException("empty path");
            }
        }

        @Override
        public String describe() {
            return "Focus: " + path.get(path.size() - 1);
        }
    }

    /** Keeps the stacks containing the function, cut above its outermost call (all its calls merged as one root). */
    record FocusFunction(String function) implements Transform {
        @Override
        public String describe() {
            return "Focus function: " + function;
        }
    }

    /** Removes the function from every stack; its self weight goes to its caller. Totals are kept. */
    record MergeFunction(String function) implements Transform {
        @Override
        public String describe() {
            return "Merge: " + function;
        }
    }

    /** Drops the stacks through this exact path (the subtree and its weight disappear). */
    record DropSubtree(List<String> path) implements Transform {
        public DropSubtree {
            path = List.copyOf(path);
            if (path.isEmpty()) {
                throw new IllegalArgumentException("empty path");
            }
        }

        @Override
        public String describe() {
            return "Drop: " + path.get(path.size() - 1);
        }
    }

    /**
     * Callers of a function: for every stack containing it, the stack from its innermost call up to the
     * process, reversed (the function is the root, its callers its children). Total = the function's total.
     */
    record CallersOf(String function) implements Transform {
        @Override
        public String describe() {
            return "Callers of: " + function;
        }
    }

    /** Inverts every stack (leaf first): the bottom-up view. Totals are kept. */
    record InvertAll() implements Transform {
        @Override
        public String describe() {
            return "Inverted";
        }
    }

    /** Removes the recursive calls of a function: every occurrence after the outermost one. Totals are kept. */
    record CollapseRecursion(String function) implements Transform {
        @Override
        public String describe() {
            return "Collapse recursion: " + function;
        }
    }
}
