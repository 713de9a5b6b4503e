#!/bin/bash
# Capture 7: sweep-2step — two steps, each with a short main run and a thread sweep (1, 2, 4 threads), on the shared
# MariaDB of the project VM. The two steps differ by workload, not by server settings (the server is shared with other
# sessions: no global variable is changed, nothing is restarted):
#   1_read_write   sysbench oltp_read_write
#   2_read_only    sysbench oltp_read_only
# Made to show the sweeps of several steps on one chart. Runs are short (5 s per thread count): numbers are noisy.
set -u
export LC_ALL=C

OUT=${OUT:-src/test/resources/captures/sweep-2step}
SOCK=/run/mysqld/mysqld.sock
DB=ui16_sweep
COMMON="--db-driver=mysql --mysql-user=root --mysql-socket=$SOCK --mysql-db=$DB --tables=2 --table-size=5000"

rm -rf "$OUT"
mkdir -p "$OUT"
ts()  { date +%Y-%m-%dT%H:%M:%S.%3N%:z; }
log() { echo "$(ts) [driver] $*" >> "$STEP/driver.log"; }

mysql -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
mkdir -p "$OUT/0_prepare"
sysbench oltp_read_write $COMMON prepare > "$OUT/0_prepare/sysbench_prepare.log" 2>&1

for s in 1_read_write:oltp_read_write 2_read_only:oltp_read_only; do
  STEP="$OUT/${s%%:*}"; TEST=${s#*:}; mkdir -p "$STEP/sweep"
  log "step-start name=$(basename "$STEP") workload=$TEST"
  mysql -B -e 'SHOW GLOBAL VARIABLES' > "$STEP/show_global_variables.txt"
  mysql -B -e 'SHOW GLOBAL STATUS'    > "$STEP/global_status_before.txt"
  log "sysbench-main-start threads=2 time=8"
  sysbench $TEST $COMMON --threads=2 --time=8 --report-interval=1 run > "$STEP/main_t2_8s.log" 2>&1
  log "sysbench-main-end rc=$?"
  mysql -B -e 'SHOW GLOBAL STATUS'    > "$STEP/global_status_after.txt"
  for t in 1 2 4; do
    log "sweep-start threads=$t time=5"
    sysbench $TEST $COMMON --threads=$t --time=5 --report-interval=1 run > "$STEP/sweep/${TEST}_t${t}_5s.log" 2>&1
    log "sweep-end threads=$t rc=$?"
  done
  log "step-end"
done
mysql -e "DROP DATABASE $DB"
