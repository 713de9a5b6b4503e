#!/bin/bash
# Capture 4: healthy-control — the control a DBA would want silent: a rate-limited oltp_read_write load that
# leaves the 2 vCPUs mostly idle, a buffer pool and redo log far larger than the data and its writes, the binary
# log on with expiry, full durability (innodb_flush_log_at_trx_commit=1 is the default; sync_binlog=1 is not on MariaDB). Host facts in env/ (a folder without load: auxiliary), the run in
# steady-4t/. Other names than the other captures on purpose (.out, .tsv, -before/-after in other places).
set -u
export LC_ALL=C

OUT=/work/main/src/test/resources/captures/healthy-control
WORK=/tmp/capwork/healthy-control
SOCK=/run/mysqld/mysqld.sock
SB="sysbench oltp_read_write --db-driver=mysql --mysql-user=root --mysql-socket=$SOCK --mysql-db=sbtest --tables=4 --table-size=20000"

rm -rf "$OUT" "$WORK"; mkdir -p "$OUT/env" "$OUT/steady-4t" "$WORK"
say() { echo "$(date --iso-8601=ns) $*" | tee -a "$WORK/timeline.txt"; }   # kept outside the capture

# server configuration: sizes far above this data set (4 x 20000 rows, ~20 MB) and its write rate
cat > /etc/mysql/mariadb.conf.d/99-healthy.cnf <<'CNF'
[mysqld]
innodb_buffer_pool_size = 1G
innodb_log_file_size    = 1G
log_bin                 = /var/log/mysql/mariadb-bin
server_id               = 1
binlog_expire_logs_seconds = 604800
sync_binlog             = 1
CNF
mkdir -p /var/log/mysql && chown mysql:mysql /var/log/mysql   # the binary log's directory (absent on a fresh install)
systemctl restart mariadb 2>/dev/null || service mariadb restart
sleep 2
mysqladmin ping >/dev/null || { echo "the server did not start" >&2; exit 1; }
mysql -e 'CREATE DATABASE IF NOT EXISTS sbtest'
if ! mysql -N -e 'SELECT COUNT(*) FROM sbtest.sbtest4' >/dev/null 2>&1; then
    $SB prepare > "$WORK/prepare.log" 2>&1
fi
say "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"

# host facts, once
lscpu > "$OUT/env/lscpu.out"
cat /proc/meminfo > "$OUT/env/meminfo.out"
sysctl -a > "$OUT/env/sysctl.out" 2>/dev/null
numactl --hardware > "$OUT/env/numactl-hardware.out"
cat /sys/kernel/mm/transparent_hugepage/enabled > "$OUT/env/thp-enabled.out"

R="$OUT/steady-4t"
mysql -B -e 'SHOW GLOBAL VARIABLES' > "$R/variables.tsv"
mysql -B -e 'SELECT VERSION()' > "$R/version.tsv"
cp /etc/mysql/mariadb.conf.d/50-server.cnf /etc/mysql/mariadb.conf.d/99-healthy.cnf "$R/"

say "warm-up start threads=4 rate=100 time=30"
$SB --threads=4 --rate=100 --time=30 run > "$R/warmup.log" 2>&1
say "warm-up end rc=$?"

mysql -B -e 'SHOW GLOBAL STATUS' > "$R/status-before.tsv"
vmstat -t 1 61 > "$R/vmstat.log" & VMP=$!
mpstat 1 60 > "$R/mpstat.log" & MPP=$!
iostat -x -t 1 61 > "$R/iostat.log" & IOP=$!
say "main start threads=4 rate=100 time=60"
$SB --threads=4 --rate=100 --time=60 --report-interval=1 run > "$R/oltp_read_write-4t-rate100.log" 2>&1 & SBP=$!
sleep 10
say "perf start -p mariadbd -F 999 sleep 30"
perf record -e cpu-clock -F 999 -g -p "$(pidof mariadbd)" -o "$WORK/perf.data" -- sleep 30 2> "$WORK/perf-record.err"
say "perf end rc=$?"
wait $SBP; say "main end rc=$?"
mysql -B -e 'SHOW GLOBAL STATUS' > "$R/status-after.tsv"
wait $VMP $MPP $IOP
say "monitors end"

perf script --header -i "$WORK/perf.data" > "$R/perf-script.out" 2> "$WORK/perf-script.err"
say "perf files written"
say "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"

# back to the stock configuration
rm -f /etc/mysql/mariadb.conf.d/99-healthy.cnf
systemctl restart mariadb 2>/dev/null || service mariadb restart

# the profile is a few MB of text: the capture is kept as an archive, as people send them
tar czf "$OUT.tar.gz" -C "$(dirname "$OUT")" "$(basename "$OUT")" && rm -rf "$OUT"
say "archived $(du -h "$OUT.tar.gz" | cut -f1)"
