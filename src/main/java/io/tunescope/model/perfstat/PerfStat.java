package io.tunescope.model.perfstat;

import io.tunescope.model.series.SeriesSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one {@code perf stat} output holds: the counters as perf printed them (text, {@code -x SEP} CSV, with or
 * without {@code -I} intervals, {@code -a}, {@code -p PID}, {@code -A}/{@code --per-core} aggregation, {@code -r N}).
 *
 * @param target        what was counted, as perf names it ({@code system wide}, {@code process id '1234'},
 *                      {@code 'sleep 5'}); "" when the output does not say (CSV has no banner)
 * @param runs          {@code -r N}: how many runs the values average; 1 otherwise
 * @param separator     the {@code -x} field separator, or "" for the text layout
 * @param counters      one per event and aggregation entity: for plain output as printed, for interval output the
 *                      sum of the interval counts (perf prints deltas per interval)
 * @param intervals     number of {@code -I} intervals read (0 for plain output)
 * @param series        the interval counts on the file's own clock (milliseconds since perf started, the end of each
 *                      interval), or null for plain output
 * @param elapsedS      "seconds time elapsed", or NaN (interval output prints none)
 * @param elapsedLine   the line of it, or 0
 * @param userS         "seconds user" (perf stat of a command), or NaN
 * @param sysS          "seconds sys", or NaN
 */
public record PerfStat(
        String target,
        int runs,
        String separator,
        List<Counter> counters,
        int intervals,
        SeriesSet series,
        double elapsedS,
        int elapsedLine,
        double userS,
        double sysS) {

    public PerfStat {
        target = target == null ? "" : target;
        counters = List.copyOf(counters);
    }

    /** How perf reported a counter. */
    public enum Status {
        /** A value was counted. */
        COUNTED,
        /** {@code <not supported>}: the event does not exist here (a VM without a virtual PMU, another CPU). */
        NOT_SUPPORTED,
        /** {@code <not counted>}: the event exists but never got a hardware counter (or the target did not run). */
        NOT_COUNTED;

        public String printed() {
            return switch (this) {
                case COUNTED -> "counted";
                case NOT_SUPPORTED -> "<not supported>";
                case NOT_COUNTED -> "<not counted>";
            };
        }
    }

    /**
     * One counter.
     *
     * @param event          the event as printed ({@code cycles}, {@code armv8_pmuv3_0/inst_retired/}, {@code r08},
     *                       {@code cpu-clock})
     * @param entity         the aggregation entity ({@code CPU3}, {@code S0-D0-C1}, {@code N0}), "" for the total
     * @param value          the count (msec for clocks), NaN unless {@link Status#COUNTED}
     * @param status         counted, not supported or not counted; a missing value is never zero
     * @param unit           perf's unit column ({@code msec}) or ""
     * @param runningPercent the share of the time the event had a hardware counter when perf multiplexed them (the
     *                       {@code (50.00%)} column); NaN when perf printed none (text layout: not multiplexed)
     * @param variancePercent {@code -r N}: perf's {@code +- x%} (standard error of the mean in percent), else NaN
     * @param comment        perf's own derived metric after {@code #} ({@code 0.53  insn per cycle}), or ""
     * @param line           1-based line (for interval output the first interval's line)
     * @param uncounted      interval output: how many intervals printed no value for it (their counts are not in
     *                       {@code value}); 0 otherwise
     */
    public record Counter(String event, String entity, double value, Status status, String unit, double runningPercent,
                          double variancePercent, String comment, int line, int uncounted) {
        public Counter {
            entity = entity == null ? "" : entity;
            unit = unit == null ? "" : unit;
            comment = comment == null ? "" : comment;
        }

        public boolean counted() {
            return status == Status.COUNTED;
        }

        /** True when perf scaled the value from part of the time ({@code (xx.xx%)} below 100). */
        public boolean multiplexed() {
            return !Double.isNaN(runningPercent) && runningPercent < 99.995;
        }

        /** The value as a reader sees it: the number, or {@code <not supported>} / {@code <not counted>}. */
        public String printedValue() {
            if (status != Status.COUNTED) {
                return status.printed();
            }
            return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.format(Locale.ROOT, "%d", (long) value)
                    : String.format(Locale.ROOT, "%.2f", value);
        }
    }

    /** The total counters (entity ""), or every entity's when the output has only per-CPU/per-core rows. */
    public List<Counter> totals() {
        List<Counter> out = new ArrayList<>();
        for (Counter c : counters) {
            if (c.entity().isEmpty()) {
                out.add(c);
            }
        }
        return out.isEmpty() ? counters : out;
    }

    /** True when the output is aggregated per CPU, core, die, socket or node (no total rows). */
    public boolean perEntity() {
        return counters.stream().noneMatch(c -> c.entity().isEmpty());
    }

    public boolean interval() {
        return series != null;
    }

    /** The first counter of the canonical event ({@link PerfEvents#canonical}) summed over entities, or null. */
    public Counter total(String canonical, boolean armRaw) {
        Counter first = null;
        double sum = 0;
        double minPct = Double.NaN;
        boolean anyCounted = false;
        Status st = null;
        for (Counter c : counters) {
            if (!canonical.equals(PerfEvents.canonical(c.event(), armRaw))) {
                continue;
            }
            if (!perEntity() && !c.entity().isEmpty()) {
                continue;
            }
            if (first == null) {
                first = c;
                st = c.status();
            }
            if (c.counted()) {
                anyCounted = true;
                sum += c.value();
                if (!Double.isNaN(c.runningPercent())) {
                    minPct = Double.isNaN(minPct) ? c.runningPercent() : Math.min(minPct, c.runningPercent());
                }
            }
        }
        if (first == null) {
            return null;
        }
        if (!anyCounted) {
            return first;
        }
        return new Counter(first.event(), "", sum, Status.COUNTED, first.unit(), minPct, first.variancePercent(), first.comment(),
                first.line(), first.uncounted());
    }
}
