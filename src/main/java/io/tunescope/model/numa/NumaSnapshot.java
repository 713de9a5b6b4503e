package io.tunescope.model.numa;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables of one numastat run. A file with several runs one after another holds several snapshots.
 *
 * @param time      when it was taken (a timestamp line in the file), or null when the file has none
 * @param timeLine  1-based line of that timestamp, 0 when none
 */
public record NumaSnapshot(int index, Instant time, int timeLine, List<NumaTable> tables) {
    public NumaSnapshot {
        tables = List.copyOf(tables);
    }

    /** The first table of the variant, or null. */
    public NumaTable table(NumaVariant variant) {
        for (NumaTable t : tables) {
            if (t.variant() == variant) {
                return t;
            }
        }
        return null;
    }

    /** Every table of the variant (several per-process tables with {@code -v}). */
    public List<NumaTable> tables(NumaVariant variant) {
        List<NumaTable> out = new ArrayList<>();
        for (NumaTable t : tables) {
            if (t.variant() == variant) {
                out.add(t);
            }
        }
        return out;
    }

    /** The allocation counters table (pages or MB), or null. */
    public NumaTable counters() {
        NumaTable t = table(NumaVariant.COUNTERS);
        return t != null ? t : table(NumaVariant.COUNTERS_MB);
    }
}
