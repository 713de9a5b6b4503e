#!/usr/bin/env bash
# Takes the README's screenshots: every view of the app, in English and in Simplified Chinese, on a real
# capture, under a private Xvfb display. Needs xvfb and fonts-wqy-microhei, and target/tunescope.jar.
#   scripts/screenshots.sh CAPTURE_DIR OUT_DIR [WIDTHxHEIGHT]
# Writes OUT_DIR/<view>-en.png and OUT_DIR/<view>-zh.png. Nothing of the user's is touched: preferences
# go to a throw-away node and the app's home to a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
capture=${1:?capture folder}
out=${2:?output folder}
size=${3:-1400x900}  # the screen; the window is the app's default 1280x800
jar=target/tunescope.jar
[ -f "$jar" ] || { echo "build $jar first (mvn package -DskipTests)" >&2; exit 1; }
mkdir -p "$out"
display=:$(( 70 + RANDOM % 20 ))
Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT
home=$(mktemp -d)
sleep 1
for lang in en zh; do
  case $lang in
    en) props=(-Duser.language=en -Duser.country=US) ;;
    zh) props=(-Duser.language=zh -Duser.country=CN) ;;
  esac
  DISPLAY=$display java "${props[@]}" -Dtunescope.prefsNode="io/tunescope-screenshots-$$" \
    -Dtunescope.home="$home" -Dtunescope.screenshots="$out" -Dtunescope.screenshots.settle="${SETTLE:-5}" \
    -jar "$jar" "$capture"
done
ls -1 "$out"
