package io.tunescope.session;

import io.tunescope.testutil.HandCaptures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.analysis.reading.TimeSource;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.model.bench.RunRole;
import io.tunescope.model.capture.Corrections;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Corrections are saved into the manifest (other fields kept, atomically), applied on reopen, and beside an archive. */
class CorrectionsTest {
    @TempDir
    Path tmp;

    @Test
    void correctionsSurviveAReopen() throws Exception {
        Path cap = HandCaptures.get("hand-3step", tmp);
        Files.writeString(cap.resolve("tunescope.json"), "{\"title\": \"Hand-made\", \"host\": \"vm\"}");
        CaptureSession s = CaptureSession.open(cap);
        assertEquals("Hand-made", s.capture().title());
        Corrections c = s.capture().corrections()
                .withRole("1_baseline/warmup_t4_20s.log", 0, "other")
                .withStep("0_prepare", true)
                .withStep("2_redo_bp", false)
                .withLabel("1_baseline", "Baseline", "stock Debian configuration")
                .withStart("1_baseline/main_t4_40s.log", "2026-12-01T22:31:00Z");
        CaptureSession again = s.reopen(c);
        // the manifest keeps its own fields and gains the corrections
        JsonNode m = new ObjectMapper().readTree(Files.readAllBytes(cap.resolve("tunescope.json")));
        assertEquals("vm", m.get("host").asText());
        assertEquals("other", m.get("corrections").get("roles").get("1_baseline/warmup_t4_20s.log#1").asText());
        assertEquals(c, again.capture().corrections());
        // the prepare folder is a step now (forced), 2_redo_bp is not
        assertEquals(java.util.List.of("0_prepare", "1_baseline", "3_swappiness_interleave"),
                again.reading().steps().stream().map(StepReading::dir).toList());
        assertEquals(java.util.List.of("2_redo_bp"), again.capture().auxiliary().stream().map(a -> a.dir()).toList());
        assertTrue(again.capture().auxiliary().get(0).byUser());
        StepReading base = again.reading().step("1_baseline");
        assertEquals("Baseline", base.step().label());
        assertEquals("stock Debian configuration", base.step().change());
        ReadRun warm = base.runs().stream().filter(r -> r.file().endsWith("warmup_t4_20s.log")).findFirst().orElseThrow();
        assertEquals(RunRole.OTHER, warm.role());
        assertEquals("set by the user", warm.roleReason().toString());
        ReadRun main = base.headline().first();
        assertEquals(TimeSource.USER, main.clock().source());
        assertEquals("2026-12-01T22:31:00Z", main.clock().startIso());
        // 3_swappiness_interleave is now compared with 1_baseline, the previous step
        assertEquals("1_baseline", again.reading().step("3_swappiness_interleave").vsPrevious().against());
        // clearing them removes the object and keeps the manifest
        CaptureSession cleared = again.reopen(Corrections.NONE);
        assertTrue(cleared.capture().corrections().isEmpty());
        JsonNode m2 = new ObjectMapper().readTree(Files.readAllBytes(cap.resolve("tunescope.json")));
        assertFalse(m2.has("corrections"));
        assertEquals("Hand-made", m2.get("title").asText());
        try (var files = Files.list(cap)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
    }

    @Test
    void archiveCorrectionsLiveBesideTheArchive() throws Exception {
        Path archive = tmp.resolve("bench-repeats.tar.gz");
        Files.copy(HandCaptures.DIR.resolve("bench-repeats.tar.gz"), archive);
        byte[] before = Files.readAllBytes(archive);
        CaptureSession s = CaptureSession.open(archive);
        CaptureSession again = s.reopen(s.capture().corrections().withRole("A-baseline/run3.log", 0, "warmup"));
        assertTrue(Files.isRegularFile(CaptureLoader.correctionsBeside(archive)));
        assertEquals(tmp.resolve("bench-repeats.tar.gz.tunescope.json"), CaptureLoader.correctionsBeside(archive));
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(archive)), "the archive is never modified");
        StepReading a = again.reading().step("A-baseline");
        assertEquals(2, a.headline().runs().size(), "the headline is the mean of the two remaining repeats");
        assertEquals(RunRole.WARMUP, a.runs().get(2).role());
    }

    @Test
    void anUnreadableManifestIsNeverWrittenOver() throws Exception {
        Path cap = HandCaptures.get("one-step-colocated", tmp);
        Files.writeString(cap.resolve("tunescope.json"), "{ not json");
        CaptureSession s = CaptureSession.open(cap);
        assertThrows(java.io.IOException.class, () -> s.reopen(Corrections.NONE.withStep("x", false)));
        assertEquals("{ not json", Files.readString(cap.resolve("tunescope.json")));
    }
}
