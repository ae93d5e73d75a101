#!/usr/bin/env bash
# Benchmark area "pair": `livephoto pair` of camera-sized pairs and of 1 GiB movies.
# Usage: bash scripts/bench/pair.sh PATH-TO-livephoto (alone), or through scripts/bench.sh.
#
#   1. Corpus: N pairs (BENCH_PAIRS, default 20) of a 1080p 3 s H.264+AAC QuickTime movie and
#      a 12 MP JPEG (noisy, ~3 MB like a camera's). Per round (5): fresh copy (untimed), then
#      time (a) one `cp` of all 2N files, (b) ONE `livephoto pair -q DIR` process pairing all
#      N pairs in place (batch mode, --jobs = cores). Median ratio pair/cp, target <= 2.0x.
#      Info only: (c) one `livephoto pair -q STILL MOVIE` process per pair, over the unpaired
#      copy (a) made. Once with moov last (ffmpeg's default), once with moov first
#      (-movflags +faststart): both take the tail-append path (a new moov appended, the old
#      one retired as free); target <= 2.0x for both.
#   2. Large movies: a >= 1 GiB (BENCH_BIG_MIB, default 1024) QuickTime movie with moov last,
#      and the same media with moov first. Per round (3): `cp` of the movie (timed: the
#      baseline, and also the fresh copy), then `livephoto pair -q` in place (timed, peak RSS
#      via /usr/bin/time). Targets, each: < 100 ms, < 64 MiB peak RSS.
# Note: `pair` fsyncs what it writes (durability), plain `cp` does not: the cp baseline is the
# cheaper of the two.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_init "$@"
positive BENCH_PAIRS "${BENCH_PAIRS:-20}"; N=$REPLY
positive BENCH_BIG_MIB "${BENCH_BIG_MIB:-1024}"; BIG_MIB=$REPLY
ROUNDS=5
BIG_ROUNDS=3
BIG_MIN_BYTES=$((BIG_MIB * 1024 * 1024))
CORPUS_TARGET=2.0         # pair time / cp time, at most
BIG_TIME_TARGET_MS=100    # under
BIG_RSS_TARGET_KIB=65536  # under (64 MiB)
require_tools ffmpeg exiftool awk od stat cmp
require_usr_bin_time
rm -rf "$work/corpus-"* "$work/big-"*   # leftovers of an interrupted run
gen_t0=$SECONDS
make_still
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
# The same media with moov first (+faststart): `pair` appends a new moov and retires the old.
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
big=$inputs/movie-1080p-big-moovlast$( [ "$BIG_MIB" = 1024 ] || echo "-$BIG_MIB" ).mov
if [ ! -s "$big" ]; then
    log "generating $big (>= $BIG_MIB MiB)"
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
    (( $(stat -c %s "$tmp") >= BIG_MIN_BYTES )) || die "generated large movie is under $BIG_MIB MiB ($(stat -c %s "$tmp") bytes)"
    mv "$tmp" "$big"
fi
# The same large media with moov first.
big_first=$inputs/movie-1080p-big-moovfirst$( [ "$BIG_MIB" = 1024 ] || echo "-$BIG_MIB" ).mov
if [ ! -s "$big_first" ]; then
    log "generating $big_first (moov first)"
    tmp=$inputs/.tmp-big-first.mov
    ffmpeg -nostdin -v error -y -i "$big" -map 0 -c copy -movflags +faststart -f mov "$tmp"
    mv "$tmp" "$big_first"
fi

# The corpora: N copies of the one still and the one movie under IMG_nnnn names. A file whose
# size differs from its source (e.g. the old small still) is copied again.
make_corpus() {  # make_corpus DIR MOVIE
    local dir=$1 movie=$2 i name still_size movie_size
    still_size=$(stat -c %s "$still"); movie_size=$(stat -c %s "$movie")
    mkdir -p "$dir"
    for ((i = 1; i <= N; i++)); do
        printf -v name 'IMG_%04d' "$i"
        [ -s "$dir/$name.JPG" ] && [ "$(stat -c %s "$dir/$name.JPG")" = "$still_size" ] || cp "$still" "$dir/$name.JPG"
        [ -s "$dir/$name.MOV" ] && [ "$(stat -c %s "$dir/$name.MOV")" = "$movie_size" ] || cp "$movie" "$dir/$name.MOV"
    done
}
corpus_last=$inputs/corpus-moovlast-n$N
corpus_first=$inputs/corpus-moovfirst-n$N
make_corpus "$corpus_last" "$movie_last"
make_corpus "$corpus_first" "$movie_first"
bench_generation $((SECONDS - gen_t0))

pos_last=$(moov_position "$movie_last")
pos_first=$(moov_position "$movie_first")
pos_big=$(moov_position "$big")
pos_big_first=$(moov_position "$big_first")
[ "$pos_last" = last ] || die "$movie_last: expected moov last, top-level boxes: $(top_boxes "$movie_last")"
[ "$pos_first" = first ] || die "$movie_first: expected moov first, top-level boxes: $(top_boxes "$movie_first")"
[ "$pos_big" = last ] || die "$big: expected moov last, top-level boxes: $(top_boxes "$big")"
[ "$pos_big_first" = first ] || die "$big_first: expected moov first, top-level boxes: $(top_boxes "$big_first")"
still_bytes=$(stat -c %s "$still")
movie_last_bytes=$(stat -c %s "$movie_last")
movie_first_bytes=$(stat -c %s "$movie_first")
big_bytes=$(stat -c %s "$big")
big_first_bytes=$(stat -c %s "$big_first")
echo "corpus:   N=$N pairs (BENCH_PAIRS), $ROUNDS rounds; large movie: $BIG_ROUNDS rounds"
echo "note:     livephoto pair fsyncs every file it writes; cp (the baseline) does not"
echo "inputs (cached in $inputs):"
echo "  still    $(mib "$still_bytes") MiB  $(basename "$still")"
echo "  movie    $(mib "$movie_last_bytes") MiB  $(basename "$movie_last")   [$(top_boxes "$movie_last")]"
echo "  movie    $(mib "$movie_first_bytes") MiB  $(basename "$movie_first")  [$(top_boxes "$movie_first")]"
echo "  large    $(mib "$big_bytes") MiB  $(basename "$big")  [$(top_boxes "$big")]"
echo "  large    $(mib "$big_first_bytes") MiB  $(basename "$big_first")  [$(top_boxes "$big_first")]"
echo

# ---------- 1. corpus: pair DIR vs cp ----------
declare -A C_CP_LIST C_PAIR_LIST C_CP C_PAIR C_RATIO C_MODE C_CP_ROUNDS C_PAIR_ROUNDS C_EACH C_EACH_ROUNDS C_EACH_RATIO C_CPEACH C_START
run_corpus() {  # run_corpus KIND CORPUS EXPECTED_MODE
    local kind=$1 corpus=$2 expect=$3 r i name t0 t1 d src dst rc
    local cps=() pairs=() eachs=() cpeach=() starts=()
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
        # (a) one cp of all 2N files (also the unpaired copy (c) works on)
        now; t0=$REPLY
        cp -- "$src"/* "$dst"/
        now; t1=$REPLY
        cps+=("$(elapsed "$t0" "$t1")")
        sync
        # (b) ONE livephoto pair process over the folder: all N pairs, in place, --jobs = cores
        rc=0
        now; t0=$REPLY
        "$bin" pair -q "$src" || rc=$?
        now; t1=$REPLY
        [ "$rc" = 0 ] || die "livephoto pair -q $src failed (exit $rc)"
        pairs+=("$(elapsed "$t0" "$t1")")
        # Untimed: every pair must verify, and scan must see N pairs.
        verify_dir "$src"
        scan_dir "$src" "$d/scan.jsonl"
        check_scan "$d/scan.jsonl" "$N"
        # Informational, not targets: (c) one `livephoto pair STILL MOVIE` process per pair, on
        # the unpaired copy (a) made; (d) `cp` run once per pair (N processes copying the same
        # 2N files as (a)); (e) `livephoto --version` N times: the process start-up floor.
        sync
        now; t0=$REPLY
        for ((i = 1; i <= N; i++)); do
            printf -v name 'IMG_%04d' "$i"
            "$bin" pair -q "$dst/$name.JPG" "$dst/$name.MOV" \
                || die "livephoto pair $dst/$name.JPG $dst/$name.MOV failed (exit $?)"
        done
        now; t1=$REPLY
        eachs+=("$(elapsed "$t0" "$t1")")
        verify_dir "$dst"
        mkdir -p "$d/cp-each"
        sync
        now; t0=$REPLY
        for ((i = 1; i <= N; i++)); do
            printf -v name 'IMG_%04d' "$i"
            cp -- "$src/$name.JPG" "$src/$name.MOV" "$d/cp-each/"
        done
        now; t1=$REPLY
        cpeach+=("$(elapsed "$t0" "$t1")")
        now; t0=$REPLY
        for ((i = 1; i <= N; i++)); do "$bin" --version >/dev/null; done
        now; t1=$REPLY
        starts+=("$(elapsed "$t0" "$t1")")
        log "corpus $kind round $r/$ROUNDS: cp $(ms "${cps[-1]}") ms, pair DIR $(ms "${pairs[-1]}") ms (info: $N pair processes $(ms "${eachs[-1]}") ms, cp per pair $(ms "${cpeach[-1]}") ms, $N x livephoto --version $(ms "${starts[-1]}") ms)"
    done
    rm -rf "$d"
    C_CP[$kind]=$(median "${cps[@]}")
    C_CP_LIST[$kind]="${cps[*]}"
    C_PAIR_LIST[$kind]="${pairs[*]}"
    C_PAIR[$kind]=$(median "${pairs[@]}")
    C_RATIO[$kind]=$(ratio "${C_PAIR[$kind]}" "${C_CP[$kind]}")
    C_CP_ROUNDS[$kind]=$(json_list "${cps[@]}")
    C_PAIR_ROUNDS[$kind]=$(json_list "${pairs[@]}")
    C_EACH[$kind]=$(median "${eachs[@]}")
    C_EACH_ROUNDS[$kind]=$(json_list "${eachs[@]}")
    C_EACH_RATIO[$kind]=$(ratio "${C_EACH[$kind]}" "${C_CP[$kind]}")
    C_CPEACH[$kind]=$(median "${cpeach[@]}")
    C_START[$kind]=$(median "${starts[@]}")
}

log "corpus, moov last: $N pairs x $ROUNDS rounds"
run_corpus moov-last "$corpus_last" tail-append
log "corpus, moov first: $N pairs x $ROUNDS rounds"
run_corpus moov-first "$corpus_first" tail-append

# ---------- 2. large movies ----------
declare -A B_CP B_PAIR B_RATIO B_RSS_MAX B_RSS_MIB B_GROWTH_MAX B_CP_ROUNDS B_PAIR_ROUNDS B_RSS_ROUNDS B_MODE
run_big() {  # run_big KIND MOVIE BYTES
    local kind=$1 movie=$2 bytes=$3 r t0 t1 d=$work/big-$1
    local cps=() pairs=() rss=() growth=()
    log "large movie, $kind: $(mib "$bytes") MiB x $BIG_ROUNDS rounds"
    # Every round verifies its result (untimed); the write path shows in how much the movie grew.
    for ((r = 1; r <= BIG_ROUNDS; r++)); do
        rm -rf "$d"; mkdir -p "$d"
        sync
        # cp of the 1 GiB movie: the baseline, and also this round's fresh copy.
        now; t0=$REPLY
        cp --reflink=auto -- "$movie" "$d/IMG_BIG.MOV"
        now; t1=$REPLY
        cps+=("$(elapsed "$t0" "$t1")")
        cp "$still" "$d/IMG_BIG.JPG"
        sync
        now; t0=$REPLY
        /usr/bin/time -f %M -o "$d/rss" "$bin" pair -q "$d/IMG_BIG.JPG" "$d/IMG_BIG.MOV" \
            || die "livephoto pair on the large movie ($kind) failed (exit $?)"
        now; t1=$REPLY
        pairs+=("$(elapsed "$t0" "$t1")")
        rss+=("$(tail -n 1 "$d/rss")")
        growth+=("$(( $(stat -c %s "$d/IMG_BIG.MOV") - bytes ))")
        verify_pair "$d/IMG_BIG.JPG" "$d/IMG_BIG.MOV"
        log "large $kind round $r/$BIG_ROUNDS: cp $(ms "${cps[-1]}") ms, pair $(ms "${pairs[-1]}") ms, peak RSS ${rss[-1]} KiB, movie grew ${growth[-1]} bytes"
        rm -rf "$d"
    done
    # The write path, from one more (untimed) pair of a fresh copy with --json.
    mkdir -p "$d"; cp --reflink=auto -- "$movie" "$d/IMG_BIG.MOV"; cp "$still" "$d/IMG_BIG.JPG"
    pair_mode "$d/IMG_BIG.JPG" "$d/IMG_BIG.MOV"; B_MODE[$kind]=$REPLY
    probe_ok "$d/IMG_BIG.MOV"
    rm -rf "$d"
    B_CP[$kind]=$(median "${cps[@]}")
    B_PAIR[$kind]=$(median "${pairs[@]}")
    B_RATIO[$kind]=$(ratio "${B_PAIR[$kind]}" "${B_CP[$kind]}")
    B_RSS_MAX[$kind]=$(printf '%s\n' "${rss[@]}" | sort -n | tail -n 1)
    B_RSS_MIB[$kind]=$(awk -v k="${B_RSS_MAX[$kind]}" 'BEGIN { printf "%.1f", k / 1024 }')
    # The tail-append path leaves the old moov and appends a new one: the file grows by about a
    # moov; a whole-file rewrite would have taken seconds and kept the size near the original.
    B_GROWTH_MAX[$kind]=$(printf '%s\n' "${growth[@]}" | sort -n | tail -n 1)
    B_CP_ROUNDS[$kind]=$(json_list "${cps[@]}")
    B_PAIR_ROUNDS[$kind]=$(json_list "${pairs[@]}")
    B_RSS_ROUNDS[$kind]=$(json_list "${rss[@]}")
}
run_big moov-last "$big" "$big_bytes"
run_big moov-first "$big_first" "$big_first_bytes"

# The two corpora copy the same number of bytes, so their cp baselines should agree; within a
# series, rounds should not spread by more than 2x.
for kind in moov-last moov-first; do
    # shellcheck disable=SC2086  # word-split the space-separated round lists on purpose
    noisy "corpus $kind cp" ${C_CP_LIST[$kind]}
    # shellcheck disable=SC2086
    noisy "corpus $kind pair DIR" ${C_PAIR_LIST[$kind]}
done
awk -v a="${C_CP[moov-last]}" -v b="${C_CP[moov-first]}" 'BEGIN { exit !(a <= 1.5 * b && b <= 1.5 * a) }' \
    || bench_noise "the two corpus cp baselines copy the same bytes but differ by more than 1.5x ($(ms "${C_CP[moov-last]}") vs $(ms "${C_CP[moov-first]}") ms)"

# ---------- results ----------
c_met_last=$(met le "${C_RATIO[moov-last]}" "$CORPUS_TARGET")
c_met_first=$(met le "${C_RATIO[moov-first]}" "$CORPUS_TARGET")
declare -A B_MET_TIME B_MET_RSS
for kind in moov-last moov-first; do
    B_MET_TIME[$kind]=$(met lt "$(ms "${B_PAIR[$kind]}")" "$BIG_TIME_TARGET_MS")
    B_MET_RSS[$kind]=$(met lt "${B_RSS_MAX[$kind]}" "$BIG_RSS_TARGET_KIB")
done

corpus_json() {  # corpus_json KIND MOVIE_BYTES MET
    local k=$1
    cat <<EOF
{
      "movie_bytes": $2,
      "movie_write": "${C_MODE[$k]}",
      "cp_seconds_median": ${C_CP[$k]},
      "pair_seconds_median": ${C_PAIR[$k]},
      "ratio": ${C_RATIO[$k]},
      "target_ratio_max": $CORPUS_TARGET,
      "target_met": $(jbool "$3"),
      "cp_seconds_rounds": ${C_CP_ROUNDS[$k]},
      "pair_seconds_rounds": ${C_PAIR_ROUNDS[$k]},
      "info_pair_one_process_per_pair_seconds_median": ${C_EACH[$k]},
      "info_pair_one_process_per_pair_seconds_rounds": ${C_EACH_ROUNDS[$k]},
      "info_ratio_one_process_per_pair_to_cp": ${C_EACH_RATIO[$k]},
      "info_cp_one_process_per_pair_seconds_median": ${C_CPEACH[$k]},
      "info_startup_n_processes_seconds_median": ${C_START[$k]}
    }
EOF
}

big_json() {  # big_json KIND MOVIE_BYTES
    local k=$1
    cat <<EOF
{
      "movie_bytes": $2,
      "movie_write": "${B_MODE[$k]}",
      "rounds": $BIG_ROUNDS,
      "cp_seconds_median": ${B_CP[$k]},
      "pair_seconds_median": ${B_PAIR[$k]},
      "ratio_pair_to_cp": ${B_RATIO[$k]},
      "target_pair_ms_under": $BIG_TIME_TARGET_MS,
      "time_target_met": $(jbool "${B_MET_TIME[$k]}"),
      "peak_rss_kib_max": ${B_RSS_MAX[$k]},
      "target_peak_rss_kib_under": $BIG_RSS_TARGET_KIB,
      "rss_target_met": $(jbool "${B_MET_RSS[$k]}"),
      "movie_growth_bytes_max": ${B_GROWTH_MAX[$k]},
      "cp_seconds_rounds": ${B_CP_ROUNDS[$k]},
      "pair_seconds_rounds": ${B_PAIR_ROUNDS[$k]},
      "peak_rss_kib_rounds": ${B_RSS_ROUNDS[$k]}
    }
EOF
}
bench_json corpus "{
    \"pairs\": $N,
    \"rounds\": $ROUNDS,
    \"pair_command\": \"livephoto pair -q DIR (one process, default --jobs: $(( 4 * ncpu < 16 ? 4 * ncpu : 16 )))\",
    \"cp_command\": \"cp SRC/* DST/ (one process)\",
    \"still_bytes\": $still_bytes,
    \"moov_last\": $(corpus_json moov-last "$movie_last_bytes" "$c_met_last"),
    \"moov_first\": $(corpus_json moov-first "$movie_first_bytes" "$c_met_first")
  }"
bench_json large_movie "{
    \"moov_last\": $(big_json moov-last "$big_bytes"),
    \"moov_first\": $(big_json moov-first "$big_first_bytes")
  }"

bench_row "corpus $N pairs, moov last: pair DIR" "cp $(ms "${C_CP[moov-last]}") ms" "$(ms "${C_PAIR[moov-last]}") ms" "${C_RATIO[moov-last]}x cp" "<= ${CORPUS_TARGET}x cp" "$c_met_last"
bench_row "corpus $N pairs, moov first: pair DIR" "cp $(ms "${C_CP[moov-first]}") ms" "$(ms "${C_PAIR[moov-first]}") ms" "${C_RATIO[moov-first]}x cp" "<= ${CORPUS_TARGET}x cp" "$c_met_first"
bench_row "  info: moov last, 1 process per pair" "cp $(ms "${C_CP[moov-last]}") ms" "$(ms "${C_EACH[moov-last]}") ms" "${C_EACH_RATIO[moov-last]}x cp" "(info)" -
bench_row "  info: moov first, 1 process per pair" "cp $(ms "${C_CP[moov-first]}") ms" "$(ms "${C_EACH[moov-first]}") ms" "${C_EACH_RATIO[moov-first]}x cp" "(info)" -
for kind in moov-last moov-first; do
    bench_row "large $(mib "$big_bytes") MiB, ${kind/-/ }: pair" "cp $(ms "${B_CP[$kind]}") ms" "$(ms "${B_PAIR[$kind]}") ms" "$(ms "${B_PAIR[$kind]}") ms" "< ${BIG_TIME_TARGET_MS} ms" "${B_MET_TIME[$kind]}"
    bench_row "large, ${kind/-/ }: peak RSS (max)" - "${B_RSS_MIB[$kind]} MiB" "${B_RSS_MIB[$kind]} MiB" "< 64 MiB" "${B_MET_RSS[$kind]}"
done
bench_note "corpus: pair DIR is one process (--jobs $ncpu); cp is one process copying all $((2 * N)) files. Movie write path: moov last -> ${C_MODE[moov-last]}, moov first -> ${C_MODE[moov-first]}; large movies: moov last -> ${B_MODE[moov-last]} (grew by at most ${B_GROWTH_MAX[moov-last]} bytes), moov first -> ${B_MODE[moov-first]} (grew by at most ${B_GROWTH_MAX[moov-first]} bytes)"
for kind in moov-last moov-first; do
    bench_note "info, corpus $kind: $N pair processes $(ms "${C_EACH[$kind]}") ms; cp one process per pair $(ms "${C_CPEACH[$kind]}") ms (pair processes/that = $(ratio "${C_EACH[$kind]}" "${C_CPEACH[$kind]}")x); start-up floor, $N x livephoto --version: $(ms "${C_START[$kind]}") ms"
done
rmdir "$work" 2>/dev/null || true
bench_done
