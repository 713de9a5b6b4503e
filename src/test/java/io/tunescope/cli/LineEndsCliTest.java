package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.testutil.Conformance;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code inspect} and {@code collapse} read a lone-CR perf script the same way: every sample. */
class LineEndsCliTest {
    @TempDir
    Path tmp;

    @Test
    void inspectAndCollapseAgreeOnALoneCrPerfScript() throws Exception {
        String lf = Files.readString(Conformance.dir("flamegraph").resolve("test/perf-funcab-cmd-01.txt"), StandardCharsets.UTF_8) + "\n";
        Path cap = Files.createDirectories(tmp.resolve("cap"));
        Files.writeString(cap.resolve("perf-script.txt"), lf.replace("\n", "\r"));
        InspectCommandTest.Run r = InspectCommandTest.run("inspect", cap.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode f = new ObjectMapper().readTree(r.out()).get("files").get(0);
        assertEquals("ok", f.get("status").asText(), f.toString());
        long inspected = f.get("summary").get("samples").asLong();

        CollapseCommandTest.Run c = CollapseCommandTest.run(null, "collapse", cap.resolve("perf-script.txt").toString());
        assertEquals(0, c.exit(), c.err());
        long collapsed = c.out().lines().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        CollapseCommandTest.Run ref = CollapseCommandTest.run(lf.getBytes(StandardCharsets.UTF_8), "collapse", "-");
        long reference = ref.out().lines().mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertEquals(reference, collapsed, "collapse reads the lone-CR file as the LF one");
        assertEquals(169, inspected);
        assertEquals(inspected, collapsed, "inspect and collapse agree");
    }
}
