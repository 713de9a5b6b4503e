package io.tunescope.importers.perfscript;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tunescope.importers.ImportContext;
import io.tunescope.importers.ImportResult;
import io.tunescope.importers.Importer;
import io.tunescope.importers.formats.StandardImporters;
import io.tunescope.model.capture.Diagnostic;
import io.tunescope.model.stack.OffCpuProfile;
import io.tunescope.testutil.Fixtures;
import io.tunescope.testutil.Golden;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The off-CPU profile read from each perf-sched and offcputime fixture, as text, equals its golden dump
 * {@code src/test/resources/golden/offcpu/FIXTURE.offcpu.txt} (refresh with {@code -Dtunescope.refreshGolden=true}
 * after reviewing the diff): diagnostics, unit, total and what it is made of, the time per state frame and every
 * stack as a folded line with its weight, heaviest first.
 */
class OffCpuDumpGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/offcpu");

    @Test
    void everyFixtureMatchesItsDump() throws Exception {
        List<String> mismatches = new ArrayList<>();
        for (String format : List.of("perf-sched", "offcputime")) {
            Importer<?> imp = StandardImporters.registry().byFormat(format);
            for (Path f : Fixtures.files(Fixtures.dir(format))) {
                Path expected = GOLDEN.resolve(f.getFileName() + ".offcpu.txt");
                Golden.compare(dump(imp, f), expected, expected.resolveSibling(f.getFileName() + ".offcpu.actual.txt"), mismatches);
            }
        }
        assertEquals(List.of(), mismatches);
    }

    static String dump(Importer<?> imp, Path f) throws Exception {
        ImportResult<?> r = imp.parse(ImportContext.forFile(f));
        StringBuilder b = new StringBuilder();
        b.append("# ").append(imp.format()).append(" <- ").append(f.getFileName()).append('\n');
        for (Diagnostic d : r.diagnostics()) {
            b.append("diagnostic ").append(d.level()).append(" line ").append(d.line()).append(": ").append(d.message()).append('\n');
        }
        OffCpuProfile p = (OffCpuProfile) r.value();
        b.append("unit ").append(p.unit().slug()).append(", total ").append(p.totalWeight()).append(" (").append(p.unit().format(p.totalWeight()))
                .append("), intervals or lines ").append(p.samples()).append(", stacks ").append(p.stackCount())
                .append(", event ").append(p.event()).append('\n');
        if (p.accounting() != null) {
            OffCpuProfile.Accounting a = p.accounting();
            b.append(String.format(Locale.ROOT, "exact %d, upper bound %d (%d intervals, at least %d), clipped %d (%d intervals), migrations %d%n",
                    a.exact(), a.upperBound(), a.upperBoundCount(), a.lowerBound(), a.clipped(), a.clippedCount(), a.migrations()));
            b.append("by state ").append(a.byState()).append('\n');
            b.append(String.format(Locale.ROOT, "recording %d .. %d ns%n", p.intervals().firstEventNs(), p.intervals().lastEventNs()));
        }
        Map<String, Long> lines = new TreeMap<>();
        List<String> names = p.frames();
        p.forEach((ids, depth, w) -> {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < depth; i++) {
                s.append(i == 0 ? "" : ";").append(names.get(ids[i]));
            }
            lines.merge(s.toString(), w, Long::sum);
        });
        lines.entrySet().stream().sorted((x, y) -> {
            int c = Long.compare(y.getValue(), x.getValue());
            return c != 0 ? c : x.getKey().compareTo(y.getKey());
        }).forEach(e -> b.append(e.getValue()).append(' ').append(e.getKey()).append('\n'));
        return b.toString();
    }
}
