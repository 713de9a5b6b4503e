package io.tunescope.model.perfreport;

import java.util.List;

/**
 * A node of a call-graph block of {@code perf report}: a function, the percentage printed on its branch
 * ({@code |--83.31%--foo}; null for nodes that continue a straight chain), and its children in the order
 * printed. The direction (callers below callees, or the reverse) is the one the report was made with
 * ({@code -g caller} / {@code -g callee}).
 */
public record CallChainNode(String name, Double percent, List<CallChainNode> children) {
    public CallChainNode {
        children = List.copyOf(children);
    }

    /** Number of nodes in this subtree. */
    public int size() {
        int n = 1;
        for (CallChainNode c : children) {
            n += c.size();
        }
        return n;
    }
}
