#!/bin/bash
# Capture 2: bench-repeats — oltp_read_only repeats, baseline vs flush_log_at_trx_commit=2, and a thread sweep.
# Built in /tmp/bench-repeats, archived with tar czf into the resources dir (only the archive goes there).
set -u
export LC_ALL=C

BASE=/tmp/bench-repeats
ARCHIVE=/work/main/src/test/resources/captures/bench-repeats.tar.gz
SOCK=/run/mysqld/mysqld.sock
SB="sysbench oltp_read_only --db-driver=mysql --mysql-user=root --mysql-socket=$SOCK --mysql-db=sbtest --tables=4 --table-size=20000"

rm -rf "$BASE"; mkdir -p "$BASE"
ep()  { date +%s.%3N; }
ev()  { echo "$(ep) $*" >> "$DIR/events.log"; echo "$(ep) [$(basename "$DIR")] $*"; }

# --- load-data: cleanup + prepare only
mkdir -p "$BASE/load-data"
mysql -e 'CREATE DATABASE IF NOT EXISTS sbtest'
{ $SB cleanup; $SB prepare; } > "$BASE/load-data/prepare.out" 2>&1

repeats() {   # three oltp_read_only repeats with status/vars/iostat/vmstat around them
  mysql -B -e 'SHOW GLOBAL VARIABLES' > "$DIR/variables.txt"
  mysql -B -N -e 'SHOW GLOBAL STATUS' > "$DIR/GLOBAL_STATUS_before.txt"
  ev "status before"
  iostat -x 1 55 > "$DIR/iostat.txt" 2>&1 & IOP=$!
  vmstat 1 55    > "$DIR/vmstat.txt" 2>&1 & VMP=$!
  ev "monitors start iostat -x 1 55 / vmstat 1 55"
  sleep 2
  for r in 1 2 3; do
    ev "start run$r threads=8 time=15"
    $SB --threads=8 --time=15 --report-interval=1 run > "$DIR/run$r.log" 2>&1
    ev "end run$r rc=$?"
    sleep 2
  done
  mysql -B -N -e 'SHOW GLOBAL STATUS' > "$DIR/GLOBAL_STATUS_after.txt"
  ev "status after"
  wait $IOP $VMP
  ev "monitors end"
}

# --- A-baseline
DIR="$BASE/A-baseline"; mkdir -p "$DIR"
ev "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
repeats

# --- B-flush2
DIR="$BASE/B-flush2"; mkdir -p "$DIR"
ev "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
OLD_FLUSH=$(mysql -B -N -e 'SELECT @@global.innodb_flush_log_at_trx_commit')
OLD_SYNC=$(mysql -B -N -e 'SELECT @@global.sync_binlog')
mysql -v -v -e "SET GLOBAL innodb_flush_log_at_trx_commit=2; SET GLOBAL sync_binlog=0" > "$DIR/set_global.sql.log" 2>&1
ev "set innodb_flush_log_at_trx_commit=2 sync_binlog=0 (was $OLD_FLUSH/$OLD_SYNC)"
repeats
mysql -e "SET GLOBAL innodb_flush_log_at_trx_commit=$OLD_FLUSH; SET GLOBAL sync_binlog=$OLD_SYNC"
ev "restore innodb_flush_log_at_trx_commit=$OLD_FLUSH sync_binlog=$OLD_SYNC"

# --- C-threads
DIR="$BASE/C-threads"; mkdir -p "$DIR"
ev "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
mysql -B -e 'SHOW GLOBAL VARIABLES' > "$DIR/variables.txt"
for t in 1 2 4 8 16; do
  ev "start threads=$t time=10"
  $SB --threads=$t --time=10 --report-interval=1 run > "$DIR/threads=$t.log" 2>&1
  ev "end threads=$t rc=$?"
done
ev "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"

cd /tmp && tar czf "$ARCHIVE" bench-repeats
echo "archived to $ARCHIVE"
