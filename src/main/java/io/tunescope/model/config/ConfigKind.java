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
    /** Server settings a summary report states (pt-mysql-summary), some of them rounded: not a complete listing. */
    REPORTED
}
