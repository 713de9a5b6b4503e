package io.tunescope.rules;

import io.tunescope.analysis.timeline.TimelineBuilder;
import io.tunescope.render.timeline.TimelineChart;
import io.tunescope.rules.server.ThreadsRunningRule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** SRV-THREADS-RUNNING on the real mysqladmin ext -i1 -c8 capture (Threads_running 14 1 9 10 7 12 5 7) and the host size given. */
class ThreadsRunningRuleTest {
    @TempDir
    Path dir;

    private static String fixture(String name) throws IOException {
        return Files.readString(Path.of("src/test/resources/fixtures/mysqladmin-ext", name));
    }

    private Caps caps(String name, int cpus) throws IOException {
        return Caps.in(dir.resolve(name)).file("mysqladmin-ext.txt", fixture("mysqladmin-ext-absolute.txt")).lscpu(cpus, 1);
    }

    @Test
    void firesWhenMostSamplesQueueForACpu() throws IOException {
        Finding f = caps("two", 2).fire(new ThreadsRunningRule());
        assertEquals("Threads_running was above the host's 2 logical CPUs in 7 of 8 samples (87.5 %), at most 14 (mysqladmin-ext.txt:86), "
                + "mean 8.13: statements queued for a CPU inside the server.", f.summary());
        assertEquals(80, f.score()); // 87.5 % of the samples: a warning (it limits the result; no data at risk, never critical)
        assertEquals("highest Threads_running sample", f.evidence().get(0).label());
        assertEquals("14", f.evidence().get(0).value());
        assertEquals("mysqladmin-ext.txt:86", f.evidence().get(0).ref().toString());
        assertEquals("lscpu.txt:2", f.evidence().get(3).ref().toString());
        assertEquals(true, f.explanation().contains("run queue"));
        // 8 CPUs: 14, 9, 10, 12 above, half of the samples: a warning; 10 CPUs: 14 and 12, a quarter: info
        assertEquals(80, caps("eight", 8).fire(new ThreadsRunningRule()).score());
        Finding info = caps("ten", 10).fire(new ThreadsRunningRule());
        assertEquals(55, info.score());
        assertEquals("Threads_running was above the host's 10 logical CPUs in 2 of 8 samples (25 %), at most 14 (mysqladmin-ext.txt:86), "
                + "mean 8.13: statements queued for a CPU inside the server.", info.summary());
    }

    @Test
    void passesWhenTheHostHasTheCpus() throws IOException {
        Result pass = caps("big", 16).run(new ThreadsRunningRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("Threads_running above the 16 logical CPUs in 0 of 8 samples (0 %); highest 14 at mysqladmin-ext.txt:86, mean 8.13",
                pass.reason());
        // relative output: 13 in the first table (kept apart), then 8 5 9 9 12 2 10; 12 is not above 12 CPUs
        Result one = Caps.in(dir.resolve("rel")).file("ext.txt", fixture("mysqladmin-ext-relative.txt")).lscpu(12, 1)
                .run(new ThreadsRunningRule());
        assertEquals(Result.Status.PASSED, one.status());
        assertEquals("Threads_running above the 12 logical CPUs in 0 of 7 samples (0 %); highest 12 at ext.txt:531, mean 7.86", one.reason());
    }

    /** Percona Toolkit's public mext-001 sample: Threads_running 2 throughout, on 2 CPUs: not above. */
    @Test
    void silentOnAHealthySeries() throws IOException {
        Result pass = Caps.in(dir.resolve("percona")).file("mext.txt", fixture("percona-mext-001.txt")).lscpu(2, 1)
                .run(new ThreadsRunningRule());
        assertEquals(Result.Status.PASSED, pass.status());
        assertEquals("Threads_running above the 2 logical CPUs in 0 of 3 samples (0 %); highest 2 at mext.txt:510, mean 2.00", pass.reason());
    }

    @Test
    void notApplicableWithoutASeriesOrTheCpuCount() throws IOException {
        Result none = Caps.in(dir.resolve("none")).lscpu(2, 1).status("status.txt", "Uptime", "100", "Threads_running", "30")
                .run(new ThreadsRunningRule());
        assertEquals(Result.Status.NOT_APPLICABLE, none.status());
        assertEquals("needs status counters over time (mysqladmin extended-status -i N -c M, with or without -r, or pt-mext)", none.reason());
        Result noCpu = Caps.in(dir.resolve("nocpu")).file("ext.txt", fixture("pt-mext-relative.txt")).run(new ThreadsRunningRule());
        assertEquals(Result.Status.NOT_APPLICABLE, noCpu.status());
        assertEquals("no logical CPU count (lscpu, or mpstat -P ALL)", noCpu.reason());
    }

    @Test
    void theUsualSuspectsJoinTheTimeline() throws IOException {
        var capture = caps("timeline", 2).load();
        List<String> ids = TimelineChart.panels(TimelineBuilder.build(capture, null), Locale.ROOT).stream().map(TimelineChart.Panel::id).toList();
        assertEquals(List.of("server-threads", "server-waits", "server-scans", "server-redo"), ids);
        var waits = TimelineChart.panels(TimelineBuilder.build(capture, null), Locale.SIMPLIFIED_CHINESE).get(1);
        assertEquals("服务器等待与溢出", waits.title());
        assertEquals(4, waits.tracks().size());
    }
}
