#!/bin/bash
# Usage: scripts/pair-output-compare.sh BASELINE_BIN NEW_BIN
# Pairs fixture and corpus stills and movies (temporary copies, a fixed --id; plain,
# --still-time 0.5 and --faststart), makes a Live Photo from every fixture and corpus movie
# (plain, --still-frame 3, --still-time 0.5, --json; and --wallpaper), and converts every corpus Motion Photo
# (--id) and Live Photo pair (plain, --samsung, --json), with two builds of livephoto, and
# compares every output file byte for byte (paths in the printed text normalised). For
# refactors that must not change what pair, make and convert write: build the base commit
# elsewhere and pass both binaries.
set -u
BASE=$(realpath "$1"); NEW=$(realpath "$2")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
C=$ROOT/../shared/corpus
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
stills=("$ROOT/Fixtures/still-apple-makernote.jpg" "$ROOT/Fixtures/still-heic.heic" "$C/iphone-heic/IMG_2927.HEIC" "$C/iphone-heic/IMG_2929.HEIC" "$C/avfoundation-pair/IMG.JPG" "$C/iphone-jpeg/iphone6.jpg" "$C/android-jpeg/samsung-sm-g960f.jpg")
movies=("$ROOT"/Fixtures/movie-*.mov "$ROOT"/Fixtures/movie-*.mp4 "$C/iphone-movie/iphone15-livephoto.MOV" "$C/avfoundation-pair/IMG.MOV")
fail=0; n=0
run() { # bin dir still movie extra...
  local bin=$1 dir=$2 s=$3 m=$4; shift 4
  mkdir -p "$dir"; cp "$s" "$dir/S.${s##*.}"; cp "$m" "$dir/M.${m##*.}"; chmod u+w "$dir"/*   # corpus files are read-only
  (cd "$dir" && "$bin" pair --id 11111111-2222-3333-4444-555555555555 "$@" "S.${s##*.}" "M.${m##*.}" >out.txt 2>&1; echo "rc=$?" >>out.txt)
}
# Same bytes, once each run's own folder is taken out of the printed text.
same() { cmp -s <(sed "s#$1/a#X#g" "$1/a/$2") <(sed "s#$1/b#X#g" "$1/b/$2"); }
i=0
for m in "${movies[@]}"; do
  for s in "${stills[0]}" "${stills[1]}"; do
    for extra in "" "--still-time 0.5" "--faststart"; do
      i=$((i+1)); T=$WORK/$i; rm -rf "$T"
      run "$BASE" "$T/a" "$s" "$m" $extra; run "$NEW" "$T/b" "$s" "$m" $extra
      for f in $(cd "$T/a" && ls); do
        n=$((n+1))
        if ! same "$T" "$f"; then echo "DIFF: $m + $s [$extra] -> $f"; fail=1; fi
      done
      [ "$(cd $T/a && ls)" == "$(cd $T/b && ls)" ] || { echo "DIFF listing $m $s"; fail=1; }
    done
  done
done
# every corpus still with the iPhone movie
for s in "${stills[@]:2}"; do
  i=$((i+1)); T=$WORK/$i; rm -rf "$T"
  run "$BASE" "$T/a" "$s" "${movies[0]}"; run "$NEW" "$T/b" "$s" "${movies[0]}"
  for f in $(cd "$T/a" && ls); do n=$((n+1)); same "$T" "$f" || { echo "DIFF: $s -> $f"; fail=1; }; done
done
ID=11111111-2222-3333-4444-555555555555
# cmd bin dir file... -- args...: the files copied into dir (names kept), the command run there on them.
each() { # bin dir "files" args...
  local bin=$1 dir=$2 files=$3; shift 3
  mkdir -p "$dir"; local names=(); for f in $files; do cp "$f" "$dir/"; chmod u+w "$dir/$(basename "$f")"; names+=("$(basename "$f")"); done
  (cd "$dir" && "$bin" "$@" "${names[@]}" >out.txt 2>&1; echo "rc=$?" >>out.txt)
}
compare_run() { # label "files" args...
  local label=$1 files=$2; shift 2
  i=$((i+1)); T=$WORK/$i; rm -rf "$T"
  each "$BASE" "$T/a" "$files" "$@"; each "$NEW" "$T/b" "$files" "$@"
  for f in $(cd "$T/a" && ls -A); do n=$((n+1)); same "$T" "$f" || { echo "DIFF: $label [$*] -> $f"; fail=1; }; done
  [ "$(cd $T/a && ls -A)" == "$(cd $T/b && ls -A)" ] || { echo "DIFF listing: $label [$*]"; fail=1; }
}
# make: every movie
for m in "${movies[@]}" "$C/iphone-livephoto-ios18/IMG_3853.MOV"; do
  for extra in "" "--still-frame 3" "--still-time 0.5" "--json"; do compare_run "make $m" "$m" make --id $ID $extra; done
done
# make --wallpaper: every fixture movie (H.264: re-encoded by libx265, whose output is the same
# for the same input and settings) and the current iPhone's movie (HEVC 1920: its own video kept)
for m in "$ROOT"/Fixtures/movie-*.mov "$ROOT"/Fixtures/movie-*.mp4 "$C/iphone-livephoto-ios18/IMG_3853.MOV"; do
  for extra in "" "--json"; do compare_run "make --wallpaper $m" "$m" make --wallpaper --id $ID $extra; done
done
# convert: Motion → Live, and Live → Motion
for mp in "$C/pixel-motion/PXL_20200710_061629144.MP.jpg" "$C/samsung-motion/samsung-one-ui-6.heic"; do
  for extra in "" "--json"; do compare_run "convert $mp" "$mp" convert --id $ID $extra; done
done
for pair in "$C/avfoundation-pair/IMG.JPG $C/avfoundation-pair/IMG.MOV" "$C/iphone-livephoto-ios18/IMG_3853.HEIC $C/iphone-livephoto-ios18/IMG_3853.MOV" \
            "$ROOT/Fixtures/still-apple-makernote.jpg $C/iphone-movie/iphone15-livephoto.MOV"; do
  for extra in "" "--samsung" "--json"; do compare_run "convert $pair" "$pair" convert $extra; done
done
echo "compared $n output files in $i runs; differences: $fail"
exit $fail
