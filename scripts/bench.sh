#!/usr/bin/env bash
# Side-by-side benchmark of Tunescope against Perl FlameGraph (issue 17): folding perf script text of 200 MB and
# 1 GB, start-up on a two-sample input, one million distinct stacks to a PNG, opening the sample capture.
# Prints a Markdown table; every ratio is measured in the same run, repeats interleaved, minimum kept.
#
#   FLAMEGRAPH_DIR=/path/to/FlameGraph scripts/bench.sh            (from the repository root, after mvn package)
#
# Environment:
#   FLAMEGRAPH_DIR  directory with stackcollapse-perf.pl and flamegraph.pl (Perl rows are skipped without it)
#   JAR             the Tunescope jar (default target/tunescope.jar)
#   BASE_JAR        an older Tunescope jar to compare with (optional: a "before" column)
#   WORK            where generated inputs and outputs go (default /tmp/tunescope-bench; deleted at the end
#                   unless KEEP=1)
#   SIZES_MB        perf script sizes to fold (default "200 1024")
#   REPEATS         interleaved repeats per size (default 3); REPEATS_1M for the million stacks (default 1)
#   INPUT           a perf script file to replicate instead of the sample capture's three
#   SKIP            words among "fold start stacks capture capture500" to leave out
#   CAPTURE_PERF_MB perf script size in the ~500 MB capture that capture500 opens (default 480)
# Times: /usr/bin/time user+sys CPU (what a shared machine disturbs least) and wall; max RSS in MB.
set -euo pipefail

cd "$(dirname "$0")/.."
JAR=${JAR:-target/tunescope.jar}
WORK=${WORK:-/tmp/tunescope-bench}
SIZES_MB=${SIZES_MB:-"200 1024"}
REPEATS=${REPEATS:-3}
REPEATS_1M=${REPEATS_1M:-1}
SKIP=${SKIP:-}
JAVA=${JAVA:-java}
FG=${FLAMEGRAPH_DIR:-}
[ -f "$JAR" ] || { echo "no $JAR: run mvn -o package -DskipTests first" >&2; exit 2; }
if [ -n "$FG" ] && [ ! -f "$FG/stackcollapse-perf.pl" ]; then echo "no stackcollapse-perf.pl in $FG" >&2; exit 2; fi
[ -z "$FG" ] && echo "FLAMEGRAPH_DIR not set: Perl FlameGraph rows are left out" >&2
mkdir -p "$WORK"
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$WORK"' EXIT

skip() { case " $SKIP " in *" $1 "*) return 0;; esac; return 1; }
load() { uptime | sed 's/.*load average: //'; }

# run NAME OUT CMD...: one timed run; appends "cpu wall rss_mb" to $WORK/NAME.times
run() {
    local name=$1 out=$2; shift 2
    /usr/bin/time -f '%U %S %e %M' -o "$WORK/t.$$" "$@" > "$out"
    awk '{printf "%.2f %.2f %.0f\n", $1 + $2, $3, $4 / 1024}' "$WORK/t.$$" >> "$WORK/$name.times"
}
# best NAME: "cpu wall rss" minimum over the runs (each column on its own)
best() {
    sort -n -k1,1 "$WORK/$1.times" | head -1 | awk '{printf "%s", $1}'
    printf ' '
    sort -n -k2,2 "$WORK/$1.times" | head -1 | awk '{printf "%s", $2}'
    printf ' '
    sort -n -k3,3 "$WORK/$1.times" | head -1 | awk '{printf "%s\n", $3}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b <= 0) printf "-"; else if (a / b < 1) printf "%.2fx", a / b; else printf "%.1fx", a / b }'; }
mbps() { awk -v mb="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.0f", mb / s; else printf "-" }'; }

ROWS=()
row() { ROWS+=("$1"); }

# --- inputs: the sample capture's perf script, replicated with each copy's timestamps shifted past the one before
BASE="$WORK/base.perf.txt"
if [ -n "${INPUT:-}" ]; then cp "$INPUT" "$BASE"; else cat sample-data/mariadb-oltp/*/perf-script.txt > "$BASE"; fi
# the replicated file must end with a blank line (the script drops a last sample no blank line ends)
[ -z "$(tail -c 1 "$BASE")" ] && [ -z "$(tail -c 2 "$BASE" | head -c 1)" ] || printf '\n' >> "$BASE"
gen_perf() {   # gen_perf MB FILE
    perl -e '
        my ($mb, $src) = @ARGV; open my $in, "<", $src or die; my @parts; my $max = 0;
        while (<$in>) {
            if (/^(\S.*?\s)(\d+)\.(\d{6}):(.*)$/s) { push @parts, [$1, $2 * 1000000 + $3, ":" . $4]; $max = $2 if $2 > $max; }
            else { push @parts, $_; }
        }
        my $span = ($max + 10) * 1000000; my $want = $mb * 1048576; my $n = 0; my $c = 0;
        while ($n < $want) {
            my $off = $c++ * $span; my $buf = "";
            for my $p (@parts) {
                if (ref $p) { my $t = $p->[1] + $off; $buf .= $p->[0] . sprintf("%d.%06d", $t / 1000000, $t % 1000000) . $p->[2]; }
                else { $buf .= $p; }
            }
            print $buf; $n += length $buf;
        }' "$1" "$BASE" > "$2"
}

echo "# load at start: $(load)" >&2
LOADS=("start: $(load)")

if ! skip fold; then
    for mb in $SIZES_MB; do
        f="$WORK/perf-$mb.txt"
        gen_perf "$mb" "$f"
        size=$(stat -c %s "$f"); mib=$(awk -v s="$size" 'BEGIN { printf "%.0f", s / 1048576 }')
        rm -f "$WORK"/fold-*.times
        for ((i = 0; i < REPEATS; i++)); do
            run fold-ts "$WORK/ts.folded" "$JAVA" -jar "$JAR" collapse "$f"
            [ -n "$FG" ] && run fold-pl "$WORK/pl.folded" perl "$FG/stackcollapse-perf.pl" "$f"
            [ -n "${BASE_JAR:-}" ] && run fold-base "$WORK/base.folded" "$JAVA" -jar "$BASE_JAR" collapse "$f"
            # the page-cache limit: reading the same bytes once
            run fold-wc /dev/null wc -l "$f"
        done
        same="-"
        [ -n "$FG" ] && { cmp -s "$WORK/ts.folded" "$WORK/pl.folded" && same="identical" || same="DIFFERENT"; }
        [ -n "${BASE_JAR:-}" ] && { cmp -s "$WORK/ts.folded" "$WORK/base.folded" || same="$same; DIFFERENT from BASE_JAR"; }
        read -r tc tw tr <<< "$(best fold-ts)"
        read -r wc_c wc_w _ <<< "$(best fold-wc)"
        LOADS+=("after ${mib} MB: $(load)")
        if [ -n "$FG" ]; then
            read -r pc pw pr <<< "$(best fold-pl)"
            row "| fold ${mib} MB perf script (\`collapse\` vs \`stackcollapse-perf.pl\`) | $tc / $tw | $tr | $pc / $pw | $pr | $(ratio "$pc" "$tc") / $(ratio "$pw" "$tw") | $(mbps "$mib" "$tw") MB/s wall, $(mbps "$mib" "$tc") MB/s of CPU; \`wc -l\` $wc_w s; output $same |"
        else
            row "| fold ${mib} MB perf script (\`collapse\`) | $tc / $tw | $tr | - | - | - | $(mbps "$mib" "$tw") MB/s wall; \`wc -l\` $wc_w s |"
        fi
        if [ -n "${BASE_JAR:-}" ]; then
            read -r bc bw br <<< "$(best fold-base)"
            row "| fold ${mib} MB, BASE_JAR (before) | $bc / $bw | $br | | | $(ratio "$bc" "$tc") / $(ratio "$bw" "$tw") (before / now) | |"
        fi
        rm -f "$f" "$WORK"/*.folded
    done
fi

if ! skip start; then
    # two samples: the first two blank-line-ended samples of the input
    awk 'BEGIN { RS = ""; ORS = "\n\n" } /^#/ { next } n < 2 { print; n++ }' "$BASE" > "$WORK/two.txt"
    rm -f "$WORK"/start-*.times
    for ((i = 0; i < REPEATS + 2; i++)); do
        run start-ts "$WORK/ts2.folded" "$JAVA" -jar "$JAR" collapse "$WORK/two.txt"
        [ -n "$FG" ] && run start-pl "$WORK/pl2.folded" perl "$FG/stackcollapse-perf.pl" "$WORK/two.txt"
    done
    same="-"
    [ -n "$FG" ] && { cmp -s "$WORK/ts2.folded" "$WORK/pl2.folded" && same="identical" || same="DIFFERENT"; }
    read -r tc tw tr <<< "$(best start-ts)"
    if [ -n "$FG" ]; then
        read -r pc pw pr <<< "$(best start-pl)"
        row "| start-up: \`collapse\` of a two-sample input | $tc / $tw | $tr | $pc / $pw | $pr | $(ratio "$pc" "$tc") / $(ratio "$pw" "$tw") | output $same |"
    else
        row "| start-up: \`collapse\` of a two-sample input | $tc / $tw | $tr | - | - | - | |"
    fi
    LOADS+=("after start-up: $(load)")
fi

if ! skip stacks; then
    # one million distinct stacks, sorted as stackcollapse writes them: each stack keeps all but the last few frames
    # of the one before (a real call tree's shape), 20,000 frame names, 20 frames deep on average
    perl -e '
        srand(17); my @s = ("mysqld"); my %seen; my $n = 0;
        while ($n < 1000000) {
            my $keep = @s - 1 - int(rand(4)); $keep = 1 if $keep < 1; splice @s, $keep;
            my $d = 8 + int(rand(25)); push @s, "fn_" . int(rand(20000)) while @s < $d;
            my $k = join(";", @s); next if $seen{$k}++; print $k, " ", 1 + int(rand(1000)), "\n"; $n++;
        }' | LC_ALL=C sort > "$WORK/m1.folded"
    stacks=$(wc -l < "$WORK/m1.folded"); mb=$(awk -v s="$(stat -c %s "$WORK/m1.folded")" 'BEGIN { printf "%.0f", s / 1048576 }')
    rm -f "$WORK"/m1-*.times
    for ((i = 0; i < REPEATS_1M; i++)); do
        run m1-ts /dev/null "$JAVA" -Xmx512m -jar "$JAR" flamegraph "$WORK/m1.folded" --png "$WORK/m1.png"
        [ -n "$FG" ] && run m1-pl "$WORK/m1.svg" perl "$FG/flamegraph.pl" "$WORK/m1.folded"
    done
    read -r tc tw tr <<< "$(best m1-ts)"
    if [ -n "$FG" ]; then
        read -r pc pw pr <<< "$(best m1-pl)"
        row "| $stacks distinct stacks ($mb MB folded) to a flame graph (PNG, \`-Xmx512m\` vs \`flamegraph.pl\` SVG) | $tc / $tw | $tr | $pc / $pw | $pr | $(ratio "$pc" "$tc") / $(ratio "$pw" "$tw") | |"
    else
        row "| $stacks distinct stacks ($mb MB folded) to a PNG, \`-Xmx512m\` | $tc / $tw | $tr | - | - | - | |"
    fi
    rm -f "$WORK"/m1.*
    LOADS+=("after 1M stacks: $(load)")
fi

if ! skip capture; then
    rm -f "$WORK"/cap-*.times
    for ((i = 0; i < REPEATS; i++)); do
        run cap-ts /dev/null "$JAVA" -jar "$JAR" inspect sample-data/mariadb-oltp
    done
    read -r tc tw tr <<< "$(best cap-ts)"
    row "| open the sample capture (\`inspect sample-data/mariadb-oltp\`, 134 files, 6.6 MB) | $tc / $tw | $tr | | | | |"
    LOADS+=("after capture: $(load)")
fi

# --- a ~500 MB capture (issue 17 item 4): the sample capture with its first step's perf script replicated to
# CAPTURE_PERF_MB (timestamps shifted, as the fold rows) and ~10 MB of iostat -x -t and mpstat text written in their
# real layout; times `inspect` (sniff and parse every file, every core)
capture_open() {
    local cap="$WORK/capture-500" mb=${CAPTURE_PERF_MB:-480}
    rm -rf "$cap"; cp -r sample-data/mariadb-oltp "$cap"
    gen_perf "$mb" "$cap/00-baseline/perf-script.txt"
    perl -MPOSIX=strftime -e '
        my $t = 1796035247; my $n = 5000;
        print "Linux 6.18.44-fc-v782 (vm) \t11/30/26 \t_x86_64_\t(2 CPU)\n\n";
        my @dev = ("vda", "vdb", "dm-0", "dm-1");
        for my $i (0 .. $n - 1) {
            print strftime("%m/%d/%y %H:%M:%S", gmtime($t + $i)), "\n";
            printf "avg-cpu:  %%user   %%nice %%system %%iowait  %%steal   %%idle\n         %6.2f    0.00   %6.2f    %4.2f    %4.2f   %6.2f\n\n",
                20 + $i % 50, 7 + $i % 20, ($i % 7) / 10, ($i % 5) / 10, 100 - 27 - $i % 50 - $i % 20 - ($i % 7) / 10 - ($i % 5) / 10;
            print "Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util\n";
            for my $d (@dev) {
                printf "%-12s %8.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %9.2f %8.2f %6.2f %7.2f %8.2f %7.2f %7.2f %7.2f %6.2f\n",
                    $d, map { (($i * 7 + $_ * 13 + length $d) % 1000) / 3 } 1 .. 21;
            }
            print "\n\n";
        }' > "$cap/00-baseline/iostat-x.txt"
    perl -MPOSIX=strftime -e '
        my $t = 1796035247; my $n = 13000; my $cpus = 2;
        print "Linux 6.18.44-fc-v782 (vm) \t11/30/26 \t_x86_64_\t(2 CPU)\n\n";
        my $h = "     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n";
        for my $i (0 .. $n - 1) {
            print strftime("%H:%M:%S", gmtime($t + $i)), $h;
            my $ts = strftime("%H:%M:%S", gmtime($t + $i + 1));
            for my $c ("all", 0 .. $cpus - 1) {
                my $u = 40 + ($i * 3 + length $c) % 40; my $s = 10 + $i % 17;
                printf "%s     %3s %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f\n", $ts, $c, $u, 0, $s, 0.5, 0, 1, 2, 0, 0, 100 - $u - $s - 3.5;
            }
            print "\n";
        }' > "$cap/00-baseline/mpstat.txt"
    local bytes; bytes=$(du -sb "$cap" | cut -f1)
    local cmb; cmb=$(awk -v s="$bytes" 'BEGIN { printf "%.0f", s / 1048576 }')
    rm -f "$WORK"/cap500-*.times
    for ((i = 0; i < REPEATS; i++)); do
        run cap500-ts /dev/null "$JAVA" -jar "$JAR" inspect "$cap"
        [ -n "${BASE_JAR:-}" ] && run cap500-base /dev/null "$JAVA" -jar "$BASE_JAR" inspect "$cap"
    done
    read -r tc tw tr <<< "$(best cap500-ts)"
    row "| open a ${cmb} MB capture (\`inspect\`: ${mb} MB perf script, 10 MB iostat/mpstat text, the sample capture's other files) | $tc / $tw | $tr | | | | target <= 2 s wall |"
    if [ -n "${BASE_JAR:-}" ]; then
        read -r bc bw br <<< "$(best cap500-base)"
        row "| open the ${cmb} MB capture, BASE_JAR (before) | $bc / $bw | $br | | | $(ratio "$bc" "$tc") / $(ratio "$bw" "$tw") (before / now) | |"
    fi
    LOADS+=("after ${cmb} MB capture: $(load)")
    [ "${KEEP:-0}" = 1 ] || rm -rf "$cap"
}
skip capture500 || capture_open

echo
echo "Run $(date -u '+%Y-%m-%d %H:%M UTC') on $(nproc) CPUs ($(uname -m)), $("$JAVA" -version 2>&1 | head -1), $REPEATS interleaved repeats, minimum of each column."
echo "Load average (1, 5, 15 min): ${LOADS[*]}"
echo
echo "| what | Tunescope CPU s / wall s | RSS MB | Perl FlameGraph CPU s / wall s | RSS MB | Perl / Tunescope (CPU / wall) | notes |"
echo "|---|---|---|---|---|---|---|"
for r in "${ROWS[@]}"; do echo "$r"; done
