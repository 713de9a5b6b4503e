package io.tunescope.importers.perfscript;

import io.tunescope.importers.ImportResult;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.stack.InternedStackProfile;
import io.tunescope.model.stack.SampleColumns;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.testutil.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The per-sample columns the perf script importer keeps (time, CPU, PID/TID, command, stack id, period), on
 * lines in perf script's exact formats (synthetic samples, written the way perf 6.1 prints them).
 */
class PerfScriptSampleColumnsTest {
    @TempDir
    Path tmp;

    private ImportResult<StackProfile> load(String text) throws Exception {
        Path f = tmp.resolve("perf.script.txt");
        Files.write(f, text.getBytes(StandardCharsets.UTF_8));
        return Fixtures.load(new PerfScriptImporter(), f);
    }

    private static String messages(ImportResult<?> r) {
        return String.join("\n", r.diagnostics().stream().map(Diagnostic::message).toList());
    }

    @Test
    void pidTidCpuTimeCommandAndPeriodPerSample() throws Exception {
        ImportResult<StackProfile> r = load("""
                mysqld 4319/4400 [001]  1200.000100:     250000 cpu-clock:
                \t          5cf98f do_command+0x17f (/usr/sbin/mysqld)
                \t          891f5 start_thread+0x305 (/usr/lib/libc.so.6)

                C2 CompilerThre 13284/13290 [000]  1200.020100:     500000 cpu-clock:
                \t          5cf98f Compile::Optimize+0x5e4 (/usr/lib/libjvm.so)

                mysqld 4319/4401 [000]  1200.040100:     250000 cpu-clock:
                \t          5cf98f do_command+0x17f (/usr/sbin/mysqld)
                \t          891f5 start_thread+0x305 (/usr/lib/libc.so.6)

                """);
        InternedStackProfile p = (InternedStackProfile) r.value();
        SampleColumns c = p.sampleColumns();
        assertEquals(3, c.size());
        assertTrue(c.hasTime() && c.hasCpu() && c.hasPid() && c.timeOrdered());
        assertEquals(1_200_000_100_000L, c.timeNs(0));
        assertEquals(1_200_040_100_000L, c.timeNs(2));
        assertEquals(1, c.cpu(0));
        assertEquals(0, c.cpu(1));
        assertEquals(4319, c.pid(0));
        assertEquals(4400, c.tid(0));
        assertEquals(13290, c.tid(1));
        assertEquals("C2 CompilerThre", c.commName(1));
        assertEquals(c.comm(0), c.comm(2));
        assertEquals(c.stack(0), c.stack(2), "the same stack is one id");
        assertEquals(2, p.table().size());
        assertEquals(250000, c.period(0));
        assertEquals(500000, c.period(1));
        assertEquals(0, c.lowerBound(0));
        assertEquals(1, c.lowerBound(1_200_000_100_001L));
        assertEquals(3, c.lowerBound(Long.MAX_VALUE));
    }

    @Test
    void perfsUnknownThreadSampleKeepsItsTime() throws Exception {
        // perf prints a sample of a thread it never saw as ":-1 -1": the header pattern reads "-1" as no TID
        ImportResult<StackProfile> r = load("""
                cat 22516 [000]   473.651084:   20408163 cpu-clock:
                \tffffffff8133c9e3 native_set_pmd+0x3 ([kernel.kallsyms])

                :-1    -1 [001]   477.959141:   20408163 cpu-clock:
                \tffffffff8133c9e3 native_set_pmd+0x3 ([kernel.kallsyms])

                """);
        SampleColumns c = ((InternedStackProfile) r.value()).sampleColumns();
        assertEquals(2, c.size());
        assertTrue(c.hasTime());
        assertEquals(0, c.samplesWithoutTime());
        assertEquals(477_959_141_000L, c.timeNs(1));
        assertEquals(1, c.cpu(1));
        assertEquals(-1, c.tid(1));
        assertEquals(":-1", c.commName(1));
        assertFalse(c.hasPid());
    }

    @Test
    void linesWithoutTimestampsHaveNoTimeColumnAndSaySo() throws Exception {
        // perf script -F comm,tid,event,ip,sym,dso: no time field
        ImportResult<StackProfile> r = load("""
                mysqld  4400 cpu-clock:
                \t          5cf98f do_command+0x17f (/usr/sbin/mysqld)

                mysqld  4401 cpu-clock:
                \t          5cf98f do_command+0x17f (/usr/sbin/mysqld)

                """);
        SampleColumns c = ((InternedStackProfile) r.value()).sampleColumns();
        assertEquals(2, c.size());
        assertFalse(c.hasTime());
        assertFalse(c.hasCpu());
        assertEquals(SampleColumns.NONE, c.firstTimeNs());
        assertEquals(4401, c.tid(1));
        assertTrue(messages(r).contains("perf.script.txt: the sample lines carry no timestamps"), messages(r));
    }

    @Test
    void theReferenceCollapserKeepsNoColumns() {
        PerfScriptFolder f = new PerfScriptFolder(FoldOptions.collapse());
        byte[] l = "mysqld 4400 [001] 1.000001: 1 cpu-clock:".getBytes(StandardCharsets.UTF_8);
        f.line(l, 0, l.length, 1);
        f.line(new byte[0], 0, 0, 2);
        assertNull(f.profile().sampleColumns());
    }
}
