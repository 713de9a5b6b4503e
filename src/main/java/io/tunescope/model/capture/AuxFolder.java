package io.tunescope.model.capture;

/**
 * A sub-folder of a capture that is not a tuning step: it holds no evidence of a server under load (only
 * a dataset {@code prepare}/{@code cleanup}, configuration or unrecognised files), or the user said so.
 *
 * @param dir    the folder, relative to the capture root
 * @param reason why it is auxiliary, for the user
 * @param byUser true when a correction made it auxiliary
 */
public record AuxFolder(String dir, String reason, boolean byUser) {
    /** Why, as a word for translations: {@code user}, {@code prepare} (a dataset prepare only) or {@code noLoad}. */
    public String reasonKey() {
        return byUser ? "user" : reason.startsWith("holds only a sysbench") ? "prepare" : "noLoad";
    }
}
