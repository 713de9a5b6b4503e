#!/usr/bin/env bash
# Start-up of the desktop app (issue 17 item 2): from `java -jar` to the main window, with a capture opening
# behind it, under a private Xvfb display, N runs. Uses the app's own stage log (-Dtunescope.startupLog, see
# io.tunescope.ui.StartupLog) and prints, per stage, the minimum and median of the JVM's uptime and of the
# process's CPU time (user + sys) when it was reached, in milliseconds, with the load average.
#
#   scripts/app-startup.sh [CAPTURE] [RUNS] [LAST_STAGE] [JAVA_OPTIONS...]
#     CAPTURE     folder or file to open (default sample-data/mariadb-oltp; "-" for none: then LAST_STAGE
#                 defaults to first-pulse)
#     RUNS        default 5
#     LAST_STAGE  the run ends when it is reached (default view-painted); the app is then stopped
#
# Needs Xvfb and target/tunescope.jar. Preferences go to a throw-away node, the app's home to a temporary folder.
# CP=CLASSPATH runs io.tunescope.Launcher from that class path instead of the jar (JAR=FILE picks another jar).
# TIMEOUT=SECONDS gives up on a run (default 600).
# XDISPLAY=:N picks the Xvfb display number (default a random one from :100 to :199).
# SHOT=FILE.png saves a screenshot of the screen at LAST_STAGE of the first run (needs ImageMagick's import).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
capture=${1:-$root/sample-data/mariadb-oltp}
runs=${2:-5}
if [ "$capture" = "-" ]; then last=${3:-first-pulse}; else last=${3:-view-painted}; fi
shift $(( $# < 3 ? $# : 3 ))
jar=${JAR:-$root/target/tunescope.jar}
if [ -n "${CP:-}" ]; then launch=(-cp "$CP" io.tunescope.Launcher); else launch=(-jar "$jar"); fi
[ -n "${CP:-}" ] || [ -f "$jar" ] || { echo "build $jar first (mvn -o -q package -DskipTests)" >&2; exit 1; }
command -v Xvfb >/dev/null || { echo "needs Xvfb" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tunescope-app-startup.XXXXXX")
display=${XDISPLAY:-:$(( 100 + RANDOM % 100 ))}
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
app=
cleanup() { [ -n "$app" ] && kill "$app" 2>/dev/null; kill "$xvfb" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT INT TERM
sleep 1
loads=()
for i in $(seq 1 "$runs"); do
  log=$tmp/run$i.log
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
  args=()
  [ "$capture" != "-" ] && args=("$capture")
  DISPLAY=$display java "$@" -Dtunescope.startupLog="$log" -Dtunescope.prefsNode="io/tunescope-app-startup-$$" \
    -Dtunescope.home="$tmp/home" "${launch[@]}" "${args[@]}" >"$tmp/out$i" 2>&1 &
  app=$!
  deadline=$(( SECONDS + ${TIMEOUT:-600} ))
  while [ "$SECONDS" -lt "$deadline" ]; do
    grep -q "^$last " "$log" 2>/dev/null && break
    kill -0 "$app" 2>/dev/null || break
    sleep 0.1
  done
  if [ "$i" = 1 ] && [ -n "${SHOT:-}" ]; then import -window root -display "$display" "$SHOT" || true; fi
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=
  grep -q "^$last " "$log" 2>/dev/null || { echo "run $i did not reach $last:" >&2; cat "$tmp/out$i" >&2; }
done
echo "load average at the runs' starts: ${loads[*]} (now $(cut -d' ' -f1-3 /proc/loadavg)); $(nproc) cores; $runs runs"
printf '%-15s %-22s %s\n' stage "uptime ms min/median" "cpu ms min/median"
for stage in main fx-up window-built stage-shown first-pulse views-built capture-loaded view-filled view-painted flame-snapshot flame-painted; do
  cat "$tmp"/run*.log 2>/dev/null | grep "^$stage " >"$tmp/s" || continue
  up=$(sed 's/.*uptime_ms=\([0-9]*\).*/\1/' "$tmp/s" | sort -n | awk '{a[NR]=$1} END {printf "%s/%s", a[1], a[int((NR+1)/2)]}')
  cpu=$(sed 's/.*cpu_ms=\([0-9]*\).*/\1/' "$tmp/s" | sort -n | awk '{a[NR]=$1} END {printf "%s/%s", a[1], a[int((NR+1)/2)]}')
  printf '%-15s %-22s %s\n' "$stage" "$up" "$cpu"
done
