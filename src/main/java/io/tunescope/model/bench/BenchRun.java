package io.tunescope.model.bench;

import io.tunescope.model.capture.SourceRef;
import java.util.List;

/**
 * One benchmark run: its header (version, threads, report interval), interim reports and final
 * statistics.
 *
 * @param index             0-based position of the run in its file
 * @param file              the file it was read from
 * @param tool              {@code sysbench}
 * @param version           e.g. {@code 1.0.20}, {@code 0.5}
 * @param test              test name when the output tells it (e.g. {@code cpu}, {@code fileio},
 *                          {@code memory}, {@code oltp}), else ""
 * @param threads           number of threads (from the header, else from the interim lines)
 * @param reportIntervalS   seconds between interim reports, 0 when none
 * @param intervals         interim reports in order
 * @param summary           final statistics, null when the run stopped before printing them
 * @param complete          true when the final statistics were printed
 * @param notes             what happened (stopped early, FATAL errors, ...)
 * @param startLine         first line of the run
 * @param endLine           last line of the run
 * @param targetRate        sysbench --rate (transactions per second the client aims at, an open loop); 0 for the closed loop
 */
public record BenchRun(
        int index,
        String file,
        String tool,
        String version,
        String test,
        int threads,
        double reportIntervalS,
        List<BenchInterval> intervals,
        BenchSummary summary,
        boolean complete,
        List<String> notes,
        int startLine,
        int endLine,
        double targetRate) {

    public BenchRun {
        intervals = List.copyOf(intervals);
        notes = List.copyOf(notes);
    }

    /** A closed-loop run (no --rate). */
    public BenchRun(int index, String file, String tool, String version, String test, int threads, double reportIntervalS,
                    List<BenchInterval> intervals, BenchSummary summary, boolean complete, List<String> notes, int startLine, int endLine) {
        this(index, file, tool, version, test, threads, reportIntervalS, intervals, summary, complete, notes, startLine, endLine, 0);
    }

    /**
     * True when the client sent transactions at a fixed rate (sysbench --rate): threads wait between arrivals,
     * so latency is not threads / TPS (Little's law with the thread count does not hold) and TPS is set by the client.
     */
    public boolean rateLimited() {
        return targetRate > 0;
    }

    public SourceRef ref() {
        return SourceRef.of(file, startLine);
    }

    /** TPS from the final statistics, else the mean of the interim reports, else NaN. */
    public double tps() {
        if (summary != null && !Double.isNaN(summary.tps())) {
            return summary.tps();
        }
        return intervals.stream().mapToDouble(BenchInterval::tps).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
    }

    /** The latency at the printed percentile from the final statistics, else the interim mean, else NaN. */
    public double latencyPctMs() {
        if (summary != null && !Double.isNaN(summary.latPctMs())) {
            return summary.latPctMs();
        }
        return intervals.stream().mapToDouble(BenchInterval::latencyMs).filter(d -> !Double.isNaN(d)).average().orElse(Double.NaN);
    }

    /** The percentile printed (e.g. 95), from the summary or the interim lines; 0 when unknown. */
    public double percentile() {
        if (summary != null && summary.percentile() > 0) {
            return summary.percentile();
        }
        return intervals.isEmpty() ? 0 : intervals.get(0).percentile();
    }

    /** Seconds covered by the run: total time, else the last interim report. */
    public double durationS() {
        if (summary != null && !Double.isNaN(summary.totalTimeS())) {
            return summary.totalTimeS();
        }
        return intervals.isEmpty() ? 0 : intervals.get(intervals.size() - 1).seconds();
    }
}
