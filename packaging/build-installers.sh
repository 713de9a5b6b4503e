#!/bin/sh
# Builds the Tunescope installers with jpackage: an app-image (a folder with its own trimmed Java runtime)
# and a .deb that installs it to /opt/tunescope with a desktop entry and the application icon.
#
#   packaging/build-installers.sh [--type app-image|deb|all] [--no-build]
#   mvn -o -Ppackage package          (the same; Maven builds target/tunescope.jar first)
#
# --no-build  use the existing target/tunescope.jar instead of running "mvn -o -q -DskipTests package".
# Output: target/installer/tunescope (app-image), target/installer/tunescope_<version>_amd64.deb.
# Needs a JDK 17+ with jmods/ (jlink) and, for the .deb, fakeroot and dpkg-deb. See packaging/README.md.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
type=all
build=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --type) type=${2:?--type needs app-image, deb or all}; shift 2 ;;
        --no-build) build=no; shift ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$type" in app-image|deb|all) ;; *) echo "--type must be app-image, deb or all" >&2; exit 2 ;; esac

# Application constants (PackagingConfigTest checks them against the code and the files).
NAME=tunescope
MAIN_CLASS=io.tunescope.Launcher
VENDOR="Tunescope project"
DESCRIPTION="Capture viewer for MySQL-family performance tuning: flame graphs, NUMA heatmaps, time series, findings."
PACKAGE_DEPS=libgtk-3-0
ICON="$root/icons/tunescope-256.png"
# The trimmed runtime (shared/stack.md section 5): 77 MB instead of 152 MB.
MODULES=java.base,java.desktop,java.logging,java.management,java.naming,java.prefs,java.sql,java.xml,jdk.unsupported,jdk.unsupported.desktop,jdk.localedata
JLINK_OPTIONS="--strip-debug --no-man-pages --no-header-files --compress=2"

# The version is the pom's project version (the first <version> at top level).
VERSION=${TUNESCOPE_VERSION:-$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)}
# jpackage accepts only digits and dots: 0.1.0-SNAPSHOT -> 0.1.0
APP_VERSION=$(printf '%s' "$VERSION" | sed 's/[^0-9.].*$//')
[ -n "$APP_VERSION" ] || { echo "cannot read the version from pom.xml" >&2; exit 1; }

if [ "$build" = yes ]; then
    (cd "$root" && mvn -o -q -DskipTests package)
fi
jar="$root/target/tunescope.jar"
[ -f "$jar" ] || { echo "missing $jar: build it with mvn -o -DskipTests package" >&2; exit 1; }

out="$root/target/installer"
input="$root/target/jpackage-input"
resources="$root/target/jpackage-resources"
rm -rf "$input" "$resources"
mkdir -p "$out" "$input" "$resources"
cp "$jar" "$input/"
# The collector goes with the app so that it can be copied to a database server from /opt/tunescope/lib/app.
if [ -f "$root/packaging/tunescope-collect.sh" ]; then
    cp "$root/packaging/tunescope-collect.sh" "$input/"
fi
# The sample capture, when the checkout has it, is found by the app next to its jar (Open Sample Capture).
# It is taken as committed (git archive), never from the working tree, so that notes, corrections or temp
# files a developer left in sample-data/ (tunescope-annotations.json, ...) never ship. Outside a git checkout
# (a source tarball) only the files git would track are copied: Tunescope's own sidecar files are left out.
if [ -d "$root/sample-data/mariadb-oltp" ]; then
    mkdir -p "$input/sample-data"
    if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git -C "$root" archive --format=tar HEAD sample-data/mariadb-oltp | tar -x -C "$input"
    else
        (cd "$root" && find sample-data/mariadb-oltp -type f \
            ! -name 'tunescope-annotations*.json' ! -name 'tunescope-corrections*.json' ! -name '*.tmp' ! -name '.*' \
            -exec cp --parents {} "$input/" \;)
    fi
fi
# jpackage takes <name>.desktop from the resource dir instead of its own template, and our postinst/prerm
# (jpackage's fail the installation on systems without a desktop menu; packaging/README.md).
cp "$root/packaging/tunescope.desktop" "$resources/$NAME.desktop"
cp "$root/packaging/deb/postinst" "$root/packaging/deb/prerm" "$resources/"

common() {
    jpackage --name "$NAME" --app-version "$APP_VERSION" --vendor "$VENDOR" --description "$DESCRIPTION" \
        --input "$input" --main-jar tunescope.jar --main-class "$MAIN_CLASS" --icon "$ICON" \
        --add-modules "$MODULES" --jlink-options "$JLINK_OPTIONS" --dest "$out" "$@"
}

elapsed() {
    echo "$1 took $(( $(date +%s) - $2 )) s"
}

if [ "$type" = app-image ] || [ "$type" = all ]; then
    start=$(date +%s)
    rm -rf "${out:?}/$NAME"
    common --type app-image
    elapsed "app-image $out/$NAME ($(du -sh "$out/$NAME" | cut -f1))" "$start"
fi
if [ "$type" = deb ] || [ "$type" = all ]; then
    start=$(date +%s)
    rm -f "$out/${NAME}_${APP_VERSION}"*.deb
    common --type deb --resource-dir "$resources" --linux-package-name "$NAME" \
        --linux-package-deps "$PACKAGE_DEPS" --linux-shortcut --linux-app-category devel \
        --linux-menu-group "Development;Database;"
    deb=$(ls "$out/${NAME}_${APP_VERSION}"*.deb)
    elapsed "deb $deb ($(du -h "$deb" | cut -f1))" "$start"
fi
