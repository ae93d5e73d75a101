#!/usr/bin/env bash
# Benchmark `livephoto pair`. Usage: bash scripts/bench.sh PATH-TO-livephoto
#
# The machine this runs on is shared and noisy, so every figure is taken against a baseline
# measured in the same run (plain `cp` of the same bytes), and the benchmark never fails on a
# target: it prints the figures and whether each target was met. It DOES fail (non-zero exit)
# when pairing fails or a paired result does not pass `livephoto verify`, because a benchmark
# of broken output is meaningless.
#
#   1. Corpus: N pairs (BENCH_PAIRS, default 20) of a 1080p 3 s H.264+AAC QuickTime movie and
#      a 12 MP JPEG. Per round (5): fresh copy (untimed), then time (a) one `cp` of all 2N
#      files, (b) `livephoto pair -q` over all N pairs in place. Median ratio pair/cp, target
#      <= 2.0x. Once with moov last (ffmpeg's default: tail-append path), once with moov first
#      (-movflags +faststart: whole-file rewrite path).
#   2. Large movie: a >= 1 GiB QuickTime movie with moov last. Per round (3): `cp` of the
#      movie (timed: the baseline, and also the fresh copy), then `livephoto pair -q` in place
#      (timed, peak RSS via /usr/bin/time). Targets: < 100 ms, < 64 MiB peak RSS.
#
# Everything generated lives in bench-out/ (gitignored). Inputs are cached in
# bench-out/inputs/ and only regenerated when missing; delete that folder to regenerate.
# `sync` runs before each timed section, never inside one. Note: `pair` fsyncs what it
# writes (durability), plain `cp` does not: the cp baseline is the cheaper of the two.
set -euo pipefail
export LC_ALL=C   # '.' as the decimal point, in EPOCHREALTIME too

usage() { echo "usage: bash scripts/bench.sh PATH-TO-livephoto" >&2; exit 2; }
[ $# -ge 1 ] || usage
[ -x "$1" ] || { echo "bench: '$1' is not an executable" >&2; exit 2; }
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
out=$here/bench-out
inputs=$out/inputs
work=$out/work
N=${BENCH_PAIRS:-20}
ROUNDS=5
BIG_ROUNDS=3
BIG_MIN_BYTES=$((1024 * 1024 * 1024))
CORPUS_TARGET=2.0         # pair time / cp time, at most
BIG_TIME_TARGET_MS=100    # under
BIG_RSS_TARGET_KIB=65536  # under (64 MiB)

[[ $N =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_PAIRS must be a positive integer (got '$N')" >&2; exit 2; }
for tool in ffmpeg exiftool awk od stat; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is required (make test-deps installs ffmpeg and exiftool)" >&2; exit 2; }
done

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'bench: FAIL: %s\n' "$*" >&2; exit 1; }

# ---------- timing helpers ----------
# EPOCHREALTIME (bash >= 5) costs no fork; fall back to date otherwise.
if [ -n "${EPOCHREALTIME:-}" ]; then now() { REPLY=$EPOCHREALTIME; }; else now() { REPLY=$(date +%s.%N); }; fi
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) printf "%.6f", v[(NR + 1) / 2]; else printf "%.6f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
json_list() { local IFS=,; printf '[%s]' "$*"; }
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }

# ---------- QuickTime top-level boxes (to check where moov is) ----------
top_boxes() {
    local f=$1 off=0 total size hdr typ names=()
    total=$(stat -c %s "$f")
    while (( off + 8 <= total )); do
        hdr=$(od -An -tx1 -v -j "$off" -N 16 "$f" | tr -d ' \n')
        size=$((16#${hdr:0:8}))
        printf -v typ "\\x${hdr:8:2}\\x${hdr:10:2}\\x${hdr:12:2}\\x${hdr:14:2}"
        if (( size == 1 )); then size=$((16#${hdr:16:16})); elif (( size == 0 )); then size=$((total - off)); fi
        (( size >= 8 )) || { echo "?bad-size@$off"; return; }
        names+=("$typ"); off=$((off + size))
    done
    echo "${names[*]}"
}
moov_position() {  # last | first (before mdat) | other
    local boxes; boxes=" $(top_boxes "$1") "
    case $boxes in
        *" moov ") echo last ;;
        *" moov "*" mdat "*) echo first ;;
        *) echo "other($boxes)" ;;
    esac
}

# ---------- header ----------
cpu_model=$( (lscpu 2>/dev/null | awk -F: '/^Model name/ { sub(/^[ \t]+/, "", $2); print $2; exit }') || true)
[ -n "$cpu_model" ] || cpu_model=$(awk -F: '/^model name/ { sub(/^[ \t]+/, "", $2); print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown)
ncpu=$(nproc)
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
git_rev=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$git_rev" != unknown ] && [ -n "$(git -C "$here" status --porcelain -- Sources Package.swift 2>/dev/null)" ]; then git_rev="$git_rev+dirty"; fi
echo "== livephoto benchmark"
echo "date:     $started"
echo "machine:  $ncpu CPUs ($cpu_model), $(uname -sr), $(awk '/MemTotal/ { printf "%.1f GiB RAM", $2 / 1048576 }' /proc/meminfo)"
echo "binary:   $bin"
echo "source:   $here @ $git_rev"
echo "pairs:    N=$N (BENCH_PAIRS), $ROUNDS rounds; large movie: $BIG_ROUNDS rounds"
echo

# /usr/bin/time for peak RSS (Debian package `time`).
if [ ! -x /usr/bin/time ]; then
    log "installing /usr/bin/time (Debian package 'time')"
    SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
    if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq time >/dev/null 2>&1; then
        $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq time >/dev/null
    fi
fi
[ -x /usr/bin/time ] || die "/usr/bin/time is missing and could not be installed"

# ---------- inputs (cached) ----------
rm -rf "$work"   # leftovers of an interrupted run
mkdir -p "$inputs"
gen_t0=$SECONDS

# The still: one 4000x3000 frame of testsrc2 as a JPEG, with some EXIF.
still=$inputs/still-4000x3000.jpg
if [ ! -s "$still" ]; then
    log "generating $still"
    tmp=$inputs/.tmp-still.jpg
    ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=s=4000x3000:r=1" -frames:v 1 \
        -c:v mjpeg -q:v 2 -pix_fmt yuvj420p -f image2 "$tmp"
    exiftool -q -overwrite_original -Make=Apple "-Model=iPhone 15 Pro" -Software=livephoto-bench \
        "-DateTimeOriginal=2024:06:01 12:00:00" -Orientation#=1 "$tmp" >/dev/null
    mv "$tmp" "$still"
fi

# The corpus movie: 1080p 3 s H.264 (ultrafast) + AAC sine, QuickTime, moov last (ffmpeg default).
movie_last=$inputs/movie-1080p-3s-moovlast.mov
if [ ! -s "$movie_last" ]; then
    log "generating $movie_last"
    tmp=$inputs/.tmp-movie-last.mov
    ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=s=1920x1080:r=30:d=3" \
        -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=3" \
        -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -b:a 128k -shortest -f mov "$tmp"
    mv "$tmp" "$movie_last"
fi
# The same media with moov first (+faststart): `pair` must rewrite the whole file.
movie_first=$inputs/movie-1080p-3s-moovfirst.mov
if [ ! -s "$movie_first" ]; then
    log "generating $movie_first"
    tmp=$inputs/.tmp-movie-first.mov
    ffmpeg -nostdin -v error -y -i "$movie_last" -map 0 -c copy -movflags +faststart -f mov "$tmp"
    mv "$tmp" "$movie_first"
fi

# The large movie (moov last, >= 1 GiB): a 2 s 1080p clip made nearly incompressible with
# temporal noise, encoded losslessly (x264 -qp 0, ultrafast: ~3 MB a frame), then looped with
# -c copy until it is big enough. A few seconds of CPU, the rest is disk writing.
big=$inputs/movie-1080p-big-moovlast.mov
if [ ! -s "$big" ]; then
    log "generating $big (>= 1 GiB)"
    clip=$inputs/.tmp-big-clip.mov
    ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=s=1920x1080:r=30:d=2" \
        -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=2" \
        -vf "noise=alls=60:allf=t+u" -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p \
        -c:a aac -b:a 128k -shortest -f mov "$clip"
    clip_bytes=$(stat -c %s "$clip")
    loops=$(( (BIG_MIN_BYTES * 21 / 20 + clip_bytes - 1) / clip_bytes ))   # 5% headroom
    tmp=$inputs/.tmp-big.mov
    ffmpeg -nostdin -v error -y -stream_loop $((loops - 1)) -i "$clip" -map 0 -c copy -f mov "$tmp"
    rm -f "$clip"
    (( $(stat -c %s "$tmp") >= BIG_MIN_BYTES )) || die "generated large movie is under 1 GiB ($(stat -c %s "$tmp") bytes)"
    mv "$tmp" "$big"
fi

# The corpora: N copies of the one still and the one movie under IMG_nnnn names.
make_corpus() {  # make_corpus DIR MOVIE
    local dir=$1 movie=$2 i name
    mkdir -p "$dir"
    for ((i = 1; i <= N; i++)); do
        printf -v name 'IMG_%04d' "$i"
        [ -s "$dir/$name.JPG" ] || cp "$still" "$dir/$name.JPG"
        [ -s "$dir/$name.MOV" ] || cp "$movie" "$dir/$name.MOV"
    done
}
corpus_last=$inputs/corpus-moovlast-n$N
corpus_first=$inputs/corpus-moovfirst-n$N
make_corpus "$corpus_last" "$movie_last"
make_corpus "$corpus_first" "$movie_first"
gen_secs=$((SECONDS - gen_t0))

pos_last=$(moov_position "$movie_last")
pos_first=$(moov_position "$movie_first")
pos_big=$(moov_position "$big")
[ "$pos_last" = last ] || die "$movie_last: expected moov last, top-level boxes: $(top_boxes "$movie_last")"
[ "$pos_first" = first ] || die "$movie_first: expected moov first, top-level boxes: $(top_boxes "$movie_first")"
[ "$pos_big" = last ] || die "$big: expected moov last, top-level boxes: $(top_boxes "$big")"
still_bytes=$(stat -c %s "$still")
movie_last_bytes=$(stat -c %s "$movie_last")
movie_first_bytes=$(stat -c %s "$movie_first")
big_bytes=$(stat -c %s "$big")
echo "inputs (generation ${gen_secs}s; cached in $inputs):"
echo "  still  $(mib "$still_bytes") MiB  $(basename "$still")"
echo "  movie  $(mib "$movie_last_bytes") MiB  $(basename "$movie_last")   [$(top_boxes "$movie_last")]"
echo "  movie  $(mib "$movie_first_bytes") MiB  $(basename "$movie_first")  [$(top_boxes "$movie_first")]"
echo "  large  $(mib "$big_bytes") MiB  $(basename "$big")  [$(top_boxes "$big")]"
echo

# ---------- pairing helpers ----------
# Pair one pair, untimed, with --json: returns (in REPLY) the movie write mode it reports.
pair_mode() {  # pair_mode STILL MOVIE
    local js
    js=$("$bin" pair --json "$1" "$2") || die "livephoto pair $1 $2 failed (exit $?)"
    REPLY=$(printf '%s\n' "$js" | awk -F'"' '/"movieWrite"/ { print $4; exit }')
}
verify_pair() {  # verify_pair STILL MOVIE
    local rc=0
    "$bin" verify -q "$1" "$2" || rc=$?
    if [ "$rc" != 0 ]; then
        echo "bench: livephoto verify -q failed (exit $rc) for $1 + $2; its report:" >&2
        "$bin" verify "$1" "$2" >&2 || true
        die "paired output does not verify"
    fi
}
probe_ok() {  # an independent reader still accepts the paired movie
    if command -v ffprobe >/dev/null; then
        ffprobe -v error -show_entries stream=codec_type -of csv=p=0 "$1" >/dev/null \
            || die "ffprobe cannot read paired movie $1"
    fi
}

# ---------- 1. corpus: pair vs cp ----------
declare -A C_CP C_PAIR C_RATIO C_MODE C_CP_ROUNDS C_PAIR_ROUNDS C_CPEACH C_START
run_corpus() {  # run_corpus KIND CORPUS EXPECTED_MODE
    local kind=$1 corpus=$2 expect=$3 r i name t0 t1 d src dst
    local cps=() pairs=() cpeach=() starts=()
    d=$work/corpus-$kind
    # Sanity (untimed): one pair, with --json to see which write path was taken; verify it.
    rm -rf "$d"; mkdir -p "$d/check"
    cp "$corpus/IMG_0001.JPG" "$corpus/IMG_0001.MOV" "$d/check/"
    pair_mode "$d/check/IMG_0001.JPG" "$d/check/IMG_0001.MOV"
    C_MODE[$kind]=$REPLY
    verify_pair "$d/check/IMG_0001.JPG" "$d/check/IMG_0001.MOV"
    probe_ok "$d/check/IMG_0001.MOV"
    if [ "$REPLY" != "$expect" ]; then
        echo "bench: WARNING: corpus $kind: pair used movie write '${C_MODE[$kind]}', expected '$expect'" >&2
    fi
    for ((r = 1; r <= ROUNDS; r++)); do
        rm -rf "$d"; mkdir -p "$d"
        src=$d/src; dst=$d/cp
        cp -r "$corpus" "$src"; mkdir -p "$dst"
        sync
        # (a) cp of all 2N files
        now; t0=$REPLY
        cp -- "$src"/* "$dst"/
        now; t1=$REPLY
        cps+=("$(elapsed "$t0" "$t1")")
        sync
        # (b) livephoto pair over all N pairs, in place
        now; t0=$REPLY
        for ((i = 1; i <= N; i++)); do
            printf -v name 'IMG_%04d' "$i"
            "$bin" pair -q "$src/$name.JPG" "$src/$name.MOV" \
                || die "livephoto pair $src/$name.JPG $src/$name.MOV failed (exit $?)"
        done
        now; t1=$REPLY
        pairs+=("$(elapsed "$t0" "$t1")")
        # Informational, not targets: what N processes cost on their own. (c) `cp` run once
        # per pair (N processes copying the same 2N files as (a)); (d) `livephoto --version`
        # N times: the process start-up floor that (b) pays N times and (a) pays once.
        mkdir -p "$d/cp-each"
        sync
        now; t0=$REPLY
        for ((i = 1; i <= N; i++)); do
            printf -v name 'IMG_%04d' "$i"
            cp -- "$dst/$name.JPG" "$dst/$name.MOV" "$d/cp-each/"
        done
        now; t1=$REPLY
        cpeach+=("$(elapsed "$t0" "$t1")")
        now; t0=$REPLY
        for ((i = 1; i <= N; i++)); do "$bin" --version >/dev/null; done
        now; t1=$REPLY
        starts+=("$(elapsed "$t0" "$t1")")
        # Untimed: the first and last pairs of every round must verify.
        printf -v name 'IMG_%04d' "$N"
        verify_pair "$src/IMG_0001.JPG" "$src/IMG_0001.MOV"
        verify_pair "$src/$name.JPG" "$src/$name.MOV"
        log "corpus $kind round $r/$ROUNDS: cp $(ms "${cps[-1]}") ms, pair $(ms "${pairs[-1]}") ms (info: cp per pair $(ms "${cpeach[-1]}") ms, $N x livephoto --version $(ms "${starts[-1]}") ms)"
    done
    rm -rf "$d"
    C_CP[$kind]=$(median "${cps[@]}")
    C_PAIR[$kind]=$(median "${pairs[@]}")
    C_RATIO[$kind]=$(ratio "${C_PAIR[$kind]}" "${C_CP[$kind]}")
    C_CP_ROUNDS[$kind]=$(json_list "${cps[@]}")
    C_PAIR_ROUNDS[$kind]=$(json_list "${pairs[@]}")
    C_CPEACH[$kind]=$(median "${cpeach[@]}")
    C_START[$kind]=$(median "${starts[@]}")
}

log "corpus, moov last: $N pairs x $ROUNDS rounds"
run_corpus moov-last "$corpus_last" tail-append
log "corpus, moov first: $N pairs x $ROUNDS rounds"
run_corpus moov-first "$corpus_first" rewrite

# ---------- 2. large movie ----------
log "large movie: $(mib "$big_bytes") MiB x $BIG_ROUNDS rounds"
d=$work/big
big_cps=(); big_pairs=(); big_rss=(); big_growth=()
# Every round verifies its result (untimed); the write path shows in how much the movie grew.
for ((r = 1; r <= BIG_ROUNDS; r++)); do
    rm -rf "$d"; mkdir -p "$d"
    sync
    # cp of the 1 GiB movie: the baseline, and also this round's fresh copy.
    now; t0=$REPLY
    cp --reflink=auto -- "$big" "$d/IMG_BIG.MOV"
    now; t1=$REPLY
    big_cps+=("$(elapsed "$t0" "$t1")")
    cp "$still" "$d/IMG_BIG.JPG"
    sync
    now; t0=$REPLY
    /usr/bin/time -f %M -o "$d/rss" "$bin" pair -q "$d/IMG_BIG.JPG" "$d/IMG_BIG.MOV" \
        || die "livephoto pair on the large movie failed (exit $?)"
    now; t1=$REPLY
    big_pairs+=("$(elapsed "$t0" "$t1")")
    big_rss+=("$(tail -n 1 "$d/rss")")
    big_growth+=("$(( $(stat -c %s "$d/IMG_BIG.MOV") - big_bytes ))")
    verify_pair "$d/IMG_BIG.JPG" "$d/IMG_BIG.MOV"
    log "large round $r/$BIG_ROUNDS: cp $(ms "${big_cps[-1]}") ms, pair $(ms "${big_pairs[-1]}") ms, peak RSS ${big_rss[-1]} KiB, movie grew ${big_growth[-1]} bytes"
    rm -rf "$d"
done
rmdir "$work" 2>/dev/null || true
big_cp=$(median "${big_cps[@]}")
big_pair=$(median "${big_pairs[@]}")
big_ratio=$(ratio "$big_pair" "$big_cp")
big_rss_max=$(printf '%s\n' "${big_rss[@]}" | sort -n | tail -n 1)
big_rss_mib=$(awk -v k="$big_rss_max" 'BEGIN { printf "%.1f", k / 1024 }')
# The tail-append path leaves the old moov and appends a new one: the file grows by about a
# moov; a whole-file rewrite would have taken seconds and kept the size near the original.
big_growth_max=$(printf '%s\n' "${big_growth[@]}" | sort -n | tail -n 1)

# ---------- results ----------
met() { if "$@"; then echo yes; else echo NO; fi; }
c_met_last=$(met le "${C_RATIO[moov-last]}" "$CORPUS_TARGET")
c_met_first=$(met le "${C_RATIO[moov-first]}" "$CORPUS_TARGET")
b_met_time=$(met lt "$(ms "$big_pair")" "$BIG_TIME_TARGET_MS")
b_met_rss=$(met lt "$big_rss_max" "$BIG_RSS_TARGET_KIB")
finished=$(date -u +%Y-%m-%dT%H:%M:%SZ)

mkdir -p "$out"
cat >"$out/results.json" <<EOF
{
  "date": "$started",
  "finished": "$finished",
  "machine": { "nproc": $ncpu, "cpu": "$cpu_model", "kernel": "$(uname -sr)" },
  "binary": "$bin",
  "source_rev": "$git_rev",
  "generation_seconds": $gen_secs,
  "corpus": {
    "pairs": $N,
    "rounds": $ROUNDS,
    "still_bytes": $still_bytes,
    "moov_last": {
      "movie_bytes": $movie_last_bytes,
      "movie_write": "${C_MODE[moov-last]}",
      "cp_seconds_median": ${C_CP[moov-last]},
      "pair_seconds_median": ${C_PAIR[moov-last]},
      "ratio": ${C_RATIO[moov-last]},
      "target_ratio_max": $CORPUS_TARGET,
      "target_met": $([ "$c_met_last" = yes ] && echo true || echo false),
      "cp_seconds_rounds": ${C_CP_ROUNDS[moov-last]},
      "pair_seconds_rounds": ${C_PAIR_ROUNDS[moov-last]},
      "info_cp_one_process_per_pair_seconds_median": ${C_CPEACH[moov-last]},
      "info_ratio_pair_to_cp_one_process_per_pair": $(ratio "${C_PAIR[moov-last]}" "${C_CPEACH[moov-last]}"),
      "info_startup_n_processes_seconds_median": ${C_START[moov-last]}
    },
    "moov_first": {
      "movie_bytes": $movie_first_bytes,
      "movie_write": "${C_MODE[moov-first]}",
      "cp_seconds_median": ${C_CP[moov-first]},
      "pair_seconds_median": ${C_PAIR[moov-first]},
      "ratio": ${C_RATIO[moov-first]},
      "target_ratio_max": $CORPUS_TARGET,
      "target_met": $([ "$c_met_first" = yes ] && echo true || echo false),
      "cp_seconds_rounds": ${C_CP_ROUNDS[moov-first]},
      "pair_seconds_rounds": ${C_PAIR_ROUNDS[moov-first]},
      "info_cp_one_process_per_pair_seconds_median": ${C_CPEACH[moov-first]},
      "info_ratio_pair_to_cp_one_process_per_pair": $(ratio "${C_PAIR[moov-first]}" "${C_CPEACH[moov-first]}"),
      "info_startup_n_processes_seconds_median": ${C_START[moov-first]}
    }
  },
  "large_movie": {
    "movie_bytes": $big_bytes,
    "rounds": $BIG_ROUNDS,
    "cp_seconds_median": $big_cp,
    "pair_seconds_median": $big_pair,
    "ratio_pair_to_cp": $big_ratio,
    "target_pair_ms_under": $BIG_TIME_TARGET_MS,
    "time_target_met": $([ "$b_met_time" = yes ] && echo true || echo false),
    "peak_rss_kib_max": $big_rss_max,
    "target_peak_rss_kib_under": $BIG_RSS_TARGET_KIB,
    "rss_target_met": $([ "$b_met_rss" = yes ] && echo true || echo false),
    "movie_growth_bytes_max": $big_growth_max,
    "cp_seconds_rounds": $(json_list "${big_cps[@]}"),
    "pair_seconds_rounds": $(json_list "${big_pairs[@]}"),
    "peak_rss_kib_rounds": $(json_list "${big_rss[@]}")
  }
}
EOF

echo
echo "== results (medians; baseline = cp of the same files in the same run)"
printf '%-34s %12s %12s %9s %12s %5s\n' measurement "cp (base)" livephoto ratio target met
printf '%-34s %12s %12s %9s %12s %5s\n' ---------------------------------- ------------ ------------ --------- ------------ -----
printf '%-34s %9s ms %9s ms %8sx %12s %5s\n' "corpus $N pairs, moov last" \
    "$(ms "${C_CP[moov-last]}")" "$(ms "${C_PAIR[moov-last]}")" "${C_RATIO[moov-last]}" "<= ${CORPUS_TARGET}x" "$c_met_last"
printf '%-34s %9s ms %9s ms %8sx %12s %5s\n' "corpus $N pairs, moov first" \
    "$(ms "${C_CP[moov-first]}")" "$(ms "${C_PAIR[moov-first]}")" "${C_RATIO[moov-first]}" "<= ${CORPUS_TARGET}x" "$c_met_first"
printf '%-34s %9s ms %9s ms %8sx %12s %5s\n' "large movie $(mib "$big_bytes") MiB, pair time" \
    "$(ms "$big_cp")" "$(ms "$big_pair")" "$big_ratio" "< ${BIG_TIME_TARGET_MS} ms" "$b_met_time"
printf '%-34s %12s %9s MiB %9s %12s %5s\n' "large movie, pair peak RSS (max)" \
    - "$big_rss_mib" - "< 64 MiB" "$b_met_rss"
echo
echo "movie write path: moov last -> ${C_MODE[moov-last]}, moov first -> ${C_MODE[moov-first]}; large movie grew by at most $big_growth_max bytes"
for kind in moov-last moov-first; do
    echo "info, corpus $kind: cp one process per pair $(ms "${C_CPEACH[$kind]}") ms (pair/that = $(ratio "${C_PAIR[$kind]}" "${C_CPEACH[$kind]}")x); start-up floor, $N x livephoto --version: $(ms "${C_START[$kind]}") ms"
done
echo "per pair: moov last $(ms "$(awk -v t="${C_PAIR[moov-last]}" -v n="$N" 'BEGIN { print t / n }')") ms, moov first $(ms "$(awk -v t="${C_PAIR[moov-first]}" -v n="$N" 'BEGIN { print t / n }')") ms (each a separate process; pair fsyncs, cp does not)"
echo "results: $out/results.json   (finished $finished)"
