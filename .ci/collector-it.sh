#!/usr/bin/env bash
# Integration test of the capture collector (packaging/tunescope-collect.sh) against a local MariaDB:
#   1. installs mariadb-server, sysbench, numactl, sysstat, linux-perf and shellcheck when missing (root);
#   2. reuses a running MariaDB (mysqladmin ping answers) or starts one with mysqld_safe;
#   3. creates a read-only user tunescope_it@localhost whose password is a random marker, and a tiny
#      sysbench table (database tunescope_it, 1 table x 1000 rows) unless it is already there;
#   4. shellchecks the collector, runs it for 5 s with a 2-thread oltp_read_only load, as that user with
#      MYSQL_PWD set to the marker;
#   5. runs CollectorIT (JUnit, via Maven) on the folder: every file imports, the expected formats are
#      recognised, the manifest gives the label, the marker appears in no file.
# At the end it drops the test user and stops MariaDB only if this script started it (or installed and
# thereby started it). Idempotent: run it as often as you like.
#
# Usage: .ci/collector-it.sh            (as root on Debian 12; no systemd needed)
# Environment: MVN_OFFLINE=1 adds -o to the Maven call; KEEP_OUTPUT=1 keeps the collected folder.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
T0=$(date +%s)

log() { printf '[collector-it %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "FAILED: $*"; exit 1; }

export DEBIAN_FRONTEND=noninteractive

# ------------------------------------------------------------------ packages
packages=(mariadb-server sysbench numactl sysstat linux-perf shellcheck procps ethtool)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
installed_server=0
if [ "${#missing[@]}" -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "missing packages ${missing[*]} and not root; install them first"
  log "installing ${missing[*]}"
  apt-get update -q
  apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}"
  for p in "${missing[@]}"; do
    [ "$p" = mariadb-server ] && installed_server=1
  done
fi
for t in mysqladmin mysql sysbench perf shellcheck mvn; do
  command -v "$t" >/dev/null 2>&1 || die "$t not found after installation"
done

# ------------------------------------------------------------------ work area and cleanup
WORK=$(mktemp -d /tmp/tunescope-collector-it.XXXXXX)
STEP_DIR="$WORK/capture/01-collector-it"
started_server=0
SAFE_PID=
user_created=0
restore_paranoid=

ping_server() { mysqladmin --connect-timeout=2 ping >/dev/null 2>&1; }

stop_server() {
  log "stopping the MariaDB this script started"
  mysqladmin shutdown >/dev/null 2>&1 || true
  local i=0
  while ping_server && [ "$i" -lt 60 ]; do sleep 1; i=$((i + 1)); done
  if [ -n "$SAFE_PID" ]; then
    i=0
    while kill -0 "$SAFE_PID" 2>/dev/null && [ "$i" -lt 30 ]; do sleep 1; i=$((i + 1)); done
    if kill -0 "$SAFE_PID" 2>/dev/null; then
      log "mysqld_safe ($SAFE_PID) still running, sending TERM"
      kill "$SAFE_PID" 2>/dev/null || true
    fi
  fi
  if ping_server; then
    log "WARNING: MariaDB still answers after shutdown"
  fi
}

cleanup() {
  local rc=$?
  set +e
  if [ "$user_created" = 1 ] && ping_server; then
    mysql -e "DROP USER IF EXISTS 'tunescope_it'@'localhost'" >/dev/null 2>&1
  fi
  if [ "$started_server" = 1 ]; then
    stop_server
  fi
  if [ -n "$restore_paranoid" ]; then
    echo "$restore_paranoid" >/proc/sys/kernel/perf_event_paranoid
  fi
  if [ "${KEEP_OUTPUT:-0}" = 1 ] || [ "$rc" != 0 ]; then
    log "collected folder kept: $STEP_DIR"
  else
    rm -rf "$WORK"
  fi
  log "exit status $rc after $(($(date +%s) - T0)) s"
}
trap cleanup EXIT

# ------------------------------------------------------------------ MariaDB
if ping_server; then
  if [ "$installed_server" = 1 ]; then
    # the package's postinst started it: it is ours to stop
    started_server=1
    log "MariaDB was started by the package installation; it will be stopped at the end"
  else
    log "MariaDB already running: reusing it (it stays running)"
  fi
else
  [ "$(id -u)" = 0 ] || die "MariaDB is not running and not root: cannot start it"
  datadir=$(mariadbd --print-defaults 2>/dev/null | tr ' ' '\n' | sed -n 's/^--datadir=//p' | tail -n 1)
  datadir=${datadir:-/var/lib/mysql}
  install -d -o mysql -g mysql -m 0755 /run/mysqld
  if [ ! -d "$datadir/mysql" ]; then
    log "initialising the data directory $datadir"
    install -d -o mysql -g mysql -m 0755 "$datadir"
    mariadb-install-db --user=mysql --datadir="$datadir" >"$WORK/install-db.log" 2>&1 \
      || { cat "$WORK/install-db.log" >&2; die "mariadb-install-db failed"; }
  fi
  log "starting MariaDB with mysqld_safe"
  # setsid: its own session, so that the shell's job control and signals leave it alone
  setsid mysqld_safe --user=mysql >"$WORK/mysqld_safe.log" 2>&1 < /dev/null &
  SAFE_PID=$!
  started_server=1
  i=0
  until ping_server; do
    i=$((i + 1))
    if [ "$i" -ge 60 ] || ! kill -0 "$SAFE_PID" 2>/dev/null; then
      cat "$WORK/mysqld_safe.log" >&2 || true
      die "MariaDB did not answer within 60 s"
    fi
    sleep 1
  done
  log "MariaDB answers after about $i s"
fi

SOCKET=$(mysql -NBe 'SELECT @@socket')
[ -S "$SOCKET" ] || die "server socket $SOCKET not found"

# The test user: read-only, its password is a random marker that must not appear in any collected file.
MARKER="tsit$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
user_created=1
mysql <<SQL
CREATE USER IF NOT EXISTS 'tunescope_it'@'localhost' IDENTIFIED BY '$MARKER';
ALTER USER 'tunescope_it'@'localhost' IDENTIFIED BY '$MARKER';
GRANT PROCESS ON *.* TO 'tunescope_it'@'localhost';
GRANT SELECT ON performance_schema.* TO 'tunescope_it'@'localhost';
CREATE DATABASE IF NOT EXISTS tunescope_it;
SQL
MYSQL_PWD=$MARKER mysql --user=tunescope_it --socket="$SOCKET" -NBe 'SELECT 1' >/dev/null \
  || die "cannot log in as tunescope_it with its password"

# sysbench data, prepared only when it is not there yet (1 table of 1000 rows, owned by this test)
SB_BASE=(--db-driver=mysql --mysql-socket="$SOCKET" --mysql-user=root --mysql-db=tunescope_it --tables=1 --table-size=1000)
rows=$(mysql -NBe 'SELECT COUNT(*) FROM tunescope_it.sbtest1' 2>/dev/null || echo none)
if [ "$rows" != 1000 ]; then
  log "preparing the sysbench table (found: $rows rows)"
  sysbench oltp_read_only "${SB_BASE[@]}" cleanup >/dev/null 2>&1 || true
  sysbench oltp_read_only "${SB_BASE[@]}" prepare >"$WORK/sysbench-prepare.log" 2>&1 \
    || { cat "$WORK/sysbench-prepare.log" >&2; die "sysbench prepare failed"; }
fi

# ------------------------------------------------------------------ perf
SERVER_PID=$(pgrep -o -x mariadbd || pgrep -o -x mysqld || true)
[ -n "$SERVER_PID" ] || die "no mariadbd/mysqld process found"
perf_probe() {
  perf record -q -e cpu-clock -F 49 -p "$SERVER_PID" -o "$WORK/probe.data" -- sleep 0.2 >/dev/null 2>&1
  local rc=$?
  rm -f "$WORK/probe.data" "$WORK/probe.data.old"
  return "$rc"
}
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo unknown)
PERF=yes
if ! perf_probe; then
  # root normally passes any perf_event_paranoid level (CAP_PERFMON); without that capability lower it
  # for the run where /proc/sys is writable, and put it back afterwards
  if [ "$paranoid" != unknown ] && [ "$paranoid" -gt 1 ] && [ -w /proc/sys/kernel/perf_event_paranoid ]; then
    log "perf cannot attach with perf_event_paranoid=$paranoid; lowering it to 1 for the run"
    restore_paranoid=$paranoid
    echo 1 >/proc/sys/kernel/perf_event_paranoid
  fi
  perf_probe || PERF=no
fi
log "perf_event_paranoid=$paranoid, perf usable: $PERF"

# ------------------------------------------------------------------ the collector
COLLECTOR=packaging/tunescope-collect.sh
log "shellcheck $COLLECTOR"
shellcheck -s sh "$COLLECTOR"
shellcheck .ci/collector-it.sh

LABEL="Collector IT"
CHANGE="integration test run of tunescope-collect.sh"
mkdir -p "$WORK/capture"
log "running the collector for 5 s into $STEP_DIR"
c0=$(date +%s)
MYSQL_PWD=$MARKER sh "$COLLECTOR" --out "$STEP_DIR" --label "$LABEL" --change "$CHANGE" \
  --duration 5 --perf-freq 49 --pid "$SERVER_PID" --mysql-user tunescope_it --mysql-socket "$SOCKET" \
  --sysbench "oltp_read_only --db-driver=mysql --mysql-user=root --mysql-db=tunescope_it --tables=1 --table-size=1000 --threads=2" \
  2>"$WORK/collector.stderr" || { cat "$WORK/collector.stderr" >&2; die "the collector failed"; }
cat "$WORK/collector.stderr" >&2
log "collector took $(($(date +%s) - c0)) s; files: $(find "$STEP_DIR" -type f | wc -l)"

# ------------------------------------------------------------------ the JUnit integration test
mvn_args=(-B -ntp)
[ "${MVN_OFFLINE:-0}" = 1 ] && mvn_args+=(-o)
log "mvn test -Dtest=CollectorIT"
mvn "${mvn_args[@]}" test -Dtest=CollectorIT \
  -Dtunescope.collectorOutput="$STEP_DIR" -Dtunescope.collectorSecret="$MARKER" \
  -Dtunescope.collectorLabel="$LABEL" -Dtunescope.collectorChange="$CHANGE" \
  -Dtunescope.collectorPerf="$PERF"
log "OK in $(($(date +%s) - T0)) s (repo $REPO)"
