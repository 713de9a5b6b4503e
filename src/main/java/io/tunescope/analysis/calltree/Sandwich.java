package io.tunescope.analysis.calltree;

/**
 * Caller/callee view of one function: {@code callers} is rooted at the function with its callers as
 * children (innermost call), {@code callees} is rooted at the function with everything it calls (all its
 * calls merged at the outermost one). Both trees' totals equal the function's total.
 */
public record Sandwich(String function, long self, long total, CallTree callers, CallTree callees) {

    public static Sandwich of(CallTree tree, String function) {
        CallTree callers = Transforms.apply(tree, new Transform.CallersOf(function));
        CallTree callees = Transforms.apply(tree, new Transform.FocusFunction(function));
        int f = tree.frameId(function);
        long self = 0;
        if (f >= 0) {
            for (int n = 1; n < tree.size(); n++) {
                if (tree.frame(n) == f) {
                    self += tree.self(n);
                }
            }
        }
        return new Sandwich(function, self, callees.grandTotal(), callers, callees);
    }
}
