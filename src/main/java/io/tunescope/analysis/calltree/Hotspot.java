package io.tunescope.analysis.calltree;

/**
 * One function of a profile: self weight (samples where it is the leaf), total weight (samples where it
 * is on the stack, recursion counted once), and both as a share of the profile total.
 */
public record Hotspot(String function, int frameId, FrameModule module, long self, long total, long grandTotal) {
    public double selfShare() {
        return grandTotal == 0 ? 0 : (double) self / grandTotal;
    }

    public double totalShare() {
        return grandTotal == 0 ? 0 : (double) total / grandTotal;
    }
}
