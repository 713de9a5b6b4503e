package io.tunescope.session;

import io.tunescope.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The captures made by hand on the project machine (real MariaDB, sysbench, perf, numastat, sysstat; see
 * {@code src/test/resources/captures/README.md}). Folder captures are copied into a temporary folder first,
 * so that every file's modification time is the copy's (a checkout's times say nothing): the reading must
 * then come from the files and their event logs alone, the same on every machine.
 */
final class HandCaptures {
    static final Path DIR = Path.of("src/test/resources/captures");

    private HandCaptures() {
    }

    /** A folder capture copied to {@code tmp}, or the path of an archive as it is. */
    static Path get(String name, Path tmp) throws IOException {
        Path src = DIR.resolve(name);
        if (!Files.exists(src)) {
            fail("hand-made capture missing: " + src.toAbsolutePath());
        }
        if (!Files.isDirectory(src)) {
            return src;
        }
        Path dest = tmp.resolve(name);
        try (Stream<Path> s = Files.walk(src)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = dest.resolve(src.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return dest;
    }

    static Path sample(String name) {
        return TestData.sampleData().resolve(name);
    }
}
