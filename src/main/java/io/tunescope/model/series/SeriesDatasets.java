package io.tunescope.model.series;

import io.tunescope.model.bench.BenchLog;
import io.tunescope.model.capture.Dataset;
import java.util.List;

/** Dataset keys of benchmark logs and system-statistics time series. */
public final class SeriesDatasets {
    public static final Dataset<BenchLog> SYSBENCH = Dataset.of("bench.sysbench", BenchLog.class);
    public static final Dataset<SeriesSet> IOSTAT = Dataset.of("series.iostat", SeriesSet.class);
    public static final Dataset<SeriesSet> MPSTAT = Dataset.of("series.mpstat", SeriesSet.class);
    public static final Dataset<SeriesSet> VMSTAT = Dataset.of("series.vmstat", SeriesSet.class);
    public static final Dataset<SeriesSet> SADF = Dataset.of("series.sadf", SeriesSet.class);
    /** sar text reports: CPU, device, memory, paging, network ... series under iostat/mpstat/vmstat's names where alike. */
    public static final Dataset<SeriesSet> SAR = Dataset.of("series.sar", SeriesSet.class);
    public static final Dataset<SeriesSet> IOCSV = Dataset.of("series.iocsv", SeriesSet.class);
    /** Repeated SHOW GLOBAL STATUS samples (mysqladmin extended-status -i N, pt-mext). */
    public static final Dataset<SeriesSet> MYSQLADMIN = Dataset.of("series.mysqladmin", SeriesSet.class);
    public static final Dataset<CollectorTimeline> COLLECTOR_TIMELINE = Dataset.of("capture.timeline", CollectorTimeline.class);
    public static final Dataset<EventLog> EVENT_LOG = Dataset.of("capture.events", EventLog.class);

    /** Every dataset holding a {@link SeriesSet}. */
    public static final List<Dataset<SeriesSet>> ALL_SERIES = List.of(IOSTAT, MPSTAT, VMSTAT, SADF, SAR, IOCSV, MYSQLADMIN);

    private SeriesDatasets() {
    }
}
