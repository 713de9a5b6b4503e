package io.tunescope.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.rules.server.ProcesslistStatesRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SRV-PROCESSLIST-STATES on the real process list fixtures. */
class ProcesslistStatesRuleTest {
    private static final Path DIR = Path.of("src/test/resources/fixtures/processlist");

    @TempDir
    Path dir;

    private Caps with(String name) throws IOException {
        return Caps.in(dir.resolve("c")).file("processlist.txt", Files.readString(DIR.resolve(name)));
    }

    @Test
    void firesOnTheMetadataLockPileUp() throws IOException {
        Finding f = with("mariadb-10.11-metadata-lock-3x.ts.G.txt").fire(new ProcesslistStatesRule());
        assertEquals("In 3 of 3 process list snapshots most non-idle threads were waiting in one state: 3 of 4 in 'Waiting for table "
                + "metadata lock' (the longest waiting: ALTER TABLE t ADD COLUMN y INT, 2026-12-02 03:08:11, processlist.txt:12). They queue "
                + "behind one holder, and every new statement on that table joins the queue.", f.summary());
        assertEquals(Severity.CRITICAL, f.severity());
    }

    @Test
    void passesUnderSysbench() throws IOException {
        Result r = with("pt-stalk-3.2.1-mariadb-10.11.processlist").run(new ProcesslistStatesRule());
        assertEquals(Result.Status.PASSED, r.status());
        assertEquals("15 process list snapshot(s) read, 0 with most non-idle threads in one lock/wait state; no non-idle thread in a "
                + "lock/wait state; longest running query 0 s: COMMIT (processlist.txt:1)", r.reason());
    }

    @Test
    void notApplicableWithoutProcesslist() {
        Result r = Caps.in(dir.resolve("none")).version("10.11.19-MariaDB-0+deb12u1").run(new ProcesslistStatesRule());
        assertEquals(Result.Status.NOT_APPLICABLE, r.status());
        assertEquals(true, r.reason().contains("SHOW FULL PROCESSLIST"), r.reason());
    }
}
