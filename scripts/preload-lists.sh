#!/bin/sh
# Writes the class lists that io.tunescope.cli.Preload loads on a second thread while picocli builds the command's
# model on the main thread (issue 17 item 2): src/main/resources/io/tunescope/cli/preload/COMMAND.txt, one binary
# class name per line, in the order the command loads them when it runs alone (-Xlog:class+load), from
# io.tunescope.Launcher on: JDK, picocli and Tunescope classes. Hidden classes (lambdas, proxies) are left out.
#
#   scripts/preload-lists.sh [JAR]        (default target/tunescope.jar; build it first)
#
# Run it again when a command's start-up changes much (a new library, picocli upgraded); PreloadTest fails when
# a listed class no longer exists. The lists are made with preloading off (-Dtunescope.preload=false).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
jar=${1:-$root/target/tunescope.jar}
[ -f "$jar" ] || { echo "no $jar: build it with mvn -o -q package -DskipTests" >&2; exit 1; }
out="$root/src/main/resources/io/tunescope/cli/preload"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tunescope-preload.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$out" "$tmp/home"
perf="$tmp/two-samples.perf-script.txt"
printf 'mysqld  1234 [000] 100.000001:     250000 cpu-clock:\n\t    55d0c0a1b2c3 do_command+0x13 (/usr/sbin/mysqld)\n\t    55d0c0a1b000 handle_connection+0x20 (/usr/sbin/mysqld)\n\n' >"$perf"
printf 'mysqld  1234 [001] 100.000002:     250000 cpu-clock:\n\t    55d0c0a1b2c4 dispatch_command+0x13 (/usr/sbin/mysqld)\n\t    55d0c0a1b000 handle_connection+0x20 (/usr/sbin/mysqld)\n\n' >>"$perf"
capture="$root/sample-data/mariadb-oltp"

one() { # COMMAND ARGS...
    name=$1
    env -u DISPLAY -u WAYLAND_DISPLAY java -Djava.awt.headless=true -Dtunescope.home="$tmp/home" -Dtunescope.preload=false \
        -Xlog:class+load=info:file="$tmp/$name.log":none -cp "$jar" io.tunescope.Launcher "$@" >/dev/null 2>"$tmp/$name.err" </dev/null || true
    # from the Launcher on; "NAME source: ..." -> NAME; no hidden classes (a '/' in the name), lambdas or proxies
    sed -n '/^io\.tunescope\.Launcher /,$p' "$tmp/$name.log" | cut -d' ' -f1 \
        | grep -v -e '/' -e '\$\$Lambda' -e '^jdk\.proxy' -e '^io\.tunescope\.Launcher$' >"$out/$name.txt"
    echo "$name: $(wc -l <"$out/$name.txt") classes"
}
one collapse "$perf"
one flamegraph "$perf" --png "$tmp/flame.png"
one heatmap "$perf" --png "$tmp/heat.png"
one inspect "$capture"
one steps "$capture"
one findings "$capture"
one timeline "$capture" --png "$tmp/timeline.png"
one export "$capture" --pdf "$tmp/report.pdf"
