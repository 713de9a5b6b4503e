package io.tunescope.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code packaging/tunescope.sh}, the installed command line's launcher ({@code /usr/bin/tunescope}): run with
 * {@code sh} in an app-image laid out as jpackage lays it out (bin/, lib/app/tunescope.cfg, lib/runtime/bin/java),
 * it starts the runtime's java with the configuration's options, class path and main class, and then the user's
 * arguments byte for byte; without a configuration it hands over to jpackage's bin/tunescope.
 */
class LauncherScriptTest {
    private static final Path SCRIPT = Path.of("packaging", "tunescope.sh");
    /** Arguments a shell would mangle if the script word-split, globbed or expanded anything. */
    private static final List<String> ARGS = List.of("collapse", "a b", "it's", "\"quoted\"", "", "*", "$APPDIR", "$(echo no)",
            "back\\slash", "new\nline", "  lead and trail  ", "-x", "--", "tab\there", "ünïcødé 火焰图");
    /** A java that prints each argument between NUL bytes, so that every byte of each shows. */
    private static final String ECHO_JAVA = "#!/bin/sh\nfor a do printf '%s\\0' \"$a\"; done\n";
    private static final String CFG = "[Application]\napp.name=tunescope\napp.version=0.1.0\napp.runtime=$ROOTDIR/lib/runtime\n"
            + "app.identifier=io.tunescope\napp.classpath=$APPDIR/tunescope.jar\napp.mainclass=io.tunescope.Launcher\n\n"
            + "[JavaOptions]\njava-options=-Djpackage.app-version=0.1.0\n"
            + "java-options=-XX:SharedArchiveFile=$APPDIR/tunescope.jsa\njava-options=-Xshare:auto\n";

    /** An app-image at root: the script in lib/app, the given cfg (or none), an executable java and bin/tunescope. */
    private static Path image(Path root, String cfg, String java) throws IOException {
        Path app = Files.createDirectories(root.resolve("lib/app"));
        Files.copy(SCRIPT, app.resolve("tunescope.sh"));
        if (cfg != null) {
            Files.writeString(app.resolve("tunescope.cfg"), cfg, StandardCharsets.UTF_8);
        }
        executable(root.resolve("lib/runtime/bin/java"), java);
        // jpackage's native launcher, here one that says it was the one started
        executable(root.resolve("bin/tunescope"), "#!/bin/sh\nprintf 'jpackage-launcher\\0'\n" + ECHO_JAVA.substring(ECHO_JAVA.indexOf('\n') + 1));
        return app.resolve("tunescope.sh");
    }

    private static void executable(Path p, String text) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Runs the command; returns its standard output split at NUL bytes. */
    private static List<String> run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", command));
        String s = new String(out, StandardCharsets.UTF_8);
        assertTrue(s.endsWith("\0"), s);
        return Arrays.asList(s.substring(0, s.length() - 1).split("\0", -1));
    }

    private static List<String> with(List<String> head, List<String> tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(tail);
        return all;
    }

    @Test
    void startsTheRuntimesJavaWithTheConfigurationAndTheArgumentsUnchanged(@TempDir Path tmp) throws Exception {
        Path root = tmp.resolve("opt dir/tunescope");
        Path script = image(root, CFG, ECHO_JAVA);
        String app = root.toRealPath().resolve("lib/app").toString();
        List<String> expected = with(List.of("-Djpackage.app-version=0.1.0", "-XX:SharedArchiveFile=" + app + "/tunescope.jsa",
                "-Xshare:auto", "-Djpackage.app-path=" + root.toRealPath() + "/bin/tunescope", "-cp", app + "/tunescope.jar",
                "io.tunescope.Launcher"), ARGS);
        assertEquals(expected, run(with(List.of("sh", script.toString()), ARGS)));
        // installed as /usr/bin/tunescope: a link from elsewhere, the image found through it
        Path bin = Files.createDirectories(tmp.resolve("usr bin"));
        Path link = Files.createSymbolicLink(bin.resolve("tunescope"), script.toAbsolutePath());
        assertEquals(expected, run(with(List.of("sh", link.toString()), ARGS)));
        // a link to the link (alternatives)
        Path link2 = Files.createSymbolicLink(tmp.resolve("tunescope2"), link.toAbsolutePath());
        assertEquals(expected, run(with(List.of("sh", link2.toString()), ARGS)));
        // no arguments: the desktop app, the same options
        assertEquals(expected.subList(0, 7), run(List.of("sh", link.toString())));
    }

    @Test
    void everyJavaOptionIsOneArgumentWithTheImagesFoldersFilledIn(@TempDir Path tmp) throws Exception {
        String cfg = CFG + "java-options=-Dtunescope.a=one two $HOME $ROOTDIR/x $BINDIR $APPDIR$APPDIR $NOTAVAR $\n"
                + "java-options=-Xmx512m\n";
        Path root = tmp.resolve("image");
        Path script = image(root, cfg, ECHO_JAVA);
        String r = root.toRealPath().toString();
        List<String> out = run(List.of("sh", script.toString(), "inspect"));
        assertEquals("-Dtunescope.a=one two $HOME " + r + "/x " + r + "/bin " + r + "/lib/app" + r + "/lib/app $NOTAVAR $", out.get(3));
        assertEquals("-Xmx512m", out.get(4));
        assertEquals("inspect", out.get(out.size() - 1));
    }

    @Test
    void withoutAConfigurationItHandsOverToJpackagesLauncher(@TempDir Path tmp) throws Exception {
        Path script = image(tmp.resolve("a"), null, ECHO_JAVA);
        assertEquals(with(List.of("jpackage-launcher"), ARGS), run(with(List.of("sh", script.toString()), ARGS)));
        // a configuration without what the script needs (no main class): the same, the options dropped again
        Path other = image(tmp.resolve("b"), "[Application]\napp.classpath=$APPDIR/x.jar\n[JavaOptions]\njava-options=-Dx=1\n", ECHO_JAVA);
        assertEquals(with(List.of("jpackage-launcher"), ARGS), run(with(List.of("sh", other.toString()), ARGS)));
    }

    @Test
    void theInstallersShipItAndTheInstalledPackagesLinkIt() throws IOException {
        String build = Files.readString(Path.of("packaging", "build-installers.sh"), StandardCharsets.UTF_8);
        assertTrue(build.contains("cp \"$root/packaging/tunescope.sh\" \"$input/\""), "the script goes to lib/app");
        String link = "ln -sf /opt/tunescope/lib/app/tunescope.sh /usr/bin/tunescope";
        String ours = "\"$(readlink /usr/bin/tunescope 2>/dev/null)\" = /opt/tunescope/lib/app/tunescope.sh";
        String postinst = Files.readString(Path.of("packaging", "deb", "postinst"), StandardCharsets.UTF_8);
        String prerm = Files.readString(Path.of("packaging", "deb", "prerm"), StandardCharsets.UTF_8);
        String spec = Files.readString(Path.of("packaging", "rpm", "tunescope.spec"), StandardCharsets.UTF_8);
        assertTrue(postinst.contains(link) && postinst.contains(ours), "postinst links /usr/bin/tunescope");
        assertTrue(prerm.contains(ours) && prerm.contains("rm -f /usr/bin/tunescope"), "prerm removes only its own link");
        String post = spec.substring(spec.indexOf("\n%post\n"), spec.indexOf("\n%preun\n"));
        String preun = spec.substring(spec.indexOf("\n%preun\n"));
        assertTrue(post.contains(link) && post.contains(ours), "%post links /usr/bin/tunescope");
        assertTrue(preun.contains(ours) && preun.contains("rm -f /usr/bin/tunescope"), "%preun removes only its own link");
    }

    @Test
    void runsTheRealCommandLine(@TempDir Path tmp) throws Exception {
        // the real JVM and the test class path in the configuration: the command reads a file whose name has a space
        String cfg = "[Application]\napp.runtime=$ROOTDIR/lib/runtime\napp.classpath=" + System.getProperty("java.class.path")
                + "\napp.mainclass=io.tunescope.Launcher\n\n[JavaOptions]\njava-options=-Dtunescope.cfgOption=true\n";
        Path root = tmp.resolve("image");
        Path script = image(root, cfg, "");
        Files.delete(root.resolve("lib/runtime/bin/java"));
        Files.createSymbolicLink(root.resolve("lib/runtime/bin/java"), Path.of(System.getProperty("java.home"), "bin", "java"));
        Path perf = tmp.resolve("two samples.txt");
        Files.writeString(perf, "mysqld  1234 [000] 100.000001:     250000 cpu-clock:\n\t    55d0c0a1b2c3 do_command+0x13 (/usr/sbin/mysqld)\n\n"
                + "mysqld  1234 [001] 100.000002:     250000 cpu-clock:\n\t    55d0c0a1b2c4 dispatch_command+0x13 (/usr/sbin/mysqld)\n\n",
                StandardCharsets.UTF_8);
        Process p = new ProcessBuilder("sh", script.toString(), "collapse", perf.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue());
        assertEquals("mysqld;dispatch_command 250000\nmysqld;do_command 250000\n", out);
    }
}
