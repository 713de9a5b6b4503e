package io.tunescope.importers;

import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.SourceFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** One file written to a folder and read through the loader as a capture reads it, with its messages as text. */
final class OneFile {
    private static final CaptureLoader LOADER = new CaptureLoader(StandardImporters.registry(), 1, 10L << 20);

    private OneFile() {
    }

    static SourceFile load(Path dir, String name, String content) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, content.getBytes(StandardCharsets.UTF_8));
        return LOADER.importFile(f, name, "", () -> false, b -> { });
    }

    /** Every diagnostic as {@code line: message}, one per line. */
    static String messages(SourceFile f) {
        return String.join("\n", f.diagnostics().stream().map(d -> d.line() + ": " + d.message()).toList());
    }
}
