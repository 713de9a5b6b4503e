package io.tunescope.importers.folded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.Head;
import io.tunescope.importers.ImportContext;
import io.tunescope.model.capture.Confidence;
import io.tunescope.model.stack.OffCpuProfile;
import io.tunescope.model.stack.StackProfile;
import io.tunescope.model.stack.WeightUnit;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OffCpuFoldedImporterTest {
    private static final Path FIXTURE = Path.of("src/test/resources/fixtures/offcputime/mariadbd-ftwrl-offcputime-df-synthetic.txt");

    @TempDir
    Path tmp;

    @Test
    void weightsAreMicrosecondsAndTheTotalIsTheSumOfTheCounts() throws Exception {
        long sum = 0;
        for (String l : Files.readAllLines(FIXTURE)) {
            sum += Long.parseLong(l.substring(l.lastIndexOf(' ') + 1));
        }
        StackProfile p = new OffCpuFoldedImporter().parse(ImportContext.forFile(FIXTURE)).value();
        assertEquals(sum, p.totalWeight());
        assertEquals(WeightUnit.MICROSECONDS, p.unit());
        assertEquals(60, p.samples());
        assertTrue(p instanceof OffCpuProfile o && o.window(0, 1) == null, "no intervals, no windows");
    }

    @Test
    void plainFoldedStacksStayFolded() throws Exception {
        Path cpu = tmp.resolve("cpu.folded");
        Files.writeString(cpu, "mysqld;do_command;dispatch_command;mysql_parse 120\nmysqld;do_command;net_read;__poll 30\n"
                + "mysqld;row_search_mvcc;buf_page_get_gen 88\nmysqld;do_command;finish_task_switch.isra.0 4\n", StandardCharsets.UTF_8);
        Head h = Head.read(cpu);
        assertEquals(Confidence.NO, new OffCpuFoldedImporter().sniff(h).confidence());
        assertEquals(Confidence.CERTAIN, new FoldedImporter().sniff(h).confidence());
        // bcc -d output: the "-" between user and kernel stacks, kernel stacks ending in the scheduler
        Path off = tmp.resolve("off.folded");
        Files.writeString(off, "mysqld;start_thread;__poll;-;entry_SYSCALL_64_after_hwframe;do_syscall_64;schedule;__schedule;finish_task_switch.isra.0 90210\n"
                + "mysqld;start_thread;__futex_abstimed_wait_common;-;do_futex;futex_wait;schedule;__schedule;finish_task_switch.isra.0 4000011\n"
                + "kworker/0:1;ret_from_fork;kthread;worker_thread;schedule;__schedule;finish_task_switch.isra.0 1000\n", StandardCharsets.UTF_8);
        Head h2 = Head.read(off);
        assertEquals(Confidence.CERTAIN, new OffCpuFoldedImporter().sniff(h2).confidence());
        assertEquals(Confidence.WEAK, new FoldedImporter().sniff(h2).confidence());
    }
}
