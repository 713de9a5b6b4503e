#!/bin/bash
# Capture 3: one-step-colocated — one oltp_read_write run, client on the same box, everything in one folder.
# perf records ALL CPUs (-a) so the sysbench client shows up in the profile too.
set -u
export LC_ALL=C

OUT=/work/main/src/test/resources/captures/one-step-colocated
WORK=/tmp/capwork/one-step-colocated
SOCK=/run/mysqld/mysqld.sock
SB="sysbench oltp_read_write --db-driver=mysql --mysql-user=root --mysql-socket=$SOCK --mysql-db=sbtest --tables=4 --table-size=20000"

rm -rf "$OUT" "$WORK"; mkdir -p "$OUT" "$WORK"
say() { echo "$(date --iso-8601=ns) $*" | tee -a "$WORK/timeline.txt"; }   # kept outside the capture

say "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
mysql -t -e 'SHOW GLOBAL VARIABLES' > "$OUT/vars.txt"   # -t: table format even though stdout is a file

say "warm-up start threads=2 time=10"
$SB --threads=2 --time=10 run > "$OUT/warm-up.log" 2>&1
say "warm-up end rc=$?"

numastat > "$OUT/numastat-before.txt"
mysqladmin extended-status > "$OUT/mysqladmin-status-before.txt"
iostat -x -t -o JSON 1 32 > "$OUT/iostat-xt.json" 2>&1 & IOP=$!

say "main start threads=2 time=30"
$SB --threads=2 --time=30 --report-interval=1 run > "$OUT/oltp_rw_t2.log" 2>&1 & SBP=$!
sleep 5
say "perf start -a -F 20 sleep 15"
perf record -a -e cpu-clock -F 20 -g -o "$WORK/perf.data" -- sleep 15 2> "$WORK/perf-record.err" & PFP=$!
sleep 10
numastat > "$OUT/numastat-during.txt"
say "numastat during"
wait $PFP; say "perf end rc=$?"
wait $SBP; say "main end rc=$?"
numastat > "$OUT/numastat-after.txt"
mysqladmin extended-status > "$OUT/mysqladmin-status-after.txt"
wait $IOP
say "iostat end"

perf script --header -i "$WORK/perf.data" > "$OUT/perf.script.txt" 2> "$WORK/perf-script.err"
perf report -i "$WORK/perf.data" --stdio  > "$OUT/perf-report.txt" 2> "$WORK/perf-report.err"
say "perf files written"
say "loadavg $(cut -d' ' -f1-3 /proc/loadavg)"
