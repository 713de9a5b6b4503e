package io.tunescope.importers;

import io.tunescope.model.capture.Diagnostic;
import java.util.List;

/** What an importer read: the value and the diagnostics it collected on the way. */
public record ImportResult<T>(T value, List<Diagnostic> diagnostics) {
    public ImportResult {
        diagnostics = List.copyOf(diagnostics);
    }
}
