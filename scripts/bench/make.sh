#!/usr/bin/env bash
# Benchmark area "make": `livephoto make`. Usage: bash scripts/bench/make.sh PATH-TO-livephoto (alone), or
# through scripts/bench.sh. Like the other areas: every figure against a baseline measured in the same run, never failing
# on a missed target, but failing when the output is broken (a made pair does not pass
# `livephoto verify --strict`).
#   1. Folder: N clips (BENCH_MAKE_CLIPS, default 20) of 1080p 3 s H.264 (30 fps, B-frames,
#      BT.709). Per round (3): fresh copy (untimed), then time (a) ffmpeg per clip,
#      `ffmpeg -ss T -i clip -frames:v 1 still.jpg` at the middle (T = 1.5 s), one process per
#      clip, one after the other (the baseline); (b) ONE `livephoto make -q DIR` process (which
#      also pairs: writes the identifier and the still-image-time track into every movie and
#      fsyncs both files). Median ratio make/ffmpeg, target < 1 (faster than ffmpeg).
#   2. 4K HEVC: a 3840x2160 2 s 10-bit HEVC clip; `livephoto make -q` on a fresh copy (3 rounds),
#      peak RSS via /usr/bin/time. Target < 300 MiB.
#   3. Wallpaper: a 3840x2160 8 s H.264 clip; per round (BENCH_WALL_ROUNDS, default 5) time (a)
#      `ffmpeg -ss 2.5 -t 3 -i clip -vf scale=1920:-2 -r 30 -c:v libx265` (medium, crf 22, no
#      B-frames, a key frame every 30: the encoder settings make uses), the baseline; (b)
#      `livephoto make --wallpaper --start 2.5 --duration 3` (which also writes the still and
#      the whole movie, and must pass `verify --wallpaper`). Median ratio, target <= 1 (no
#      slower), both CPU times (user + sys, median) and both peak RSS.
# Inputs are cached in bench-out/make-inputs/; results go to bench-out/make-results.json.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_init "$@"
work=$out/make-work
inputs=$out/make-inputs
mkdir -p "$inputs"
positive BENCH_MAKE_CLIPS "${BENCH_MAKE_CLIPS:-20}"; N=$REPLY
ROUNDS=3
RSS_TARGET_KIB=$((300 * 1024))
require_tools ffmpeg awk
require_usr_bin_time
kib_mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

echo "folder:   N=$N 1080p 3 s H.264 clips (BENCH_MAKE_CLIPS), $ROUNDS rounds; 4K HEVC: $ROUNDS rounds"
echo

# ---------- inputs (cached) ----------
rm -rf "$work"
mkdir -p "$inputs"
clip=$inputs/clip-1080p.mov
if [ ! -s "$clip" ]; then
    log "encoding the 1080p clip"
    ffmpeg -v error -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=3,gblur=sigma=1" -c:v libx264 -preset veryfast \
        -crf 20 -pix_fmt yuv420p -colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv "$clip"
fi
uhd=$inputs/clip-4k-hevc10.mov
if [ ! -s "$uhd" ]; then
    log "encoding the 4K HEVC clip"
    ffmpeg -v error -y -f lavfi -i "testsrc2=size=3840x2160:rate=30:duration=2" -c:v libx265 -preset ultrafast -crf 24 \
        -x265-params log-level=error -pix_fmt yuv420p10le -tag:v hvc1 -colorspace bt709 -color_primaries bt709 -color_trc bt709 "$uhd"
fi

wall=$inputs/clip-4k-8s-h264.mov
if [ ! -s "$wall" ]; then
    log "encoding the 4K 8 s H.264 clip"
    ffmpeg -v error -y -f lavfi -i "testsrc2=size=3840x2160:rate=30:duration=8" -c:v libx264 -preset ultrafast -crf 20 \
        -pix_fmt yuv420p -colorspace bt709 -color_primaries bt709 -color_trc bt709 "$wall"
fi

# ---------- 1. folder: make DIR vs ffmpeg per clip ----------
make_times=(); ffmpeg_times=()
for round in $(seq 1 "$ROUNDS"); do
    rm -rf "$work"; mkdir -p "$work/clips" "$work/ffmpeg"
    for i in $(seq -w 1 "$N"); do cp "$clip" "$work/clips/CLIP_$i.MOV"; done
    sync
    now; t0=$REPLY
    for f in "$work"/clips/*.MOV; do
        ffmpeg -v error -y -ss 1.5 -i "$f" -frames:v 1 "$work/ffmpeg/$(basename "$f" .MOV).jpg"
    done
    now; t1=$REPLY
    ffmpeg_times+=("$(elapsed "$t0" "$t1")")
    sync
    now; t0=$REPLY
    "$bin" make -q "$work/clips" || die "make DIR failed"
    now; t1=$REPLY
    make_times+=("$(elapsed "$t0" "$t1")")
    made=$(ls "$work"/clips/*.JPG | wc -l)
    [ "$made" -eq "$N" ] || die "make wrote $made stills for $N clips"
    "$bin" verify --strict -q "$work/clips" || die "a made pair does not pass verify --strict"
    log "round $round: ffmpeg $(ms "${ffmpeg_times[-1]}") ms, make $(ms "${make_times[-1]}") ms"
done
ff=$(median "${ffmpeg_times[@]}"); mk=$(median "${make_times[@]}")
folder_ratio=$(ratio "$mk" "$ff")
folder_met=no; lt "$folder_ratio" 1 && folder_met=yes

# ---------- 2. 4K HEVC peak memory ----------
rss=()
for round in $(seq 1 "$ROUNDS"); do
    rm -rf "$work/uhd"; mkdir -p "$work/uhd"
    cp "$uhd" "$work/uhd/UHD.MOV"
    /usr/bin/time -f '%M' -o "$work/rss" "$bin" make -q "$work/uhd/UHD.MOV" 2>/dev/null || die "make on the 4K clip failed"
    "$bin" verify --strict -q "$work/uhd/UHD.JPG" "$work/uhd/UHD.MOV" || die "the 4K pair does not pass verify --strict"
    rss+=("$(tail -1 "$work/rss")")
done
max_rss=$(printf '%s\n' "${rss[@]}" | sort -n | tail -1)
rss_met=no; [ "$max_rss" -lt "$RSS_TARGET_KIB" ] && rss_met=yes

# ---------- 3. make --wallpaper vs ffmpeg libx265 over the same span ----------
positive BENCH_WALL_ROUNDS "${BENCH_WALL_ROUNDS:-5}"; WALL_ROUNDS=$REPLY
wall_ours=(); wall_ffmpeg=(); wall_rss=(); wall_ffmpeg_rss=(); wall_cpu=(); wall_ffmpeg_cpu=()
for round in $(seq 1 "$WALL_ROUNDS"); do
    rm -rf "$work/wall"; mkdir -p "$work/wall/ours" "$work/wall/ffmpeg"
    cp "$wall" "$work/wall/WALL.MOV"
    now; t0=$REPLY
    /usr/bin/time -f '%U %S %M' -o "$work/wall/ffmpeg-rss" ffmpeg -v error -y -ss 2.5 -t 3 -i "$work/wall/WALL.MOV" -vf scale=1920:-2 -r 30 -an \
        -c:v libx265 -preset medium -crf 22 -x265-params bframes=0:keyint=30:min-keyint=30:open-gop=0:log-level=error -tag:v hvc1 \
        "$work/wall/ffmpeg/WALL.MOV" || die "ffmpeg libx265 failed"
    now; t1=$REPLY
    wall_ffmpeg+=("$(elapsed "$t0" "$t1")"); read -r u k r < <(tail -1 "$work/wall/ffmpeg-rss")
    wall_ffmpeg_rss+=("$r"); wall_ffmpeg_cpu+=("$(awk -v u="$u" -v k="$k" 'BEGIN { printf "%.2f", u + k }')")
    now; t0=$REPLY
    /usr/bin/time -f '%U %S %M' -o "$work/wall/rss" "$bin" make -q --wallpaper --start 2.5 --duration 3 -o "$work/wall/ours" "$work/wall/WALL.MOV" \
        || die "make --wallpaper failed"
    now; t1=$REPLY
    wall_ours+=("$(elapsed "$t0" "$t1")"); read -r u k r < <(tail -1 "$work/wall/rss")
    wall_rss+=("$r"); wall_cpu+=("$(awk -v u="$u" -v k="$k" 'BEGIN { printf "%.2f", u + k }')")
    "$bin" verify --wallpaper -q "$work/wall/ours/WALL-wallpaper.JPG" "$work/wall/ours/WALL-wallpaper.MOV" \
        || die "the wallpaper movie does not pass verify --wallpaper"
    log "wallpaper round $round: ffmpeg $(ms "${wall_ffmpeg[-1]}") ms (CPU ${wall_ffmpeg_cpu[-1]} s), make --wallpaper $(ms "${wall_ours[-1]}") ms (CPU ${wall_cpu[-1]} s)"
done
wf=$(median "${wall_ffmpeg[@]}"); wo=$(median "${wall_ours[@]}")
wall_ratio=$(ratio "$wo" "$wf")
wall_met=no; le "$wall_ratio" 1 && wall_met=yes
# CPU seconds (user + sys): what each does in all, which the wall ratio on a busy VM hides.
wcf=$(printf "%.2f" "$(median "${wall_ffmpeg_cpu[@]}")"); wco=$(printf "%.2f" "$(median "${wall_cpu[@]}")")
wall_cpu_ratio=$(ratio "$wco" "$wcf")
wall_max_rss=$(printf '%s\n' "${wall_rss[@]}" | sort -n | tail -1)
wall_ffmpeg_max_rss=$(printf '%s\n' "${wall_ffmpeg_rss[@]}" | sort -n | tail -1)

bench_row "folder $N x 1080p 3 s H.264: make DIR" "ffmpeg $(ms "$ff") ms" "$(ms "$mk") ms" "${folder_ratio}x ffmpeg" "< 1.0x" "$folder_met"
bench_row "4K 10-bit HEVC: make peak RSS (max)" - "$(kib_mib "$max_rss") MiB" "$(kib_mib "$max_rss") MiB" "< 300 MiB" "$rss_met"
bench_row "4K 8 s H.264: make --wallpaper (3 s)" "ffmpeg x265 $(ms "$wf") ms" "$(ms "$wo") ms" "${wall_ratio}x ffmpeg" "<= 1.0x" "$wall_met"
bench_row "4K 8 s H.264: make --wallpaper CPU time" "ffmpeg x265 $wcf s" "$wco s" "${wall_cpu_ratio}x ffmpeg" - -
bench_row "4K 8 s H.264: make --wallpaper peak RSS" "ffmpeg $(kib_mib "$wall_ffmpeg_max_rss") MiB" "$(kib_mib "$wall_max_rss") MiB" - - -
bench_note "make: results also in $out/make-results.json"
cat > "$out/make-results.json" <<JSON
{"clips": $N, "ffmpegSeconds": $ff, "makeSeconds": $mk, "ratio": $folder_ratio, "folderTargetMet": $( [ $folder_met = yes ] && echo true || echo false ),
 "uhdPeakRSSKiB": $max_rss, "uhdTargetMet": $( [ $rss_met = yes ] && echo true || echo false ),
 "wallpaperFFmpegSeconds": $wf, "wallpaperSeconds": $wo, "wallpaperRatio": $wall_ratio, "wallpaperTargetMet": $(jbool $wall_met),
 "wallpaperCPUSeconds": $wco, "wallpaperFFmpegCPUSeconds": $wcf, "wallpaperRounds": $(json_list "${wall_ours[@]}"), "wallpaperFFmpegRounds": $(json_list "${wall_ffmpeg[@]}"),
 "wallpaperPeakRSSKiB": $wall_max_rss, "wallpaperFFmpegPeakRSSKiB": $wall_ffmpeg_max_rss}
JSON
rm -rf "$work"
bench_done
