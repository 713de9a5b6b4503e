package io.tunescope.rules.numa;

import io.tunescope.analysis.evidence.Evidence;
import io.tunescope.model.capture.Loaded;
import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;
import io.tunescope.model.numa.NumaVariant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Per-process memory per node from numastat -p tables (last snapshot of each file). */
final class ProcessTables {
    private ProcessTables() {
    }

    record Proc(String command, int pid, Map<Integer, Double> mb, double total, String file, int line) {
    }

    static List<Proc> of(Evidence e) {
        List<Proc> out = new ArrayList<>();
        for (Loaded<NumaStats> l : e.numastat()) {
            if (l.value().snapshots().isEmpty()) {
                continue;
            }
            NumaSnapshot s = l.value().last();
            for (NumaTable t : s.tables(NumaVariant.PROCESS)) {
                if (t.multiProcess()) {
                    continue;
                }
                NumaRow total = t.row("Total");
                if (total == null) {
                    continue;
                }
                Map<Integer, Double> mb = new LinkedHashMap<>();
                for (int i = 0; i < t.nodes().size(); i++) {
                    mb.put(t.nodes().get(i), total.value(i));
                }
                out.add(new Proc(t.command(), t.pid(), mb, total.sum(), l.file().path(), total.line()));
            }
        }
        return out;
    }
}
