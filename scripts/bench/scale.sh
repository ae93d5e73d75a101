#!/usr/bin/env bash
# Benchmark area "scale": `scan` of libraries of many small files (issue 23).
# Usage: bash scripts/bench/scale.sh PATH-TO-livephoto (alone), or through scripts/bench.sh.
#
# Small unpaired pairs (a 16x16 JPEG and a one-frame 16x16 H.264 movie, about 1 KB each, made
# once by ffmpeg), IMG_nnnn.JPG + IMG_nnnn.MOV, 1,000 pairs a folder: `scan` finds one
# candidate per pair.
#   1. Peak RSS: one `scan --json` of S pairs (BENCH_SCALE_PAIRS, default 200000; the folders are
#      hard links of one folder's files, so they cost directory entries, not disk), peak RSS
#      via /usr/bin/time, target <= 64 MiB; its time per pair against a warm scan of 1,000
#      pairs (3 rounds) of the same files (info: how far from linear).
#   2. Cold: C pairs (BENCH_COLD_PAIRS, default 20000) of real copies; after dropping the page
#      cache, `scan --json`; after dropping it again, 16 parallel `cat`s reading every byte of
#      the same files once (find | xargs -P16 cat). Target: scan <= 1.2x the cats. Needs root
#      (/proc/sys/vm/drop_caches): without it, skipped and said so.
#   3. Warm: `scan --json` of W pairs (BENCH_WARM_PAIRS, default 20000; the cold library when
#      the sizes agree), 5 rounds after one untimed run: pairs/s, target >= 30000 (2 cores).
#   4. Folder commands' peak RSS, target <= 64 MiB each: S Live Photos (the small pair paired
#      once by livephoto, then copied with a fresh UUID each by live-library.py, 1,000 a folder):
#      `verify -q` (all valid), `make DIR` (with a folder of L lone movies beside it, so make has
#      a little to decode: BENCH_LONE_MOVIES, default 10), `convert DIR` (nothing to convert);
#      and S lone stills, each with its own identifier (no movies): `scan --json`, `verify -q`,
#      `make DIR`, `convert DIR`. Every identifier is kept as a key until the end, and each lone
#      still's finding waits for it: these rows are what the keys cost.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_init "$@"
positive BENCH_SCALE_PAIRS "${BENCH_SCALE_PAIRS:-200000}"; S=$REPLY
positive BENCH_COLD_PAIRS "${BENCH_COLD_PAIRS:-20000}"; C=$REPLY
positive BENCH_WARM_PAIRS "${BENCH_WARM_PAIRS:-20000}"; W=$REPLY
positive BENCH_LONE_MOVIES "${BENCH_LONE_MOVIES:-10}"; L=$REPLY
BASE=1000                   # pairs a folder, and the small scan the large one is held against
BASE_ROUNDS=3
WARM_ROUNDS=5
CATS=16
RSS_TARGET_KIB=65536        # at most (64 MiB)
COLD_TARGET=1.2             # scan time / parallel cat time, at most
WARM_TARGET=30000           # pairs per second, at least (on 2 cores)
require_tools ffmpeg awk xargs find python3
require_usr_bin_time
rm -rf "$work/scale"   # leftovers of an interrupted run
gen_t0=$SECONDS

# The two small files, made once.
small_still=$inputs/small-16x16.jpg
small_movie=$inputs/small-16x16.mov
if [ ! -s "$small_still" ]; then
    log "generating $small_still"
    ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=s=16x16:r=1" -frames:v 1 -c:v mjpeg -q:v 5 -pix_fmt yuvj420p -f image2 "$small_still.tmp.jpg"
    mv "$small_still.tmp.jpg" "$small_still"
fi
if [ ! -s "$small_movie" ]; then
    log "generating $small_movie"
    ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=s=16x16:r=30:d=0.034" -frames:v 1 -c:v libx264 -preset ultrafast \
        -x264-params no-info=1 -pix_fmt yuv420p -f mov "$small_movie.tmp.mov"
    mv "$small_movie.tmp.mov" "$small_movie"
fi

# A library of COUNT pairs in folders of BASE: one folder made file by file, the others copied
# from it whole (`cp -r`, or `cp -rl`: hard links). A stamp records how it was made.
small_library() {  # small_library DIR COUNT copy|link
    local dir=$1 count=$2 how=$3 stamp i f folders name
    stamp="$count $BASE $how $(cksum <"$small_still") $(cksum <"$small_movie")"
    if [ -d "$dir" ] && [ "$(cat "$dir.stamp" 2>/dev/null)" = "$stamp" ]; then return; fi
    log "generating $dir ($count small pairs, $how)"
    rm -rf "$dir" "$dir.stamp" "$dir.tmp"
    folders=$(( (count + BASE - 1) / BASE ))
    mkdir -p "$dir.tmp/f0000"
    for ((i = 1; i <= BASE && i <= count; i++)); do
        printf -v name 'IMG_%04d' "$i"
        cp "$small_still" "$dir.tmp/f0000/$name.JPG"
        cp "$small_movie" "$dir.tmp/f0000/$name.MOV"
    done
    local flag=-r; [ "$how" = link ] && flag=-rl
    for ((f = 1; f < folders; f++)); do cp "$flag" "$dir.tmp/f0000" "$(printf '%s.tmp/f%04d' "$dir" "$f")"; done
    # The last folder holds what is left of COUNT.
    local rest=$(( count - (folders - 1) * BASE ))
    if (( folders > 1 && rest < BASE )); then
        for ((i = rest + 1; i <= BASE; i++)); do printf -v name 'IMG_%04d' "$i"; rm -f "$(printf '%s.tmp/f%04d' "$dir" $((folders - 1)))/$name".*; done
    fi
    mv "$dir.tmp" "$dir"
    echo "$stamp" >"$dir.stamp"
}
base_lib=$inputs/small-n$BASE
scale_lib=$inputs/small-links-n$S
cold_lib=$inputs/small-n$C
small_library "$base_lib" "$BASE" copy
small_library "$scale_lib" "$S" link
small_library "$cold_lib" "$C" copy
warm_lib=$cold_lib
if [ "$W" != "$C" ]; then warm_lib=$inputs/small-n$W; small_library "$warm_lib" "$W" copy; fi

# Small Live Photos with an identifier each: the small pair paired once (a fixed identifier),
# then copied with a fresh one in its place (live-library.py); and lone stills the same way.
live_id=11111111-2222-3333-4444-555555555555
live_still=$inputs/live-16x16.jpg
live_movie=$inputs/live-16x16.mov
if [ ! -s "$live_still" ] || [ ! -s "$live_movie" ]; then
    log "generating $live_still + $live_movie (livephoto pair --id $live_id)"
    cp "$small_still" "$live_still.tmp.jpg"; cp "$small_movie" "$live_movie.tmp.mov"
    "$bin" pair -q --id "$live_id" "$live_still.tmp.jpg" "$live_movie.tmp.mov" || die "pairing the small pair failed"
    mv "$live_still.tmp.jpg" "$live_still"; mv "$live_movie.tmp.mov" "$live_movie"
fi
live_library() {  # live_library DIR COUNT [--stills-only]
    local dir=$1 stamp="$2 $BASE ${3:-pairs} $(cksum <"$live_still") $(cksum <"$live_movie")"
    if [ -d "$dir" ] && [ "$(cat "$dir.stamp" 2>/dev/null)" = "$stamp" ]; then return; fi
    log "generating $dir ($2 small ${3:+lone stills}${3:-Live Photos}, an identifier each)"
    rm -rf "$dir" "$dir.stamp" "$dir.tmp"
    python3 "$here/scripts/bench/live-library.py" "$live_still" "$live_movie" "$live_id" "$dir.tmp" "$2" "$BASE" ${3:+"$3"}
    mv "$dir.tmp" "$dir"
    echo "$stamp" >"$dir.stamp"
}
live_lib=$inputs/live-n$S
lone_lib=$inputs/lone-stills-n$S
live_library "$live_lib" "$S"
live_library "$lone_lib" "$S" --stills-only
bench_generation $((SECONDS - gen_t0))
echo "scale:    $S pairs (BENCH_SCALE_PAIRS, hard links) against $BASE; cold $C pairs (BENCH_COLD_PAIRS) against $CATS parallel cat; warm $W pairs (BENCH_WARM_PAIRS), $WARM_ROUNDS rounds"
echo "  small    $(stat -c %s "$small_still") B $(basename "$small_still") + $(stat -c %s "$small_movie") B $(basename "$small_movie") [$(top_boxes "$small_movie")], $BASE pairs a folder"
echo

d=$work/scale
mkdir -p "$d"
# One timed scan --json of DIR, checked: REPLY = "SECONDS PEAK_RSS_KIB CPU_SECONDS" (user + sys:
# what a loaded shared machine inflates least).
scan_timed() {  # scan_timed DIR PAIRS
    local rc=0 t0
    now; t0=$REPLY
    /usr/bin/time -f "%M %U %S" -o "$d/rss" "$bin" scan --json "$1" >"$d/scan.jsonl" 2>"$d/scan.err" || rc=$?
    now
    [ "$rc" = 0 ] || { cat "$d/scan.err" >&2; die "livephoto scan --json $1 failed (exit $rc)"; }
    check_scan "$d/scan.jsonl" "$2" candidate
    REPLY="$(elapsed "$t0" "$REPLY") $(tail -n 1 "$d/rss" | awk '{ printf "%s %.6f", $1, $2 + $3 }')"
}

# ---------- 1. peak RSS, and time per pair against 1,000 pairs ----------
log "scale: scan of $S pairs, against $BASE pairs x $BASE_ROUNDS"
scan_timed "$base_lib" "$BASE"   # warm the cache
base_times=()
for ((r = 1; r <= BASE_ROUNDS; r++)); do scan_timed "$base_lib" "$BASE"; base_times+=("${REPLY%% *}"); done
base_t=$(median "${base_times[@]}")
scan_timed "$scale_lib" "$S"   # warm the cache (directory entries and inodes)
scan_timed "$scale_lib" "$S"
read -r scale_t scale_rss _ <<<"$REPLY"
base_us=$(awk -v t="$base_t" -v n="$BASE" 'BEGIN { printf "%.2f", t / n * 1e6 }')
scale_us=$(awk -v t="$scale_t" -v n="$S" 'BEGIN { printf "%.2f", t / n * 1e6 }')
per_pair_ratio=$(ratio "$scale_us" "$base_us")
scale_rss_mib=$(awk -v k="$scale_rss" 'BEGIN { printf "%.1f", k / 1024 }')
rss_met=$(met le "$scale_rss" "$RSS_TARGET_KIB")
log "scale: $S pairs in $(ms "$scale_t") ms ($scale_us us a pair; $BASE pairs: $base_us us a pair), peak RSS $scale_rss_mib MiB"

# ---------- 2. cold: scan against 16 parallel cat ----------
cold_how="page cache dropped before each"
if drop_caches; then
    scan_timed "$cold_lib" "$C"; read -r cold_scan _ <<<"$REPLY"
    drop_caches || die "the page cache could be dropped once, not twice"
    timed "$CATS parallel cat" sh -c 'find "$1" -type f -print0 | xargs -0 -P "$2" -n 64 cat >/dev/null' sh "$cold_lib" "$CATS"
    cold_cat=$REPLY
    cold_ratio=$(ratio "$cold_scan" "$cold_cat")
    cold_met=$(met le "$cold_ratio" "$COLD_TARGET")
    log "scale cold: scan $(ms "$cold_scan") ms, $CATS x cat $(ms "$cold_cat") ms (${cold_ratio}x)"
else
    cold_how="skipped: the page cache cannot be dropped (not root)"
    cold_scan=null; cold_cat=null; cold_ratio=null; cold_met=skipped
    log "scale cold: $cold_how"
fi

# ---------- 3. warm ----------
scan_timed "$warm_lib" "$W"   # untimed: warms the cache
warm_times=(); warm_cpus=()
for ((r = 1; r <= WARM_ROUNDS; r++)); do
    scan_timed "$warm_lib" "$W"; warm_times+=("${REPLY%% *}"); warm_cpus+=("${REPLY##* }")
    log "scale warm round $r/$WARM_ROUNDS: $(ms "${warm_times[-1]}") ms ($(rate "$W" "${warm_times[-1]}") pairs/s), CPU $(ms "${warm_cpus[-1]}") ms"
done
warm_t=$(median "${warm_times[@]}")
warm_cpu=$(median "${warm_cpus[@]}")
warm_cpu_us=$(awk -v t="$warm_cpu" -v n="$W" 'BEGIN { printf "%.2f", t / n * 1e6 }')
warm_rate=$(rate "$W" "$warm_t")
warm_met=$(met ge "$warm_rate" "$WARM_TARGET")
noisy "scale warm scan" "${warm_times[@]}"

# ---------- 4. peak RSS of every folder command ----------
# One run of livephoto ARGS...: REPLY = peak RSS in KiB; its exit code must be WANT and its
# stderr must hold SUMMARY (the counts that say it did the whole library; - for none: -q).
peak_rss() {  # peak_rss WANT SUMMARY ARGS...
    local want=$1 summary=$2 rc=0; shift 2
    /usr/bin/time -f %M -o "$d/rss" "$bin" "$@" >"$d/out" 2>"$d/err" || rc=$?
    [ "$rc" = "$want" ] || { tail -n 5 "$d/err" >&2; die "livephoto $* exited $rc (expected $want)"; }
    [ "$summary" = - ] || grep -qF -- "$summary" "$d/err" || { tail -n 5 "$d/err" >&2; die "livephoto $*: no '$summary' in its summary"; }
    REPLY=$(tail -n 1 "$d/rss")
}
rss_rows=()
rss_row() {  # rss_row LABEL KIB
    local mib met
    mib=$(awk -v k="$2" 'BEGIN { printf "%.1f", k / 1024 }'); met=$(met le "$2" "$RSS_TARGET_KIB")
    log "scale rss: $1: $mib MiB"
    bench_row "$1 peak RSS" - "$mib MiB" "$mib MiB" "<= 64 MiB" "$met"
    rss_rows+=("{\"run\": \"$1\", \"peak_rss_kib\": $2, \"target_met\": $(jbool "$met")}")
}
"$bin" scan -q --json "$live_lib" >/dev/null   # warm the cache (directory entries and inodes)
# verify -q prints no summary: checked by its exit code alone (0: every pair valid).
peak_rss 0 - verify -q "$live_lib"; rss_row "verify -q, $S Live Photos" "$REPLY"
rm -rf "$d/lone-movies"; mkdir -p "$d/lone-movies"
for ((i = 1; i <= L; i++)); do cp "$small_movie" "$(printf '%s/lone-movies/VID_%04d.MOV' "$d" "$i")"; done
peak_rss 0 "make: $L movies without a still: $L made" make "$live_lib" "$d/lone-movies"; rss_row "make DIR, $S Live Photos + $L lone movies" "$REPLY"
peak_rss 0 "convert: 0 to convert" convert "$live_lib"; rss_row "convert DIR, $S Live Photos" "$REPLY"
"$bin" scan -q --json "$lone_lib" >/dev/null || true   # warm the cache
peak_rss 0 "$S still-without-movie" scan --json "$lone_lib"; rss_row "scan --json, $S lone stills" "$REPLY"
peak_rss 0 "verify: 0 pairs" verify "$lone_lib"; rss_row "verify, $S lone stills" "$REPLY"
peak_rss 0 "make: 0 movies without a still" make "$lone_lib"; rss_row "make DIR, $S lone stills" "$REPLY"
peak_rss 0 "convert: 0 to convert" convert "$lone_lib"; rss_row "convert DIR, $S lone stills" "$REPLY"
rm -rf "$d"
rmdir "$work" 2>/dev/null || true

bench_json scale "{
    \"small_still_bytes\": $(stat -c %s "$small_still"),
    \"small_movie_bytes\": $(stat -c %s "$small_movie"),
    \"pairs_per_folder\": $BASE,
    \"scale_pairs\": $S,
    \"scale_seconds\": $scale_t,
    \"scale_peak_rss_kib\": $scale_rss,
    \"scale_target_peak_rss_kib_max\": $RSS_TARGET_KIB,
    \"scale_rss_target_met\": $(jbool "$rss_met"),
    \"base_pairs\": $BASE,
    \"base_seconds_median\": $base_t,
    \"base_seconds_rounds\": $(json_list "${base_times[@]}"),
    \"us_per_pair_scale\": $scale_us,
    \"us_per_pair_base\": $base_us,
    \"cold_how\": \"$cold_how\",
    \"cold_pairs\": $C,
    \"cold_scan_seconds\": $cold_scan,
    \"cold_parallel_cat_seconds\": $cold_cat,
    \"cold_parallel_cats\": $CATS,
    \"cold_ratio_scan_to_cat\": $cold_ratio,
    \"cold_target_ratio_max\": $COLD_TARGET,
    \"warm_pairs\": $W,
    \"warm_seconds_median\": $warm_t,
    \"warm_pairs_per_second\": $warm_rate,
    \"warm_target_pairs_per_second_min\": $WARM_TARGET,
    \"warm_target_met\": $(jbool "$warm_met"),
    \"warm_seconds_rounds\": $(json_list "${warm_times[@]}"),
    \"warm_cpu_seconds_median\": $warm_cpu,
    \"warm_cpu_us_per_pair\": $warm_cpu_us,
    \"folder_commands_peak_rss\": $(json_list "${rss_rows[@]}")
  }"
bench_row "scale $S pairs: scan peak RSS" - "$scale_rss_mib MiB" "$scale_rss_mib MiB" "<= 64 MiB" "$rss_met"
bench_row "scale $S pairs: scan time per pair" "$BASE: $base_us us" "$scale_us us" "${per_pair_ratio}x $BASE's" "(info)" -
if [ "$cold_met" = skipped ]; then
    bench_row "cold $C pairs: scan vs $CATS cat" - - "skipped (not root)" "<= ${COLD_TARGET}x cat" -
else
    bench_row "cold $C pairs: scan vs $CATS cat" "cat $(ms "$cold_cat") ms" "$(ms "$cold_scan") ms" "${cold_ratio}x cat" "<= ${COLD_TARGET}x cat" "$cold_met"
fi
bench_row "warm $W pairs: scan --json" - "$(ms "$warm_t") ms" "$warm_rate pairs/s" ">= $WARM_TARGET pairs/s" "$warm_met"
bench_row "warm $W pairs: scan CPU (user+sys)" - "$(ms "$warm_cpu") ms" "$warm_cpu_us us a pair" "(info)" -
bench_note "scale: small pairs of $(stat -c %s "$small_still") + $(stat -c %s "$small_movie") bytes, $BASE a folder; the $S-pair library is hard links of one folder's files; cold: $cold_how"
bench_done
