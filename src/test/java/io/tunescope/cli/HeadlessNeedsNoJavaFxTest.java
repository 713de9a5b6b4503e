package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headless commands never load the JavaFX toolkit, so they run on a server without a display and with the
 * jar of any platform (tunescope.jar or tunescope-linux-aarch64.jar: only the JavaFX natives differ). Every
 * command of {@code tunescope --help} (but help) runs through {@link io.tunescope.Launcher}, as {@code java -jar}
 * runs it, in a new JVM with JavaFX on the class path (as in the shipped jar) and without DISPLAY; the JVM's own
 * class-loading log ({@code -Xlog:class+load}) must name no JavaFX class. Any attempt to use JavaFX would load
 * at least {@code javafx.*} or {@code com.sun.javafx.*}.
 */
class HeadlessNeedsNoJavaFxTest {
    /** Classes of the JavaFX toolkit and its natives' Java side (glass windowing, prism rendering). */
    private static final Pattern JAVAFX = Pattern.compile("^(javafx\\.|com\\.sun\\.javafx\\.|com\\.sun\\.glass\\.|com\\.sun\\.prism\\.)");

    record Run(int exit, String err, List<String> loaded) {
    }

    private static Run launch(Path tmp, String name, String... args) throws IOException, InterruptedException {
        Path log = tmp.resolve(name + ".classes.log");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log + ":none", "-cp", System.getProperty("java.class.path"),
                "io.tunescope.Launcher"));
        cmd.addAll(Arrays.asList(args));
        Path err = tmp.resolve(name + ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(tmp.resolve(name + ".out").toFile())
                .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + String.join(" ", cmd));
        }
        String errText = Files.readString(err, StandardCharsets.UTF_8);
        assertTrue(Files.isRegularFile(log), name + ": the JVM wrote no class-loading log: " + errText);
        return new Run(p.exitValue(), errText, Files.readAllLines(log, StandardCharsets.UTF_8));
    }

    private static void noJavaFx(String what, Run r) {
        assertEquals(0, r.exit(), what + " failed: " + r.err());
        // the log is real: it names the command's own classes
        assertTrue(r.loaded().stream().anyMatch(l -> l.startsWith("io.tunescope.cli.")), what + ": no class-loading log");
        List<String> fx = r.loaded().stream().filter(l -> JAVAFX.matcher(l).find()).limit(10).collect(Collectors.toList());
        assertEquals(List.of(), fx, what + " loaded JavaFX classes");
    }

    @Test
    void theLogCatchesJavaFxWhenItIsLoaded() {
        // the pattern the assertions rely on matches the log lines HotSpot writes for JavaFX classes
        assertTrue(JAVAFX.matcher("javafx.application.Platform source: jar:file:/x/javafx-graphics-21-linux.jar!/").find());
        assertTrue(JAVAFX.matcher("com.sun.glass.ui.Application source: jar:file:/x.jar!/").find());
        assertTrue(JAVAFX.matcher("com.sun.prism.GraphicsPipeline source: jar:file:/x.jar!/").find());
        assertFalse(JAVAFX.matcher("io.tunescope.cli.InspectCommand source: file:/x/classes/").find());
    }

    @Test
    void everyHeadlessCommandRunsWithoutLoadingJavaFx(@TempDir Path tmp) throws Exception {
        Path capture = TestData.sampleData().resolve("case-studies/healthy-oltp");
        Path perfScript = TestData.sampleData().resolve("mariadb-oltp/01-flush-log-2/perf-script.txt");
        String c = capture.toString();
        noJavaFx("inspect", launch(tmp, "inspect", "inspect", "--json", c));
        noJavaFx("steps", launch(tmp, "steps", "steps", "--json", c));
        noJavaFx("findings", launch(tmp, "findings", "findings", "--json", "--lang", "zh", c));
        Path pdf = tmp.resolve("report.pdf");
        Path pngs = tmp.resolve("png");
        noJavaFx("export", launch(tmp, "export", "export", c, "--pdf", pdf.toString(), "--png", pngs.toString(), "--lang", "zh"));
        assertTrue(Files.size(pdf) > 1000, "export wrote no PDF");
        try (var s = Files.list(pngs)) {
            assertTrue(s.findAny().isPresent(), "export wrote no PNG");
        }
        Path flame = tmp.resolve("flame.png");
        noJavaFx("flamegraph", launch(tmp, "flamegraph", "flamegraph", capture.resolve("mysqld.folded").toString(), "--png", flame.toString()));
        assertTrue(Files.size(flame) > 1000, "flamegraph wrote no PNG");
        Path timeline = tmp.resolve("timeline.png");
        noJavaFx("timeline", launch(tmp, "timeline", "timeline", c, "--png", timeline.toString()));
        assertTrue(Files.size(timeline) > 1000, "timeline wrote no PNG");
        noJavaFx("collapse", launch(tmp, "collapse", "collapse", perfScript.toString()));
        assertTrue(Files.size(tmp.resolve("collapse.out")) > 1000, "collapse printed nothing");
    }
}
