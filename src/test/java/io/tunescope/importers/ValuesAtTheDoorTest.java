package io.tunescope.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.TestData;
import io.tunescope.model.capture.SourceFile;
import io.tunescope.model.numa.NumaMaps;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.model.stack.StackProfile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Non-finite, overflowing and absurd values are reported per line and kept out of the model: before, 1e309
 * reached JFreeChart (export and timeline --png crashed), an absurd sadf interval crashed the date axis,
 * folded totals wrapped and numa_maps sizes went negative, all with status ok.
 */
class ValuesAtTheDoorTest {
    @TempDir
    Path tmp;

    private SourceFile load(String name, String content) throws Exception {
        return OneFile.load(tmp, name, content);
    }

    private static String messages(SourceFile f) {
        return OneFile.messages(f);
    }

    @Test
    void nonFiniteSadfValuesAndAnAbsurdIntervalAreLeftOutAndSaid() throws Exception {
        String sadf = Files.readString(TestData.fixtures().resolve("sadf/sadf-d-cpu.csv"))
                .replaceFirst("12\\.56", "1e309")
                .replaceFirst("3\\.03", "NaN")
                .replace("vm;1;", "vm;1e300;");
        SourceFile f = load("sadf.csv", sadf);
        assertEquals("sadf", f.format(), messages(f));
        SeriesSet s = (SeriesSet) f.value();
        for (TimeSeries t : s.series()) {
            for (int i = 0; i < t.size(); i++) {
                assertTrue(Double.isFinite(t.value(i)), t.metric() + " at " + i + " is " + t.value(i));
            }
        }
        assertTrue(messages(f).contains("2: sadf.csv: user of all = Infinity is not a finite number; left out"), messages(f));
        assertTrue(messages(f).contains("3: sadf.csv: user of all = NaN is not a finite number; left out"), messages(f));
        assertTrue(messages(f).contains("is not one a collector writes (at most a day); the interval was ignored"), messages(f));
    }

    @Test
    void foldedTotalsNeverWrap() throws Exception {
        SourceFile f = load("out.folded", "main;a 9223372036854775000\nmain;b 9223372036854775000\nmain;c 5\n");
        assertEquals("folded", f.format(), messages(f));
        StackProfile p = (StackProfile) f.value();
        assertEquals(9223372036854775005L, p.samples(), messages(f));
        assertTrue(messages(f).contains("would make the profile's total overflow; line skipped"), messages(f));
    }

    @Test
    void numaMapsSizesBeyondAnyMachineAreSkipped() throws Exception {
        String maps = Files.readString(TestData.fixtures().resolve("numa-maps/real-cat-self-numa_maps.txt"))
                + "7f0000000000 default anon=1 dirty=1 N0=4611686018427387904 kernelpagesize_kB=4\n";
        SourceFile f = load("numa_maps", maps);
        assertEquals("numa-maps", f.format(), messages(f));
        NumaMaps m = (NumaMaps) f.value();
        assertTrue(m.mappings().stream().allMatch(x -> x.pages().values().stream().allMatch(p -> p >= 0 && p < 1L << 42)));
        assertTrue(messages(f).contains("pages or page size beyond the 4 PiB a machine can address; the mapping was skipped"), messages(f));
    }
}
