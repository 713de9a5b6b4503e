#!/usr/bin/env bash
# aarch64 (Kunpeng) smoke test, run by .ci/run after mvn verify (which builds both jars):
#   1. installs the arm64 JDK and qemu-user-static when missing (Debian multiarch, root);
#   2. checks the jars: tunescope-linux-aarch64.jar carries the same entries as tunescope.jar, and every
#      JavaFX native library in it is an aarch64 ELF file (e_machine 183), those of tunescope.jar x86-64 (62),
#      and the aarch64 ones need at most glibc 2.28 (readelf -V);
#   3. runs the aarch64 jar's CLI with the arm64 JDK under qemu-aarch64-static on the sample capture:
#      `inspect --json` and `findings --json` must be byte-identical to the x86-64 jar's on this machine;
#   4. runs the collector's command-line tests (CollectorScriptTest: --help, --dry-run, the refusals) with
#      Debian's arm64 dash under qemu as the shell, and compares its --dry-run output with the host shell's.
#      Only the shell is aarch64 there: without a binfmt_misc registration (a host-wide setting this script
#      leaves alone) the tools it starts are the host's.
#
# Usage: .ci/arm64-smoke.sh          (as root on Debian 12 x86-64, after mvn package/verify)
# Environment: MVN_OFFLINE=1 adds -o to the Maven call; TUNESCOPE_ARM64_JDK overrides the arm64 JDK path.
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$(date +%s)

log() { printf '[arm64-smoke %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "FAILED: $*"; exit 1; }

export DEBIAN_FRONTEND=noninteractive
ARM64_JDK=${TUNESCOPE_ARM64_JDK:-/usr/lib/jvm/java-17-openjdk-arm64}
X86_JAR=target/tunescope.jar
ARM_JAR=target/tunescope-linux-aarch64.jar
SAMPLE=sample-data/mariadb-oltp
{ [ -f "$X86_JAR" ] && [ -f "$ARM_JAR" ]; } || die "build the jars first (mvn package): $X86_JAR, $ARM_JAR"
[ "$(uname -m)" = x86_64 ] || die "this script compares an x86-64 run with an emulated aarch64 run; run it on x86-64"

# ------------------------------------------------------------------ packages
# readelf (binutils) and unzip read the jars
tools=()
command -v readelf >/dev/null 2>&1 || tools+=(binutils)
command -v unzip >/dev/null 2>&1 || tools+=(unzip)
if [ "${#tools[@]}" -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "missing packages ${tools[*]} and not root; install them first"
  apt-get update -q
  apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 "${tools[@]}"
fi
if [ ! -x "$ARM64_JDK/bin/java" ] || ! command -v qemu-aarch64-static >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || die "the arm64 JDK or qemu-user-static is missing and not root; install them first"
  t=$(date +%s)
  log "installing openjdk-17-jdk-headless:arm64 and qemu-user-static"
  dpkg --add-architecture arm64
  apt-get update -q
  # the amd64 JDK is upgraded with it when the two would differ: Multi-Arch: same needs one version
  apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 openjdk-17-jdk-headless:arm64 qemu-user-static
  log "installed in $(($(date +%s) - t)) s"
fi

WORK=$(mktemp -d /tmp/tunescope-arm64-smoke.XXXXXX)
cleanup() {
  local rc=$?
  if [ "$rc" = 0 ]; then rm -rf "$WORK"; else log "work folder kept: $WORK"; fi
  log "exit status $rc after $(($(date +%s) - T0)) s"
}
trap cleanup EXIT

# ------------------------------------------------------------------ the jars
# e_machine: the 16-bit little-endian field at offset 18 of an ELF header (EM_X86_64 62, EM_AARCH64 183)
e_machine() { od -An -t u2 -j 18 -N 2 "$1" | tr -d ' '; }
elf_magic() { od -An -c -N 4 "$1" | tr -d ' '; }

check_natives() { # JAR WANT_E_MACHINE DIR
  local jar=$1 want=$2 dir=$3 n=0 so
  mkdir -p "$dir"
  unzip -q -o "$jar" '*.so' -d "$dir"
  for so in "$dir"/*.so; do
    [ -f "$so" ] || die "$jar holds no native library"
    [ "$(elf_magic "$so")" = '177ELF' ] || die "$jar: $(basename "$so") is not an ELF file"
    [ "$(e_machine "$so")" = "$want" ] || die "$jar: $(basename "$so") has e_machine $(e_machine "$so"), expected $want"
    n=$((n + 1))
  done
  [ "$n" -ge 10 ] || die "$jar: only $n native libraries (JavaFX 21 has 10 on Linux)"
  log "$jar: $n native libraries, all e_machine $want"
}
check_natives "$ARM_JAR" 183 "$WORK/so-aarch64"
# The oldest glibc of the aarch64 systems Kunpeng users run (openEuler 20.03 LTS, Kylin V10, UOS 20): 2.28.
# openjfx 21.0.11's aarch64 natives need 2.38 (pom.xml, javafx.linux-aarch64.version).
GLIBC_MAX=2.28
need=$(for so in "$WORK"/so-aarch64/*.so; do readelf -V --wide "$so" | grep -o 'GLIBC_[0-9.]*'; done | sed 's/GLIBC_//' | sort -uV | tail -n 1)
[ -n "$need" ] || die "could not read the glibc versions the aarch64 natives need (readelf)"
[ "$(printf '%s\n%s\n' "$need" "$GLIBC_MAX" | sort -V | tail -n 1)" = "$GLIBC_MAX" ] \
  || die "the aarch64 natives need glibc $need; Kunpeng systems with glibc $GLIBC_MAX could not start the app"
log "the aarch64 natives need glibc $need at most (limit $GLIBC_MAX)"
check_natives "$X86_JAR" 62 "$WORK/so-x86_64"
diff <(cd "$WORK/so-x86_64" && ls) <(cd "$WORK/so-aarch64" && ls) >/dev/null \
  || die "the two jars carry different native library names"
diff <(unzip -Z1 "$X86_JAR" | sort) <(unzip -Z1 "$ARM_JAR" | sort) >"$WORK/entries.diff" \
  || { cat "$WORK/entries.diff" >&2; die "the two jars hold different entries"; }
log "both jars hold the same $(unzip -Z1 "$ARM_JAR" | wc -l) entries"

# ------------------------------------------------------------------ the CLI under qemu
# C1 only and the serial collector: the same results, about 40 % less emulated CPU time than the default
ARM_JAVA=(qemu-aarch64-static "$ARM64_JDK/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
arch=$("${ARM_JAVA[@]}" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *os.arch = //p')
[ "$arch" = aarch64 ] || die "the emulated JVM reports os.arch '$arch', not aarch64"

t=$(date +%s)
pids=()
for cmd in inspect findings; do
  "${ARM_JAVA[@]}" -jar "$ARM_JAR" "$cmd" --json "$SAMPLE" >"$WORK/$cmd.aarch64.json" 2>"$WORK/$cmd.aarch64.err" &
  pids+=($!)
done
for cmd in inspect findings; do
  java -jar "$X86_JAR" "$cmd" --json "$SAMPLE" >"$WORK/$cmd.x86_64.json" 2>"$WORK/$cmd.x86_64.err" \
    || { cat "$WORK/$cmd.x86_64.err" >&2; die "x86-64 $cmd failed"; }
done
i=0
for cmd in inspect findings; do
  wait "${pids[$i]}" || { cat "$WORK/$cmd.aarch64.err" >&2; die "aarch64 $cmd failed under qemu"; }
  i=$((i + 1))
done
log "aarch64 inspect and findings under qemu took $(($(date +%s) - t)) s"
for cmd in inspect findings; do
  [ -s "$WORK/$cmd.x86_64.json" ] || die "x86-64 $cmd printed nothing"
  cmp "$WORK/$cmd.x86_64.json" "$WORK/$cmd.aarch64.json" \
    || { diff "$WORK/$cmd.x86_64.json" "$WORK/$cmd.aarch64.json" | head -20 >&2; die "$cmd --json differs between x86-64 and aarch64"; }
  log "$cmd --json: aarch64 = x86-64 ($(wc -c <"$WORK/$cmd.x86_64.json") bytes)"
done

# ------------------------------------------------------------------ the collector with an aarch64 shell
t=$(date +%s)
(cd "$WORK" && apt-get download -q dash:arm64 >/dev/null 2>&1) || die "apt-get download dash:arm64 failed"
dpkg-deb -x "$WORK"/dash_*_arm64.deb "$WORK/dash"
DASH="$WORK/dash/bin/dash"
[ "$(e_machine "$DASH")" = 183 ] || die "$DASH is not an aarch64 program"
qemu-aarch64-static "$DASH" packaging/tunescope-collect.sh --dry-run --out "$WORK/step" --duration 3 >"$WORK/dry.aarch64" \
  || die "the collector's --dry-run failed under the aarch64 shell"
sh packaging/tunescope-collect.sh --dry-run --out "$WORK/step" --duration 3 >"$WORK/dry.host"
cmp "$WORK/dry.host" "$WORK/dry.aarch64" || { diff "$WORK/dry.host" "$WORK/dry.aarch64" | head -20 >&2; die "--dry-run differs under the aarch64 shell"; }
log "collector --dry-run: the aarch64 shell prints the same $(wc -l <"$WORK/dry.host") lines"
mvn_args=(-B -ntp -q)
[ "${MVN_OFFLINE:-0}" = 1 ] && mvn_args+=(-o)
mvn "${mvn_args[@]}" test -Dtest=CollectorScriptTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dtunescope.collectorShell="qemu-aarch64-static $DASH"
log "CollectorScriptTest with the aarch64 shell passed; collector checks took $(($(date +%s) - t)) s"
log "OK in $(($(date +%s) - T0)) s"
