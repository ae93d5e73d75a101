#!/usr/bin/env bash
# Benchmark area "convert": `livephoto convert` (issue 11). Usage: bash scripts/bench/convert.sh
# PATH-TO-livephoto (alone), or through scripts/bench.sh.
#
# A folder of N (BENCH_MOTION_PHOTOS, default 20) Google Motion Photos, each a 12 MP noisy JPEG
# (~3 MB, as a camera's) with a 3 s 1080p H.264 MP4 inside, built by
# Fixtures/make_motion_photos.py --one. Per round (5): a fresh copy (untimed), then time
#   (a) one `cp` of the N files into a new folder (the baseline),
#   (b) ONE `livephoto convert -q -o OUT DIR` process writing N stills + N movies (it reads the
#       folder's files and converts each Motion Photo as soon as it is read),
# and report the median ratio (b)/(a); target <= 2.0x, since every byte is copied once (convert
# makes its outputs durable with one syncfs before it exits, cp does not; see ConvertedOutput).
# Info: (c) `convert --to motion` of the N pairs back into Motion Photos, against the same cp;
# with BENCH_COMPARE=OTHER-livephoto, (d) the same convert DIR by that binary, in the same rounds. The outputs must verify (`verify DIR`) and their count
# must be right, or the benchmark fails; a missed target never fails it.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_init "$@"
work=$out/work-convert
positive BENCH_MOTION_PHOTOS "${BENCH_MOTION_PHOTOS:-20}"; N=$REPLY
ROUNDS=5
TARGET=2.0
require_tools ffmpeg exiftool python3 awk

make_still   # the same 12 MP still as the pair area
video=$inputs/video-1080p-3s.mp4
if [ ! -s "$video" ]; then
    log "generating $video"
    ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=s=1920x1080:r=30:d=3" \
        -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=3" \
        -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -b:a 128k -shortest -f mp4 "$video.tmp.mp4"
    mv "$video.tmp.mp4" "$video"
fi
one=$inputs/motion-photo-12mp.MP.jpg
if [ ! -s "$one" ] || [ "$one" -ot "$still" ] || [ "$one" -ot "$video" ]; then
    python3 "$here/Fixtures/make_motion_photos.py" --one "$still" "$video" "$one" 1500000
fi
corpus=$inputs/motion-photos-n$N
if [ ! -d "$corpus" ] || [ "$(ls "$corpus" | wc -l)" != "$N" ] || [ "$corpus" -ot "$one" ]; then
    rm -rf "$corpus"; mkdir -p "$corpus"
    for ((i = 1; i <= N; i++)); do printf -v name 'PXL_20240101_12%04d000.MP.jpg' "$i"; cp "$one" "$corpus/$name"; done
fi
bytes=$(du -sb "$corpus" | awk '{ print $1 }')
echo "== livephoto convert benchmark"
echo "date:    $(date -u +%Y-%m-%dT%H:%M:%SZ); $(nproc) CPUs; binary $("$bin" --version)"
echo "corpus:  $N Motion Photos of $(stat -c %s "$one") bytes (12 MP JPEG + 3 s 1080p H.264/AAC MP4), $ROUNDS rounds"

compare=${BENCH_COMPARE:-}
cps=(); syncs=(); convs=(); backs=(); others=()
for ((r = 1; r <= ROUNDS; r++)); do
    rm -rf "$work"; mkdir -p "$work/cp" "$work/live" "$work/motion"
    cp -r "$corpus" "$work/src"
    sync
    now; t0=$REPLY; cp -- "$work/src"/* "$work/cp/"; now; cps+=("$(elapsed "$t0" "$REPLY")")
    sync
    # Info: cp of the same files followed by sync, i.e. with the durability convert pays for.
    mkdir -p "$work/cpsync"
    now; t0=$REPLY; cp -- "$work/src"/* "$work/cpsync/"; sync; now; syncs+=("$(elapsed "$t0" "$REPLY")")
    rm -rf "$work/cpsync"; sync
    now; t0=$REPLY; "$bin" convert -q -o "$work/live" "$work/src" || die "convert DIR failed"; now; convs+=("$(elapsed "$t0" "$REPLY")")
    sync
    now; t0=$REPLY; "$bin" convert -q --to motion -o "$work/motion" "$work/live" || die "convert --to motion failed"; now; backs+=("$(elapsed "$t0" "$REPLY")")
    if [ -n "$compare" ]; then
        sync; mkdir -p "$work/other"
        now; t0=$REPLY; "$compare" convert -q -o "$work/other" "$work/src" || die "the compared binary failed"; now; others+=("$(elapsed "$t0" "$REPLY")")
    fi
    [ "$(ls "$work/live" | grep -c '\.MOV$')" = "$N" ] || die "convert wrote $(ls "$work/live" | grep -c '\.MOV$') movies, expected $N"
    [ "$(ls "$work/motion" | grep -c '\.MP\.jpg$')" = "$N" ] || die "convert --to motion wrote the wrong number of Motion Photos"
    if [ "$r" = 1 ]; then
        "$bin" verify -q "$work/live" || die "converted pairs do not verify"
        ffmpeg -nostdin -v error -i "$work/live/PXL_20240101_120001000.MOV" -f null - || die "a converted movie does not decode"
    fi
    rm -rf "$work/src"
done
cp_m=$(median "${cps[@]}"); sync_m=$(median "${syncs[@]}"); conv_m=$(median "${convs[@]}"); back_m=$(median "${backs[@]}")
conv_ratio=$(ratio "$conv_m" "$cp_m"); back_ratio=$(ratio "$back_m" "$cp_m")
met=$(awk -v a="$conv_ratio" -v b="$TARGET" 'BEGIN { print (a <= b ? "yes" : "NO") }')
bench_row "$N Motion Photos: convert DIR (Motion->Live)" "cp $(ms "$cp_m") ms" "$(ms "$conv_m") ms" "${conv_ratio}x cp" "<= ${TARGET}x cp" "$met"
bench_row "  info: same, against cp + sync" "cp+sync $(ms "$sync_m") ms" "$(ms "$conv_m") ms" "$(ratio "$conv_m" "$sync_m")x" "(info)" -
bench_row "  info: convert --to motion (Live->Motion)" "cp $(ms "$cp_m") ms" "$(ms "$back_m") ms" "${back_ratio}x cp" "(info)" -
if [ -n "$compare" ]; then
    other_m=$(median "${others[@]}")
    bench_row "  info: convert DIR by $(basename "$compare")" "cp $(ms "$cp_m") ms" "$(ms "$other_m") ms" "$(ratio "$other_m" "$cp_m")x cp" "(info)" -
fi
mkdir -p "$out"
cat >"$out/convert-results.json" <<JSON
{"motionPhotos": $N, "bytes": $bytes, "cpSeconds": $cp_m, "cpSyncSeconds": $sync_m, "convertSeconds": $conv_m, "convertRatio": $conv_ratio,
 "toMotionSeconds": $back_m, "toMotionRatio": $back_ratio, "target": $TARGET, "met": $( [ "$met" = yes ] && echo true || echo false )}
JSON
rm -rf "$work"
bench_note "convert: results also in $out/convert-results.json"
bench_done
