#!/bin/sh
# Start-up of the headless CLI (issue 17 item 2): `collapse` of a two-sample perf script, N runs per variant,
# interleaved, with and without the class-data-sharing archive the packaged launcher maps (make-cds-archive.sh).
# Prints per variant the minimum and median of wall time, CPU time (user + sys) and the JVM's uptime when the
# command's work starts (the main thread initialising the perf script folder's first class, from
# -Xlog:class+init=debug: initialisation, not loading, so that a class merely loaded ahead of its use does not count),
# in seconds.
#
#   scripts/startup-bench.sh [JAR] [RUNS]        (default target/tunescope.jar, 10)
#
# Needs /usr/bin/time. The archive is made in a temporary folder next to a copy of the jar (the JVM uses an
# archive only with the jar at the path it was made with) and deleted at the end.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
jar=${1:-$root/target/tunescope.jar}
runs=${2:-10}
[ -f "$jar" ] || { echo "no $jar: build it with mvn -o -q package -DskipTests" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tunescope-startup.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/app"
cp "$jar" "$tmp/app/tunescope.jar"
"$root/packaging/make-cds-archive.sh" "$tmp/app" "$(command -v java)" >/dev/null
input="$tmp/two-samples.perf-script.txt"
printf 'mysqld  1234 [000] 100.000001:     250000 cpu-clock:\n\t    55d0c0a1b2c3 do_command+0x13 (/usr/sbin/mysqld)\n\t    55d0c0a1b000 handle_connection+0x20 (/usr/sbin/mysqld)\n\n' >"$input"
printf 'mysqld  1234 [001] 100.000002:     250000 cpu-clock:\n\t    55d0c0a1b2c4 dispatch_command+0x13 (/usr/sbin/mysqld)\n\t    55d0c0a1b000 handle_connection+0x20 (/usr/sbin/mysqld)\n\n' >>"$input"
one() { # label, java options...
    label=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$tmp/t" java "$@" -Xlog:class+init=debug:file="$tmp/log":uptime \
        -jar "$tmp/app/tunescope.jar" collapse "$input" >/dev/null
    work=$(grep -m1 "Initializing 'io/tunescope/importers/perfscript/" "$tmp/log" | sed 's/^\[\([0-9.]*\)s\].*/\1/')
    awk -v l="$label" -v w="$work" '{printf "%s %s %.2f %s\n", l, $1, $2 + $3, w}' "$tmp/t" >>"$tmp/all"
}
i=0
while [ "$i" -lt "$runs" ]; do
    one plain
    if [ -f "$tmp/app/tunescope.jsa" ]; then
        one cds -XX:SharedArchiveFile="$tmp/app/tunescope.jsa" -Xshare:auto
    fi
    i=$((i + 1))
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $runs runs each"
echo "variant         wall min/median    cpu min/median    uptime to work min/median"
for v in plain cds; do
    grep "^$v " "$tmp/all" >/dev/null 2>&1 || continue
    for col in 2 3 4; do
        grep "^$v " "$tmp/all" | cut -d' ' -f$col | sort -n | awk '{a[NR]=$1} END {printf "%s/%s ", a[1], a[int((NR+1)/2)]}'
    done | awk -v v="$v" '{printf "%-15s %-18s %-17s %s\n", v, $1, $2, $3}'
done
