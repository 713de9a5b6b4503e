package io.tunescope.model.config;

/** What a {@link ConfigSnapshot} was read from. */
public enum ConfigKind {
    /** my.cnf / conf.d option files. */
    MYCNF,
    /** SHOW GLOBAL VARIABLES. */
    VARIABLES,
    /** SHOW GLOBAL STATUS. */
    STATUS,
    /** mysqld --print-defaults. */
    PRINT_DEFAULTS,
    /** sysctl -a. */
    SYSCTL,
    /** lscpu. */
    LSCPU,
    /** SELECT VERSION() or mysqld --version. */
    SERVER_VERSION,
    /** A process's CPU and memory binding: /proc/PID/status (Cpus_allowed_list ...) or taskset -p. */
    PROCESS_BINDING,
    /** /proc/meminfo. */
    MEMINFO,
    /** /sys/kernel/mm/transparent_hugepage/enabled and defrag. */
    THP,
    /** /sys/block/DEV/queue attributes (rotational, scheduler, nr_requests, read_ahead_kb). */
    BLOCK_QUEUE,
    /** A process's cgroup (/proc/PID/cgroup) and its cpuset and CPU-bandwidth files (cgroup v2 or v1). */
    CGROUP,
    /** Pressure stall information, /proc/pressure/{cpu,memory,io}. */
    PRESSURE,
    /** uname -a. */
    UNAME,
    /** /etc/os-release, or a one-line /etc/*-release. */
    OS_RELEASE,
    /** getconf -a (PAGESIZE and the other system values). */
    GETCONF,
    /** Server settings a summary report states (pt-mysql-summary), some of them rounded: not a complete listing. */
    REPORTED
}
