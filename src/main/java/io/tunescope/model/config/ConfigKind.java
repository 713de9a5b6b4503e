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
    LSCPU
}
