package io.tunescope.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installed launcher names a class-data-sharing archive ({@code -XX:SharedArchiveFile=$APPDIR/tunescope.jsa
 * -Xshare:auto}, packaging/build-installers.sh). When that archive is missing, not an archive, or made for another
 * jar, the JVM must start all the same and say nothing: the same output, no word on either stream.
 */
class CdsArchiveFallbackTest {

    /** The program the JVMs run: one line on standard output. */
    public static final class Hello {
        public static void main(String[] args) {
            System.out.println("hello from " + args[0]);
        }
    }

    @Test
    void aMissingGarbledOrStaleArchiveIsIgnoredSilently(@TempDir Path dir) throws Exception {
        Path jar = jar(dir.resolve("a.jar"));
        Path other = jar(dir.resolve("b.jar"));
        Path garbage = dir.resolve("garbage.jsa");
        Files.write(garbage, "not an archive at all, just text\n".repeat(100).getBytes(StandardCharsets.US_ASCII));
        // an archive made for another jar (b.jar): what a stale lib/app/tunescope.jsa looks like to the JVM
        Path list = dir.resolve("classes.lst");
        Files.writeString(list, "java/lang/Object\n" + Hello.class.getName().replace('.', '/') + "\n");
        Path stale = dir.resolve("stale.jsa");
        Result dump = java(List.of("-Xshare:dump", "-XX:SharedClassListFile=" + list, "-XX:SharedArchiveFile=" + stale,
                "-cp", other.toString()), null);
        assertEquals(0, dump.exit, dump.err);
        assertTrue(Files.size(stale) > 0);

        for (Path archive : List.of(dir.resolve("missing.jsa"), garbage, stale)) {
            Result r = java(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-cp", jar.toString(),
                    Hello.class.getName()), archive.getFileName().toString());
            assertEquals(0, r.exit, archive + ": " + r.err);
            assertEquals("hello from " + archive.getFileName() + System.lineSeparator(), r.out, archive.toString());
            assertEquals("", r.err, archive + " must be ignored silently");
        }
        // and the archive is used with the jar it was made for
        Result used = java(List.of("-XX:SharedArchiveFile=" + stale, "-Xshare:auto", "-Xlog:class+load=info",
                "-cp", other.toString(), Hello.class.getName(), "b"), null);
        assertEquals(0, used.exit, used.err);
        assertTrue(used.out.lines().anyMatch(l -> l.contains(Hello.class.getName()) && l.contains("shared objects file")),
                "the class comes from the archive made for its jar");
    }

    private static Path jar(Path p) throws IOException {
        String entry = Hello.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(p));
             InputStream in = Hello.class.getResourceAsStream("/" + entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return p;
    }

    private record Result(int exit, String out, String err) {
    }

    private static Result java(List<String> options, String arg) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(options);
        if (arg != null) {
            cmd.add(arg);
        }
        Path out = Files.createTempFile("cds-out", ".txt");
        Path err = Files.createTempFile("cds-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "java did not end: " + cmd);
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
