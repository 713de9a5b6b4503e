#!/usr/bin/env bash
# The .rpm (openEuler, Kylin, CentOS family), run by .ci/run after mvn verify:
#   1. installs rpm (rpmbuild), rpm2cpio and cpio when missing (root);
#   2. builds it with packaging/build-installers.sh --type rpm --no-build from target/tunescope.jar;
#   3. checks it with rpm -qp: name, architecture, Requires gtk3, the files the .deb has (launcher,
#      jar, collector, icon, desktop entry, runtime), no system folder claimed (/opt, /usr), the
#      post-install fallback of packaging/rpm/tunescope.spec and its /usr/bin/tunescope link;
#   4. unpacks the payload (rpm2cpio) and checks the jar is target/tunescope.jar, the desktop entry is
#      packaging/tunescope.desktop, the icon is icons/tunescope-256.png, and the packaged launcher runs
#      `inspect --json` on the sample capture with the packaged runtime, giving the jar's own output.
#
# Usage: .ci/rpm-check.sh          (as root on Debian 12 x86-64, after mvn package/verify)
set -euo pipefail
cd "$(dirname "$0")/.."
T0=$(date +%s)

log() { printf '[rpm-check %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "FAILED: $*"; exit 1; }

export DEBIAN_FRONTEND=noninteractive
missing=()
for p in rpm rpm2cpio cpio; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "missing packages ${missing[*]} and not root; install them first"
  apt-get update -q
  apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}"
fi
[ -f target/tunescope.jar ] || die "build target/tunescope.jar first (mvn package)"

version=$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -n 1 | sed 's/[^0-9.].*$//')
t=$(date +%s)
packaging/build-installers.sh --type rpm --no-build
RPM=target/installer/tunescope-$version-1.x86_64.rpm
[ -f "$RPM" ] || die "$RPM was not built"
log "rpm built in $(($(date +%s) - t)) s: $RPM ($(stat -c %s "$RPM") bytes)"

WORK=$(mktemp -d /tmp/tunescope-rpm-check.XXXXXX)
cleanup() {
  local rc=$?
  if [ "$rc" = 0 ]; then rm -rf "$WORK"; else log "work folder kept: $WORK"; fi
  log "exit status $rc after $(($(date +%s) - T0)) s"
}
trap cleanup EXIT

q() { rpm -qp "$@" "$RPM" 2>/dev/null; }
[ "$(q --qf '%{NAME} %{VERSION} %{ARCH}')" = "tunescope $version x86_64" ] || die "name/version/arch: $(q --qf '%{NAME} %{VERSION} %{ARCH}')"
q --requires | grep -qx gtk3 || die "the rpm does not require gtk3: $(q --requires | tr '\n' ' ')"
files=$(q -l)
for f in /opt/tunescope/bin/tunescope /opt/tunescope/lib/app/tunescope.jar /opt/tunescope/lib/app/tunescope.cfg \
         /opt/tunescope/lib/app/tunescope-collect.sh /opt/tunescope/lib/app/tunescope.sh /opt/tunescope/lib/tunescope.png \
         /opt/tunescope/lib/tunescope-tunescope.desktop /opt/tunescope/lib/runtime/release \
         /opt/tunescope/lib/app/sample-data/mariadb-oltp/tunescope.json; do
  grep -qx "$f" <<<"$files" || die "$f is not in the rpm"
done
for d in / /opt /usr /usr/bin /usr/lib; do
  ! grep -qx "$d" <<<"$files" || die "the rpm claims the system folder $d"
done
q --scripts | grep -q 'if ! xdg-desktop-menu install' || die "the post-install fallback is missing"
q --scripts | grep -q 'ln -sf /opt/tunescope/lib/app/tunescope.sh /usr/bin/tunescope' || die "%post does not link /usr/bin/tunescope"
log "rpm -qp: $(wc -l <<<"$files") files; requires $(q --requires | grep -v '^rpmlib\|^/bin/sh' | tr '\n' ' ')"

(cd "$WORK" && rpm2cpio "$OLDPWD/$RPM" | cpio -idm --quiet)
root="$WORK/opt/tunescope"
cmp "$root/lib/app/tunescope.jar" target/tunescope.jar || die "the packaged jar is not target/tunescope.jar"
cmp "$root/lib/tunescope-tunescope.desktop" packaging/tunescope.desktop || die "the packaged desktop entry is not packaging/tunescope.desktop"
cmp "$root/lib/tunescope.png" icons/tunescope-256.png || die "the packaged icon is not icons/tunescope-256.png"
cmp "$root/lib/app/tunescope-collect.sh" packaging/tunescope-collect.sh || die "the packaged collector differs"
"$root/bin/tunescope" inspect --json sample-data/mariadb-oltp >"$WORK/inspect.rpm.json" 2>"$WORK/inspect.err" \
  || { cat "$WORK/inspect.err" >&2; die "the packaged launcher's inspect failed"; }
java -jar target/tunescope.jar inspect --json sample-data/mariadb-oltp >"$WORK/inspect.jar.json"
cmp "$WORK/inspect.jar.json" "$WORK/inspect.rpm.json" || die "the packaged launcher's inspect --json differs from the jar's"
log "the packaged launcher (its own runtime) prints the jar's inspect --json ($(wc -c <"$WORK/inspect.jar.json") bytes)"
# the command-line launcher /usr/bin/tunescope links to: the same output through the same configuration
ln -s "$root/lib/app/tunescope.sh" "$WORK/tunescope"
"$WORK/tunescope" inspect --json sample-data/mariadb-oltp >"$WORK/inspect.sh.json" 2>"$WORK/inspect.sh.err" \
  || { cat "$WORK/inspect.sh.err" >&2; die "lib/app/tunescope.sh inspect failed"; }
cmp "$WORK/inspect.jar.json" "$WORK/inspect.sh.json" || die "lib/app/tunescope.sh inspect --json differs from the jar's"
log "lib/app/tunescope.sh (the /usr/bin/tunescope link) prints the same inspect --json"
log "OK in $(($(date +%s) - T0)) s"
