#!/bin/bash
# Capture 1: hand-3step — a three-step MariaDB tuning session made by hand.
#   0_prepare                 sysbench prepare only
#   1_baseline                stock Debian MariaDB config
#   2_redo_bp                 99-redo-bp.cnf: innodb_buffer_pool_size=1G, innodb_log_file_size=512M, restart
#   3_swappiness_interleave   + vm.swappiness=1, mariadbd restarted under numactl --interleave=all, + thread sweep
# Run as root on the test VM. perf.data files stay in $WORK, never in the capture.
set -u
export LC_ALL=C

OUT=/work/main/src/test/resources/captures/hand-3step
WORK=/tmp/capwork/hand-3step
SOCK=/run/mysqld/mysqld.sock
CNF=/etc/mysql/mariadb.conf.d/99-redo-bp.cnf
SB="sysbench oltp_read_write --db-driver=mysql --mysql-user=root --mysql-socket=$SOCK --mysql-db=sbtest --tables=4 --table-size=20000"

rm -rf "$OUT" "$WORK"
mkdir -p "$OUT" "$WORK"

ts()  { date +%Y-%m-%dT%H:%M:%S.%3N%:z; }
log() { echo "$(ts) [driver] $*" >> "$STEP/driver.log"; echo "$(ts) [$(basename "$STEP")] $*"; }

wait_for_server() {
  for i in $(seq 1 120); do
    mysqladmin --socket=$SOCK ping >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "server did not come up" >&2; return 1
}

static_snapshots() {          # $1 = with_sysctl_and_config (yes/no)
  log "snapshot-static start"
  numastat -m            > "$STEP/numastat_m.txt"
  numactl --hardware     > "$STEP/numactl_H.txt"
  lscpu                  > "$STEP/lscpu.txt"
  cat /proc/meminfo      > "$STEP/meminfo.txt"
  mysql -B -e 'SELECT VERSION()'       > "$STEP/version.txt"
  mysql -B -e 'SHOW GLOBAL VARIABLES'  > "$STEP/show_global_variables.txt"
  if [ "$1" = yes ]; then
    sysctl -a 2>/dev/null > "$STEP/sysctl_a.txt"
    cp -L /etc/mysql/my.cnf "$STEP/my.cnf"
    for f in /etc/mysql/mariadb.conf.d/*.cnf; do cp "$f" "$STEP/$(basename "$f")"; done
  fi
  log "snapshot-static end"
}

warmup_and_main() {
  log "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
  log "sysbench-warmup-start threads=4 time=20"
  $SB --threads=4 --time=20 --report-interval=1 run > "$STEP/warmup_t4_20s.log" 2>&1
  log "sysbench-warmup-end rc=$?"

  numastat > "$STEP/numastat_before.txt"
  log "numa-snapshot before"
  mysql -B -e 'SHOW GLOBAL STATUS' > "$STEP/global_status_before.txt"
  log "global-status before"

  iostat -x -t 1 41      > "$STEP/iostat_x.txt" 2>&1 & IOP=$!
  mpstat -P ALL 1 40     > "$STEP/mpstat.txt"   2>&1 & MPP=$!
  vmstat -t 1 41         > "$STEP/vmstat.txt"   2>&1 & VMP=$!
  log "monitors-start iostat=-x_-t_1_41 mpstat=-P_ALL_1_40 vmstat=-t_1_41"

  log "sysbench-main-start threads=4 time=40"
  $SB --threads=4 --time=40 --report-interval=1 run > "$STEP/main_t4_40s.log" 2>&1 & SBP=$!

  sleep 5
  MPID=$(pidof mariadbd)
  log "perf-record-start event=cpu-clock freq=25 callgraph=fp pid=$MPID duration=20"
  perf record -e cpu-clock -F 25 -g -p "$MPID" -o "$WORK/$(basename "$STEP").data" -- sleep 20 \
      2> "$WORK/$(basename "$STEP").perf-record.err" & PFP=$!

  sleep 10
  numastat > "$STEP/numastat_t15s.txt"
  log "numa-snapshot t15s"

  wait $PFP; log "perf-record-end rc=$?"
  wait $SBP; log "sysbench-main-end rc=$?"
  numastat > "$STEP/numastat_after.txt"
  log "numa-snapshot after"
  mysql -B -e 'SHOW GLOBAL STATUS' > "$STEP/global_status_after.txt"
  log "global-status after"
  wait $IOP $MPP $VMP
  log "monitors-end"

  D="$WORK/$(basename "$STEP").data"
  perf report -i "$D" --stdio       > "$STEP/perf_report.txt" 2> "$WORK/$(basename "$STEP").perf-report.err"
  perf report -i "$D" --header-only > "$STEP/perf_header.txt" 2>> "$WORK/$(basename "$STEP").perf-report.err"
  perf script -i "$D"               > "$STEP/perf_script.txt" 2>> "$WORK/$(basename "$STEP").perf-report.err"
  log "perf-files-written report header script"
  log "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
}

# ---------------------------------------------------------------- 0_prepare
rm -f "$CNF"
mysql -e 'DROP DATABASE IF EXISTS sbtest; CREATE DATABASE sbtest'
mkdir -p "$OUT/0_prepare"
$SB prepare > "$OUT/0_prepare/sysbench_prepare.log" 2>&1
echo "$(ts) prepare rc=$?"

# ---------------------------------------------------------------- 1_baseline
STEP="$OUT/1_baseline"; mkdir -p "$STEP"
log "step-start name=1_baseline config=stock"
static_snapshots yes
warmup_and_main
log "step-end"

# ---------------------------------------------------------------- 2_redo_bp
STEP="$OUT/2_redo_bp"; mkdir -p "$STEP"
log "step-start name=2_redo_bp"
cat > "$CNF" <<'EOF'
# tuning step 2: bigger buffer pool and redo log
[mysqld]
innodb_buffer_pool_size = 1G
innodb_log_file_size    = 512M
EOF
log "config-change file=$CNF innodb_buffer_pool_size=1G innodb_log_file_size=512M"
log "server-restart-start method=service"
service mariadb restart > "$WORK/2_redo_bp.restart.out" 2>&1
wait_for_server
log "server-restart-end pid=$(pidof mariadbd)"
static_snapshots yes
warmup_and_main
log "step-end"

# ---------------------------------------------------------------- 3_swappiness_interleave
STEP="$OUT/3_swappiness_interleave"; mkdir -p "$STEP"
log "step-start name=3_swappiness_interleave"
OLD_SWAP=$(cat /proc/sys/vm/swappiness)
sysctl -w vm.swappiness=1 > "$STEP/sysctl_w.txt"
log "sysctl-set vm.swappiness=1 previous=$OLD_SWAP"
log "server-stop method=service"
service mariadb stop > "$WORK/3.stop.out" 2>&1
log "server-start method=numactl_--interleave=all_mysqld_safe"
numactl --interleave=all mysqld_safe > "$WORK/3.mysqld_safe.out" 2>&1 &
wait_for_server
MPID=$(pidof mariadbd)
log "server-started pid=$MPID"
cat /proc/$MPID/numa_maps > "$STEP/numa_maps.txt"
cat /proc/$MPID/status    > "$STEP/proc_status.txt"
log "proc-snapshot numa_maps status pid=$MPID"
static_snapshots no
warmup_and_main

mkdir -p "$STEP/sweep"
for t in 1 2 4 8; do
  log "sweep-start threads=$t time=10"
  $SB --threads=$t --time=10 --report-interval=1 run > "$STEP/sweep/oltp_t${t}_10s.log" 2>&1
  log "sweep-end threads=$t rc=$?"
done

sysctl -w vm.swappiness=$OLD_SWAP > /dev/null
log "sysctl-restore vm.swappiness=$OLD_SWAP"
log "step-end"

# ---------------------------------------------------------------- restore stock server (not part of any step)
mysqladmin --socket=$SOCK shutdown
for i in $(seq 1 60); do pidof mariadbd >/dev/null || break; sleep 0.5; done
sleep 1
rm -f "$CNF"
service mariadb start > "$WORK/restore.start.out" 2>&1
wait_for_server
echo "$(ts) restored stock config, mariadbd pid=$(pidof mariadbd) swappiness=$(cat /proc/sys/vm/swappiness)"
