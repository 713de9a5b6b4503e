package io.tunescope.importers.variants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.ImporterRegistry;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.config.ConfigEntry;
import io.tunescope.model.config.ConfigSnapshot;
import io.tunescope.model.series.SeriesSet;
import io.tunescope.model.series.TimeSeries;
import io.tunescope.testutil.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * What was parsed from each fixture of every registered importer, as text, equals its golden
 * dump {@code src/test/resources/golden/FORMAT/FIXTURE.parsed.txt} (refresh with {@code -Dtunescope.refreshGolden=true}
 * after reviewing the diff; a mismatch writes {@code .parsed.actual.txt} beside it). A dump lists the diagnostics,
 * then for series the clock and reports, the since-boot values and, per series, its size, first and last sample (time,
 * value, line), min, max and mean; for configuration and host-fact snapshots every entry with its line; for the other
 * values their record components, nested ({@link ValueDump}: long lists keep their first and last items and say how
 * many were left out), and for CPU profiles the heaviest stacks.
 */
class ParsedDumpGoldenTest {
    private static final ImporterRegistry REGISTRY = io.tunescope.importers.formats.StandardImporters.registry();
    private static final List<String> FORMATS = REGISTRY.importers().stream().map(Importer::format).toList();
    private static final Path GOLDEN = Path.of("src/test/resources/golden");

    @Test
    void everyFixtureMatchesItsDump() throws Exception {
        List<String> mismatches = new ArrayList<>();
        int n = 0;
        for (String format : FORMATS) {
            Importer<?> imp = REGISTRY.byFormat(format);
            for (Path f : Fixtures.files(Fixtures.dir(format))) {
                String dump = dump(imp, f);
                assertEquals(dump, dump(imp, f), f + ": two reads differ");
                compare(dump, GOLDEN.resolve(format).resolve(f.getFileName() + ".parsed.txt"), mismatches);
                n++;
            }
        }
        assertTrue(n >= 190, n + " fixtures");
        assertEquals(List.of(), mismatches);
    }

    static String dump(Importer<?> imp, Path f) throws Exception {
        ImportResult<?> r = imp.parse(ImportContext.forFile(f));
        StringBuilder b = new StringBuilder();
        b.append("# ").append(imp.format()).append(" <- ").append(f.getFileName()).append('\n');
        for (Diagnostic d : r.diagnostics()) {
            b.append("diagnostic ").append(d.level()).append(" line ").append(d.line()).append(": ").append(d.message()).append('\n');
        }
        Object v = r.value();
        if (v instanceof SeriesSet s) {
            series(s, b);
        } else if (v instanceof io.tunescope.model.perfstat.PerfStat p) {
            perfStat(p, b);
            b.append("summary ").append(imp.summarizeValue(v)).append('\n');
        } else if (v instanceof ConfigSnapshot c) {
            for (ConfigEntry e : c.entries()) {
                b.append("line ").append(e.source().line()).append(": ").append(e.section().isEmpty() ? "" : "[" + e.section() + "] ")
                        .append(e.name()).append(" = ").append(e.value()).append('\n');
            }
            b.append("summary ").append(imp.summarizeValue(v)).append('\n');
        } else {
            ValueDump.append(v, b);
        }
        return b.toString();
    }

    private static void series(SeriesSet s, StringBuilder b) {
        b.append("tool ").append(s.tool()).append(", clock ").append(s.clock()).append(", reports ").append(s.reports())
                .append(", interval ").append(s.intervalMs()).append(" ms\n");
        b.append("meta ").append(new TreeMap<>(s.meta())).append('\n');
        if (s.hasSinceBoot()) {
            b.append("since boot (line ").append(s.sinceBootLine()).append("):\n");
            for (Map.Entry<String, Double> e : new TreeMap<>(s.sinceBoot()).entrySet()) {
                b.append("  ").append(e.getKey()).append(" = ").append(num(e.getValue())).append('\n');
            }
        }
        for (TimeSeries t : s.series()) {
            int last = t.size() - 1;
            b.append(t.metric().key()).append(" [").append(t.metric().unit()).append("] n=").append(t.size())
                    .append(" first ").append(t.time(0)).append('=').append(num(t.value(0))).append(" @").append(t.line(0))
                    .append(" last ").append(t.time(last)).append('=').append(num(t.value(last))).append(" @").append(t.line(last))
                    .append(" min ").append(num(min(t))).append(" max ").append(num(t.max())).append(" mean ").append(num(t.mean()))
                    .append('\n');
        }
    }

    private static void perfStat(io.tunescope.model.perfstat.PerfStat p, StringBuilder b) {
        b.append("target '").append(p.target()).append("', runs ").append(p.runs()).append(", separator '")
                .append(p.separator().replace("\t", "\\t")).append("', intervals ").append(p.intervals())
                .append(", elapsed ").append(num(p.elapsedS())).append(" s @").append(p.elapsedLine())
                .append(", user ").append(num(p.userS())).append(" s, sys ").append(num(p.sysS())).append(" s\n");
        for (io.tunescope.model.perfstat.PerfStat.Counter c : p.counters()) {
            b.append("line ").append(c.line()).append(": ").append(c.event());
            if (!c.entity().isEmpty()) {
                b.append(" [").append(c.entity()).append(']');
            }
            b.append(" = ").append(c.printedValue()).append(c.unit().isEmpty() ? "" : " " + c.unit())
                    .append(", running ").append(num(c.runningPercent())).append(" %, variance ").append(num(c.variancePercent()))
                    .append(" %");
            if (c.uncounted() > 0) {
                b.append(", not counted in ").append(c.uncounted()).append(" intervals");
            }
            if (!c.comment().isEmpty()) {
                b.append(", # ").append(c.comment());
            }
            b.append('\n');
        }
        if (p.series() != null) {
            series(p.series(), b);
        }
    }

    private static double min(TimeSeries t) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = 0; i < t.size(); i++) {
            m = Math.min(m, t.value(i));
        }
        return m;
    }

    private static String num(double d) {
        return String.format(Locale.ROOT, "%.6g", d);
    }

    private static void compare(String actual, Path expected, List<String> mismatches) throws Exception {
        Path actualFile = expected.resolveSibling(expected.getFileName().toString().replace(".parsed.txt", ".parsed.actual.txt"));
        io.tunescope.testutil.Golden.compare(actual, expected, actualFile, mismatches);
    }
}
