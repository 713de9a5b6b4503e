package io.tunescope.analysis.window;

import io.tunescope.analysis.calltree.CallTree;
import io.tunescope.analysis.calltree.CaptureProfiles;
import io.tunescope.analysis.calltree.DiffTree;
import io.tunescope.analysis.reading.TimeSource;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.SampleColumns;
import io.tunescope.session.CaptureSession;
import io.tunescope.testutil.FtwrlDipScript;
import io.tunescope.testutil.FtwrlDipScript.Raw;
import io.tunescope.testutil.HandCaptures;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.util.zip.GZIPInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Time windows on the real capture with a known dip (captures/README.md, Capture 6): the global read lock was
 * held 04:46:19.689-04:46:23.705 (driver log, the server's NOW(3)). The samples a window selects are counted
 * here a second way ({@link FtwrlDipScript}: straight from the archive, the perf script text and the perf header); the dip's flame graph is compared with the ten seconds before it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FtwrlDipWindowTest {
    private static final String DIP_FROM = FtwrlDipScript.DIP_FROM;
    private static final String DIP_TO = FtwrlDipScript.DIP_TO;
    private static final String PLATEAU_FROM = FtwrlDipScript.PLATEAU_FROM;

    private ProfileSamples cpu;
    private FtwrlDipScript script;
    private List<Raw> raw;
    private long capturedOnMs;

    @BeforeAll
    void load() throws Exception {
        Capture capture = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("ftwrl-dip.tar.gz", null));
        CaptureSession session = CaptureSession.of(capture);
        CaptureProfiles.Entry e = CaptureProfiles.of(capture).stream()
                .filter(x -> x.file().path().endsWith("perf-cpu.script.txt")).findFirst().orElseThrow();
        cpu = session.samples(e.file().path(), e.profile());
        assertNotNull(cpu);
        script = FtwrlDipScript.read();
        raw = script.samples();
        capturedOnMs = script.capturedOnMs();
    }

    private long count(String from, String to, Predicate<Raw> p) {
        return script.count(from, to, p);
    }

    @Test
    void everySampleKeepsItsTimeCpuThreadAndCommand() {
        SampleColumns c = cpu.columns();
        assertEquals(raw.size(), c.size());
        assertTrue(c.hasTime());
        assertTrue(c.hasCpu());
        assertFalse(c.hasPid(), "perf script printed 'comm TID', no PID");
        assertTrue(c.timeOrdered());
        for (int i = 0; i < raw.size(); i += 97) {
            Raw r = raw.get(i);
            assertEquals(r.ns(), c.timeNs(i), "sample " + i);
            assertEquals(r.cpu(), c.cpu(i), "sample " + i);
            assertEquals(r.tid(), c.tid(i), "sample " + i);
            assertEquals(r.comm(), c.commName(i), "sample " + i);
        }
        // no second copy of the stacks: the column holds ids into the profile's own table
        InternedStackProfile p = cpu.profile();
        long[] perStack = new long[p.table().size()];
        for (int i = 0; i < c.size(); i++) {
            perStack[c.stack(i)]++;
        }
        for (int s = 0; s < perStack.length; s++) {
            assertEquals(p.table().samples(s), perStack[s], "stack " + s);
        }
    }

    @Test
    void theCpuProfileIsOnThePerfHeadersClock() {
        assertEquals(TimeSource.PERF_HEADER, cpu.clock().clock().source());
        assertTrue(cpu.clock().known());
        assertEquals(1000, cpu.clock().resolutionMs());
        assertEquals(capturedOnMs, cpu.wallMs(cpu.endNs()));
        assertEquals("2026-12-02T04:46:44", cpu.label(cpu.endNs()));
    }

    @Test
    void theDipWindowHoldsExactlyTheSamplesWhoseMappedTimesFallInIt() {
        Window dip = new Window(cpu.parseTime(DIP_FROM), cpu.parseTime(DIP_TO));
        WindowProfile w = cpu.select(dip, SampleFilter.ALL);
        long expected = count(DIP_FROM, DIP_TO, s -> true);
        assertTrue(expected > 300, "the dip has samples: " + expected);
        assertEquals(expected, w.samples());
        assertEquals(expected, CallTree.of(w).grandTotal());
        // the same window given as seconds from the profile's first sample
        double from = cpu.seconds(dip.fromNs());
        double to = cpu.seconds(dip.toNs());
        Window bySeconds = new Window(cpu.parseTime(String.format(Locale.ROOT, "%.9f", from)),
                cpu.parseTime(String.format(Locale.ROOT, "%.9f", to)));
        assertEquals(expected, cpu.select(bySeconds, SampleFilter.ALL).samples());
        // the same window as the timeline gives it (wall-clock millis)
        assertEquals(dip, cpu.wallWindow(FtwrlDipScript.ns(DIP_FROM) / 1_000_000L, FtwrlDipScript.ns(DIP_TO) / 1_000_000L));
        // filters: command, thread, CPU, frame
        assertEquals(count(DIP_FROM, DIP_TO, s -> s.comm().equals("java")),
                cpu.select(dip, SampleFilter.ALL.withComm("java")).samples());
        int tid = raw.stream().filter(s -> s.comm().equals("mariadbd")).findFirst().orElseThrow().tid();
        assertEquals(count(PLATEAU_FROM, DIP_TO, s -> s.tid() == tid),
                cpu.select(new Window(cpu.parseTime(PLATEAU_FROM), dip.toNs()), SampleFilter.ALL.withTid(tid)).samples());
        assertEquals(count(DIP_FROM, DIP_TO, s -> s.cpu() == 1), cpu.select(dip, SampleFilter.ALL.withCpu(1)).samples());
        long withFrame = count(PLATEAU_FROM, DIP_TO, s -> s.frames().contains("do_command"));
        assertTrue(withFrame > 10, "do_command samples " + withFrame);
        assertEquals(withFrame, cpu.select(new Window(cpu.parseTime(PLATEAU_FROM), dip.toNs()),
                SampleFilter.ALL.withFrame("^do_command$")).samples());
    }

    @Test
    void everyWindowTogetherIsTheWholeProfile() {
        WindowProfile all = cpu.select(cpu.whole(), SampleFilter.ALL);
        assertEquals(cpu.profile().samples(), all.samples());
        Map<List<String>, Long> whole = folded(CallTree.of(cpu.profile()));
        assertEquals(whole, folded(CallTree.of(all)));
        // one-second windows add up to the whole, sample for sample
        long sum = 0;
        for (long t = cpu.startNs(); t <= cpu.endNs(); t += 1_000_000_000L) {
            sum += cpu.select(new Window(t, t + 1_000_000_000L), SampleFilter.ALL).samples();
        }
        assertEquals(raw.size(), sum);
    }

    private static Map<List<String>, Long> folded(CallTree t) {
        Map<List<String>, Long> out = new HashMap<>();
        for (String line : t.toFolded(0)) {
            int sp = line.lastIndexOf(' ');
            out.put(List.of(line.substring(0, sp).split(";")), Long.parseLong(line.substring(sp + 1)));
        }
        return out;
    }

    @Test
    void theDipsFlameGraphLosesTheServerAndTheBenchmark() {
        WindowProfile plateau = cpu.select(new Window(cpu.parseTime(PLATEAU_FROM), cpu.parseTime(DIP_FROM)), SampleFilter.ALL);
        WindowProfile dip = cpu.select(new Window(cpu.parseTime(DIP_FROM), cpu.parseTime(DIP_TO)), SampleFilter.ALL);
        DiffTree d = DiffTree.of(CallTree.of(plateau), CallTree.of(dip));
        CallTree t = d.tree();
        double threshold = 0.001;                                  // the flame graph's default noise threshold, 0.1 %
        int mariadbd = t.nodeByPath(List.of("mariadbd"));
        int sysbench = t.nodeByPath(List.of("sysbench"));
        // the worker threads wait for the lock (off the CPU): their share of the CPU samples falls
        double expectServer = share(DIP_FROM, DIP_TO, "mariadbd") - share(PLATEAU_FROM, DIP_FROM, "mariadbd");
        assertEquals(expectServer, d.delta(mariadbd), 1e-12);
        assertTrue(d.delta(mariadbd, threshold) < -0.05, "mariadbd share change " + d.delta(mariadbd));
        assertTrue(d.delta(sysbench, threshold) < -0.02, "sysbench share change " + d.delta(sysbench));
        // the server's statement execution falls to a small part of its plateau share (7 of 389 against 69 of 973)
        int doCommand = t.frameId("do_command");
        long before = 0;
        long after = 0;
        for (int n = 1; n < t.size(); n++) {
            if (t.canonical(t.frame(n)) == doCommand && !hasAncestorFrame(t, n, doCommand)) {
                before += t.total(DiffTree.BEFORE, n);
                after += t.total(DiffTree.AFTER, n);
            }
        }
        assertEquals(count(PLATEAU_FROM, DIP_FROM, s -> s.frames().contains("do_command")), before);
        assertEquals(count(DIP_FROM, DIP_TO, s -> s.frames().contains("do_command")), after);
        assertTrue((double) after / dip.samples() < 0.4 * before / plateau.samples(),
                "do_command " + after + "/" + dip.samples() + " vs " + before + "/" + plateau.samples());
    }

    private static boolean hasAncestorFrame(CallTree t, int n, int frameId) {
        for (int k = t.parent(n); k > 0; k = t.parent(k)) {
            if (t.canonical(t.frame(k)) == frameId) {
                return true;
            }
        }
        return false;
    }

    private double share(String from, String to, String comm) {
        return (double) count(from, to, s -> s.comm().equals(comm)) / count(from, to, s -> true);
    }

    @Test
    void theHeatmapCountsEverySampleInItsCellAndShowsTheDip() {
        Heatmap h = Heatmap.of(cpu, SampleFilter.ALL, 20);
        assertTrue(h.wallClock());
        assertEquals(50, h.rows());
        assertEquals(raw.size(), h.total());
        assertEquals("04:46:01", h.columnLabel(0));
        for (int c = 0; c < h.columns(); c++) {
            long col = 0;
            for (int r = 0; r < h.rows(); r++) {
                col += h.count(c, r);
            }
            // the column is the wall-clock second, counted from the raw text
            String from = "2026-12-02T04:46:" + String.format(Locale.ROOT, "%02d", 1 + c);
            String to = c + 2 < 60 ? "2026-12-02T04:46:" + String.format(Locale.ROOT, "%02d", 2 + c) : "2026-12-02T04:47:00";
            assertEquals(count(from + ".000", to + ".000", s -> true), col, "column " + h.columnLabel(c));
            assertEquals(col, cpu.select(h.columns(c, c), SampleFilter.ALL).samples());
        }
        // every cell is the window it stands for
        Heatmap m = Heatmap.of(cpu, SampleFilter.ALL.withComm("mariadbd"), 50);
        for (int c = 0; c < m.columns(); c++) {
            for (int r = 0; r < m.rows(); r++) {
                assertEquals(m.count(c, r), cpu.select(m.cell(c, r), SampleFilter.ALL.withComm("mariadbd")).samples());
            }
        }
        // the seconds wholly inside the lock have (almost) no server samples, the ten before have plenty
        int dip = 0;
        int before = 0;
        for (int c = 0; c < m.columns(); c++) {
            long t = cpu.wallMs(m.cellStartNs(c, 0));
            int sum = 0;
            for (int r = 0; r < m.rows(); r++) {
                sum += m.count(c, r);
            }
            if (t >= FtwrlDipScript.ns(DIP_FROM) / 1_000_000L + 1000 && t + 1000 <= FtwrlDipScript.ns(DIP_TO) / 1_000_000L) {
                dip += sum;
            } else if (t >= FtwrlDipScript.ns(PLATEAU_FROM) / 1_000_000L && t + 1000 <= FtwrlDipScript.ns(DIP_FROM) / 1_000_000L) {
                before += sum;
            }
        }
        assertTrue(dip * 10 < before, "mariadbd samples in the dip's whole seconds " + dip + ", in the nine before " + before);
        // a drag from a later cell to an earlier one selects the same span in time order
        assertEquals(m.range(3, 5, 5, 2), m.range(5, 2, 3, 5));
        assertEquals(m.cellStartNs(3, 5), m.range(5, 2, 3, 5).fromNs());
        assertEquals(m.cellEndNs(5, 2), m.range(5, 2, 3, 5).toNs());
    }

    @Test
    void timesThatAreNotTimesAreRefusedWithAReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> cpu.parseTime("soon"));
        assertTrue(e.getMessage().contains("neither an ISO-8601 time nor seconds"), e.getMessage());
    }
}
