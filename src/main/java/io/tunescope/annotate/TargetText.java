package io.tunescope.annotate;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** A short, language-neutral description of what an annotation points at (names, times, cells). */
public final class TargetText {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    /** Values above this are epoch milliseconds; below, milliseconds since the start of the run. */
    private static final long EPOCH_THRESHOLD = 100_000_000_000L;

    private TargetText() {
    }

    public static String describe(AnnotationTarget t) {
        return switch (t.kind()) {
            case FLAME_FRAME -> frame(t.frames()) + (t.view().isEmpty() ? "" : "  [" + t.view() + "]");
            case TIME_RANGE -> time(t.fromMs()) + (t.fromMs().equals(t.toMs()) ? "" : " \u2013 " + time(t.toMs()));
            case HEATMAP_CELL -> t.view() + ": " + t.row() + " \u00d7 " + t.column();
            case STEP -> t.step().isEmpty() ? "/" : t.step();
            case FINDING -> t.findingId();
        };
    }

    private static String frame(List<String> frames) {
        String last = frames.get(frames.size() - 1);
        return frames.size() < 2 ? last : last + " \u2190 " + frames.get(frames.size() - 2);
    }

    static String time(long ms) {
        if (Math.abs(ms) >= EPOCH_THRESHOLD) {
            return TIME.format(Instant.ofEpochMilli(ms)) + " UTC";
        }
        return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    /** The date of an annotation as shown in lists and the report (UTC, minutes). */
    public static String date(Instant i) {
        return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneOffset.UTC).format(i) + " UTC";
    }
}
