#!/usr/bin/env bash
# Benchmark `livephoto make`. Usage: bash scripts/bench-make.sh PATH-TO-livephoto
#
# Like scripts/bench.sh: every figure against a baseline measured in the same run, never failing
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
# Inputs are cached in bench-out/make-inputs/; results go to bench-out/make-results.json.
set -euo pipefail
usage() { echo "usage: bash scripts/bench-make.sh PATH-TO-livephoto" >&2; exit 2; }
[ $# -ge 1 ] || usage
[ -x "$1" ] || { echo "bench-make: '$1' is not an executable" >&2; exit 2; }
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
out=$here/bench-out
inputs=$out/make-inputs
work=$out/make-work
N=${BENCH_MAKE_CLIPS:-20}
ROUNDS=3
RSS_TARGET_KIB=$((300 * 1024))
[[ $N =~ ^[1-9][0-9]*$ ]] || { echo "bench-make: BENCH_MAKE_CLIPS must be a positive integer" >&2; exit 2; }
for tool in ffmpeg awk; do command -v "$tool" >/dev/null || { echo "bench-make: $tool is required" >&2; exit 2; }; done
[ -x /usr/bin/time ] || { echo "bench-make: /usr/bin/time is required (Debian package 'time')" >&2; exit 2; }

log() { printf '[bench-make %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'bench-make: FAIL: %s\n' "$*" >&2; exit 1; }
now() { if [ -n "${EPOCHREALTIME:-}" ]; then echo "$EPOCHREALTIME"; else date +%s.%N; fi; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) printf "%.6f", v[(NR + 1) / 2]; else printf "%.6f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

echo "== livephoto make benchmark"
echo "date:     $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "machine:  $(nproc) CPUs, $(uname -sr)"
echo "binary:   $bin"
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

# ---------- 1. folder: make DIR vs ffmpeg per clip ----------
make_times=(); ffmpeg_times=()
for round in $(seq 1 "$ROUNDS"); do
    rm -rf "$work"; mkdir -p "$work/clips" "$work/ffmpeg"
    for i in $(seq -w 1 "$N"); do cp "$clip" "$work/clips/CLIP_$i.MOV"; done
    sync
    t0=$(now)
    for f in "$work"/clips/*.MOV; do
        ffmpeg -v error -y -ss 1.5 -i "$f" -frames:v 1 "$work/ffmpeg/$(basename "$f" .MOV).jpg"
    done
    t1=$(now)
    ffmpeg_times+=("$(elapsed "$t0" "$t1")")
    sync
    t0=$(now)
    "$bin" make -q "$work/clips" || die "make DIR failed"
    t1=$(now)
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

printf '%-44s %-18s %-14s %-16s %-10s %s\n' measurement baseline livephoto result target met
printf '%-44s %-18s %-14s %-16s %-10s %s\n' "folder $N x 1080p 3 s H.264: make DIR" "ffmpeg $(ms "$ff") ms" "$(ms "$mk") ms" "${folder_ratio}x ffmpeg" "< 1.0x" "$folder_met"
printf '%-44s %-18s %-14s %-16s %-10s %s\n' "4K 10-bit HEVC: make peak RSS (max)" "-" "$(mib "$max_rss") MiB" "$(mib "$max_rss") MiB" "< 300 MiB" "$rss_met"
cat > "$out/make-results.json" <<JSON
{"clips": $N, "ffmpegSeconds": $ff, "makeSeconds": $mk, "ratio": $folder_ratio, "folderTargetMet": $( [ $folder_met = yes ] && echo true || echo false ),
 "uhdPeakRSSKiB": $max_rss, "uhdTargetMet": $( [ $rss_met = yes ] && echo true || echo false )}
JSON
rm -rf "$work"
