package io.tunescope.session;

import io.tunescope.testutil.HandCaptures;

import io.tunescope.analysis.SnapshotOrder;
import io.tunescope.analysis.config.ConfigDiff;
import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.ReadRun;
import io.tunescope.analysis.reading.Snapshot;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.analysis.reading.TimeSource;
import io.tunescope.model.bench.RunRole;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one reading of the hand-made captures, checked against what the files and the README say. */
class CaptureReadingTest {
    @TempDir
    Path tmp;

    private static List<String> roles(StepReading s) {
        List<String> out = new ArrayList<>();
        for (ReadRun r : s.runs()) {
            out.add(r.file().substring(r.file().lastIndexOf('/') + 1) + "=" + r.role().slug());
        }
        return out;
    }

    @Test
    void handThreeStepCapture() throws Exception {
        CaptureReading r = CaptureSession.open(HandCaptures.get("hand-3step", tmp)).reading();
        // the prepare-only folder is listed, never a step or the baseline
        assertEquals(List.of("0_prepare"), r.auxiliary().stream().map(a -> a.dir()).toList());
        assertEquals(List.of("1_baseline", "2_redo_bp", "3_swappiness_interleave"), r.steps().stream().map(StepReading::dir).toList());
        StepReading base = r.step("1_baseline");
        assertEquals(List.of("warmup_t4_20s.log=warmup", "main_t4_40s.log=main"), roles(base));
        // the main run's figures are the log's own final statistics (README: 1574.20 TPS, p95 4.25 ms)
        assertEquals(1574.20, base.headline().tps(), 1e-9);
        assertEquals(4.25, base.headline().p95Ms(), 1e-9);
        assertEquals("1_baseline/main_t4_40s.log", base.headline().first().file());
        // every run has its own start from the driver log, warm-up before main, 20 s apart
        ReadRun warm = base.runs().get(0);
        ReadRun main = base.runs().get(1);
        assertEquals(TimeSource.EVENT_LOG, main.clock().source());
        assertEquals("2026-12-01T22:30:52.543Z", main.clock().startIso());
        assertTrue(main.clock().start() - warm.clock().start() >= 20_000);
        // the reading's sentences in the reader's language
        assertEquals("named as a warm-up", warm.roleReason().toString());
        assertEquals("名称表明是预热", warm.roleReason().in(java.util.Locale.SIMPLIFIED_CHINESE));
        assertTrue(r.step("2_redo_bp").vsPrevious().basis().in(java.util.Locale.SIMPLIFIED_CHINESE).startsWith("主运行 1_baseline/main_t4_40s.log 对比"));
        // snapshots in time order, not by name (after < before alphabetically)
        assertEquals(List.of("before", "t15s", "after"), base.numastat().stream().map(Snapshot::label).toList());
        for (StepReading s : r.steps()) {
            List<Snapshot> n = s.numastat();
            for (int i = 1; i < n.size(); i++) {
                assertTrue(n.get(i).time() > n.get(i - 1).time(), s.dir() + " " + n);
            }
            assertTrue(s.notes().isEmpty(), s.notes().toString());
            // nothing is ever "removed" for a key that was not captured
            assertTrue(s.configChanges().stream().noneMatch(c -> c.change() == ConfigDiff.Change.REMOVED), s.configChanges().toString());
        }
        // like for like: main runs at 4 threads; the step changes are within run-to-run noise
        StepReading redo = r.step("2_redo_bp");
        assertEquals("1_baseline", redo.vsPrevious().against());
        assertEquals((1557.48 - 1574.20) / 1574.20 * 100, redo.vsPrevious().tpsChangePct(), 1e-9);
        assertFalse(redo.vsPrevious().significant());
        assertTrue(redo.configChanges().stream().anyMatch(c -> c.key().equals("innodb_buffer_pool_size")
                && c.change() == ConfigDiff.Change.CHANGED && c.after().equals("1073741824")), redo.configChanges().toString());
        // the sysctl -w output is a change, not a snapshot: vm.swappiness 60 -> 1, no key removed
        StepReading third = r.step("3_swappiness_interleave");
        ConfigDiff.Row swap = third.configChanges().stream().filter(c -> c.key().equals("vm.swappiness")).findFirst().orElseThrow();
        assertEquals(ConfigDiff.Change.CHANGED, swap.change());
        assertEquals("60", swap.before());
        assertEquals("1", swap.after());
        assertEquals("3_swappiness_interleave/sysctl_w.txt", swap.afterRef().file());
        assertTrue(third.configChanges().stream().anyMatch(c -> c.key().equals("process.numa_policy") && c.after().startsWith("interleave")));
        // the sweep is built from sweep runs only, in thread order; the warm-up and main run stay out of it
        assertEquals(List.of(1, 2, 4, 8), third.sweep().stream().map(ReadRun::threads).toList());
        assertEquals(RunRole.MAIN, third.headline().first().role());
        assertFalse(third.vsPrevious().significant());
    }

    @Test
    void repeatsAndAnUnnamedSweep() throws Exception {
        CaptureReading r = CaptureSession.open(HandCaptures.get("bench-repeats.tar.gz", tmp)).reading();
        assertEquals(List.of("load-data"), r.auxiliary().stream().map(a -> a.dir()).toList());
        StepReading a = r.step("A-baseline");
        assertEquals(List.of("run1.log=repeat", "run2.log=repeat", "run3.log=repeat"), roles(a));
        assertEquals((4359.05 + 4364.02 + 4377.14) / 3, a.headline().tps(), 1e-9);
        assertEquals(3, a.headline().runs().size());
        StepReading b = r.step("B-flush2");
        // the threshold comes from the repeats: twice the combined standard error
        double seA = a.headline().tpsStd() / Math.sqrt(3) / a.headline().tps() * 100;
        double seB = b.headline().tpsStd() / Math.sqrt(3) / b.headline().tps() * 100;
        assertEquals(2 * Math.hypot(seA, seB), b.vsPrevious().thresholdPct(), 1e-9);
        assertTrue(b.vsPrevious().basis().toString().contains("repeats"), b.vsPrevious().basis().toString());
        assertTrue(b.configChanges().stream().anyMatch(c -> c.key().equals("innodb_flush_log_at_trx_commit") && c.after().equals("2")));
        StepReading c = r.step("C-threads");
        assertNull(c.headline());
        assertEquals(List.of(1, 2, 4, 8, 16), c.sweep().stream().map(ReadRun::threads).toList());
        assertFalse(c.vsPrevious().comparable());
        // epoch times of events.log place each run
        for (ReadRun run : a.runs()) {
            assertEquals(TimeSource.EVENT_LOG, run.clock().source(), run.toString());
        }
    }

    @Test
    void warmUpBesideTheMainRunWithoutEventLog() throws Exception {
        CaptureReading r = CaptureSession.open(HandCaptures.get("one-step-colocated", tmp)).reading();
        StepReading s = r.steps().get(0);
        assertEquals(List.of("oltp_rw_t2.log=main", "warm-up.log=warmup"), roles(s));
        assertEquals(994.31, s.headline().tps(), 1e-9);
        // a fresh copy: every file written in the same instant, so no time is taken from them
        assertTrue(r.notes().stream().anyMatch(n -> n.toString().contains("modification times not used")), r.notes().toString());
        assertEquals(List.of("before", "during", "after"), s.numastat().stream().map(Snapshot::label).toList());
    }

    @Test
    void collectorSweepRunsFollowEachOther() throws Exception {
        CaptureReading r = CaptureSession.open(HandCaptures.sample("mariadb-oltp")).reading();
        StepReading sweep = r.step("02-thread-sweep");
        assertNull(sweep.headline());
        assertEquals(6, sweep.sweep().size());
        for (int i = 1; i < 6; i++) {
            long d = sweep.sweep().get(i).clock().start() - sweep.sweep().get(i - 1).clock().start();
            assertTrue(d >= 9_000 && d <= 11_000, "runs 10 s apart: " + d);
        }
        StepReading one = r.step("01-flush-log-2");
        assertEquals((764.23 - 664.66) / 664.66 * 100, one.vsPrevious().tpsChangePct(), 1e-9);
        assertTrue(one.vsPrevious().significant());
        assertNotNull(one.headline());
    }

    /**
     * A folder of unrelated public sysbench logs (shared/conformance): nothing is averaged across them, a
     * warm-up is not guessed without knowing which run came first, and the step has one sweep.
     */
    @Test
    void unrelatedLogsAreNeverAveraged() throws Exception {
        StepReading s = CaptureSession.open(io.tunescope.TestData.conformance("sysbench")).reading().steps().get(0);
        assertTrue(s.runs(RunRole.REPEAT).isEmpty(), "runs of other workloads and throughput are not repeats: " + roles(s));
        assertTrue(s.runs(RunRole.WARMUP).isEmpty(), "no warm-up without names or order: " + roles(s));
        assertEquals(1, s.sweep().stream().map(ReadRun::file).distinct().count(), "one sweep per step: " + roles(s));
        assertEquals(1, s.headline().runs().size());
    }

    /** A folder of host facts is not a step, and its facts hold for every step. */
    @Test
    void hostFactsFolderIsAuxiliaryAndServesEveryStep() throws Exception {
        Path cap = HandCaptures.get("hand-3step", tmp);
        java.nio.file.Files.createDirectories(cap.resolve("host"));
        java.nio.file.Files.move(cap.resolve("1_baseline/lscpu.txt"), cap.resolve("host/lscpu.txt"));
        for (String s : List.of("2_redo_bp", "3_swappiness_interleave")) {
            java.nio.file.Files.delete(cap.resolve(s + "/lscpu.txt"));
        }
        CaptureSession session = CaptureSession.open(cap);
        assertTrue(session.capture().auxiliary().stream().anyMatch(a -> a.dir().equals("host") && a.reasonKey().equals("noLoad")));
        var e = io.tunescope.analysis.evidence.Evidence.of(session.capture(), "2_redo_bp", session.reading());
        assertEquals(2, e.logicalCpus().orElse(-1), "lscpu of host/ is the step's");
    }

    /** No-op changes named from the host's own facts (no swap, one NUMA node); swappiness without swap is not advice. */
    @Test
    void noOpChangesOnTheHandMadeCapture() throws Exception {
        CaptureSession s = CaptureSession.open(HandCaptures.get("hand-3step", tmp));
        var report = s.findings(java.util.Locale.ROOT);
        var noop = report.findings("3_swappiness_interleave").stream().filter(f -> f.ruleId().equals("CFG-NOOP-CHANGE")).findFirst().orElseThrow();
        assertTrue(noop.summary().contains("vm.swappiness 60 -> 1: no swap is configured"), noop.summary());
        assertTrue(noop.summary().contains("process.numa_policy (not captured) -> interleave (100% of pages): the host has a single NUMA node"), noop.summary());
        assertTrue(report.findings("2_redo_bp").stream().noneMatch(f -> f.ruleId().equals("CFG-NOOP-CHANGE")), "buffer pool and redo changes act");
        assertTrue(report.findings().stream().noneMatch(f -> f.ruleId().equals("OS-SWAPPINESS")), "no swap: swappiness is no advice");
        var swap = report.results().stream().filter(x -> x.ruleId().equals("OS-SWAPPINESS") && x.step().equals("1_baseline")).findFirst().orElseThrow();
        assertTrue(swap.reason().contains("no swap is configured"), swap.reason());
    }

    /** A main run whose halves differ is said to be unsettled; steady runs and repeats stay silent. */
    @Test
    void unsettledMainRun() throws Exception {
        var report = CaptureSession.open(HandCaptures.get("hand-3step", tmp)).findings(java.util.Locale.ROOT);
        var f = report.findings("1_baseline").stream().filter(x -> x.ruleId().equals("CONC-RUN-NOT-STEADY")).findFirst().orElseThrow();
        assertEquals("The main run 1_baseline/main_t4_40s.log had not settled: its throughput differs by 11.7 % between the first half "
                + "(1482.1 TPS) and the second (1666.3 TPS), so its figure depends on where the run was cut.", f.summary());
        assertTrue(report.findings("3_swappiness_interleave").stream().noneMatch(x -> x.ruleId().equals("CONC-RUN-NOT-STEADY")));
        var repeats = CaptureSession.open(HandCaptures.get("bench-repeats.tar.gz", tmp)).findings(java.util.Locale.ROOT);
        assertTrue(repeats.results().stream().filter(x -> x.ruleId().equals("CONC-RUN-NOT-STEADY") && x.step().equals("A-baseline"))
                .allMatch(x -> x.status() == io.tunescope.rules.Result.Status.NOT_APPLICABLE));
    }

    @Test
    void snapshotNamesOrderByTheirWords() {
        List<String> names = new ArrayList<>(List.of("numastat_after.txt", "numastat_t60s.txt", "numastat_before.txt", "numastat_t15s.txt",
                "numastat-during.txt", "numastat_t5s.txt"));
        names.sort(SnapshotOrder.BY_WORDS);
        assertEquals(List.of("numastat_before.txt", "numastat-during.txt", "numastat_t5s.txt", "numastat_t15s.txt", "numastat_t60s.txt",
                "numastat_after.txt"), names);
        assertEquals("t15s", SnapshotOrder.label("a/numastat_t15s.txt"));
        assertEquals("after", SnapshotOrder.label("GLOBAL_STATUS_after.txt"));
        assertEquals("t90s", SnapshotOrder.label("numastat-90s.txt"));
        assertEquals("t120s", SnapshotOrder.label("numastat-2m.txt"));
    }
}
