#!/bin/sh
# Makes the class-data-sharing archive of an installed Tunescope: APPDIR/tunescope.jsa, which the launcher's
# configuration names (-XX:SharedArchiveFile=$APPDIR/tunescope.jsa), so that each start maps the classes the
# headless commands load (JDK, picocli, Tunescope) instead of loading and verifying them again.
#
#   make-cds-archive.sh APPDIR [JAVA]
#
# APPDIR  the folder holding tunescope.jar (an app-image's lib/app, /opt/tunescope/lib/app once installed)
# JAVA    the java to make it with; default APPDIR/../runtime/bin/java, the app's own runtime (the archive is
#         only used by the JVM that made it)
#
# build-installers.sh runs it on the app-image it builds; the .deb's postinst and the .rpm's %post run it on the
# installed folder, because the JVM uses an archive only with the jar at the path it was made with (JDK 17 does
# not relocate it). A static archive from a class list (-Xshare:dump), not -XX:ArchiveClassesAtExit: JDK 17's
# dynamic archive leaves out picocli's Java 5 classes, which are most of what the CLI loads before its work.
# When the archive is missing, stale (another jar) or from another JDK, the JVM starts without it, silently
# (-Xshare:auto, the default): the same output, only slower to start. Never fails an installation: exit 0
# with a message on standard error when the archive could not be made.
set -u

[ $# -ge 1 ] || { echo "usage: make-cds-archive.sh APPDIR [JAVA]" >&2; exit 2; }
app=$(cd "$1" 2>/dev/null && pwd -P) || { echo "make-cds-archive.sh: no folder $1" >&2; exit 0; }
java=${2:-$app/../runtime/bin/java}
jar="$app/tunescope.jar"
out="$app/tunescope.jsa"
[ -f "$jar" ] || { echo "make-cds-archive.sh: no $jar; no CDS archive made" >&2; exit 0; }
[ -x "$java" ] || { echo "make-cds-archive.sh: no java at $java; no CDS archive made" >&2; exit 0; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/tunescope-cds.XXXXXX") || exit 0
trap 'rm -rf "$tmp"' EXIT INT TERM
rm -f "$out"
capture=
[ -d "$app/sample-data/mariadb-oltp" ] && capture="$app/sample-data/mariadb-oltp"
# the training run: every headless command once, in one JVM (io.tunescope.cli.CdsTraining); the app's own
# user files (settings, notes) are kept out of it with a home of its own
# shellcheck disable=SC2086
if ! "$java" -Djava.awt.headless=true -Dtunescope.home="$tmp/home" -XX:DumpLoadedClassList="$tmp/classes.lst" \
        -cp "$jar" io.tunescope.cli.CdsTraining "$tmp/work" $capture >"$tmp/train.log" 2>&1; then
    echo "make-cds-archive.sh: the training run reported a problem (the archive is made all the same):" >&2
    tail -n 5 "$tmp/train.log" >&2
fi
if [ ! -s "$tmp/classes.lst" ]; then
    echo "make-cds-archive.sh: the training run listed no classes; no CDS archive made" >&2
    exit 0
fi
if "$java" -Xshare:dump -XX:SharedClassListFile="$tmp/classes.lst" -XX:SharedArchiveFile="$tmp/tunescope.jsa" \
        -cp "$jar" >"$tmp/dump.log" 2>&1 && [ -s "$tmp/tunescope.jsa" ]; then
    mv "$tmp/tunescope.jsa" "$out"
    chmod 644 "$out"
    echo "make-cds-archive.sh: $out ($(wc -l <"$tmp/classes.lst") classes listed)"
else
    echo "make-cds-archive.sh: -Xshare:dump failed; no CDS archive made:" >&2
    tail -n 5 "$tmp/dump.log" >&2
fi
exit 0
