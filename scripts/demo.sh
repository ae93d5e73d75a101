#!/usr/bin/env bash
# The main job on the bundled fixtures: pair a still and a movie into a Live Photo in a
# scratch folder, then show the result with `inspect` and `verify --strict`.
set -euo pipefail
bin=${1:-.build/release/livephoto}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/livephoto-demo.XXXXXX")
cp "$here/Fixtures/still-exif-icc-xmp.jpg" "$work/IMG_0001.JPG"
cp "$here/Fixtures/movie-audio.mov" "$work/IMG_0001.MOV"
echo "== demo folder: $work"
echo
echo "== before: livephoto verify IMG_0001.JPG IMG_0001.MOV"
"$bin" verify "$work/IMG_0001.JPG" "$work/IMG_0001.MOV" || echo "(exit $?: not a Live Photo yet)"
echo
echo "== livephoto pair IMG_0001.JPG IMG_0001.MOV"
"$bin" pair "$work/IMG_0001.JPG" "$work/IMG_0001.MOV"
echo
echo "== livephoto inspect IMG_0001.JPG IMG_0001.MOV"
"$bin" inspect "$work/IMG_0001.JPG" "$work/IMG_0001.MOV"
echo
echo "== livephoto verify --strict IMG_0001.JPG IMG_0001.MOV"
"$bin" verify --strict "$work/IMG_0001.JPG" "$work/IMG_0001.MOV"
echo
echo "== pairing again is a no-op"
"$bin" pair "$work/IMG_0001.JPG" "$work/IMG_0001.MOV"
echo
echo "== livephoto make CLIP.MOV: a Live Photo from a video alone (its own frame as the still)"
cp "$here/Fixtures/movie-moov-last.mov" "$work/CLIP.MOV"
"$bin" make --still-time 0.5 "$work/CLIP.MOV"
echo
echo "== livephoto verify --strict CLIP.JPG CLIP.MOV"
"$bin" verify --strict "$work/CLIP.JPG" "$work/CLIP.MOV"
echo "== a HEIC still (Fixtures/still-heic.heic, made by heif-enc) with a movie"
cp "$here/Fixtures/still-heic.heic" "$work/IMG_0002.HEIC"
cp "$here/Fixtures/movie-moov-last.mov" "$work/IMG_0002.MOV"
"$bin" pair --new-id "$work/IMG_0002.HEIC" "$work/IMG_0002.MOV"
echo
"$bin" inspect "$work/IMG_0002.HEIC"
echo
"$bin" verify --strict "$work/IMG_0002.HEIC" "$work/IMG_0002.MOV"
echo
echo "demo OK: the pairs in $work are Live Photos"
