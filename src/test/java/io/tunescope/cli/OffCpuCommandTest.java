package io.tunescope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.testutil.FtwrlDipSched;
import io.tunescope.testutil.FtwrlDipScript;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code flamegraph --offcpu}: the off-CPU profile of a capture, its windows, its unit, and what it refuses. */
class OffCpuCommandTest {
    private static final Path OFFCPUTIME = Path.of("src/test/resources/fixtures/offcputime/mariadbd-ftwrl-offcputime-df-synthetic.txt");

    @Test
    void theLockWindowAsJsonIsTheSwitchedOutTimeTheTextSays() throws Exception {
        FlamegraphCommandTest.Run r = FlamegraphCommandTest.run("flamegraph", WindowCommandsTest.FTWRL.toString(), "--offcpu",
                "--from", FtwrlDipScript.DIP_FROM, "--to", FtwrlDipScript.DIP_TO, "--json");
        assertEquals(0, r.code(), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals(FtwrlDipSched.PATH, o.get("profile").asText());
        assertEquals("ns", o.get("unit").asText());
        assertEquals(FtwrlDipScript.DIP_FROM, o.get("from").asText());
        FtwrlDipSched raw = FtwrlDipSched.read();
        assertEquals(raw.offCpuNs(FtwrlDipScript.DIP_FROM, FtwrlDipScript.DIP_TO), o.get("weight").asLong());
        long a = raw.perfNs(FtwrlDipScript.DIP_FROM);
        long b = raw.perfNs(FtwrlDipScript.DIP_TO);
        assertEquals(raw.intervals().stream().filter(iv -> iv.overlap(a, b) > 0).count(), o.get("samples").asLong());
    }

    @Test
    void bccOutputIsDrawnInMicrosecondsAndHasNoWindows() throws Exception {
        Path png = Path.of("target", "flame-png", "offcputime.png");
        FlamegraphCommandTest.Run r = FlamegraphCommandTest.run("flamegraph", OFFCPUTIME.toString(), "--offcpu", "--json", "--png", png.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertEquals("us", o.get("unit").asText());
        long sum = 0;
        for (String l : Files.readAllLines(OFFCPUTIME)) {
            sum += Long.parseLong(l.substring(l.lastIndexOf(' ') + 1));
        }
        assertEquals(sum, o.get("weight").asLong());
        assertTrue(Files.size(png) > 1000);
        FlamegraphCommandTest.Run w = FlamegraphCommandTest.run("flamegraph", OFFCPUTIME.toString(), "--offcpu", "--from", "1", "--json");
        assertEquals(TunescopeCli.USAGE, w.code());
        assertTrue(w.err().contains("no time window can be selected"), w.err());
    }

    @Test
    void cpuSamplesAndOffCpuTimeAreNotMixed() {
        // without --offcpu a file holding only an off-CPU profile says how to draw it
        FlamegraphCommandTest.Run r = FlamegraphCommandTest.run("flamegraph", OFFCPUTIME.toString(), "--json");
        assertEquals(TunescopeCli.NOTHING_READ, r.code());
        assertTrue(r.err().contains("add --offcpu"), r.err());
        // a capture with both: the CPU profile by default, the off-CPU one with --offcpu
        FlamegraphCommandTest.Run cpu = FlamegraphCommandTest.run("flamegraph", WindowCommandsTest.FTWRL.toString(), "--json");
        assertEquals(0, cpu.code(), cpu.err());
        assertTrue(cpu.out().contains("\"unit\" : \"samples\""), cpu.out());
        assertTrue(cpu.out().contains("perf-cpu.script.txt"), cpu.out());
    }
}
