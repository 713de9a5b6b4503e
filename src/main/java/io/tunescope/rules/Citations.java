package io.tunescope.rules;

import java.util.Map;

/** Where the citation keys of findings point (tuning-rules.md section 4, plus a few added here). */
public final class Citations {
    private static final Map<String, String> URLS = Map.ofEntries(
            Map.entry("MYSQL-SPIN", "https://dev.mysql.com/doc/refman/8.0/en/innodb-performance-spin_lock_polling.html"),
            Map.entry("MYSQL-IOCAP", "https://dev.mysql.com/doc/refman/8.0/en/innodb-configuring-io-capacity.html"),
            Map.entry("MYSQL-FLUSHING", "https://dev.mysql.com/doc/refman/8.0/en/innodb-buffer-pool-flushing.html"),
            Map.entry("MYSQL-REDO", "https://dev.mysql.com/doc/refman/8.0/en/innodb-redo-log.html"),
            Map.entry("MYSQL-DEDICATED", "https://dev.mysql.com/doc/refman/8.0/en/innodb-dedicated-server.html"),
            Map.entry("MYSQL-BP-RESIZE", "https://dev.mysql.com/doc/refman/8.0/en/innodb-buffer-pool-resize.html"),
            Map.entry("MYSQL-BP-INSTANCES", "https://dev.mysql.com/doc/refman/8.0/en/innodb-parameters.html#sysvar_innodb_buffer_pool_instances"),
            Map.entry("MYSQL-TRXCOMMIT", "https://dev.mysql.com/doc/refman/8.0/en/innodb-parameters.html#sysvar_innodb_flush_log_at_trx_commit"),
            Map.entry("MYSQL-BINLOG-GC", "https://dev.mysql.com/doc/refman/8.0/en/replication-options-binary-log.html#sysvar_binlog_group_commit_sync_delay"),
            Map.entry("MYSQL-AHI", "https://dev.mysql.com/doc/refman/8.0/en/innodb-adaptive-hash.html"),
            Map.entry("MYSQL-METRICS", "https://dev.mysql.com/doc/refman/8.0/en/innodb-information-schema-metrics-table.html"),
            Map.entry("MYSQL-TP", "https://dev.mysql.com/doc/refman/8.0/en/faqs-thread-pool.html"),
            Map.entry("MYSQL-SYSTEMD", "https://dev.mysql.com/doc/refman/8.0/en/using-systemd.html"),
            Map.entry("MYSQL-VALIDATE", "https://dev.mysql.com/doc/refman/8.0/en/server-configuration-validation.html"),
            Map.entry("MYSQL84-OPTVAR", "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-8-4.html"),
            Map.entry("MYSQL-LOCKSYS", "https://dev.mysql.com/doc/dev/mysql-server/8.0.42/lock0latches_8h.html"),
            Map.entry("MYSQL-8.0-REMOVED", "https://dev.mysql.com/doc/refman/8.0/en/added-deprecated-removed.html"),
            Map.entry("MYSQL-DEFAULTS-8.0", "https://dev.mysql.com/doc/refman/8.0/en/server-system-variable-reference.html"),
            Map.entry("MYSQL-OPTION-FILES", "https://dev.mysql.com/doc/refman/8.0/en/option-files.html"),
            Map.entry("MYSQL-OPTION-MODIFIERS", "https://dev.mysql.com/doc/refman/8.0/en/option-modifiers.html"),
            Map.entry("MYSQL-DOUBLEWRITE", "https://dev.mysql.com/doc/refman/8.0/en/innodb-doublewrite-buffer.html"),
            Map.entry("MARIADB-DOUBLEWRITE", "https://mariadb.com/kb/en/innodb-doublewrite-buffer/"),
            Map.entry("MARIADB-ATOMIC-WRITES", "https://mariadb.com/kb/en/atomic-write-support/"),
            Map.entry("MYSQL-FORCE-RECOVERY", "https://dev.mysql.com/doc/refman/8.0/en/forcing-innodb-recovery.html"),
            Map.entry("MARIADB-FORCE-RECOVERY", "https://mariadb.com/kb/en/innodb-recovery-modes/"),
            Map.entry("MYSQL-CHECKSUM", "https://dev.mysql.com/doc/refman/8.0/en/innodb-parameters.html#sysvar_innodb_checksum_algorithm"),
            Map.entry("MARIADB-CHECKSUM", "https://mariadb.com/kb/en/innodb-system-variables/#innodb_checksum_algorithm"),
            Map.entry("MYSQL-PITR", "https://dev.mysql.com/doc/refman/8.0/en/point-in-time-recovery.html"),
            Map.entry("MYSQL-BINLOG-EXPIRE", "https://dev.mysql.com/doc/refman/8.0/en/replication-options-binary-log.html#sysvar_binlog_expire_logs_seconds"),
            Map.entry("MARIADB-BINLOG-VARS", "https://mariadb.com/kb/en/replication-and-binary-log-system-variables/"),
            Map.entry("MYSQL-ISOLATION", "https://dev.mysql.com/doc/refman/8.0/en/innodb-transaction-isolation-levels.html"),
            Map.entry("MARIADB-ISOLATION", "https://mariadb.com/kb/en/set-transaction/"),
            Map.entry("WL10824", "https://dev.mysql.com/worklog/task/?id=10824"),
            Map.entry("WL9631", "https://dev.mysql.com/worklog/task/?id=9631"),
            Map.entry("WL7704", "https://dev.mysql.com/worklog/?pg=57&sc=title&sd=ASC"),
            Map.entry("MYSQL-NUMA-COMMIT", "https://github.com/mysql/mysql-server/commit/242fa2c92de304637e794e531df1f1b86b8d1dee"),
            Map.entry("MYSQL-PR611", "https://github.com/mysql/mysql-server/pull/611"),
            Map.entry("MYSQL-PR136", "https://github.com/mysql/mysql-server/pull/136"),
            Map.entry("MYSQL-UNKNOWN-VAR-LOGS", "https://github.com/geerlingguy/ansible-role-mysql/issues/486"),
            Map.entry("REDO-DEFAULT-100M", "https://repost.aws/ja/questions/QU6-zVg6WcQLSEd2JiCZFQXg"),
            Map.entry("MYSQLTUNER", "major/MySQLTuner-perl: mysqltuner.pl @ 7d798ae09082603af959ed49a681da4558af14ed"),
            Map.entry("PTVA", "percona/percona-toolkit: bin/pt-variable-advisor @ 8d0f14c1800a06c12f8967a5564015d16c40609d"),
            Map.entry("SYSBENCH-OLTP", "akopytov/sysbench: src/lua/oltp_common.lua @ 06d4f99cb6a3542d8c861a912cad2b33b3e71dac"),
            Map.entry("SYSBENCH", "https://github.com/akopytov/sysbench"),
            Map.entry("ATUNE-MYSQL", "openeuler-mirror/A-Tune: profiles/include/mysql-2p-sysbench.conf @ 442c61716538f34e64b5fa2afa704557d14e4653"),
            Map.entry("BOOSTDB-CRC32", "kunpengcompute/boostdb: docs/en/crc32_instruction_optimization_feature_guide.md @ 064632b27bc7338f573c21d24657a22a7cb98505"),
            Map.entry("BOOSTDB-NUMA", "kunpengcompute/boostdb: docs/en/mysql_numa_schedule_optimization_feature_guide.md @ 064632b2"),
            Map.entry("BOOSTDB-OTHER", "kunpengcompute/boostdb: docs/en/other_mysql_features.md @ 064632b2"),
            Map.entry("BOOSTDB-FINEGRAIN", "kunpengcompute/boostdb: docs/en/mysql_fine_grained_lock_tuning_feature_guide.md @ 064632b2"),
            Map.entry("BOOSTDB-LOCKFREE", "kunpengcompute/boostdb: docs/en/mysql_lock_free_tuning_feature_guide.md @ 064632b2"),
            Map.entry("BOOSTDB-TP", "kunpengcompute/boostdb: docs/en/mysql_8_0_25_8_0_30_and_8_0_35_pluggable_thread_pool_feature_guide.md @ 064632b2"),
            Map.entry("BOOSTDB-CHARSET", "kunpengcompute/boostdb: docs/en/boostdb_charset_simd_optimization_feature_guide.md @ 064632b2"),
            Map.entry("MYSQLONARM-CONTRIB", "mysqlonarm/mysqlonarm.github.io: _posts/2020-05-12-Community-Contributions-So-Far.md @ 64ae3cd53081fe50b64adf6f352165e0f9d0ff42"),
            Map.entry("MYSQLONARM-CORE", "mysqlonarm/mysqlonarm.github.io: _posts/2020-04-28-Benchmarking-Mind-Your-Core.md @ 64ae3cd5"),
            Map.entry("MYSQLONARM-NUMANODES", "mysqlonarm/mysqlonarm.github.io: _posts/2020-07-02-Running-MySQL-on-Selected-NUMA-nodes.md @ 64ae3cd5"),
            Map.entry("MYSQL-CRC32-SRC", "mysql/mysql-server: storage/innobase/ut/crc32.cc @ 00e611ba6811f1e4dbcd49950aa28a577b084971"),
            Map.entry("KP920-DISTANCES", "https://lore.kernel.org/lkml/20200324125533.17447-1-valentin.schneider@arm.com/"),
            Map.entry("PERCONA-NUMA", "https://docs.percona.com/percona-server/5.7/performance/innodb_numa_support.html"),
            Map.entry("PERCONA-IO", "https://docs.percona.com/percona-server/8.0/innodb-io.html"),
            Map.entry("PERCONA-TP", "https://docs.percona.com/percona-server/8.0/threadpool.html"),
            Map.entry("PERCONA-USL", "https://www.xaprb.com/blog/2015/11/12/universal-scalability-law-teach-mysql/"),
            Map.entry("JCOLE-NUMA", "https://blog.jcole.us/2010/09/28/mysql-swap-insanity-and-the-numa-architecture/"),
            Map.entry("MARIADB-MDEV10829", "https://github.com/MariaDB/server/pull/236"),
            Map.entry("MARIADB-SCRUB", "https://mariadb.com/kb/en/innodb-data-scrubbing"),
            Map.entry("MARIADB-AHI-PARTITIONS", "https://mariadb.com/docs/reference/mdb/system-variables/innodb_adaptive_hash_index_partitions/"),
            Map.entry("MARIADB-AHI", "https://mariadb.com/docs/server/ref/mdb/system-variables/innodb_adaptive_hash_index"),
            Map.entry("MARIADB-GROUPCOMMIT", "https://mariadb.com/kb/en/group-commit-for-the-binary-log"),
            Map.entry("MARIADB-SYSTEMD", "https://mariadb.com/kb/en/systemd/"),
            Map.entry("MARIADB-10.5-INNODB", "https://mariadb.com/kb/en/innodb-system-variables/"),
            Map.entry("MYSQL-PR104", "https://github.com/mysql/mysql-server/pull/104"),
            Map.entry("MDEV-37152", "https://jira.mariadb.org/browse/MDEV-37152"),
            Map.entry("HACKMYSQL-SCALE", "https://hackmysql.com/database-scalability-contention-and-crosstalk"),
            Map.entry("LINUX-VM-SYSCTL", "https://docs.kernel.org/admin-guide/sysctl/vm.html"),
            Map.entry("NUMACTL-MAN", "https://man7.org/linux/man-pages/man8/numactl.8.html"),
            Map.entry("MARIADB-REDO", "https://mariadb.com/kb/en/innodb-redo-log/"),
            Map.entry("MYSQL-TMP-TABLES", "https://dev.mysql.com/doc/refman/8.0/en/internal-temporary-tables.html"),
            Map.entry("MYSQL-THREAD-CACHE", "https://dev.mysql.com/doc/refman/8.0/en/connection-management.html"),
            Map.entry("BGREGG-PERF", "https://www.brendangregg.com/perf.html"),
            Map.entry("BGREGG-USE", "https://www.brendangregg.com/usemethod.html"),
            Map.entry("BESTHUB-SPIN", "https://www.besthub.dev/articles/investigating-mysql-innodb-spin-lock-parameters-innodb-spin-wait-delay-and-innodb-sync-spin-loops-2ae0378a57e3"),
            Map.entry("PERF-BASICS-MYSQL", "http://mysqlentomologist.blogspot.com/2017/01/perf-basics-for-mysql-profiling.html"),
            Map.entry("NETAPP-FLUSH", "https://docs.netapp.com/us-en/ontap-apps-dbs/mysql/mysql-innodb_flush_method.html"),
            Map.entry("OPENFILES-FORMULA", "https://blog.csdn.net/u010027484/article/details/50977157"),
            Map.entry("NOFILE-WARNING", "https://raw.githubusercontent.com/netkiller/netkiller.github.io/master/mysql/faq/max_open_files.html"),
            Map.entry("KERNEL-NUMA-BAL", "Documentation/admin-guide/sysctl/kernel.rst (numa_balancing)"),
            Map.entry("KERNEL-THP", "https://docs.kernel.org/6.1/_sources/admin-guide/mm/transhuge.rst.txt"),
            Map.entry("KERNEL-ZONE-RECLAIM", "https://git.zx2c4.com/linux-dev/commit/?id=4f9b16a64753d0bb607454347036dc997fd03b82"),
            Map.entry("KERNEL-OVERCOMMIT", "https://git.zx2c4.com/linux-dev/tree/Documentation/vm/overcommit-accounting?id=052d014485d2ce5bb7fa8dd0df875dafd1db77df"),
            Map.entry("IOSTAT-MAN", "https://manpages.ubuntu.com/manpages/focal/en/man1/iostat.1.html"),
            Map.entry("ORACLE-IOSCHED", "https://docs.oracle.com/en/database/oracle/oracle-database/23/ladbi/setting-the-disk-io-scheduler-on-linux.html"),
            Map.entry("HCE-THP", "https://support.huaweicloud.com/intl/en-us/usermanual-hce/hce_02_0095.html"),
            Map.entry("RHEL-NUMAD", "https://docs.redhat.com/en/documentation/Red_Hat_Enterprise_Linux/7/html/performance_tuning_guide/sect-red_hat_enterprise_linux-performance_tuning_guide-tool_reference-numad"),
            Map.entry("OPENGAUSS-KUNPENG", "https://juejin.cn/post/7283827523003138104"),
            Map.entry("WIREDTIGER-ZR", "https://source.wiredtiger.com/mongodb-4.2/tune_zone_reclaim.html"),
            Map.entry("SEED-000", "Kunpeng BoostKit training camp: deep MySQL performance optimization based on Kunpeng BoostKit (Huawei)"),
            Map.entry("SEED-001", "GreatDB sysbench tuning on virtual machines (Zhu Yong)"),
            Map.entry("SEED-004", "JED (JD elastic database) on Kunpeng: tuning steps and results (JD Cloud, Zhu Chen)"));

    private Citations() {
    }

    /** The URL or repository path of a key; the key itself when unknown (e.g. a URL). */
    public static String resolve(String key) {
        String v = URLS.getOrDefault(key, key);
        java.util.regex.Matcher m = REPO_PATH.matcher(v);
        // "owner/repo: path @ commit": the file at that commit in its public repository
        return m.matches() ? "https://github.com/" + m.group(1) + "/blob/" + m.group(3) + "/" + m.group(2) : v;
    }

    private static final java.util.regex.Pattern REPO_PATH = java.util.regex.Pattern.compile(
            "^([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+): (\\S+) @ ([0-9a-f]{7,40})$");

    public static boolean known(String key) {
        return URLS.containsKey(key);
    }
}
