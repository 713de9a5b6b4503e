package io.tunescope.analysis.calltree;

/**
 * One function of a profile: self weight (samples where it is the leaf), total weight (samples where it
 * is on the stack, recursion counted once), and both as a share of the profile total.
 */
public record Hotspot(String function, int frameId, String dso, FrameModule module, long self, long total, long grandTotal) {
    /** The module to show: the DSO's file name when known, else the kind of module guessed from the name. */
    public String moduleLabel() {
        if (dso == null || dso.isEmpty()) {
            return module.label();
        }
        int slash = dso.lastIndexOf('/');
        return slash >= 0 ? dso.substring(slash + 1) : dso;
    }

    public double selfShare() {
        return grandTotal == 0 ? 0 : (double) self / grandTotal;
    }

    public double totalShare() {
        return grandTotal == 0 ? 0 : (double) total / grandTotal;
    }
}
