package io.tunescope.testutil;

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
public final class HandCaptures {
    public static final Path DIR = Path.of("src/test/resources/captures");

    private HandCaptures() {
    }

    /** A folder capture copied to {@code tmp}, or the path of an archive as it is. */
    public static Path get(String name, Path tmp) throws IOException {
        Path src = DIR.resolve(name);
        if (!Files.exists(src)) {
            fail("hand-made capture missing: " + src.toAbsolutePath());
        }
        if (!Files.isDirectory(src)) {
            return src;
        }
        return copyTree(src, tmp.resolve(name));
    }

    /** Copies a folder tree (new modification times, as a checkout or a copy has). */
    public static Path copyTree(Path src, Path dest) throws IOException {
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

    public static Path sample(String name) {
        return TestData.sampleData().resolve(name);
    }
}
