package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.analysis.reading.CaptureReading;
import io.tunescope.analysis.reading.FileClock;
import io.tunescope.analysis.window.OffCpuSamples;
import io.tunescope.analysis.window.SampleFilter;
import io.tunescope.analysis.window.Window;
import io.tunescope.importers.CaptureLoader;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Capture;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.stack.OffCpuIntervals;
import io.tunescope.model.stack.OffCpuProfile;
import io.tunescope.model.stack.OffCpuState;
import io.tunescope.model.stack.StackTable;
import io.tunescope.session.CaptureSession;
import io.tunescope.testutil.FtwrlDipSched;
import io.tunescope.testutil.HandCaptures;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The off-CPU profile of the ftwrl-dip capture's {@code perf record -e sched:sched_switch -g -p mariadbd}
 * (src/test/resources/captures/README.md, Capture 6): its total and its prev_state split against a reading of
 * the file from scratch ({@link FtwrlDipSched}: regular expressions, a map of open switch-outs), and the threads that
 * waited for the global read lock, found in the window of the lock.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OffCpuFtwrlDipTest {
    private static final String SCHED = FtwrlDipSched.PATH;
    @TempDir
    Path tmp;
    private Capture capture;
    private CaptureReading reading;
    private OffCpuProfile profile;
    private FtwrlDipSched raw;
    private List<FtwrlDipSched.Ev> events;

    @BeforeAll
    void load() throws Exception {
        capture = new CaptureLoader(StandardImporters.registry()).load(HandCaptures.get("ftwrl-dip.tar.gz", tmp));
        reading = CaptureSession.of(capture).reading();
        SourceFile f = capture.files().stream().filter(x -> x.path().equals(SCHED)).findFirst().orElseThrow();
        assertEquals("perf-sched", f.format(), f.reason());
        profile = (OffCpuProfile) f.value();
        raw = FtwrlDipSched.read();
        events = raw.events();
    }

    private List<FtwrlDipSched.Iv> intervals() {
        return raw.intervals();
    }

    @Test
    void theTotalIsTheSummedSwitchedOutTime() {
        assertEquals(4433, events.size());
        long sum = 0;
        for (FtwrlDipSched.Iv iv : intervals()) {
            sum += iv.end() - iv.start();
        }
        assertEquals(sum, profile.totalWeight());
        assertEquals(io.tunescope.model.stack.WeightUnit.NANOSECONDS, profile.unit());
        assertEquals(intervals().size(), profile.samples());
        OffCpuProfile.Accounting a = profile.accounting();
        assertEquals(sum, a.total());
        // the recording was of one process (-p): a switch-in from another process is not in the file
        assertTrue(a.upperBoundCount() > 0 && a.lowerBound() < a.upperBound(), a.toString());
        assertTrue(a.clippedCount() > 0, "threads still switched out at the end are clipped, not dropped");
    }

    @Test
    void prevStateSplitsTheTime() {
        Map<OffCpuState, Long> mine = new EnumMap<>(OffCpuState.class);
        for (FtwrlDipSched.Iv iv : intervals()) {
            mine.merge(OffCpuState.of(iv.state()), iv.end() - iv.start(), Long::sum);
        }
        assertEquals(mine, profile.accounting().byState());
        // and the flame graph's state frames (under the process frame) carry the same split
        Map<String, Long> byFrame = new HashMap<>();
        profile.forEach((ids, depth, w) -> byFrame.merge(profile.frames().get(ids[1]), w, Long::sum));
        assertEquals(mine.get(OffCpuState.SLEEPING), byFrame.get(OffCpuState.SLEEPING.frame("S")));
        assertEquals(mine.get(OffCpuState.UNINTERRUPTIBLE), byFrame.get(OffCpuState.UNINTERRUPTIBLE.frame("D")));
        assertEquals(mine.get(OffCpuState.RUNNABLE), byFrame.get(OffCpuState.RUNNABLE.frame("R")));
        assertEquals(3, byFrame.size(), byFrame.keySet().toString());
    }

    private static long wall(String iso) {
        return Instant.parse(iso).toEpochMilli();
    }

    /** perf's clock for a wall-clock time: the reading places the recording from the driver log's start of it. */
    private long perfNs(long wallMs) {
        FileClock c = reading.clocks().file(SCHED);
        assertNotNull(c.start());
        long ns = profile.intervals().firstEventNs() + (wallMs - c.start()) * 1_000_000L;
        // the window API maps it the same way, through the same file clock (anchored at the first event)
        assertEquals(ns, samples().nsAtWall(wallMs));
        return ns;
    }

    private OffCpuSamples samples() {
        return OffCpuSamples.of(profile, reading.clocks(), SCHED);
    }

    /** Connection threads (their stacks pass do_command, in any event of the file) and their futex-wait time. */
    private double[] futexShare(long from, long to, Map<Integer, Long> perThread) {
        Set<Integer> conn = new HashSet<>();
        for (FtwrlDipSched.Ev e : events) {
            if (e.frames().contains("do_command")) {
                conn.add(e.prev());
            }
        }
        OffCpuProfile w = profile.window(from, to);
        OffCpuIntervals iv = w.intervals();
        StackTable stacks = w.stacks();
        List<String> names = w.frames();
        long all = 0;
        long futex = 0;
        for (int i = 0; i < iv.size(); i++) {
            long d = Math.min(iv.endNs(i), to) - Math.max(iv.startNs(i), from);
            if (d <= 0 || !conn.contains(iv.tid(i))) {
                continue;
            }
            all += d;
            int id = iv.stack(i);
            for (int k = 0; k < stacks.depth(id); k++) {
                if (names.get(stacks.frame(id, k)).equals("__futex_abstimed_wait_common")) {
                    futex += d;
                    perThread.merge(iv.tid(i), d, Long::sum);
                    break;
                }
            }
        }
        return new double[] {all, futex};
    }

    @Test
    void theThreadsWaitingForTheGlobalReadLockAreInTheLockWindow() {
        // driver.log: lock acquired 04:46:19.689, released 04:46:23.705 (server NOW(3)); half a second in from each
        // end, because the recording is placed from its command's start (perf starts a little later)
        long from = perfNs(wall("2026-12-02T04:46:19.689Z") + 500);
        long to = perfNs(wall("2026-12-02T04:46:23.705Z") - 500);
        Map<Integer, Long> waiting = new HashMap<>();
        double[] dip = futexShare(from, to, waiting);
        // connection threads blocked in a futex (MariaDB's backup lock: MDL_wait::timed_wait's condition wait)
        long fullWindow = waiting.values().stream().filter(v -> v >= (to - from) * 0.9).count();
        assertTrue(fullWindow >= 4, "4 sysbench threads wait out the lock: " + waiting);
        assertTrue(dip[1] / dip[0] > 0.7, "futex share in the lock window " + dip[1] / dip[0]);
        // the plateau after the release (and the moment before the lock): connection threads wait mostly for clients
        double[] after = futexShare(perfNs(wall("2026-12-02T04:46:23.705Z") + 200), profile.intervals().lastEventNs(), new HashMap<>());
        double[] before = futexShare(profile.intervals().firstEventNs(), perfNs(wall("2026-12-02T04:46:19.689Z") - 100), new HashMap<>());
        assertTrue(after[1] / after[0] < 0.5, "after " + after[1] / after[0]);
        assertTrue(before[1] / before[0] < 0.5, "before " + before[1] / before[0]);
    }

    @Test
    void aWindowOfOneThreadFromTheTimesAUserTypes() {
        OffCpuSamples s = samples();
        long from = s.parseTime("2026-12-02T04:46:20.000");
        long to = s.parseTime("2026-12-02T04:46:21.500");
        assertEquals(from + 1_500_000_000L, to);
        assertEquals(s.startNs() + 2_000_000_000L, s.parseTime("2"));
        int tid = 4334;
        long expected = 0;
        for (FtwrlDipSched.Iv iv : intervals()) {
            long d = Math.min(iv.end(), to) - Math.max(iv.start(), from);
            if (d > 0 && iv.tid() == tid) {
                expected += d;
            }
        }
        OffCpuProfile w = s.select(new Window(from, to), SampleFilter.ALL.withTid(tid));
        assertEquals(expected, w.totalWeight());
        assertTrue(expected > 1_000_000_000L, "a sysbench thread waits through most of the 1.5 s: " + expected);
        // a frame filter keeps the intervals whose stack holds it
        OffCpuProfile futex = s.select(new Window(from, to), SampleFilter.ALL.withTid(tid).withFrame("^__futex_abstimed_wait_common$"));
        assertTrue(futex.totalWeight() > 0 && futex.totalWeight() <= expected);
    }

    @Test
    void aWindowCountsOnlyTheOverlap() {
        long from = perfNs(wall("2026-12-02T04:46:20Z"));
        long to = from + 1_000_000_000L;
        long expected = 0;
        int n = 0;
        for (FtwrlDipSched.Iv iv : intervals()) {
            long d = Math.min(iv.end(), to) - Math.max(iv.start(), from);
            if (d > 0) {
                expected += d;
                n++;
            }
        }
        OffCpuProfile w = profile.window(from, to);
        assertEquals(expected, w.totalWeight());
        assertEquals(n, w.samples());
        // windows add up: two halves make the whole
        long mid = from + 400_000_000L;
        assertEquals(expected, profile.window(from, mid).totalWeight() + profile.window(mid, to).totalWeight());
    }
}
