package io.tunescope.session;

import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.FileClock;
import io.tunescope.analysis.reading.StepReading;
import io.tunescope.analysis.reading.TimeSource;
import io.tunescope.analysis.timeline.Anomaly;
import io.tunescope.analysis.timeline.AnomalyDetector;
import io.tunescope.analysis.timeline.Timeline;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.FileStatus;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.rules.Finding;
import io.tunescope.rules.Result;
import io.tunescope.rules.RuleEngine;
import io.tunescope.rules.Settings;
import io.tunescope.rules.catalog.RuleCatalog;
import io.tunescope.rules.concurrency.WorstWindowRule;
import io.tunescope.testutil.HandCaptures;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hand-made capture with a known dip (src/test/resources/captures/README.md, Capture 6): a 4 s FLUSH TABLES
 * WITH READ LOCK held from another session in the middle of a 40 s sysbench run. Its reading (roles, clocks) and
 * the worst-window rule, checked against what the files and the driver log say.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FtwrlDipCaptureTest {
    @TempDir
    Path tmp;
    private Capture capture;
    private CaptureReading reading;

    @BeforeAll
    void load() throws Exception {
        capture = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("ftwrl-dip.tar.gz", tmp));
        reading = CaptureSession.of(capture).reading();
    }

    private static long at(String iso) {
        return java.time.Instant.parse(iso).toEpochMilli();
    }

    @Test
    void everyFileIsReadAndTheRunsHaveTheirRoles() {
        for (SourceFile f : capture.files()) {
            assertTrue(f.status() == FileStatus.OK, f.path() + " " + f.status() + " " + f.reason());
        }
        StepReading s = reading.step("rw-4t-ftwrl");
        assertEquals(List.of("rw-4t-ftwrl/prepare.sysbench.log=prepare", "rw-4t-ftwrl/warmup.sysbench.log=warmup",
                "rw-4t-ftwrl/main.sysbench.log=main"), s.runs().stream().map(r -> r.file() + "=" + r.role().slug()).sorted(
                java.util.Comparator.comparing((String x) -> x.endsWith("=prepare") ? 0 : x.endsWith("=warmup") ? 1 : 2)).toList());
        // driver.log: "start main.sysbench.log ..." at 04:46:02.015
        assertEquals("2026-12-02T04:46:02.015Z", s.headline().first().clock().startIso());
        assertEquals(TimeSource.EVENT_LOG, s.headline().first().clock().source());
        // the main run's own figures (main.sysbench.log: 84.80 per sec.)
        assertEquals(84.80, s.headline().tps(), 1e-9);
    }

    @Test
    void eachPerfScriptHasTheClockOfItsOwnRecording() {
        // the cpu-clock script is placed by the header beside it (captured on 04:46:44, 42.06 s of samples) ...
        FileClock cpu = reading.clocks().file("rw-4t-ftwrl/perf-cpu.script.txt");
        assertEquals(TimeSource.PERF_HEADER, cpu.source());
        assertEquals(at("2026-12-02T04:46:44Z"), cpu.end());
        // ... the sched_switch script is another recording: the driver log's "start/end perf-sched recording" lines
        FileClock sched = reading.clocks().file("rw-4t-ftwrl/perf-sched.script.txt");
        assertEquals(TimeSource.EVENT_LOG, sched.source());
        assertEquals(at("2026-12-02T04:46:18.983Z"), sched.start());
        assertEquals(at("2026-12-02T04:46:26.425Z"), sched.end());
        // the counter series start where the driver log started mysqladmin
        FileClock ext = reading.clocks().file("rw-4t-ftwrl/mysqladmin-ext-r.txt");
        assertEquals(TimeSource.EVENT_LOG, ext.source());
        assertEquals(at("2026-12-02T04:45:59.904Z"), ext.start());
    }

    @Test
    void theWorstWindowIsTheLockAndTheTimelineMarksTheSameSeconds() {
        RuleEngine.Report report = RuleCatalog.engine().run(capture, reading, Settings.defaults(), Locale.ROOT);
        List<Finding> fs = report.findings().stream().filter(f -> f.ruleId().equals(WorstWindowRule.ID)).toList();
        assertEquals(1, fs.size());
        Finding f = fs.get(0);
        assertEquals("info", f.severity().slug());
        assertTrue(f.summary().startsWith("In the worst window of the main run rw-4t-ftwrl/main.sysbench.log, 04:46:19.0–04:46:23.0 "
                + "(sysbench reports 18–21 s), throughput fell to 0 TPS against 80.5 TPS in the seconds before; the run's second-to-second "
                + "noise is 20.3 TPS, so the dip is 4 times the noise. It cost about 309 transactions (8.4 % of the run's)."), f.summary());
        assertTrue(f.summary().endsWith("The process list names the mechanism: 4 of 5 working threads were in 'Waiting for backup lock', "
                + "the wait for the global read lock (FLUSH TABLES WITH READ LOCK, taken by a backup tool or a script; MariaDB takes it as a "
                + "backup lock), and Com_flush moved (0.17/s in the window): writes and commits stop until it is released."), f.summary());
        // the driver log's lock lines are in the window, with their file:line
        assertTrue(f.evidence().stream().anyMatch(o -> o.value().equals("[driver] ftwrl lock acquired (server NOW(3) 2026-12-02 04:46:19.689)")
                && o.ref().toString().equals("rw-4t-ftwrl/driver.log:19")), f.evidence().toString());
        assertTrue(f.evidence().stream().anyMatch(o -> o.label().startsWith("Com_flush (mysqladmin)") && o.value().equals("0.00 -> 0.17/s")
                && o.ref().toString().equals("rw-4t-ftwrl/mysqladmin-ext-r.txt:10878")), f.evidence().toString());
        // the timeline's marker on the main run covers the same reports: the window is its span plus the first report's second
        Timeline t = CaptureSession.of(capture).timeline("rw-4t-ftwrl", Locale.ROOT);
        Anomaly marker = AnomalyDetector.detect(t).stream().filter(a -> a.kind() == Anomaly.Kind.THROUGHPUT_DIP
                && a.entity().startsWith("rw-4t-ftwrl/main.sysbench.log") && a.peak() == 0).findFirst().orElseThrow();
        Finding.TimeWindow w = f.timeWindow().orElseThrow();
        assertEquals(marker.end(), w.toMs());
        assertEquals(marker.start() - 1000, w.fromMs());
        assertEquals(at("2026-12-02T04:46:19.015Z"), w.fromMs());
        // the lock (04:46:19.689-04:46:23.705 by the server's clock) lies in it, within the one second the reading cannot resolve
        assertTrue(w.fromMs() <= at("2026-12-02T04:46:19.689Z") && w.toMs() + 1000 >= at("2026-12-02T04:46:23.705Z"));
        // the same finding in Chinese
        RuleEngine.Report zh = RuleCatalog.engine().run(capture, reading, Settings.defaults(), Locale.SIMPLIFIED_CHINESE);
        Finding fz = zh.findings().stream().filter(x -> x.ruleId().equals(WorstWindowRule.ID)).findFirst().orElseThrow();
        assertTrue(fz.summary().startsWith("主运行 rw-4t-ftwrl/main.sysbench.log 最差的时间窗口为 04:46:19.0–04:46:23.0（sysbench 报告 18–21 s）："
                + "吞吐降到 0 TPS，之前各秒为 80.5 TPS；"), fz.summary());
        assertTrue(fz.summary().contains("处于“Waiting for backup lock”，即在等待全局读锁"), fz.summary());
    }

    @Test
    void noWarmUpIsLookedInto() {
        // the warm-up has dips of its own (timeline markers), the rule speaks only of the main run
        Timeline t = CaptureSession.of(capture).timeline("rw-4t-ftwrl", Locale.ROOT);
        assertTrue(AnomalyDetector.detect(t).stream().anyMatch(a -> a.entity().startsWith("rw-4t-ftwrl/warmup.sysbench.log")));
        Result r = new WorstWindowRule().evaluate(io.tunescope.analysis.evidence.Evidence.of(capture, "rw-4t-ftwrl", reading),
                Settings.defaults(), Locale.ROOT);
        assertEquals(Result.Status.FIRED, r.status());
        assertTrue(r.findings().get(0).evidence().stream().filter(o -> o.ref() != null)
                .noneMatch(o -> o.ref().file().contains("warmup")));
    }
}
