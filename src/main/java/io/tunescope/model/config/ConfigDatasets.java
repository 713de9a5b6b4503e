package io.tunescope.model.config;

import io.tunescope.model.capture.Dataset;

/** The dataset keys of configuration and state snapshots. */
public final class ConfigDatasets {
    public static final Dataset<ConfigSnapshot> MYCNF = Dataset.of("config.mycnf", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> VARIABLES = Dataset.of("config.variables", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> STATUS = Dataset.of("config.status", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> PRINT_DEFAULTS = Dataset.of("config.print-defaults", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> SYSCTL = Dataset.of("config.sysctl", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> LSCPU = Dataset.of("config.lscpu", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> SERVER_VERSION = Dataset.of("config.server-version", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> PROCESS_BINDING = Dataset.of("config.process-binding", ConfigSnapshot.class);

    public static final Dataset<ConfigSnapshot> MEMINFO = Dataset.of("config.meminfo", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> THP = Dataset.of("config.thp", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> BLOCK_QUEUE = Dataset.of("config.block-queue", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> CGROUP = Dataset.of("config.cgroup", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> PRESSURE = Dataset.of("config.pressure", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> UNAME = Dataset.of("config.uname", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> OS_RELEASE = Dataset.of("config.os-release", ConfigSnapshot.class);
    public static final Dataset<ConfigSnapshot> GETCONF = Dataset.of("config.getconf", ConfigSnapshot.class);
    /** Server settings stated by a summary report (pt-mysql-summary): a few, some rounded; never a full listing. */
    public static final Dataset<ConfigSnapshot> REPORTED = Dataset.of("config.reported", ConfigSnapshot.class);
    /** pt-summary reports (their host facts are parts under LSCPU, MEMINFO, SYSCTL and the NUMA topology). */
    public static final Dataset<SummaryReport> PT_SUMMARY = Dataset.of("config.pt-summary", SummaryReport.class);
    /** pt-mysql-summary reports (their facts are parts under SERVER_VERSION, REPORTED and MYCNF). */
    public static final Dataset<SummaryReport> PT_MYSQL_SUMMARY = Dataset.of("config.pt-mysql-summary", SummaryReport.class);

    private ConfigDatasets() {
    }
}
