package io.tunescope.importers;

/** A capture as a whole cannot be opened (missing path, rejected archive). The message is for the user. */
public class CaptureException extends Exception {
    public CaptureException(String message) {
        super(message);
    }

    public CaptureException(String message, Throwable cause) {
        super(message, cause);
    }
}
