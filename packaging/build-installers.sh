#!/bin/sh
# Builds the Tunescope installers with jpackage: an app-image (a folder with its own trimmed Java runtime),
# a .deb and an .rpm that install it to /opt/tunescope with a desktop entry and the application icon.
#
#   packaging/build-installers.sh [--type app-image|deb|rpm|all] [--arch x86_64|aarch64] [--no-build]
#   mvn -o -Ppackage package          (the same; Maven builds the jars first)
#
# --no-build  use the existing jar instead of running "mvn -o -q -DskipTests package".
# --arch      the machine the package is for (default: this one, uname -m). x86_64 packages
#             target/tunescope.jar, aarch64 target/tunescope-linux-aarch64.jar. An aarch64 app-image
#             can be built on x86-64 with the arm64 JDK under qemu-aarch64-static; .deb/.rpm only natively.
# Output: target/installer (x86_64) or target/installer-aarch64: tunescope/ (app-image), .deb, .rpm.
# Needs a JDK 17+ with jmods/ (jlink); for the .deb fakeroot and dpkg-deb, for the .rpm rpmbuild.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
type=all
build=yes
host_arch=$(uname -m)
arch=$host_arch
while [ $# -gt 0 ]; do
    case "$1" in
        --type) type=${2:?--type needs app-image, deb or all}; shift 2 ;;
        --arch) arch=${2:?--arch needs x86_64 or aarch64}; shift 2 ;;
        --no-build) build=no; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$type" in app-image|deb|rpm|all) ;; *) echo "--type must be app-image, deb, rpm or all" >&2; exit 2 ;; esac
case "$arch" in amd64|x86_64) arch=x86_64 ;; arm64|aarch64) arch=aarch64 ;;
    *) echo "--arch must be x86_64 or aarch64 (got $arch)" >&2; exit 2 ;; esac

# The launcher maps the class-data-sharing archive that make-cds-archive.sh makes (start-up: the classes of the
# headless commands are not loaded and verified again at each start); a missing or stale archive is ignored.
JAVA_OPTIONS='-XX:SharedArchiveFile=$APPDIR/tunescope.jsa -Xshare:auto'
# Application constants (PackagingConfigTest checks them against the code and the files).
NAME=tunescope
MAIN_CLASS=io.tunescope.Launcher
VENDOR="Tunescope project"
DESCRIPTION="Capture viewer for MySQL-family performance tuning: flame graphs, NUMA heatmaps, time series, findings."
PACKAGE_DEPS=libgtk-3-0
# The same for the .rpm: GTK 3 is "gtk3" on openEuler, CentOS/RHEL, Fedora and Kylin.
RPM_PACKAGE_DEPS=gtk3
ICON="$root/icons/tunescope-256.png"
# The trimmed runtime (shared/stack.md section 5): 77 MB instead of 152 MB.
MODULES=java.base,java.desktop,java.logging,java.management,java.naming,java.prefs,java.sql,java.xml,jdk.unsupported,jdk.unsupported.desktop,jdk.localedata
JLINK_OPTIONS="--strip-debug --no-man-pages --no-header-files --compress=2"

# The version is the pom's project version (the first <version> at top level).
VERSION=${TUNESCOPE_VERSION:-$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)}
# jpackage accepts only digits and dots: 0.1.0-SNAPSHOT -> 0.1.0
APP_VERSION=$(printf '%s' "$VERSION" | sed 's/[^0-9.].*$//')
[ -n "$APP_VERSION" ] || { echo "cannot read the version from pom.xml" >&2; exit 1; }

# The jpackage that builds for $arch: this JDK's on a machine of that architecture; for aarch64 on x86-64
# the arm64 JDK (Debian: dpkg --add-architecture arm64; apt-get install openjdk-17-jdk-headless:arm64
# qemu-user-static) under qemu-aarch64-static. Its jpackage asks the host's dpkg/rpmbuild for the package
# architecture, so a cross-built .deb or .rpm would be labelled x86-64: only the app-image is built that way.
JPACKAGE=jpackage
if [ "$arch" = aarch64 ]; then
    jar_name=tunescope-linux-aarch64.jar
    out="$root/target/installer-aarch64"
    if [ "$host_arch" != aarch64 ]; then
        arm64_jdk=${TUNESCOPE_ARM64_JDK:-/usr/lib/jvm/java-17-openjdk-arm64}
        [ -x "$arm64_jdk/bin/jpackage" ] || { echo "no arm64 JDK at $arm64_jdk (set TUNESCOPE_ARM64_JDK; packaging/README.md)" >&2; exit 1; }
        command -v qemu-aarch64-static >/dev/null 2>&1 || { echo "qemu-aarch64-static not found (apt-get install qemu-user-static)" >&2; exit 1; }
        [ "$type" = app-image ] || { echo "on $host_arch only the aarch64 app-image can be built (--type app-image); build the .deb and .rpm on an aarch64 machine" >&2; exit 2; }
        # Under qemu-user the arm64 JVM cannot start its aarch64 jspawnhelper (no binfmt_misc registration),
        # so it forks and execs directly (host tools run natively); and jlink's --strip-debug would run
        # objcopy on the natives, which Debian ships stripped already: strip the Java debug attributes only.
        JPACKAGE="qemu-aarch64-static $arm64_jdk/bin/jpackage -J-Djdk.lang.Process.launchMechanism=FORK"
        JLINK_OPTIONS=$(printf '%s' "$JLINK_OPTIONS" | sed 's/--strip-debug/--strip-java-debug-attributes/')
    fi
else
    jar_name=tunescope.jar
    out="$root/target/installer"
    [ "$host_arch" = x86_64 ] || { echo "x86_64 packages are built on an x86-64 machine" >&2; exit 2; }
fi

if [ "$build" = yes ]; then
    (cd "$root" && mvn -o -q -DskipTests package)
fi
jar="$root/target/$jar_name"
[ -f "$jar" ] || { echo "missing $jar: build it with mvn -o -DskipTests package" >&2; exit 1; }

input="$root/target/jpackage-input"
resources="$root/target/jpackage-resources"
rm -rf "$input" "$resources"
mkdir -p "$out" "$input" "$resources"
# Installed as tunescope.jar whatever the architecture: the launcher's configuration names it.
cp "$jar" "$input/tunescope.jar"
# The script that makes the class-data-sharing archive (lib/app/tunescope.jsa) goes with the app: the .deb's
# postinst and the .rpm's %post run it where the app is installed (the JVM uses the archive only with the jar at
# the path it was made with); for the app-image it runs below.
cp "$root/packaging/make-cds-archive.sh" "$input/"
# The command-line launcher (lib/app/tunescope.sh): the .deb's postinst and the .rpm's %post link it as
# /usr/bin/tunescope. It runs lib/runtime/bin/java with this launcher's configuration (lib/app/tunescope.cfg)
# without the jpackage launcher's rpm -qf / dpkg -S at every start (packaging/README.md).
cp "$root/packaging/tunescope.sh" "$input/"
chmod 755 "$input/tunescope.sh"
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
# the .rpm's spec template: jpackage's with the same desktop-entry fallback as the .deb (packaging/rpm)
cp "$root/packaging/rpm/$NAME.spec" "$resources/$NAME.spec"

common() {
    # $JPACKAGE is one word or "qemu-aarch64-static /path/jpackage": split on purpose
    # shellcheck disable=SC2086
    $JPACKAGE --name "$NAME" --app-version "$APP_VERSION" --vendor "$VENDOR" --description "$DESCRIPTION" \
        --input "$input" --main-jar tunescope.jar --main-class "$MAIN_CLASS" --icon "$ICON" --java-options "$JAVA_OPTIONS" \
        --add-modules "$MODULES" --jlink-options "$JLINK_OPTIONS" --dest "$out" "$@"
}

elapsed() {
    echo "$1 took $(( $(date +%s) - $2 )) s"
}

if [ "$type" = app-image ] || [ "$type" = all ]; then
    start=$(date +%s)
    rm -rf "${out:?}/$NAME"
    common --type app-image
    # the archive for this app-image where it lies (moved elsewhere, run make-cds-archive.sh there again);
    # with qemu for aarch64 it would take minutes: the installed package makes its own
    if [ "$arch" = "$host_arch" ]; then
        "$out/$NAME/lib/app/make-cds-archive.sh" "$out/$NAME/lib/app"
    fi
    elapsed "app-image $out/$NAME ($(du -sh "$out/$NAME" | cut -f1))" "$start"
fi
linux_package() {
    common --resource-dir "$resources" --linux-package-name "$NAME" --linux-shortcut \
        --linux-app-category devel --linux-menu-group "Development;Database;" "$@"
}

if [ "$type" = deb ] || [ "$type" = all ]; then
    start=$(date +%s)
    rm -f "$out/${NAME}_${APP_VERSION}"*.deb
    linux_package --type deb --linux-package-deps "$PACKAGE_DEPS"
    deb=$(ls "$out/${NAME}_${APP_VERSION}"*.deb)
    elapsed "deb $deb ($(du -h "$deb" | cut -f1))" "$start"
fi
if [ "$type" = rpm ] || [ "$type" = all ]; then
    command -v rpmbuild >/dev/null 2>&1 || { echo "rpmbuild not found: apt-get install rpm (Debian) or dnf install rpm-build" >&2; exit 1; }
    start=$(date +%s)
    rm -f "$out/${NAME}-${APP_VERSION}"*.rpm
    linux_package --type rpm --linux-package-deps "$RPM_PACKAGE_DEPS"
    rpm=$(ls "$out/${NAME}-${APP_VERSION}"*.rpm)
    elapsed "rpm $rpm ($(du -h "$rpm" | cut -f1))" "$start"
fi
