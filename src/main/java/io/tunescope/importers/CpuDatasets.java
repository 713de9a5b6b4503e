package io.tunescope.importers;

import io.tunescope.model.capture.Dataset;
import io.tunescope.model.perfreport.PerfReport;
import io.tunescope.model.stack.StackProfile;

/** Dataset keys of CPU profiles. */
public final class CpuDatasets {
    /** Stacks folded from {@code perf script} text. */
    public static final Dataset<StackProfile> PERF_SCRIPT = Dataset.of("cpu.perf-script", StackProfile.class);
    /** Stacks read from folded text ({@code a;b;c 12}). */
    public static final Dataset<StackProfile> FOLDED = Dataset.of("cpu.folded", StackProfile.class);
    /** Off-CPU time by stack from {@code perf script} of a {@code sched:sched_switch} recording. */
    public static final Dataset<StackProfile> OFF_CPU_SCHED = Dataset.of("cpu.offcpu-sched", StackProfile.class);
    /** Off-CPU time by stack from bcc {@code offcputime -f} (folded, microseconds). */
    public static final Dataset<StackProfile> OFF_CPU_FOLDED = Dataset.of("cpu.offcpu-folded", StackProfile.class);
    /** A {@code perf report --stdio} text report. */
    public static final Dataset<PerfReport> PERF_REPORT = Dataset.of("cpu.perf-report", PerfReport.class);
    /** {@code perf report --header-only}: when and how the recording was made. */
    public static final Dataset<io.tunescope.model.perfreport.PerfHeader> PERF_HEADER =
            Dataset.of("cpu.perf-header", io.tunescope.model.perfreport.PerfHeader.class);

    private CpuDatasets() {
    }
}
