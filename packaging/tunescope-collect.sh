#!/bin/sh
# tunescope-collect.sh - collect one tuning step of a database performance
# capture (perf, numastat, iostat, mpstat, vmstat, sysbench, server config)
# into a folder that Tunescope can read.
#
# POSIX sh, standard tools only. Read-only on the database server: it runs
# only SELECT / SHOW queries and never writes any configuration.
#
# Usage: tunescope-collect.sh --out DIR [options]   (see --help)

VERSION="1.0"
PROG=tunescope-collect.sh

OUT=
LABEL=
CHANGE=
DURATION=30
PID=
PROCESS=
PERF_FREQ=99
OFFCPU_S=
OFFCPU_MAX_DATA=16M
MYSQL_USER=
MYSQL_SOCKET=
MYSQL_DEFAULTS=
SYSBENCH_ARGS=
SWEEP=
DRY_RUN=0
KEEP_PERF_DATA=0
MAX_DURATION=3600

usage() {
    cat <<'EOF'
Usage: tunescope-collect.sh --out DIR [options]

Collects one tuning step (one folder) of a Tunescope capture: system facts
(CPUs, kernel, distribution, page size, block-device queues, the server's
cgroup CPU limits before/after, pressure stall information), server configuration, SHOW GLOBAL STATUS and SHOW ENGINE INNODB STATUS
before/after, and during a bounded measurement window iostat, mpstat, vmstat,
numastat, the server's counters each second (mysqladmin extended-status -r),
one process list and a perf profile of the database server, optionally while
a sysbench load runs; performance_schema wait and statement summaries when
performance_schema is on. Every query is read-only.

Options:
  --out DIR               step folder to create (required unless --dry-run)
  --label TEXT            short name of this step (default: folder name)
  --change TEXT           the change made in this step (default: empty)
  --duration SECONDS      measurement window, 1..3600 (default: 30)
  --pid PID               database server process id
  --process NAME          server process name (default: mariadbd, then mysqld)
  --perf-freq HZ          perf sampling frequency (default: 99)
  --keep-perf-data        keep perf.data (deleted by default: binary, large)
  --offcpu-seconds N      record the server's context switches with stacks
                          (perf record -e sched:sched_switch -g) for N seconds
                          in the middle of the window, for off-CPU time; at
                          most --duration, at most 16 MB of perf data; 0: off
                          (default: 5, or --duration when shorter). Skipped when the kernel has no
                          sched:sched_switch tracepoint. Overhead: one event
                          with a call chain per context switch of the server
                          (the time and the event rate are in collector.log).
  --mysql-user USER       user for the mysql client
  --mysql-socket PATH     unix socket for the mysql client
  --mysql-defaults-file F option file for the mysql client, read with
                          --defaults-extra-file (may hold the password)
  --sysbench "ARGS"       run "sysbench ARGS" during the window, e.g.
                          "oltp_read_write --tables=4 --threads=8 --time=30".
                          --report-interval=1 is added if absent, --time is
                          set to the window if absent, "run" is appended;
                          --mysql-user/--mysql-socket are passed on if absent.
                          Output: sysbench.log. ARGS are split on blanks.
  --sweep "1 2 4 8"       with --sysbench: run it once per thread count, one
                          after another, into sysbench-sweep.log. Without
                          --time in ARGS each run gets duration/count seconds.
  --dry-run               print each command that would be run; run nothing,
                          create nothing
  -h, --help              this help

The password is never taken on the command line: use the MYSQL_PWD
environment variable or --mysql-defaults-file. It is never printed nor
written to the output folder.

Every background job is stopped at the end (also on INT/TERM); the window
never exceeds --duration. Missing tools are listed in missing-tools.txt.
EOF
}

die() {
    printf '%s: %s\n' "$PROG" "$1" >&2
    exit 2
}

need_arg() {
    # $1 option name, $2 number of remaining args
    [ "$2" -ge 2 ] || die "option $1 needs a value"
}

is_uint() {
    case "$1" in
        ''|*[!0-9]*) return 1 ;;
        *) return 0 ;;
    esac
}

while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --dry-run) DRY_RUN=1; shift ;;
        --keep-perf-data) KEEP_PERF_DATA=1; shift ;;
        --out) need_arg "$1" $#; OUT=$2; shift 2 ;;
        --out=*) OUT=${1#*=}; shift ;;
        --label) need_arg "$1" $#; LABEL=$2; shift 2 ;;
        --label=*) LABEL=${1#*=}; shift ;;
        --change) need_arg "$1" $#; CHANGE=$2; shift 2 ;;
        --change=*) CHANGE=${1#*=}; shift ;;
        --duration) need_arg "$1" $#; DURATION=$2; shift 2 ;;
        --duration=*) DURATION=${1#*=}; shift ;;
        --pid) need_arg "$1" $#; PID=$2; shift 2 ;;
        --pid=*) PID=${1#*=}; shift ;;
        --process) need_arg "$1" $#; PROCESS=$2; shift 2 ;;
        --process=*) PROCESS=${1#*=}; shift ;;
        --perf-freq) need_arg "$1" $#; PERF_FREQ=$2; shift 2 ;;
        --perf-freq=*) PERF_FREQ=${1#*=}; shift ;;
        --offcpu-seconds) need_arg "$1" $#; OFFCPU_S=$2; shift 2 ;;
        --offcpu-seconds=*) OFFCPU_S=${1#*=}; shift ;;
        --mysql-user) need_arg "$1" $#; MYSQL_USER=$2; shift 2 ;;
        --mysql-user=*) MYSQL_USER=${1#*=}; shift ;;
        --mysql-socket) need_arg "$1" $#; MYSQL_SOCKET=$2; shift 2 ;;
        --mysql-socket=*) MYSQL_SOCKET=${1#*=}; shift ;;
        --mysql-defaults-file) need_arg "$1" $#; MYSQL_DEFAULTS=$2; shift 2 ;;
        --mysql-defaults-file=*) MYSQL_DEFAULTS=${1#*=}; shift ;;
        --mysql-password*|--password*)
            die "no password on the command line: use MYSQL_PWD or --mysql-defaults-file" ;;
        --sysbench) need_arg "$1" $#; SYSBENCH_ARGS=$2; shift 2 ;;
        --sysbench=*) SYSBENCH_ARGS=${1#*=}; shift ;;
        --sweep) need_arg "$1" $#; SWEEP=$2; shift 2 ;;
        --sweep=*) SWEEP=${1#*=}; shift ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
done

# ---------------------------------------------------------------- checks
is_uint "$DURATION" || die "--duration must be a whole number of seconds"
[ "$DURATION" -ge 1 ] || die "--duration must be at least 1"
[ "$DURATION" -le "$MAX_DURATION" ] || die "--duration $DURATION refused: at most $MAX_DURATION seconds"
if ! is_uint "$PERF_FREQ" || [ "$PERF_FREQ" -lt 1 ]; then
    die "--perf-freq must be a positive whole number"
fi
[ -z "$PID" ] || is_uint "$PID" || die "--pid must be a number"
if [ -z "$OFFCPU_S" ]; then
    OFFCPU_S=5
    [ "$OFFCPU_S" -le "$DURATION" ] || OFFCPU_S=$DURATION
fi
is_uint "$OFFCPU_S" || die "--offcpu-seconds must be a whole number of seconds"
[ "$OFFCPU_S" -le "$DURATION" ] || die "--offcpu-seconds $OFFCPU_S refused: at most --duration ($DURATION)"
[ -n "$OUT" ] || [ "$DRY_RUN" -eq 1 ] || die "--out DIR is required"
[ -z "$OUT" ] && OUT=./tunescope-step
[ -n "$SWEEP" ] && [ -z "$SYSBENCH_ARGS" ] && die "--sweep needs --sysbench"
if [ -n "$SWEEP" ]; then
    for t in $SWEEP; do
        if ! is_uint "$t" || [ "$t" -lt 1 ]; then
            die "--sweep: '$t' is not a thread count"
        fi
    done
fi
if [ -n "$MYSQL_DEFAULTS" ] && [ ! -r "$MYSQL_DEFAULTS" ]; then
    die "--mysql-defaults-file $MYSQL_DEFAULTS is not readable"
fi
if [ "$DRY_RUN" -eq 0 ] && [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then
    die "$OUT exists and is not empty"
fi
[ -n "$LABEL" ] || LABEL=$(basename "$OUT")

# ---------------------------------------------------------------- helpers
BG_PIDS=
TIMELINE="$OUT/timeline.log"
LOG="$OUT/collector.log"

now() {
    date +%Y-%m-%dT%H:%M:%S%z
}

# Command line as text, arguments quoted for sh where needed.
show_cmd() {
    _sc=
    for _a in "$@"; do
        case "$_a" in
            ''|*[!A-Za-z0-9_./=:,+@%^-]*)
                _a="'$(printf '%s' "$_a" | sed "s/'/'\\\\''/g")'" ;;
        esac
        _sc="$_sc${_sc:+ }$_a"
    done
    printf '%s' "$_sc"
}

# Hide anything that looks like a password value in a command line.
redact() {
    printf '%s\n' "$*" | sed -e 's/\(password[^= ]*=\)[^ ]*/\1****/g' \
        -e 's/\(passwd[^= ]*=\)[^ ]*/\1****/g'
}

note() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '# %s\n' "$*"
    else
        printf '%s %s\n' "$(now)" "$*" >>"$LOG"
    fi
}

mark() {
    # mark start|end NAME COMMAND...
    _m_what=$1
    _m_name=$2
    shift 2
    printf '%s %s %s %s\n' "$(now)" "$_m_what" "$_m_name" "$(redact "$(show_cmd "$@")")" >>"$TIMELINE"
}

# run NAME OUTFILE CMD [ARGS...]: stdout to OUTFILE (- for none), stderr to
# collector.log, start/end lines in timeline.log.
run() {
    _r_name=$1
    _r_out=$2
    shift 2
    _r_desc=$(redact "$(show_cmd "$@")")
    if [ "$DRY_RUN" -eq 1 ]; then
        if [ "$_r_out" = - ]; then
            printf '%s\n' "$_r_desc"
        else
            printf '%s > %s\n' "$_r_desc" "$OUT/$_r_out"
        fi
        return 0
    fi
    mark start "$_r_name" "$@"
    printf '%s ---- %s: %s\n' "$(now)" "$_r_name" "$_r_desc" >>"$LOG"
    if [ "$_r_out" = - ]; then
        "$@" >>"$LOG" 2>&1
    else
        "$@" >"$OUT/$_r_out" 2>>"$LOG"
    fi
    _r_rc=$?
    mark end "$_r_name" "$@"
    [ "$_r_rc" -eq 0 ] || printf '%s %s exited with status %s\n' "$(now)" "$_r_name" "$_r_rc" >>"$LOG"
    return "$_r_rc"
}

# run_bg NAME OUTFILE CMD [ARGS...]: like run, in the background; the job's
# pid is added to BG_PIDS. The end line is written when the job finishes.
run_bg() {
    _b_name=$1
    _b_out=$2
    shift 2
    # RUN_DESC, when set, is logged instead of the command (shell functions)
    if [ -n "${RUN_DESC:-}" ]; then
        _b_desc=$(redact "$RUN_DESC")
    else
        _b_desc=$(redact "$(show_cmd "$@")")
    fi
    RUN_DESC=
    if [ "$DRY_RUN" -eq 1 ]; then
        if [ "$_b_out" = - ]; then
            printf '%s &\n' "$_b_desc"
        else
            printf '%s > %s &\n' "$_b_desc" "$OUT/$_b_out"
        fi
        return 0
    fi
    printf '%s start %s %s\n' "$(now)" "$_b_name" "$_b_desc" >>"$TIMELINE"
    printf '%s ---- %s (background): %s\n' "$(now)" "$_b_name" "$_b_desc" >>"$LOG"
    if [ "$_b_out" = - ]; then
        "$@" >>"$LOG" 2>&1 &
    else
        "$@" >"$OUT/$_b_out" 2>>"$LOG" &
    fi
    _b_pid=$!
    BG_PIDS="$BG_PIDS $_b_pid"
    eval "BG_NAME_$_b_pid=\$_b_name"
    eval "BG_CMD_$_b_pid=\$_b_desc"
}

# Wait for background job $1, at most $2 seconds, then stop it.
finish_bg() {
    _f_pid=$1
    _f_left=$2
    while kill -0 "$_f_pid" 2>/dev/null && [ "$_f_left" -gt 0 ]; do
        sleep 1
        _f_left=$((_f_left - 1))
    done
    if kill -0 "$_f_pid" 2>/dev/null; then
        kill_job INT "$_f_pid"
        sleep 1
        kill_job TERM "$_f_pid"
        note "stopped background job $_f_pid (still running at the end of the window)"
    fi
    wait "$_f_pid" 2>/dev/null
    _f_name=
    _f_cmd=
    eval "_f_name=\${BG_NAME_$_f_pid:-}"
    eval "_f_cmd=\${BG_CMD_$_f_pid:-}"
    if [ -n "$_f_name" ]; then
        printf '%s end %s %s\n' "$(now)" "$_f_name" "$_f_cmd" >>"$TIMELINE"
        eval "BG_NAME_$_f_pid="
    fi
    _f_new=
    for _f_p in $BG_PIDS; do
        [ "$_f_p" = "$_f_pid" ] || _f_new="$_f_new $_f_p"
    done
    BG_PIDS=$_f_new
}

# kill_job SIGNAL PID: signal a background job and its direct children
# (a job that is a shell function, like the sysbench runner, has children).
kill_job() {
    if command -v pkill >/dev/null 2>&1; then
        pkill "-$1" -P "$2" 2>/dev/null
    fi
    kill "-$1" "$2" 2>/dev/null
}

# shellcheck disable=SC2317  # called from the EXIT trap
cleanup() {
    for _c_p in $BG_PIDS; do
        kill_job TERM "$_c_p"
    done
    for _c_p in $BG_PIDS; do
        wait "$_c_p" 2>/dev/null
    done
    BG_PIDS=
    if [ "$DRY_RUN" -eq 0 ] && [ "$KEEP_PERF_DATA" -eq 0 ]; then
        rm -f "$OUT/perf.data" "$OUT/perf.data.old" "$OUT/.perf-probe.data" "$OUT/.perf-probe.data.old" \
            "$OUT/perf-sched.data" "$OUT/perf-sched.data.old"
    fi
}

trap 'cleanup' EXIT
trap 'note "interrupted"; exit 130' INT
trap 'note "terminated"; exit 143' TERM

MISSING=
have() {
    if command -v "$1" >/dev/null 2>&1; then
        return 0
    fi
    case " $MISSING " in
        *" $1 "*) ;;
        *)
            MISSING="$MISSING $1"
            if [ "$DRY_RUN" -eq 1 ]; then
                printf '# missing tool: %s\n' "$1"
            else
                printf '%s\n' "$1" >>"$OUT/missing-tools.txt"
            fi
            ;;
    esac
    return 1
}

json_str() {
    # JSON string literal of $1 (escapes \ " and control characters)
    printf '%s' "$1" | awk 'BEGIN { ORS = "" }
        {
            gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); gsub(/\t/, "\\t"); gsub(/\r/, "\\r")
            gsub(/[\001-\037]/, " ")
            if (NR > 1) printf "\\n"
            printf "%s", $0
        }
        END { }' | { printf '"'; cat; printf '"'; }
}

# ---------------------------------------------------------------- start
if [ "$DRY_RUN" -eq 0 ]; then
    mkdir -p "$OUT" || die "cannot create $OUT"
    : >"$TIMELINE"
    : >"$LOG"
fi
START_DATE=$(date +%Y-%m-%dT%H:%M:%S%z)
note "$PROG $VERSION, out=$OUT duration=${DURATION}s perf-freq=${PERF_FREQ}"

# Server process
if [ -z "$PID" ]; then
    if have pgrep; then
        if [ -n "$PROCESS" ]; then
            PID=$(pgrep -o -x "$PROCESS")
        else
            PID=$(pgrep -o -x mariadbd)
            [ -n "$PID" ] || PID=$(pgrep -o -x mysqld)
        fi
    fi
fi
if [ -n "$PID" ] && [ ! -d "/proc/$PID" ]; then
    note "process $PID does not exist"
    PID=
fi
if [ -z "$PID" ]; then
    note "no database server process found: process files and perf are skipped"
else
    note "server pid $PID ($(cat "/proc/$PID/comm" 2>/dev/null))"
fi

# mysql client
MYSQL_BIN=
if command -v mysql >/dev/null 2>&1; then
    MYSQL_BIN=mysql
elif command -v mariadb >/dev/null 2>&1; then
    MYSQL_BIN=mariadb
else
    have mysql
fi

# mysql_run NAME OUTFILE QUERY
mysql_run() {
    _q_name=$1
    _q_out=$2
    _q_query=$3
    [ -n "$MYSQL_BIN" ] || return 1
    set -- "$MYSQL_BIN"
    [ -n "$MYSQL_DEFAULTS" ] && set -- "$@" "--defaults-extra-file=$MYSQL_DEFAULTS"
    [ -n "$MYSQL_USER" ] && set -- "$@" "--user=$MYSQL_USER"
    [ -n "$MYSQL_SOCKET" ] && set -- "$@" "--socket=$MYSQL_SOCKET"
    set -- "$@" -B -e "$_q_query"
    run "$_q_name" "$_q_out" "$@"
}

# mysql_value QUERY: one value from the server (empty when the client or the query fails); nothing is written
mysql_value() {
    [ -n "$MYSQL_BIN" ] || return 1
    [ "$DRY_RUN" -eq 1 ] && return 1
    set -- "$MYSQL_BIN"
    [ -n "$MYSQL_DEFAULTS" ] && set -- "$@" "--defaults-extra-file=$MYSQL_DEFAULTS"
    [ -n "$MYSQL_USER" ] && set -- "$@" "--user=$MYSQL_USER"
    [ -n "$MYSQL_SOCKET" ] && set -- "$@" "--socket=$MYSQL_SOCKET"
    "$@" -N -B -e "$_v_query" 2>/dev/null
}

# mysqladmin_bg NAME OUTFILE ARGS...: mysqladmin (or mariadb-admin) with the client's credentials, in the background
mysqladmin_bg() {
    _a_name=$1
    _a_out=$2
    shift 2
    _a_bin=
    if command -v mysqladmin >/dev/null 2>&1; then
        _a_bin=mysqladmin
    elif command -v mariadb-admin >/dev/null 2>&1; then
        _a_bin=mariadb-admin
    else
        return 1
    fi
    _a_opts=
    [ -n "$MYSQL_DEFAULTS" ] && _a_opts="$_a_opts --defaults-extra-file=$MYSQL_DEFAULTS"
    [ -n "$MYSQL_USER" ] && _a_opts="$_a_opts --user=$MYSQL_USER"
    [ -n "$MYSQL_SOCKET" ] && _a_opts="$_a_opts --socket=$MYSQL_SOCKET"
    # shellcheck disable=SC2086  # the options are words without blanks (paths and a user name)
    run_bg "$_a_name" "$_a_out" "$_a_bin" $_a_opts "$@"
}

# Server binary for --print-defaults
SERVER_BIN=
for _s in mariadbd mysqld; do
    if command -v "$_s" >/dev/null 2>&1; then
        SERVER_BIN=$_s
        break
    elif [ -x "/usr/sbin/$_s" ]; then
        SERVER_BIN=/usr/sbin/$_s
        break
    fi
done
[ -n "$SERVER_BIN" ] || have mariadbd || have mysqld

# The server's cgroup (/proc/PID/cgroup) and its cpuset and CPU-bandwidth files, as grep -H prints them:
# cgroup v2 (one hierarchy at /sys/fs/cgroup, or /sys/fs/cgroup/unified beside v1) and v1 (cpuset, cpu).
# shellcheck disable=SC2317  # called through run
cgroup_files() {
    grep -H . "/proc/$1/cgroup" 2>/dev/null
    if [ -e /sys/fs/cgroup/cgroup.controllers ]; then
        _cg_v2=/sys/fs/cgroup
    else
        _cg_v2=/sys/fs/cgroup/unified
    fi
    while IFS=: read -r _cg_h _cg_ctl _cg_path; do
        case "$_cg_ctl" in
            "") _cg_d="$_cg_v2$_cg_path"
                _cg_f="cpuset.cpus cpuset.cpus.effective cpuset.mems cpuset.mems.effective cpu.max cpu.stat cpu.pressure" ;;
            *cpuset*) _cg_d="/sys/fs/cgroup/cpuset$_cg_path"
                _cg_f="cpuset.cpus cpuset.effective_cpus cpuset.mems cpuset.effective_mems" ;;
            cpu|cpu,*|*,cpu|*,cpu,*) _cg_d="/sys/fs/cgroup/cpu$_cg_path"
                _cg_f="cpu.cfs_quota_us cpu.cfs_period_us cpu.stat" ;;
            *) continue ;;
        esac
        _cg_d=${_cg_d%/}
        for _cg_n in $_cg_f; do
            [ -r "$_cg_d/$_cg_n" ] && grep -H . "$_cg_d/$_cg_n" 2>/dev/null
        done
    done <"/proc/$1/cgroup"
    : "$_cg_h"
    return 0
}

# ---------------------------------------------------------------- static facts
have lscpu && run lscpu lscpu.txt lscpu
have numactl && run numactl-hardware numactl-hardware.txt numactl --hardware
have sysctl && run sysctl sysctl.txt sysctl -a
have uname && run uname uname.txt uname -a
# the distribution (openEuler, Kylin, UOS, CentOS ...) and the base page size (4 KB, or 64 KB on many aarch64
# kernels); block-device queues (rotational, scheduler, queue depth, read-ahead). Absent files are fine.
run os-release os-release.txt sh -c 'cat /etc/os-release 2>/dev/null || true'
have getconf && run getconf getconf.txt getconf -a
run block-queue block-queue.txt sh -c 'grep . /sys/block/*/queue/rotational /sys/block/*/queue/scheduler /sys/block/*/queue/nr_requests /sys/block/*/queue/read_ahead_kb 2>/dev/null || true'
# where each interrupt may run (grep exits 1 on a kernel without the files: not a failure)
run irq-affinity irq-affinity.txt sh -c 'grep -H . /proc/irq/*/smp_affinity_list 2>/dev/null || true'
# NIC queues of every interface with a device (not lo, bridges, bonds or veths); a driver without channel
# support prints its error, which goes into the file so that Tunescope can say so
if have ethtool; then
    for _n in /sys/class/net/*; do
        _i=$(basename "$_n")
        [ -e "$_n/device" ] || continue
        # shellcheck disable=SC2016  # $1 is expanded by the inner sh, on purpose
        run "ethtool-l-$_i" "ethtool-l-$_i.txt" sh -c 'ethtool -l "$1" 2>&1 || true' sh "$_i"
    done
fi

# Configuration files: copied as they are, except password-like values.
copy_cnf() {
    # copy_cnf SRC DEST(relative to OUT)
    if [ "$DRY_RUN" -eq 1 ]; then
        printf 'sed (hide password values) %s > %s\n' "$1" "$OUT/$2"
        return 0
    fi
    mark start copy-config "cp $1 $2"
    sed -e 's/^\([[:space:]]*[A-Za-z0-9_-]*passw[A-Za-z0-9_-]*[[:space:]]*=\).*$/\1 ****/' \
        -e 's/^\([[:space:]]*[A-Za-z0-9_-]*sst_auth[[:space:]]*=\).*$/\1 ****/' \
        "$1" >"$OUT/$2" 2>>"$LOG"
    mark end copy-config "cp $1 $2"
}

MAIN_CNF=
for _c in /etc/mysql/my.cnf /etc/my.cnf; do
    if [ -r "$_c" ]; then
        MAIN_CNF=$_c
        break
    fi
done
if [ -n "$MAIN_CNF" ]; then
    copy_cnf "$MAIN_CNF" my.cnf
    CNF_DIRS=
    for _d in /etc/mysql/conf.d /etc/mysql/mariadb.conf.d /etc/my.cnf.d; do
        [ -d "$_d" ] && CNF_DIRS="$CNF_DIRS $_d"
    done
    # each include folder keeps its own name beside my.cnf, so that Tunescope can follow
    # "!includedir /etc/mysql/conf.d/" inside the capture
    for _d in $CNF_DIRS; do
        _dn=$(basename "$_d")
        [ "$DRY_RUN" -eq 1 ] || mkdir -p "$OUT/$_dn"
        for _f in "$_d"/*.cnf; do
            [ -f "$_f" ] || continue
            copy_cnf "$_f" "$_dn/$(basename "$_f")"
        done
    done
else
    note "no /etc/mysql/my.cnf nor /etc/my.cnf"
fi
if [ -n "$SERVER_BIN" ]; then
    if run print-defaults mysqld-print-defaults.txt "$SERVER_BIN" --print-defaults; then
        [ "$DRY_RUN" -eq 1 ] || sed -i -e 's/\(passw[A-Za-z0-9_-]*=\)[^ ]*/\1****/g' "$OUT/mysqld-print-defaults.txt"
    fi
fi

# Server variables and status (read-only queries)
mysql_run mysql-version mysql-version.txt 'SELECT VERSION()'
mysql_run show-global-variables show-global-variables.txt 'SHOW GLOBAL VARIABLES'
mysql_run show-global-status-before show-global-status-before.txt 'SHOW GLOBAL STATUS'
mysql_run innodb-status-before innodb-status-before.txt 'SHOW ENGINE INNODB STATUS'

# Interrupts and softirqs per CPU, before the window (and after it, below): their difference shows
# where the network interrupts of the run landed
run interrupts-before interrupts-before.txt cat /proc/interrupts
run softirqs-before softirqs-before.txt cat /proc/softirqs

# NUMA and placement
if have numastat; then
    run numastat-before numastat-before.txt numastat
    run numastat-m numastat-m.txt numastat -m
    run numastat-cn numastat-cn.txt numastat -c -n
    [ -n "$PID" ] && run numastat-p numastat-p.txt numastat -p "$PID"
fi
if [ -n "$PID" ]; then
    have cat && run numa_maps numa_maps.txt cat "/proc/$PID/numa_maps"
    have taskset && run taskset taskset.txt taskset -pc "$PID"
    have grep && run cpuset cpuset.txt grep -i allowed "/proc/$PID/status"
    # its cgroup limits before the window (and after it, below): the difference of cpu.stat is the throttling of the run
    have grep && run cgroup-before cgroup-before.txt cgroup_files "$PID"
fi

# ---------------------------------------------------------------- sysbench
# Build the sysbench command as a blank-separated word list (no arrays in sh).
SB_CMD=
SB_RUNS=1
if [ -n "$SYSBENCH_ARGS" ] && have sysbench; then
    set -f
    _has_ri=0
    _has_time=0
    _has_sock=0
    _has_user=0
    _words=
    for _w in $SYSBENCH_ARGS; do
        case "$_w" in
            prepare|cleanup) die "--sysbench: '$_w' is not allowed (the collector does not change the database)" ;;
            run) continue ;;
            --report-interval=*) _has_ri=1 ;;
            --time=*) _has_time=1 ;;
            --mysql-socket=*) _has_sock=1 ;;
            --mysql-user=*) _has_user=1 ;;
            --threads=*) [ -n "$SWEEP" ] && continue ;;
        esac
        _words="$_words $_w"
    done
    [ "$_has_ri" -eq 1 ] || _words="$_words --report-interval=1"
    if [ -n "$SWEEP" ]; then
        SB_RUNS=0
        for _t in $SWEEP; do SB_RUNS=$((SB_RUNS + 1)); done
    fi
    if [ "$_has_time" -eq 0 ]; then
        _t_each=$((DURATION / SB_RUNS))
        [ "$_t_each" -ge 1 ] || _t_each=1
        _words="$_words --time=$_t_each"
    fi
    [ "$_has_sock" -eq 1 ] || [ -z "$MYSQL_SOCKET" ] || _words="$_words --mysql-socket=$MYSQL_SOCKET"
    [ "$_has_user" -eq 1 ] || [ -z "$MYSQL_USER" ] || _words="$_words --mysql-user=$MYSQL_USER"
    SB_CMD=$_words
    set +f
fi

# Runs in the background during the window. Word splitting of $SB_CMD is
# intended (globbing is off).
# shellcheck disable=SC2317  # called through run_bg
sysbench_job() {
    set -f
    if [ -n "$SWEEP" ]; then
        for _t in $SWEEP; do
            printf '==== %s threads=%s start\n' "$(now)" "$_t"
            printf '==== command: sysbench%s --threads=%s run\n' "$(redact "$SB_CMD")" "$_t"
            # shellcheck disable=SC2086
            sysbench $SB_CMD --threads="$_t" run 2>&1
            _sb_rc=$?
            printf '==== %s threads=%s end status=%s\n' "$(now)" "$_t" "$_sb_rc"
        done
    else
        printf '==== command: sysbench%s run\n' "$(redact "$SB_CMD")"
        # shellcheck disable=SC2086
        sysbench $SB_CMD run 2>&1
    fi
}

# ---------------------------------------------------------------- window
PERF_OK=0
PERF_EVENT=
if [ -n "$PID" ] && have perf; then
    PERF_OK=1
    # Probe the default event; without a hardware PMU fall back to cpu-clock.
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '%s\n' "perf record -F $PERF_FREQ -p $PID -o $OUT/.perf-probe.data -- sleep 0.2   (probe; on failure add -e cpu-clock)"
    elif ! run perf-probe - perf record -q -F "$PERF_FREQ" -p "$PID" -o "$OUT/.perf-probe.data" -- sleep 0.2; then
        PERF_EVENT=cpu-clock
        note "default perf event failed, using -e cpu-clock"
    fi
    rm -f "$OUT/.perf-probe.data" "$OUT/.perf-probe.data.old" 2>/dev/null
fi

# Off-CPU time: the sched:sched_switch tracepoint, when the kernel has it
OFFCPU_OK=0
if [ "$PERF_OK" -eq 1 ] && [ "$OFFCPU_S" -gt 0 ]; then
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '%s\n' "test -d /sys/kernel/tracing/events/sched/sched_switch || test -d /sys/kernel/debug/tracing/events/sched/sched_switch || perf list sched:sched_switch"
        OFFCPU_OK=1
    elif [ -d /sys/kernel/tracing/events/sched/sched_switch ] || [ -d /sys/kernel/debug/tracing/events/sched/sched_switch ] \
            || perf list sched:sched_switch 2>/dev/null | grep -q 'sched:sched_switch'; then
        OFFCPU_OK=1
    else
        note "no sched:sched_switch tracepoint (tracefs not mounted or not readable): no off-CPU recording"
    fi
fi

HALF=$((DURATION / 2))
note "window start, ${DURATION}s"
[ "$DRY_RUN" -eq 1 ] || WINDOW_START=$(date +%s)

# The window is the life of "perf record -- sleep DURATION" (or of a plain
# sleep without perf). perf is started first: it only sees the server
# threads that exist once it is attached, so sysbench, whose connections
# create server threads, is started after that.
WINDOW_PID=
if [ "$PERF_OK" -eq 1 ]; then
    if [ -n "$PERF_EVENT" ]; then
        run_bg perf-record - perf record -e "$PERF_EVENT" -g -F "$PERF_FREQ" -p "$PID" -o "$OUT/perf.data" -- sleep "$DURATION"
    else
        run_bg perf-record - perf record -g -F "$PERF_FREQ" -p "$PID" -o "$OUT/perf.data" -- sleep "$DURATION"
    fi
else
    run_bg window - sleep "$DURATION"
fi
if [ "$DRY_RUN" -eq 0 ]; then
    WINDOW_PID=$_b_pid
    if [ "$PERF_OK" -eq 1 ]; then
        # perf starts its "sleep" once the events are enabled: wait for it
        # (at most about 3 s).
        _i=0
        while [ "$_i" -lt 30 ] && kill -0 "$WINDOW_PID" 2>/dev/null; do
            if command -v pgrep >/dev/null 2>&1; then
                pgrep -P "$WINDOW_PID" -x sleep >/dev/null 2>&1 && break
            fi
            sleep 0.1 2>/dev/null || sleep 1
            _i=$((_i + 1))
        done
        note "perf attached after about $((_i / 10)).$((_i % 10))s"
    fi
fi

# Monitors: one sample per second, count bounded by the window.
if have iostat; then
    run_bg iostat-x iostat-x.txt env LC_ALL=C iostat -x -t 1 "$DURATION"
    run_bg iostat-x-json iostat-x.json iostat -x -t -o JSON 1 "$DURATION"
fi
if have mpstat; then
    run_bg mpstat mpstat.txt env LC_ALL=C mpstat -P ALL 1 "$DURATION"
    run_bg mpstat-json mpstat.json mpstat -P ALL -o JSON 1 "$DURATION"
fi
have vmstat && run_bg vmstat vmstat.txt vmstat -t 1 "$DURATION"
# the server's counters each second (relative: the first table is since startup, then one second's change each)
mysqladmin_bg mysqladmin-ext mysqladmin-ext.txt extended-status -r -i 1 -c "$DURATION" || note "no mysqladmin: no per-second status counters"

SB_PID=
if [ -n "$SB_CMD" ]; then
    if [ -n "$SWEEP" ]; then
        RUN_DESC="for t in $SWEEP; do sysbench$SB_CMD --threads=\$t run; done"
        run_bg sysbench-sweep sysbench-sweep.log sysbench_job
    else
        RUN_DESC="sysbench$SB_CMD run"
        run_bg sysbench sysbench.log sysbench_job
    fi
    [ "$DRY_RUN" -eq 1 ] || SB_PID=$_b_pid
fi

# Off-CPU recording: OFFCPU_S seconds centred on the middle of the window,
# bounded in time (its own sleep) and in size (--max-size).
OFF_LEAD=0
if [ "$OFFCPU_OK" -eq 1 ]; then
    OFF_LEAD=$((HALF - OFFCPU_S / 2))
    [ "$OFF_LEAD" -ge 0 ] || OFF_LEAD=0
    if [ "$DRY_RUN" -eq 1 ]; then
        printf 'sleep %s\n' "$OFF_LEAD"
    else
        sleep "$OFF_LEAD"
    fi
    note "off-CPU recording: sched:sched_switch with call chains of pid $PID for ${OFFCPU_S}s, at most $OFFCPU_MAX_DATA"
    run_bg perf-sched - perf record -e sched:sched_switch -g -p "$PID" --max-size="$OFFCPU_MAX_DATA" -o "$OUT/perf-sched.data" -- sleep "$OFFCPU_S"
fi

# numastat in the middle of the window
if [ "$DRY_RUN" -eq 1 ]; then
    printf 'sleep %s\n' "$((HALF - OFF_LEAD))"
else
    sleep "$((HALF - OFF_LEAD))"
fi
have numastat && run numastat-during numastat-during.txt numastat
mysql_run processlist-during processlist-during.txt 'SHOW FULL PROCESSLIST'

if [ "$DRY_RUN" -eq 0 ]; then
    # Wait for the rest of the window, never longer than --duration.
    _elapsed=$(($(date +%s) - WINDOW_START))
    finish_bg "$WINDOW_PID" $((DURATION - _elapsed + 2))
    # sysbench: a short grace period for its summary, then stopped
    if [ -n "$SB_PID" ]; then
        finish_bg "$SB_PID" 5
    fi
    for _p in $BG_PIDS; do
        finish_bg "$_p" 3
    done
fi
note "window end"

# ---------------------------------------------------------------- after
mysql_run show-global-status-after show-global-status-after.txt 'SHOW GLOBAL STATUS'
mysql_run innodb-status-after innodb-status-after.txt 'SHOW ENGINE INNODB STATUS'
# performance_schema summaries (since the server started), only when it is on; read-only, top 50 by time
_v_query='SELECT @@performance_schema'
if [ "$(mysql_value)" = 1 ]; then
    mysql_run pfs-waits pfs-waits.txt 'SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT, MIN_TIMER_WAIT, AVG_TIMER_WAIT, MAX_TIMER_WAIT FROM performance_schema.events_waits_summary_global_by_event_name WHERE COUNT_STAR > 0 ORDER BY SUM_TIMER_WAIT DESC LIMIT 50'
    mysql_run pfs-digests pfs-digests.txt 'SELECT SCHEMA_NAME, DIGEST, DIGEST_TEXT, COUNT_STAR, SUM_TIMER_WAIT, MIN_TIMER_WAIT, AVG_TIMER_WAIT, MAX_TIMER_WAIT, SUM_LOCK_TIME, SUM_ERRORS, SUM_WARNINGS, SUM_ROWS_AFFECTED, SUM_ROWS_SENT, SUM_ROWS_EXAMINED, SUM_CREATED_TMP_DISK_TABLES, SUM_CREATED_TMP_TABLES, SUM_SELECT_FULL_JOIN, SUM_SELECT_SCAN, SUM_SORT_MERGE_PASSES, SUM_NO_INDEX_USED, SUM_NO_GOOD_INDEX_USED FROM performance_schema.events_statements_summary_by_digest ORDER BY SUM_TIMER_WAIT DESC LIMIT 50'
else
    note "performance_schema is off (or not readable): no wait or statement summaries"
fi
have numastat && run numastat-after numastat-after.txt numastat
run interrupts-after interrupts-after.txt cat /proc/interrupts
run softirqs-after softirqs-after.txt cat /proc/softirqs
[ -n "$PID" ] && have grep && run cgroup-after cgroup-after.txt cgroup_files "$PID"
# pressure stall information at the end of the window (Linux 4.20+; avg10/avg60 cover the last seconds of the run)
run pressure pressure.txt sh -c 'grep . /proc/pressure/* 2>/dev/null || true'

if [ "$PERF_OK" -eq 1 ] && { [ "$DRY_RUN" -eq 1 ] || [ -s "$OUT/perf.data" ]; }; then
    PD="$OUT/perf.data"
    run perf-evlist perf-evlist.txt perf evlist -i "$PD"
    run perf-report-children perf-report-children.txt perf report -i "$PD" --stdio -n --children
    run perf-report-flat perf-report-flat.txt perf report -i "$PD" --stdio -n --no-children -g none
    run perf-report-caller perf-report-caller.txt perf report -i "$PD" --stdio --no-children -g caller
    run perf-script perf-script.txt perf script -i "$PD"
    if [ "$KEEP_PERF_DATA" -eq 0 ]; then
        if [ "$DRY_RUN" -eq 1 ]; then
            printf 'rm -f %s\n' "$PD"
        else
            rm -f "$PD" "$PD.old"
        fi
    fi
elif [ "$PERF_OK" -eq 1 ]; then
    note "perf record wrote no data"
fi

if [ "$OFFCPU_OK" -eq 1 ] && { [ "$DRY_RUN" -eq 1 ] || [ -s "$OUT/perf-sched.data" ]; }; then
    SD="$OUT/perf-sched.data"
    run perf-sched-script perf-sched.script.txt perf script -i "$SD"
    if [ "$DRY_RUN" -eq 0 ]; then
        # the overhead in numbers: events recorded per second of the recording
        _ev=$(grep -c 'sched:sched_switch:' "$OUT/perf-sched.script.txt" 2>/dev/null)
        note "off-CPU recording: ${_ev:-0} context switches in ${OFFCPU_S}s ($(( ${_ev:-0} / OFFCPU_S ))/s), each one recorded with its call chain"
    fi
    if [ "$KEEP_PERF_DATA" -eq 0 ]; then
        if [ "$DRY_RUN" -eq 1 ]; then
            printf 'rm -f %s\n' "$SD"
        else
            rm -f "$SD" "$SD.old"
        fi
    fi
elif [ "$OFFCPU_OK" -eq 1 ]; then
    note "the off-CPU recording wrote no data"
fi

# ---------------------------------------------------------------- manifest
if [ "$DRY_RUN" -eq 1 ]; then
    printf 'write %s\n' "$OUT/tunescope.json"
else
    _iso=$(printf '%s' "$START_DATE" | sed 's/\([+-][0-9][0-9]\)\([0-9][0-9]\)$/\1:\2/')
    _host=$(hostname 2>/dev/null || uname -n)
    {
        printf '{\n'
        printf '  "label": %s,\n' "$(json_str "$LABEL")"
        printf '  "change": %s,\n' "$(json_str "$CHANGE")"
        printf '  "date": %s,\n' "$(json_str "$_iso")"
        printf '  "host": %s,\n' "$(json_str "$_host")"
        printf '  "collector": %s,\n' "$(json_str "$PROG $VERSION")"
        printf '  "duration_s": %s\n' "$DURATION"
        printf '}\n'
    } >"$OUT/tunescope.json"
    # Last safety net: the password must not appear in any output file.
    if [ -n "${MYSQL_PWD:-}" ] && [ "${#MYSQL_PWD}" -ge 4 ]; then
        if grep -rqF -- "$MYSQL_PWD" "$OUT" 2>/dev/null; then
            printf '%s: WARNING: the MYSQL_PWD value appears in a file under %s; check before sharing\n' "$PROG" "$OUT" >&2
        fi
    fi
    printf '%s: step written to %s\n' "$PROG" "$OUT" >&2
fi
exit 0
