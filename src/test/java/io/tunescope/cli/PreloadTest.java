package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The class lists {@link Preload} loads ahead of a command (scripts/preload-lists.sh writes them). */
class PreloadTest {
    /** What a headless command must never load (HeadlessNeedsNoJavaFxTest), nor the app's own UI. */
    private static final Pattern UI = Pattern.compile("^(javafx\\.|com\\.sun\\.javafx\\.|com\\.sun\\.glass\\.|com\\.sun\\.prism\\.|io\\.tunescope\\.ui\\.)");

    static volatile boolean markerInitialised;

    /** A class whose initialisation the test can see without causing it. */
    static final class Marker {
        static {
            markerInitialised = true;
        }
    }

    private static List<String> list(String command) throws IOException {
        String name = Preload.listName(command);
        assertNotNull(name, command);
        try (InputStream in = Preload.class.getResourceAsStream(name)) {
            assertNotNull(in, "no preload list for '" + command + "': run scripts/preload-lists.sh (and add the command to it)");
            List<String> lines = new ArrayList<>();
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!l.isEmpty()) {
                    lines.add(l);
                }
            }
            return lines;
        }
    }

    @Test
    void everyCommandHasAListOfClassesThatExist() throws IOException {
        ClassLoader loader = Preload.class.getClassLoader();
        for (String command : TunescopeCli.commandNames()) {
            if (command.equals("help")) {
                continue;
            }
            List<String> names = list(command);
            // the list is the command's own: picocli, the command's class and its work
            assertTrue(names.stream().anyMatch(n -> n.startsWith("picocli.CommandLine")), command);
            assertTrue(names.contains(TunescopeCli.class.getName()), command);
            List<String> missingOwn = new ArrayList<>();
            List<String> missingJdk = new ArrayList<>();
            for (String n : names) {
                assertFalse(UI.matcher(n).find(), command + " would preload a UI class: " + n);
                assertFalse(n.contains("/") || n.contains("$$Lambda"), command + " lists a hidden class: " + n);
                try {
                    Class.forName(n, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    (n.startsWith("io.tunescope.") || n.startsWith("picocli.") ? missingOwn : missingJdk).add(n);
                }
            }
            // Tunescope's and picocli's classes are this build's: every one must exist (else run preload-lists.sh)
            assertEquals(List.of(), missingOwn, command + ": classes gone since scripts/preload-lists.sh ran");
            // the JDK's internal names may change in an update of 17: a few missing are skipped, many mean a stale list
            assertTrue(missingJdk.size() * 100 <= names.size(), command + ": " + missingJdk.size() + " JDK classes of "
                    + names.size() + " not found (stale list? run scripts/preload-lists.sh): " + missingJdk);
        }
    }

    @Test
    void theCommandsClassesComeBeforeTheirWork() throws IOException {
        // the order is the order of use: picocli and the command's model before the perf script folder
        List<String> names = list("collapse");
        int command = names.indexOf(CollapseCommand.class.getName());
        int work = names.indexOf("io.tunescope.importers.perfscript.PerfScriptFolder");
        assertTrue(command >= 0 && work > command, command + " " + work);
        int picocli = names.indexOf("picocli.CommandLine");
        assertTrue(picocli >= 0 && picocli < work, picocli + " " + work);
    }

    @Test
    void onlyAWordCanNameAList() {
        assertEquals("preload/collapse.txt", Preload.listName("collapse"));
        for (String notACommand : new String[] {"", "../x", "Collapse", "a.txt", "/tmp/capture", "-h", "x/y", "abcdefghijklmnopqrstuvwxyzabcdefg"}) {
            assertNull(Preload.listName(notACommand), notACommand);
        }
    }

    @Test
    void classesAreLoadedNotInitialisedAndUnknownNamesAreSkipped() {
        String names = "io.tunescope.no.SuchClass\n" + Marker.class.getName() + "\n\nnot a class name\n" + CollapseCommand.class.getName() + "\n";
        int loaded = Preload.load(new ByteArrayInputStream(names.getBytes(StandardCharsets.UTF_8)), PreloadTest.class.getClassLoader());
        assertEquals(2, loaded);
        assertFalse(markerInitialised, "a preloaded class must not be initialised on the preload thread");
    }

    @Test
    void aThreadStartsOnlyForACommandWithAList() throws InterruptedException {
        assertNull(Preload.start(new String[0]));
        assertNull(Preload.start(new String[] {"/tmp/some capture"}));
        assertNull(Preload.start(new String[] {"nosuchcommand"}));
        Thread t = Preload.start(new String[] {"collapse", "x"});
        assertNotNull(t);
        assertTrue(t.isDaemon(), "the JVM must not wait for it");
        assertEquals(Preload.THREAD, t.getName());
        t.join(120_000);
        assertFalse(t.isAlive());
        String before = System.getProperty("tunescope.preload");
        System.setProperty("tunescope.preload", "false");
        try {
            assertNull(Preload.start(new String[] {"collapse", "x"}));
        } finally {
            if (before == null) {
                System.clearProperty("tunescope.preload");
            } else {
                System.setProperty("tunescope.preload", before);
            }
        }
    }
}
