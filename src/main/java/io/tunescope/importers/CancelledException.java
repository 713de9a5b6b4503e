package io.tunescope.importers;

/** The user cancelled a running import. Unchecked so that it can leave any parse loop. */
public class CancelledException extends RuntimeException {
    public CancelledException() {
        super("cancelled");
    }
}
