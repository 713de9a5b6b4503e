package io.tunescope.importers;

import io.tunescope.model.capture.Dataset;
import java.io.IOException;
import java.util.Map;

/**
 * One input format. Implementations are stateless and thread-safe.
 *
 * <p>{@link #sniff} is cheap, total and never throws: content decides, the file name is only a hint.
 * {@link #parse} streams the file through {@link ImportContext#lines()}, reports problems as
 * line-numbered diagnostics and keeps going; it throws {@link ImportException} only when nothing can be
 * read at all.
 */
public interface Importer<T> {

    /** Stable slug, e.g. {@code mycnf}, {@code perf-script}. */
    String format();

    /** Human-readable name of the format. */
    String description();

    Dataset<T> dataset();

    Sniff sniff(Head head);

    ImportResult<T> parse(ImportContext ctx) throws ImportException, IOException;

    /** Small JSON-friendly summary of a parsed value (for listings and {@code inspect --json}). */
    Map<String, Object> summarize(T value);

    /** Type-erased bridge used by the loader. */
    @SuppressWarnings("unchecked")
    default Map<String, Object> summarizeValue(Object value) {
        return summarize((T) value);
    }
}
