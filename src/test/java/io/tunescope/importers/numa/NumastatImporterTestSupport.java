package io.tunescope.importers.numa;

import io.tunescope.model.numa.NumaRow;
import io.tunescope.model.numa.NumaSnapshot;
import io.tunescope.model.numa.NumaStats;
import io.tunescope.model.numa.NumaTable;

/** A readable dump of parsed numastat values (source lines left out, so wrapped and flat tables compare equal). */
final class NumastatImporterTestSupport {
    private NumastatImporterTestSupport() {
    }

    static String dump(NumaStats s) {
        StringBuilder b = new StringBuilder();
        b.append(s.variant()).append(' ').append(s.nodes()).append('\n');
        for (NumaSnapshot snap : s.snapshots()) {
            b.append("snapshot ").append(snap.index()).append(' ').append(snap.time()).append('\n');
            for (NumaTable t : snap.tables()) {
                b.append("  ").append(t.variant()).append(" pid=").append(t.pid()).append(' ').append(t.command())
                        .append(' ').append(t.nodes()).append(" compact=").append(t.compact()).append('\n');
                for (NumaRow r : t.rows()) {
                    b.append("    ").append(r.label()).append(' ').append(r.values()).append(" total=").append(r.total()).append('\n');
                }
            }
        }
        return b.toString();
    }
}
