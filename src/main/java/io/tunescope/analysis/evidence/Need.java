package io.tunescope.analysis.evidence;

/**
 * Data a rule needs from a step. {@link Evidence#has(Need)} says whether the step holds it; a rule
 * whose needs are missing is not applicable, and {@link #description()} says what to capture.
 */
public enum Need {
    SERVER_SETTINGS("server settings (SHOW GLOBAL VARIABLES, mysqld --print-defaults or my.cnf)"),
    OPTION_FILES("option files (my.cnf, conf.d)"),
    SERVER_VERSION("the server version (SELECT VERSION(), mysqld --version or the version variable)"),
    SYSCTL("kernel settings (sysctl -a)"),
    LSCPU("CPU description (lscpu)"),
    MEMORY("total memory (/proc/meminfo, numactl --hardware or numastat -m)"),
    STATUS_DELTA("two SHOW GLOBAL STATUS snapshots of the same server run"),
    STATUS_SERIES("status counters over time (mysqladmin extended-status -i N -c M, with or without -r, or pt-mext)"),
    PROCESS_BINDING("the server's CPU/memory binding (/proc/PID/status or taskset -p)"),
    THP("transparent huge page mode (/sys/kernel/mm/transparent_hugepage/enabled)"),
    BLOCK_QUEUE("block device queue settings (grep . /sys/block/*/queue/{rotational,scheduler,nr_requests})"),
    CGROUP("the server's cgroup and its limits (cat /proc/PID/cgroup, then grep . on its cpuset.cpus, cpuset.mems, cpu.max and cpu.stat)"),
    PAGE_SIZE("the base page size (getconf -a, or a uname -a whose release names it)"),
    CPU_PROFILE("a CPU profile (perf script, folded stacks or perf report)"),
    PERF_STAT("counter totals (perf stat -p PID or -a, text or -x CSV, with or without -I)"),
    BENCH("a sysbench log"),
    IOSTAT("extended device statistics (iostat -x)"),
    CPU_UTIL("CPU utilisation (mpstat or vmstat)"),
    VMSTAT("vmstat"),
    NUMASTAT("numastat output"),
    NUMA_TOPOLOGY("the NUMA topology (numactl --hardware)"),
    NIC_INTERRUPTS("network interrupt data: /proc/interrupts (best twice, before and after the run) or ethtool -l for the interface"),
    INNODB_STATUS("InnoDB monitor output (SHOW ENGINE INNODB STATUS\\G, best several snapshots during the run)"),
    PROCESSLIST("process list snapshots (SHOW FULL PROCESSLIST\\G, best several during the run)"),
    PFS_SUMMARY("performance_schema summary tables (events_waits_summary_global_by_event_name, events_statements_summary_by_digest or sys.statement_analysis), best before and after the run");

    private final String description;

    Need(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
