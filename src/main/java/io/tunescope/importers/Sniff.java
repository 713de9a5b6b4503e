package io.tunescope.importers;

import io.tunescope.model.capture.Confidence;

/** An importer's verdict on a file head: how sure it is, and why (shown to the user). */
public record Sniff(Confidence confidence, String reason) {

    public static Sniff no(String reason) {
        return new Sniff(Confidence.NO, reason);
    }

    public static Sniff unsure(String reason) {
        return new Sniff(Confidence.UNSURE, reason);
    }

    public static Sniff weak(String reason) {
        return new Sniff(Confidence.WEAK, reason);
    }

    public static Sniff strong(String reason) {
        return new Sniff(Confidence.STRONG, reason);
    }

    public static Sniff certain(String reason) {
        return new Sniff(Confidence.CERTAIN, reason);
    }
}
