#!/bin/bash
# Capture 6: ftwrl-dip — one step with a known dip: a 4 s FLUSH TABLES WITH READ LOCK held from another
# session in the middle of a 40 s sysbench oltp_read_write run, with the server's counters, the OS monitors
# and two perf recordings around it. Run as root on the test VM; perf.data files stay in $WORK.
set -u
export LC_ALL=C

OUT=${OUT:-/tmp/capwork/ftwrl-dip}
WORK=${WORK:-/tmp/capwork/ftwrl-dip.work}
SOCK=/run/mysqld/mysqld.sock
DB=sbtest_window
SB="sysbench oltp_read_write --db-driver=mysql --mysql-user=root --mysql-socket=$SOCK --mysql-db=$DB --tables=4 --table-size=20000"
FREQ=${FREQ:-49}
STEP="$OUT/rw-4t-ftwrl"

rm -rf "$OUT" "$WORK"
mkdir -p "$STEP" "$WORK"

ts()  { date +%Y-%m-%dT%H:%M:%S.%3N%:z; }
log() { echo "$(ts) [driver] $*" >> "$STEP/driver.log"; echo "$(ts) $*"; }

log "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"

# -------------------------------------------------------------- data set
log "start prepare: mysql -e 'CREATE DATABASE $DB' and sysbench prepare tables=4 table-size=20000"
mysql -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB"
$SB prepare > "$STEP/prepare.sysbench.log" 2>&1
log "end prepare rc=$?"

# -------------------------------------------------------------- static snapshots
log "start static snapshots: lscpu, /proc/meminfo, SELECT VERSION(), SHOW GLOBAL VARIABLES"
lscpu                                 > "$STEP/lscpu.txt"
cat /proc/meminfo                     > "$STEP/meminfo.txt"
mysql -B -e 'SELECT VERSION()'        > "$STEP/version.tsv"
mysql -B -e 'SHOW GLOBAL VARIABLES'   > "$STEP/global-variables.tsv"
log "end static snapshots"

# -------------------------------------------------------------- warm-up
log "start warmup.sysbench.log: sysbench oltp_read_write run threads=4 time=15"
$SB --threads=4 --time=15 --report-interval=1 run > "$STEP/warmup.sysbench.log" 2>&1
log "end warmup.sysbench.log rc=$?"

# -------------------------------------------------------------- before the main run
log "start innodb-status-before snapshot: SHOW ENGINE INNODB STATUS\\G"
mysql -e 'SHOW ENGINE INNODB STATUS\G' > "$STEP/innodb-status-before.txt"
log "start pfs-before snapshot: performance_schema waits and digests (mysql -B)"
mysql -B -e 'SELECT * FROM performance_schema.events_waits_summary_global_by_event_name WHERE COUNT_STAR > 0 ORDER BY SUM_TIMER_WAIT DESC' \
      > "$STEP/pfs-waits-before.tsv"
mysql -B -e 'SELECT * FROM performance_schema.events_statements_summary_by_digest ORDER BY SUM_TIMER_WAIT DESC LIMIT 30' \
      > "$STEP/pfs-digests-before.tsv"
log "end pfs-before snapshot"

# -------------------------------------------------------------- monitors
log "start mysqladmin-ext-r.txt: mysqladmin ext -r -i1 -c46"
mysqladmin --socket=$SOCK ext -r -i1 -c46 > "$STEP/mysqladmin-ext-r.txt" 2>&1 & MAP=$!
log "start iostat-x.txt: iostat -x -t 1 46"
iostat -x -t 1 46     > "$STEP/iostat-x.txt" 2>&1 & IOP=$!
log "start vmstat.txt: vmstat -t 1 46"
vmstat -t 1 46        > "$STEP/vmstat.txt"   2>&1 & VMP=$!
log "start mpstat.txt: mpstat -P ALL 1 45"
mpstat -P ALL 1 45    > "$STEP/mpstat.txt"   2>&1 & MPP=$!
log "start perf-cpu recording: perf record -e cpu-clock -F $FREQ -g -a -- sleep 42"
perf record -e cpu-clock -F "$FREQ" -g -a -o "$WORK/cpu.data" -- sleep 42 2> "$WORK/perf-cpu-record.err" & PCP=$!
sleep 1

# -------------------------------------------------------------- main run with the lock
log "start main.sysbench.log: sysbench oltp_read_write run threads=4 time=40 report-interval=1"
$SB --threads=4 --time=40 --report-interval=1 run > "$STEP/main.sysbench.log" 2>&1 & SBP=$!

sleep 16.5
MPID=$(pidof mariadbd)
log "start perf-sched recording: perf record -e sched:sched_switch -g -p $MPID -- sleep 6"
perf record -e sched:sched_switch -g -p "$MPID" -o "$WORK/sched.data" -- sleep 6 2> "$WORK/perf-sched-record.err" & PSP=$!
sleep 0.5

log "start ftwrl: mysql -e 'FLUSH TABLES WITH READ LOCK; SELECT NOW(3); SELECT SLEEP(4); SELECT NOW(3); UNLOCK TABLES'"
mysql -B -N -e "FLUSH TABLES WITH READ LOCK; SELECT 'lock-acquired', NOW(3); SELECT SLEEP(4); SELECT 'lock-releasing', NOW(3); UNLOCK TABLES" \
      > "$WORK/ftwrl.out" 2>&1 & LKP=$!
sleep 1.5
log "start processlist-during-lock.txt snapshot 1: SHOW FULL PROCESSLIST\\G"
{ echo "TS $(date +%s.%N) $(date '+%F %T')"; mysql -e 'SHOW FULL PROCESSLIST\G'; } >> "$STEP/processlist-during-lock.txt"
sleep 1.5
log "start processlist-during-lock.txt snapshot 2: SHOW FULL PROCESSLIST\\G"
{ echo "TS $(date +%s.%N) $(date '+%F %T')"; mysql -e 'SHOW FULL PROCESSLIST\G'; } >> "$STEP/processlist-during-lock.txt"
wait $LKP; RC=$?
log "end ftwrl rc=$RC"
# the server's own times of taking and releasing the lock (NOW(3): same machine clock, UTC)
ACQ=$(awk -F'\t' '$1=="lock-acquired"{print $2}' "$WORK/ftwrl.out")
REL=$(awk -F'\t' '$1=="lock-releasing"{print $2}' "$WORK/ftwrl.out")
echo "$(date -d "$ACQ" +%Y-%m-%dT%H:%M:%S.%3N%:z) [driver] ftwrl lock acquired (server NOW(3) $ACQ)" >> "$STEP/driver.log"
echo "$(date -d "$REL" +%Y-%m-%dT%H:%M:%S.%3N%:z) [driver] ftwrl lock released (server NOW(3) $REL, UNLOCK TABLES follows)" >> "$STEP/driver.log"

wait $PSP; log "end perf-sched recording rc=$?"
wait $SBP; log "end main.sysbench.log rc=$?"

# -------------------------------------------------------------- after the main run
log "start innodb-status-after snapshot: SHOW ENGINE INNODB STATUS\\G"
mysql -e 'SHOW ENGINE INNODB STATUS\G' > "$STEP/innodb-status-after.txt"
log "start pfs-after snapshot: performance_schema waits and digests (mysql -B)"
mysql -B -e 'SELECT * FROM performance_schema.events_waits_summary_global_by_event_name WHERE COUNT_STAR > 0 ORDER BY SUM_TIMER_WAIT DESC' \
      > "$STEP/pfs-waits-after.tsv"
mysql -B -e 'SELECT * FROM performance_schema.events_statements_summary_by_digest ORDER BY SUM_TIMER_WAIT DESC LIMIT 30' \
      > "$STEP/pfs-digests-after.tsv"
log "end pfs-after snapshot"
wait $PCP; log "end perf-cpu recording rc=$?"
wait $MAP $IOP $VMP $MPP; log "end monitors"

perf report -i "$WORK/cpu.data" --header-only > "$STEP/perf-cpu.header.txt" 2> "$WORK/perf-cpu-report.err"
perf script -i "$WORK/cpu.data"               > "$STEP/perf-cpu.script.txt" 2>> "$WORK/perf-cpu-report.err"
perf script -i "$WORK/sched.data"             > "$STEP/perf-sched.script.txt" 2> "$WORK/perf-sched-report.err"
log "perf files written: perf-cpu.header.txt perf-cpu.script.txt perf-sched.script.txt"
log "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
# the time order of the driver log (the two lock lines were appended after the fact)
sort -s -k1,1 "$STEP/driver.log" > "$WORK/driver.sorted" && cat "$WORK/driver.sorted" > "$STEP/driver.log"

mysql -e "DROP DATABASE $DB"
echo "$(ts) dropped $DB"
