package io.tunescope.importers.perfstat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one-pass separator count finds what trying every separator on every line finds. */
class PerfStatSeparatorTest {
    private static final String[] PARTS = {"1234", "1,234", "<not counted>", "<not supported>", "msec", "", "cycles",
        "task-clock", "100.00", "12.5%", "3000", "CPU0", "1.000123", "S0-D0-C1", "# 0.53 insn per cycle", "x", "2",
        "1234,msec,task-clock,3000,100.00", "5;;cycles;200;50.00", "CPU1\t7\t\tinstructions\t1\t99.5"};

    /** The separator choice as it was: every separator tried on every line. */
    private static int[] naive(List<String> lines) {
        char best = 0;
        int bestN = 0;
        for (char sep : PerfStatLine.SEPARATORS) {
            int n = 0;
            for (String l : lines) {
                if (PerfStatLine.csv(l, sep) != null) {
                    n++;
                }
            }
            if (n > bestN) {
                best = sep;
                bestN = n;
            }
        }
        return new int[] {best, bestN};
    }

    @Test
    void sameSeparatorAndCountAsTryingEach() {
        Random r = new Random(42);
        int found = 0;
        for (int k = 0; k < 3000; k++) {
            List<String> lines = new ArrayList<>();
            int n = 1 + r.nextInt(8);
            for (int i = 0; i < n; i++) {
                char sep = PerfStatLine.SEPARATORS[r.nextInt(PerfStatLine.SEPARATORS.length)];
                StringBuilder b = new StringBuilder();
                int fields = 1 + r.nextInt(9);
                for (int f = 0; f < fields; f++) {
                    if (f > 0) {
                        b.append(r.nextInt(10) == 0 ? PerfStatLine.SEPARATORS[r.nextInt(5)] : sep);
                    }
                    b.append(PARTS[r.nextInt(PARTS.length)]);
                }
                lines.add(b.toString());
            }
            int[] expected = naive(lines);
            assertArrayEquals(expected, PerfStatLine.separatorAndCount(lines), lines.toString());
            found += expected[1] > 0 ? 1 : 0;
        }
        org.junit.jupiter.api.Assertions.assertTrue(found > 100, "only " + found + " samples with a counter line");
    }
}
