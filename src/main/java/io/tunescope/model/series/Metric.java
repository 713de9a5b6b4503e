package io.tunescope.model.series;

/**
 * What a series measures: the tool that produced it ({@code iostat}, {@code mpstat}, {@code vmstat},
 * {@code sysbench}, {@code iocsv}), the quantity (e.g. {@code util}, {@code r_await}, {@code iowait}),
 * the entity it belongs to (a device, a CPU such as {@code all} or {@code 3}, or "" when there is none)
 * and the unit.
 */
public record Metric(String source, String name, String entity, Unit unit) {
    public Metric {
        if (source == null || name == null) {
            throw new IllegalArgumentException("source and name are required");
        }
        entity = entity == null ? "" : entity;
    }

    public static Metric of(String source, String name, String entity, Unit unit) {
        return new Metric(source, name, entity, unit);
    }

    /** Stable key, e.g. {@code iostat/sda/util} or {@code vmstat/cs}. */
    public String key() {
        return entity.isEmpty() ? source + "/" + name : source + "/" + entity + "/" + name;
    }

    /** Short label for legends, e.g. {@code sda %util}. */
    public String label() {
        String n = unit == Unit.PERCENT && !name.startsWith("%") ? "%" + name : name;
        return entity.isEmpty() ? n : entity + " " + n;
    }

    @Override
    public String toString() {
        return key();
    }
}
