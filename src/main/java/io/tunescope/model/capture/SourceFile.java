package io.tunescope.model.capture;

import java.util.List;
import java.util.Map;

/**
 * One file of a capture and what became of it: the detected format with the importer's confidence and
 * reason, the status, line-numbered diagnostics, the parsed value (null unless parsed) and a small
 * summary for listings and {@code inspect --json}.
 *
 * @param path     path relative to the capture root, with '/' separators
 * @param step     the step directory this file belongs to ("" for top-level files)
 * @param format   importer slug, or "" when unrecognised
 * @param dataset  name of the {@link Dataset} the value belongs to, or ""
 * @param sniffs   every importer's verdict, for "not recognised" explanations
 */
public record SourceFile(
        String path,
        String step,
        long size,
        String format,
        String dataset,
        Confidence confidence,
        String reason,
        FileStatus status,
        List<Diagnostic> diagnostics,
        Object value,
        Map<String, Object> summary,
        List<String> sniffs) {

    public SourceFile {
        diagnostics = List.copyOf(diagnostics);
        summary = summary == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(summary));
        sniffs = List.copyOf(sniffs);
    }

    public String fileName() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    public boolean hasValue() {
        return value != null;
    }
}
