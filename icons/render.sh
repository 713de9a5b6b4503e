#!/bin/sh
# Renders the application icon PNGs from the SVG sources (needs rsvg-convert: apt-get install librsvg2-bin)
# and copies the window-icon sizes into the application's resources. Run from anywhere.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
res="$here/../src/main/resources/io/tunescope/ui/icons"
rsvg-convert -w 16 -h 16 "$here/tunescope-small.svg" -o "$here/tunescope-16.png"
for s in 32 48 64 128 256 512; do
    rsvg-convert -w "$s" -h "$s" "$here/tunescope.svg" -o "$here/tunescope-$s.png"
done
mkdir -p "$res"
for s in 16 32 48 64 128 256; do
    cp "$here/tunescope-$s.png" "$res/tunescope-$s.png"
done
