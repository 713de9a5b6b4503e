#!/bin/sh
# The command-line launcher of an installed Tunescope: the .deb's postinst and the .rpm's %post link it as
# /usr/bin/tunescope (it lies in /opt/tunescope/lib/app/tunescope.sh, or lib/app/ of an app-image).
#
# It starts the app's own Java runtime exactly as jpackage's launcher bin/tunescope does: the runtime, class
# path, main class and java-options (the class-data-sharing archive) of that launcher's configuration
# lib/app/tunescope.cfg, with $APPDIR, $ROOTDIR and $BINDIR resolved, then the arguments unchanged. What it
# leaves out is the jpackage launcher's own start-up work: JDK 17's runs `rpm -qf` and `dpkg -S` on its own
# path at every start, about 0.2 s of CPU each (BENCHMARKS.md, "Start-up"). The desktop app starts through it
# as well (no arguments, or a capture's path). Without a readable configuration it hands over to bin/tunescope.
#
# POSIX sh only (dash, bash, busybox ash): no arrays; the arguments are rebuilt with set --.
self=$0
if [ -L "$self" ]; then
    self=$(readlink -f "$self" 2>/dev/null) || self=/opt/tunescope/lib/app/tunescope.sh
fi
case $self in */*) ;; *) self=./$self ;; esac
app=$(cd "${self%/*}" 2>/dev/null && pwd -P) || app=/opt/tunescope/lib/app
root=${app%/*/*}
[ "$root" != "$app" ] && [ -n "$root" ] || root=/
cfg=$app/tunescope.cfg
if [ ! -r "$cfg" ]; then
    exec "$root/bin/tunescope" "$@"
fi

# expand VALUE: sets x to VALUE with jpackage's $APPDIR, $ROOTDIR and $BINDIR replaced (other text kept as is)
expand() {
    x= rest=$1
    while :; do
        case $rest in
            *'$APPDIR'* | *'$ROOTDIR'* | *'$BINDIR'*) ;;
            *) x=$x$rest; return ;;
        esac
        head=${rest%%\$*}
        rest=${rest#"$head"}
        case $rest in
            '$APPDIR'*) x=$x$head$app; rest=${rest#'$APPDIR'} ;;
            '$ROOTDIR'*) x=$x$head$root; rest=${rest#'$ROOTDIR'} ;;
            '$BINDIR'*) x=$x$head$root/bin; rest=${rest#'$BINDIR'} ;;
            *) x=$x$head\$; rest=${rest#\$} ;;
        esac
    done
}

# The user's arguments stay first while the options are appended after them; then they are moved, one by one
# and unchanged, behind the options.
n=$#
runtime=$root/lib/runtime
classpath=
main=
section=
while IFS= read -r line || [ -n "$line" ]; do
    case $line in
        '['*']') section=$line; continue ;;
    esac
    case $section in
        '[Application]')
            case $line in
                app.runtime=*) expand "${line#app.runtime=}"; runtime=$x ;;
                app.classpath=*) expand "${line#app.classpath=}"; classpath=${classpath:+$classpath:}$x ;;
                app.mainclass=*) main=${line#app.mainclass=} ;;
            esac ;;
        '[JavaOptions]')
            case $line in
                java-options=*) expand "${line#java-options=}"; set -- "$@" "$x" ;;
            esac ;;
    esac
done <"$cfg"
if [ -z "$main" ] || [ -z "$classpath" ] || [ ! -x "$runtime/bin/java" ]; then
    # not a configuration this script understands: the jpackage launcher reads it itself
    i=0 m=$#
    for a do
        # keep the user's arguments (the first n), drop the options appended after them
        [ "$i" -lt "$n" ] && set -- "$@" "$a"
        i=$((i + 1))
    done
    shift "$m"
    exec "$root/bin/tunescope" "$@"
fi
case $main in */*) main=$(printf '%s' "$main" | tr / .) ;; esac
set -- "$@" "-Djpackage.app-path=$root/bin/tunescope" -cp "$classpath" "$main"
while [ "$n" -gt 0 ]; do
    set -- "$@" "$1"
    shift
    n=$((n - 1))
done
exec "$runtime/bin/java" "$@"
