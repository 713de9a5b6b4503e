package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.tunescope.TestData;
import io.tunescope.export.FindingsWriter;
import io.tunescope.session.CaptureSession;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code findings --json} and {@code steps --json} are the same bytes on every run. Two separate JVMs (the
 * iteration order of {@code Map.of}/{@code Set.of} is salted per JVM, so one JVM cannot show the defect),
 * and a structural check that fails whatever the salt: every map in the findings JSON tree has a defined
 * order (insertion or sorted), and no unordered set reaches it.
 */
class DeterministicOutputTest {
    private static Path sample(String name) {
        return TestData.sampleData().resolve(name);
    }

    private static byte[] runInNewJvm(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), "io.tunescope.Launcher"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + cmd);
        assertEquals(0, p.exitValue(), String.join(" ", args));
        return out.toByteArray();
    }

    @Test
    void findingsAndStepsJsonAreByteStableBetweenTwoRuns() throws Exception {
        String capture = sample("mariadb-oltp").toString();
        for (String command : List.of("findings", "steps")) {
            byte[] a = runInNewJvm(command, "--json", capture);
            byte[] b = runInNewJvm(command, "--json", capture);
            assertTrue(a.length > 100, command + " printed nothing");
            assertArrayEquals(a, b, command + " --json differs between two identical runs");
        }
    }

    @Test
    void everyMapInTheFindingsJsonHasADefinedOrder() throws Exception {
        for (String name : List.of("mariadb-oltp", "numa-4node-synthetic")) {
            CaptureSession s = CaptureSession.open(sample(name));
            Map<String, Object> tree = FindingsWriter.json(name, s.findings(Locale.ROOT));
            List<String> unordered = new ArrayList<>();
            walk(tree, "$", unordered);
            if (!unordered.isEmpty()) {
                fail(name + ": maps or sets whose order changes from run to run reach the JSON:\n" + String.join("\n", unordered));
            }
        }
    }

    private static void walk(Object o, String where, List<String> unordered) {
        if (o instanceof Map<?, ?> m) {
            if (m.size() > 1 && !(m instanceof java.util.LinkedHashMap) && !(m instanceof SortedMap)) {
                unordered.add(where + " is a " + m.getClass().getName());
            }
            m.forEach((k, v) -> walk(v, where + "." + k, unordered));
        } else if (o instanceof Collection<?> c) {
            if (c.size() > 1 && !(c instanceof List) && !(c instanceof java.util.SortedSet) && !(c instanceof java.util.LinkedHashSet)) {
                unordered.add(where + " is a " + c.getClass().getName());
            }
            int i = 0;
            for (Object x : c) {
                walk(x, where + "[" + i++ + "]", unordered);
            }
        }
    }
}
