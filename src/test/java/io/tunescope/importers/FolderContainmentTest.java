package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.capture.Step;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder capture is read inside the capture only: links, includes and manifest steps resolved by real path. */
class FolderContainmentTest {
    @TempDir
    Path tmp;

    final CaptureLoader loader = new CaptureLoader(StandardImporters.registry(), 1, 10L << 20);

    private static String notes(Capture c) {
        StringBuilder b = new StringBuilder();
        c.notes().forEach(d -> b.append(d.message()).append('\n'));
        c.files().forEach(f -> f.diagnostics().forEach(d -> b.append(d.message()).append('\n')));
        return b.toString();
    }

    @Test
    void linksOutOfTheCaptureAreListedNotFollowed() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("home"));
        Files.writeString(outside.resolve("variables.txt"), "Variable_name\tValue\nversion\t10.11.6-MariaDB\n");
        Files.createDirectories(outside.resolve("etc"));
        Files.writeString(outside.resolve("etc/my.cnf"), "[mysqld]\nmax_connections = 1\n");
        Path cap = Files.createDirectories(tmp.resolve("cap"));
        Files.writeString(cap.resolve("my.cnf"), "[mysqld]\ninnodb_buffer_pool_size = 1G\n");
        Files.createSymbolicLink(cap.resolve("variables.txt"), outside.resolve("variables.txt"));
        Files.createSymbolicLink(cap.resolve("etc"), outside.resolve("etc"));
        Files.createSymbolicLink(cap.resolve("same.cnf"), cap.resolve("my.cnf"));
        Capture c = loader.load(cap);
        assertEquals(List.of("my.cnf", "same.cnf"), c.files().stream().map(SourceFile::path).toList(),
                "a link inside the capture is read, links out of it are not");
        String n = notes(c);
        assertTrue(n.contains("variables.txt: a link to outside the capture; not followed"), n);
        assertTrue(n.contains("etc: a link to outside the capture; not followed"), n);
        assertEquals(List.of(""), c.steps().stream().map(Step::dir).toList(), "a linked folder is no step");
    }

    @Test
    void includesThroughLinksOutOfTheCaptureAreNotRead() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("home"));
        Files.writeString(outside.resolve(".my.cnf"), "[client]\npassword = hunter2\n");
        Path confd = Files.createDirectories(outside.resolve("conf.d"));
        Files.writeString(confd.resolve("secret.cnf"), "[client]\npassword = hunter3\n");
        Path cap = Files.createDirectories(tmp.resolve("cap"));
        Files.createSymbolicLink(cap.resolve("client.cnf"), outside.resolve(".my.cnf"));
        Files.createSymbolicLink(cap.resolve("linked.d"), confd);
        Path own = Files.createDirectories(cap.resolve("own.d"));
        Files.writeString(own.resolve("10-ok.cnf"), "[mysqld]\nmax_connections = 500\n");
        Files.createSymbolicLink(own.resolve("20-leak.cnf"), outside.resolve(".my.cnf"));
        Files.writeString(cap.resolve("my.cnf"), "[mysqld]\ninnodb_buffer_pool_size = 1G\n!include client.cnf\n"
                + "!include /root/client.cnf\n!includedir linked.d\n!includedir own.d\n");
        Capture c = loader.load(cap);
        SourceFile f = c.files().stream().filter(x -> x.path().equals("my.cnf")).findFirst().orElseThrow();
        List<ConfigEntry> entries = ((ConfigSnapshot) f.value()).entries();
        assertTrue(entries.stream().noneMatch(e -> e.name().equals("password")), "nothing from outside is read: " + entries);
        assertTrue(entries.stream().anyMatch(e -> e.name().equals("max_connections") && e.value().equals("500")));
        String n = String.join("\n", f.diagnostics().stream().map(Diagnostic::message).toList());
        assertTrue(n.contains("!include client.cnf leads out of the capture through a link"), n);
        assertTrue(n.contains("!include /root/client.cnf leads out of the capture through a link"), n);
        assertTrue(n.contains("!includedir linked.d leads out of the capture through a link"), n);
        assertTrue(n.contains("own.d/20-leak.cnf is a link out of the capture"), n);
        assertFalse(n.contains("hunter"));
    }

    @Test
    void manifestStepsOutsideTheCaptureAreRefused() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.writeString(outside.resolve("my.cnf"), "[mysqld]\nmax_connections = 1\n");
        Path cap = Files.createDirectories(tmp.resolve("cap"));
        Files.createDirectories(cap.resolve("00-base"));
        Files.writeString(cap.resolve("00-base/my.cnf"), "[mysqld]\nmax_connections = 100\n");
        Files.createSymbolicLink(cap.resolve("01-linked"), outside);
        Files.writeString(cap.resolve("tunescope.json"), "{\"steps\": [{\"dir\": \"/etc\"}, {\"dir\": \"../elsewhere\"},"
                + " {\"dir\": \"01-linked\"}, {\"dir\": \"00-base\", \"label\": \"base\"}]}");
        Capture c = loader.load(cap);
        assertEquals(List.of("00-base"), c.steps().stream().map(Step::dir).toList());
        String n = notes(c);
        assertTrue(n.contains("step folder '/etc' is outside the capture; refused"), n);
        assertTrue(n.contains("step folder '../elsewhere' is outside the capture; refused"), n);
        assertTrue(n.contains("step folder '01-linked' is outside the capture; refused"), n);
    }
}
