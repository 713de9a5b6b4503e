package io.tunescope.importers;

import io.tunescope.model.capture.SourceFile;

/** Progress of a capture load. Called from worker threads. */
public interface LoadListener {
    LoadListener NONE = new LoadListener() {
    };

    /** Bytes parsed so far out of the total, and a message for a status bar. */
    default void progress(long done, long total, String message) {
    }

    /** One file finished (in any state). */
    default void fileDone(SourceFile file) {
    }
}
