#!/usr/bin/env bash
# Benchmark `livephoto pair`, `scan` and `verify`. Usage: bash scripts/bench.sh PATH-TO-livephoto
#
# The machine this runs on is shared and noisy, so every figure is taken against a baseline
# measured in the same run (plain `cp` of the same bytes, or exiftool reading the same
# identifiers), and the benchmark never fails on a target: it prints the figures and whether
# each target was met. It DOES fail (non-zero exit) when pairing fails or the output is broken
# (a paired result does not pass `livephoto verify`, `scan` or exiftool do not see the pairs),
# because a benchmark of broken output is meaningless.
#
#   1. Corpus: N pairs (BENCH_PAIRS, default 20) of a 1080p 3 s H.264+AAC QuickTime movie and
#      a 12 MP JPEG (noisy, ~3 MB like a camera's). Per round (5): fresh copy (untimed), then
#      time (a) one `cp` of all 2N files, (b) ONE `livephoto pair -q DIR` process pairing all
#      N pairs in place (batch mode, --jobs = cores). Median ratio pair/cp, target <= 2.0x.
#      Info only: (c) one `livephoto pair -q STILL MOVIE` process per pair, over the unpaired
#      copy (a) made. Once with moov last (ffmpeg's default), once with moov first
#      (-movflags +faststart): both take the tail-append path (a new moov appended, the old
#      one retired as free); target <= 2.0x for both.
#   2. Large movies: a >= 1 GiB QuickTime movie with moov last, and the same media with moov
#      first. Per round (3): `cp` of the movie (timed: the baseline, and also the fresh copy),
#      then `livephoto pair -q` in place (timed, peak RSS via /usr/bin/time). Targets, each:
#      < 100 ms, < 64 MiB peak RSS.
#   3. Library: L pairs (BENCH_LIBRARY_PAIRS, default 1000) of the repo's small fixtures
#      (Fixtures/still-exif-icc-xmp.jpg + Fixtures/movie-audio.mov) as IMG_nnnn.JPG/.MOV over
#      10 subfolders. `livephoto pair -q DIR` on a fresh unpaired copy (3 rounds): pairs/s.
#      Then, on the paired library with a warm cache, `livephoto scan --json DIR` and
#      `livephoto verify -q DIR` (5 rounds each): pairs/s, target >= 10000/s each (on 2
#      cores). Then `exiftool -fast -j -ContentIdentifier -MediaGroupUUID -r DIR` (2 rounds),
#      reading the same identifiers: reported as exiftool time / scan (and verify) time.
#      Cold cache (info): one scan and one verify after dropping the page cache
#      (/proc/sys/vm/drop_caches, root only); where that is not permitted, over a fresh copy
#      of the library instead (which the copy itself leaves in the cache: said so).
#   4. HEIC (skipped when heif-enc is missing): a 12 MP HEIC made by heif-enc from the corpus
#      still (EXIF copied, no MakerNote yet). Per round (5): `cp` of it (timed: the baseline,
#      and the fresh copy), then `livephoto pair -q` of it with the small fixture movie in
#      place (timed), and how many bytes the HEIC grew (the new Exif item is appended; the
#      image data is not rewritten). Then a library of H pairs (BENCH_HEIC_PAIRS, default
#      1000) of Fixtures/still-heic.heic + Fixtures/movie-audio.mov: `pair -q --new-id DIR`
#      once (untimed), then `scan --json DIR` (warm, 5 rounds): pairs/s, target >= 2000/s.
#
# Everything generated lives in bench-out/ (gitignored). Inputs are cached in
# bench-out/inputs/ and only regenerated when missing or stale; delete that folder to
# regenerate. `sync` runs before each timed section, never inside one. Note: `pair` fsyncs
# what it writes (durability), plain `cp` does not: the cp baseline is the cheaper of the two.
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
L=${BENCH_LIBRARY_PAIRS:-1000}
H=${BENCH_HEIC_PAIRS:-1000}
ROUNDS=5
BIG_ROUNDS=3
LIB_PAIR_ROUNDS=3
LIB_READ_ROUNDS=5
EXIFTOOL_ROUNDS=2
LIB_FOLDERS=10
BIG_MIN_BYTES=$((1024 * 1024 * 1024))
STILL_MIN_BYTES=2000000   # a cached still under this is the old, too-compressible one
CORPUS_TARGET=2.0         # pair time / cp time, at most
BIG_TIME_TARGET_MS=100    # under
BIG_RSS_TARGET_KIB=65536  # under (64 MiB)
LIB_RATE_TARGET=10000     # scan and verify, pairs per second, at least (on 2 cores)
lib_still_src=$here/Fixtures/still-exif-icc-xmp.jpg
lib_movie_src=$here/Fixtures/movie-audio.mov

[[ $N =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_PAIRS must be a positive integer (got '$N')" >&2; exit 2; }
[[ $L =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_LIBRARY_PAIRS must be a positive integer (got '$L')" >&2; exit 2; }
[[ $H =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_HEIC_PAIRS must be a positive integer (got '$H')" >&2; exit 2; }
for tool in ffmpeg exiftool awk od stat cmp; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is required (make test-deps installs ffmpeg and exiftool)" >&2; exit 2; }
done
for f in "$lib_still_src" "$lib_movie_src"; do
    [ -s "$f" ] || { echo "bench: fixture $f is missing" >&2; exit 2; }
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
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }   # rate COUNT SECONDS
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }
json_list() { local IFS=,; printf '[%s]' "$*"; }
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
jbool() { if [ "$1" = yes ]; then echo true; else echo false; fi; }

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
echo "binary:   $bin ($("$bin" --version 2>/dev/null | paste -sd';' - | sed 's/;/; /g' || echo '?'))"
echo "source:   $here @ $git_rev"
echo "corpus:   N=$N pairs (BENCH_PAIRS), $ROUNDS rounds; large movie: $BIG_ROUNDS rounds"
echo "library:  L=$L pairs (BENCH_LIBRARY_PAIRS) in $LIB_FOLDERS folders; pair $LIB_PAIR_ROUNDS rounds, scan/verify $LIB_READ_ROUNDS rounds, exiftool $EXIFTOOL_ROUNDS rounds"
echo "note:     livephoto pair fsyncs every file it writes; cp (the baseline) does not"
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

# The still: one 4000x3000 frame of testsrc2 with noise, as a JPEG, with some EXIF. Plain
# testsrc2 compresses to ~0.7 MB; the noise brings it to ~3 MB, the size of a camera's JPEG.
still=$inputs/still-4000x3000.jpg
if [ -s "$still" ] && (( $(stat -c %s "$still") < STILL_MIN_BYTES )); then
    log "cached $still is $(stat -c %s "$still") bytes (the old noiseless one): regenerating"
    rm -f "$still"
fi
if [ ! -s "$still" ]; then
    log "generating $still"
    tmp=$inputs/.tmp-still.jpg
    ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=s=4000x3000:r=1" -frames:v 1 \
        -vf "noise=alls=20:allf=t+u" -c:v mjpeg -q:v 3 -pix_fmt yuvj420p -f image2 "$tmp"
    exiftool -q -overwrite_original -Make=Apple "-Model=iPhone 15 Pro" -Software=livephoto-bench \
        "-DateTimeOriginal=2024:06:01 12:00:00" -Orientation#=1 "$tmp" >/dev/null
    (( $(stat -c %s "$tmp") >= STILL_MIN_BYTES )) \
        || log "WARNING: generated still is only $(stat -c %s "$tmp") bytes (wanted ~3-4 MB; this ffmpeg compresses noise better)"
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
# The same large media with moov first.
big_first=$inputs/movie-1080p-big-moovfirst.mov
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

# The library: L unpaired copies of the small fixtures, IMG_nnnn.JPG + IMG_nnnn.MOV, dealt
# round-robin over LIB_FOLDERS folders (DCIM/100APPLE ...). A stamp beside it records the
# fixtures it was made from; a changed fixture or a missing stamp regenerates it.
library=$inputs/library-n$L
lib_stamp="$L $LIB_FOLDERS $(cksum <"$lib_still_src") $(cksum <"$lib_movie_src")"
if [ ! -d "$library" ] || [ "$(cat "$library.stamp" 2>/dev/null)" != "$lib_stamp" ]; then
    log "generating $library ($L pairs of $(basename "$lib_still_src") + $(basename "$lib_movie_src"))"
    rm -rf "$library" "$library.stamp" "$library.tmp"
    for ((f = 0; f < LIB_FOLDERS && f < L; f++)); do mkdir -p "$library.tmp/DCIM/$((100 + f))APPLE"; done
    for ((i = 1; i <= L; i++)); do
        printf -v name 'DCIM/%dAPPLE/IMG_%04d' $((100 + (i - 1) % LIB_FOLDERS)) "$i"
        cp "$lib_still_src" "$library.tmp/$name.JPG"
        cp "$lib_movie_src" "$library.tmp/$name.MOV"
    done
    mv "$library.tmp" "$library"
    echo "$lib_stamp" >"$library.stamp"
fi
lib_files=$(find "$library" -type f | wc -l)
[ "$lib_files" = $((2 * L)) ] || die "$library holds $lib_files files, expected $((2 * L)); delete it to regenerate"
gen_secs=$((SECONDS - gen_t0))

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
lib_still_bytes=$(stat -c %s "$lib_still_src")
lib_movie_bytes=$(stat -c %s "$lib_movie_src")
lib_bytes=$(( L * (lib_still_bytes + lib_movie_bytes) ))
echo "inputs (generation ${gen_secs}s; cached in $inputs):"
echo "  still    $(mib "$still_bytes") MiB  $(basename "$still")"
echo "  movie    $(mib "$movie_last_bytes") MiB  $(basename "$movie_last")   [$(top_boxes "$movie_last")]"
echo "  movie    $(mib "$movie_first_bytes") MiB  $(basename "$movie_first")  [$(top_boxes "$movie_first")]"
echo "  large    $(mib "$big_bytes") MiB  $(basename "$big")  [$(top_boxes "$big")]"
echo "  large    $(mib "$big_first_bytes") MiB  $(basename "$big_first")  [$(top_boxes "$big_first")]"
echo "  library  $(mib "$lib_bytes") MiB  $(basename "$library"): $L x ($(basename "$lib_still_src") $lib_still_bytes B + $(basename "$lib_movie_src") $lib_movie_bytes B [$(top_boxes "$lib_movie_src")])"
echo

# ---------- checking helpers ----------
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
verify_dir() {  # verify_dir DIR: every pair in DIR must verify
    local rc=0
    "$bin" verify -q "$1" || rc=$?
    if [ "$rc" != 0 ]; then
        echo "bench: livephoto verify -q $1 failed (exit $rc); its report (lines not starting with ✓, first 40):" >&2
        { "$bin" verify "$1" 2>&1 || true; } | grep -v '^✓' | head -n 40 >&2
        die "paired output in $1 does not verify"
    fi
}
# check_scan JSONL EXPECTED: scan --json output must hold EXPECTED findings, all "paired".
check_scan() {
    local lines paired
    lines=$(wc -l <"$1"); paired=$(grep -c '"finding":"paired"' "$1" || true)
    if [ "$paired" != "$2" ] || [ "$lines" != "$2" ]; then
        echo "bench: scan --json reported $paired paired findings in $lines lines, expected $2 (first non-paired lines:)" >&2
        grep -v '"finding":"paired"' "$1" | head -n 10 >&2 || true
        die "scan does not see the paired output"
    fi
}
scan_dir() {  # scan_dir DIR JSONL: untimed scan --json into JSONL
    local rc=0
    "$bin" scan --json "$1" >"$2" 2>"$2.err" || rc=$?
    [ "$rc" = 0 ] || { cat "$2.err" >&2; die "livephoto scan --json $1 failed (exit $rc)"; }
}
probe_ok() {  # an independent reader still accepts the paired movie
    if command -v ffprobe >/dev/null; then
        ffprobe -v error -show_entries stream=codec_type -of csv=p=0 "$1" >/dev/null \
            || die "ffprobe cannot read paired movie $1"
    fi
}

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

# ---------- 3. library: pair / scan / verify throughput, vs exiftool ----------
log "library: $L pairs; pair x $LIB_PAIR_ROUNDS, scan and verify x $LIB_READ_ROUNDS, exiftool x $EXIFTOOL_ROUNDS"
d=$work/library
lib=$d/lib
lib_cps=(); lib_pairs=(); lib_scans=(); lib_verifies=(); lib_exifs=(); lib_scan_cpus=(); lib_verify_cpus=()
# CPU seconds (user + sys) of one command, from /usr/bin/time's output file: a figure that a
# busy shared machine does not inflate the way it inflates wall time.
cpu_of() { awk '{ printf "%.6f", $1 + $2 }' "$1"; }
for ((r = 1; r <= LIB_PAIR_ROUNDS; r++)); do
    rm -rf "$d"; mkdir -p "$d"
    sync
    # The fresh unpaired copy, timed as information: cp -r of the same files.
    now; t0=$REPLY
    cp -r "$library" "$lib"
    now; t1=$REPLY
    lib_cps+=("$(elapsed "$t0" "$t1")")
    sync
    rc=0
    now; t0=$REPLY
    "$bin" pair -q "$lib" || rc=$?
    now; t1=$REPLY
    [ "$rc" = 0 ] || die "livephoto pair -q $lib failed (exit $rc)"
    lib_pairs+=("$(elapsed "$t0" "$t1")")
    log "library pair round $r/$LIB_PAIR_ROUNDS: cp -r $(ms "${lib_cps[-1]}") ms, pair DIR $(ms "${lib_pairs[-1]}") ms ($(rate "$L" "${lib_pairs[-1]}") pairs/s)"
done
# The last round's paired library stays for the read-only measurements. Warm the cache (and
# check the output) with one untimed run of each, after a sync so that no writeback of the
# pair rounds overlaps the timed reads.
sync
scan_dir "$lib" "$d/scan.jsonl"
check_scan "$d/scan.jsonl" "$L"
verify_dir "$lib"
for ((r = 1; r <= LIB_READ_ROUNDS; r++)); do
    rc=0
    now; t0=$REPLY
    /usr/bin/time -f "%U %S" -o "$d/scan.cpu" "$bin" scan --json "$lib" >"$d/scan.jsonl" 2>"$d/scan.err" || rc=$?
    now; t1=$REPLY
    [ "$rc" = 0 ] || { cat "$d/scan.err" >&2; die "livephoto scan --json $lib failed (exit $rc)"; }
    lib_scans+=("$(elapsed "$t0" "$t1")")
    lib_scan_cpus+=("$(cpu_of "$d/scan.cpu")")
    check_scan "$d/scan.jsonl" "$L"
    rc=0
    now; t0=$REPLY
    /usr/bin/time -f "%U %S" -o "$d/verify.cpu" "$bin" verify -q "$lib" || rc=$?
    now; t1=$REPLY
    [ "$rc" = 0 ] || verify_dir "$lib"   # prints the report and fails
    lib_verifies+=("$(elapsed "$t0" "$t1")")
    lib_verify_cpus+=("$(cpu_of "$d/verify.cpu")")
    log "library read round $r/$LIB_READ_ROUNDS: scan --json $(ms "${lib_scans[-1]}") ms ($(rate "$L" "${lib_scans[-1]}") pairs/s), verify -q $(ms "${lib_verifies[-1]}") ms ($(rate "$L" "${lib_verifies[-1]}") pairs/s)"
done
# exiftool reading the same identifiers (warm cache too: the files were just read).
for ((r = 1; r <= EXIFTOOL_ROUNDS; r++)); do
    rc=0
    now; t0=$REPLY
    exiftool -q -fast -j -ContentIdentifier -MediaGroupUUID -r "$lib" >"$d/exiftool.json" || rc=$?
    now; t1=$REPLY
    [ "$rc" = 0 ] || die "exiftool over $lib failed (exit $rc)"
    lib_exifs+=("$(elapsed "$t0" "$t1")")
    log "library exiftool round $r/$EXIFTOOL_ROUNDS: $(ms "${lib_exifs[-1]}") ms"
done
# Cross-check: exiftool saw MediaGroupUUID in every still and ContentIdentifier in every
# movie (2L identifiers), and they are exactly the identifiers scan reported.
awk -F'"' '
    /"SourceFile":/ { f = $4; next }
    /"MediaGroupUUID":/ { if (f ~ /\.JPG$/) print "still", $4; else print "stray-MediaGroupUUID", f }
    /"ContentIdentifier":/ { if (f ~ /\.MOV$/) print "movie", $4; else print "stray-ContentIdentifier", f }
' "$d/exiftool.json" | sort >"$d/exiftool.ids"
exif_still_ids=$(grep -c '^still ' "$d/exiftool.ids" || true)
exif_movie_ids=$(grep -c '^movie ' "$d/exiftool.ids" || true)
exif_ids=$((exif_still_ids + exif_movie_ids))
grep -o '"identifier":"[^"]*"' "$d/scan.jsonl" | awk -F'"' '{ print "still", $4; print "movie", $4 }' | sort >"$d/scan.ids"
if [ "$exif_still_ids" != "$L" ] || [ "$exif_movie_ids" != "$L" ] || ! cmp -s "$d/exiftool.ids" "$d/scan.ids"; then
    echo "bench: exiftool saw $exif_still_ids MediaGroupUUID in stills and $exif_movie_ids ContentIdentifier in movies (expected $L each); differences from scan (first 10):" >&2
    diff "$d/scan.ids" "$d/exiftool.ids" | head -n 10 >&2 || true
    die "exiftool does not read the identifiers scan reports"
fi
# Cold cache (info): what a first run costs. Drop the page cache where permitted (root);
# otherwise read a fresh copy (which the copy itself leaves cached: labelled so).
drop_caches() { sync && { echo 3 >/proc/sys/vm/drop_caches; } 2>/dev/null; }
cold_how="page cache dropped"
cold_dir=$lib
if ! drop_caches; then
    cold_how="fresh copy (page cache could not be dropped: not root)"
    cold_dir=$d/cold-scan; cp -r "$lib" "$cold_dir"; sync
fi
rc=0
now; t0=$REPLY
"$bin" scan --json "$cold_dir" >"$d/scan-cold.jsonl" 2>"$d/scan.err" || rc=$?
now; t1=$REPLY
[ "$rc" = 0 ] || { cat "$d/scan.err" >&2; die "cold livephoto scan --json failed (exit $rc)"; }
check_scan "$d/scan-cold.jsonl" "$L"
lib_scan_cold=$(elapsed "$t0" "$t1")
if ! drop_caches; then cold_dir=$d/cold-verify; cp -r "$lib" "$cold_dir"; sync; fi
rc=0
now; t0=$REPLY
"$bin" verify -q "$cold_dir" || rc=$?
now; t1=$REPLY
[ "$rc" = 0 ] || verify_dir "$cold_dir"
lib_verify_cold=$(elapsed "$t0" "$t1")
log "library cold ($cold_how): scan --json $(ms "$lib_scan_cold") ms, verify -q $(ms "$lib_verify_cold") ms"
rm -rf "$d"
rmdir "$work" 2>/dev/null || true
lib_cp=$(median "${lib_cps[@]}")
lib_pair=$(median "${lib_pairs[@]}")
lib_scan=$(median "${lib_scans[@]}")
lib_verify=$(median "${lib_verifies[@]}")
lib_exif=$(median "${lib_exifs[@]}")
lib_pair_rate=$(rate "$L" "$lib_pair")
lib_scan_rate=$(rate "$L" "$lib_scan")
lib_verify_rate=$(rate "$L" "$lib_verify")
lib_exif_rate=$(rate "$L" "$lib_exif")
lib_pair_ratio=$(ratio "$lib_pair" "$lib_cp")
lib_exif_ratio=$(awk -v a="$lib_exif" -v b="$lib_scan" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
lib_exif_verify_ratio=$(awk -v a="$lib_exif" -v b="$lib_verify" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
lib_scan_cold_rate=$(rate "$L" "$lib_scan_cold")
lib_scan_cpu=$(median "${lib_scan_cpus[@]}")
lib_verify_cpu=$(median "${lib_verify_cpus[@]}")
# Pairs per second if the CPU time were spread over every core with nothing else running.
lib_scan_cpu_rate=$(awk -v n="$L" -v c="$lib_scan_cpu" -v k="$ncpu" 'BEGIN { printf "%.0f", (c > 0 ? n * k / c : 0) }')
lib_verify_cpu_rate=$(awk -v n="$L" -v c="$lib_verify_cpu" -v k="$ncpu" 'BEGIN { printf "%.0f", (c > 0 ? n * k / c : 0) }')
lib_verify_cold_rate=$(rate "$L" "$lib_verify_cold")
lib_target_note=""

# ---------- 4. HEIC: pair a 12 MP HEIC in place; scan a library of HEIC pairs ----------
heic_json=null
heic_rows=()
if command -v heif-enc >/dev/null; then
    heic=$inputs/still-4000x3000.heic
    if [ ! -s "$heic" ]; then
        log "generating $heic (heif-enc of the corpus still)"
        heif-enc -q 60 -o "$inputs/.tmp-still.heic" "$still" >/dev/null || die "heif-enc failed"
        mv "$inputs/.tmp-still.heic" "$heic"
    fi
    heic_bytes=$(stat -c %s "$heic")
    log "HEIC: $(mib "$heic_bytes") MiB x $ROUNDS rounds"
    d=$work/heic
    h_cps=(); h_pairs=(); h_growth=()
    for ((r = 1; r <= ROUNDS; r++)); do
        rm -rf "$d"; mkdir -p "$d"
        cp "$here/Fixtures/movie-moov-last.mov" "$d/IMG_H.MOV"
        sync
        now; t0=$REPLY
        cp -- "$heic" "$d/IMG_H.HEIC"
        now; t1=$REPLY
        h_cps+=("$(elapsed "$t0" "$t1")")
        sync
        now; t0=$REPLY
        "$bin" pair -q "$d/IMG_H.HEIC" "$d/IMG_H.MOV" || die "livephoto pair on the 12 MP HEIC failed (exit $?)"
        now; t1=$REPLY
        h_pairs+=("$(elapsed "$t0" "$t1")")
        h_growth+=("$(( $(stat -c %s "$d/IMG_H.HEIC") - heic_bytes ))")
        verify_pair "$d/IMG_H.HEIC" "$d/IMG_H.MOV"
        [ "$(exiftool -s -s -s -MediaGroupUUID "$d/IMG_H.HEIC")" = "$("$bin" inspect --json "$d/IMG_H.HEIC" | awk -F'"' '/"contentIdentifier"/ { print $4; exit }')" ] \
            || die "exiftool does not read the identifier pair wrote into the HEIC"
        log "HEIC round $r/$ROUNDS: cp $(ms "${h_cps[-1]}") ms, pair $(ms "${h_pairs[-1]}") ms, HEIC grew ${h_growth[-1]} bytes"
    done
    rm -rf "$d"
    h_cp=$(median "${h_cps[@]}")
    h_pair=$(median "${h_pairs[@]}")
    h_ratio=$(ratio "$h_pair" "$h_cp")
    h_growth_max=$(printf '%s\n' "${h_growth[@]}" | sort -n | tail -n 1)

    heic_library=$inputs/heic-library-n$H
    heic_stamp="$H $LIB_FOLDERS $(cksum <"$here/Fixtures/still-heic.heic") $(cksum <"$lib_movie_src")"
    if [ ! -d "$heic_library" ] || [ "$(cat "$heic_library.stamp" 2>/dev/null)" != "$heic_stamp" ]; then
        log "generating $heic_library ($H pairs of still-heic.heic + $(basename "$lib_movie_src"))"
        rm -rf "$heic_library" "$heic_library.stamp" "$heic_library.tmp"
        for ((f = 0; f < LIB_FOLDERS && f < H; f++)); do mkdir -p "$heic_library.tmp/DCIM/$((100 + f))APPLE"; done
        for ((i = 1; i <= H; i++)); do
            printf -v name 'DCIM/%dAPPLE/IMG_%04d' $((100 + (i - 1) % LIB_FOLDERS)) "$i"
            cp "$here/Fixtures/still-heic.heic" "$heic_library.tmp/$name.HEIC"
            cp "$lib_movie_src" "$heic_library.tmp/$name.MOV"
        done
        mv "$heic_library.tmp" "$heic_library"
        echo "$heic_stamp" >"$heic_library.stamp"
    fi
    d=$work/heic-library
    rm -rf "$d"; mkdir -p "$d"
    cp -r "$heic_library" "$d/lib"
    # Every still carries the fixture's identifier: --new-id gives each pair its own.
    "$bin" pair -q --new-id "$d/lib" || die "livephoto pair -q --new-id over the HEIC library failed (exit $?)"
    sync
    scan_dir "$d/lib" "$d/scan.jsonl"
    check_scan "$d/scan.jsonl" "$H"
    h_scans=()
    for ((r = 1; r <= LIB_READ_ROUNDS; r++)); do
        rc=0
        now; t0=$REPLY
        "$bin" scan --json "$d/lib" >"$d/scan.jsonl" 2>"$d/scan.err" || rc=$?
        now; t1=$REPLY
        [ "$rc" = 0 ] || { cat "$d/scan.err" >&2; die "livephoto scan --json over the HEIC library failed (exit $rc)"; }
        h_scans+=("$(elapsed "$t0" "$t1")")
        check_scan "$d/scan.jsonl" "$H"
        log "HEIC library scan round $r/$LIB_READ_ROUNDS: $(ms "${h_scans[-1]}") ms ($(rate "$H" "${h_scans[-1]}") pairs/s)"
    done
    rm -rf "$d"
    h_scan=$(median "${h_scans[@]}")
    h_scan_rate=$(rate "$H" "$h_scan")
    h_met_scan=$(if ge "$(awk -v n="$H" -v s="$h_scan" 'BEGIN { print n / s }')" "$LIB_RATE_TARGET"; then echo yes; else echo NO; fi)
    heic_json="{
    \"heic_bytes\": $heic_bytes,
    \"rounds\": $ROUNDS,
    \"cp_seconds_median\": $h_cp,
    \"pair_seconds_median\": $h_pair,
    \"ratio_pair_to_cp\": $h_ratio,
    \"heic_growth_bytes_max\": $h_growth_max,
    \"cp_seconds_rounds\": $(json_list "${h_cps[@]}"),
    \"pair_seconds_rounds\": $(json_list "${h_pairs[@]}"),
    \"library_pairs\": $H,
    \"library_scan_seconds_median\": $h_scan,
    \"library_scan_pairs_per_second\": $h_scan_rate,
    \"library_scan_target_pairs_per_second_min\": $LIB_RATE_TARGET,
    \"library_scan_target_met\": $(jbool "$h_met_scan"),
    \"library_scan_seconds_rounds\": $(json_list "${h_scans[@]}")
  }"
    heic_rows+=("HEIC $(mib "$heic_bytes") MiB 12 MP: pair in place|cp $(ms "$h_cp") ms|$(ms "$h_pair") ms|${h_ratio}x cp|(info)|-")
    heic_rows+=("  info: HEIC bytes pair appended (max)|-|$h_growth_max B|$h_growth_max B|(info)|-")
    heic_rows+=("HEIC library $H pairs: scan --json|-|$(ms "$h_scan") ms|$h_scan_rate pairs/s|>= $LIB_RATE_TARGET pairs/s|$h_met_scan")
else
    log "HEIC: skipped (heif-enc is missing; Debian package libheif-examples)"
    heic_rows+=("HEIC: skipped (no heif-enc)|-|-|-|-|-")
fi

# Noise check (the figures stand; this only says how far to trust them). The two corpora copy
# the same number of bytes, so their cp baselines should agree; within a series, rounds should
# not spread by more than 2x.
minmax() { printf '%s\n' "$@" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.1f-%.1f ms", lo * 1000, hi * 1000 }'; }
spread_ok() { printf '%s\n' "$@" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { exit !(hi <= 2 * lo) }'; }
noise=()
noisy() {  # noisy LABEL VALUES...
    local label=$1; shift
    spread_ok "$@" || noise+=("$label rounds spread more than 2x ($(minmax "$@"))")
}
for kind in moov-last moov-first; do
    # shellcheck disable=SC2086  # word-split the space-separated round lists on purpose
    noisy "corpus $kind cp" ${C_CP_LIST[$kind]}
    # shellcheck disable=SC2086
    noisy "corpus $kind pair DIR" ${C_PAIR_LIST[$kind]}
done
awk -v a="${C_CP[moov-last]}" -v b="${C_CP[moov-first]}" 'BEGIN { exit !(a <= 1.5 * b && b <= 1.5 * a) }' \
    || noise+=("the two corpus cp baselines copy the same bytes but differ by more than 1.5x ($(ms "${C_CP[moov-last]}") vs $(ms "${C_CP[moov-first]}") ms)")
noisy "library pair DIR" "${lib_pairs[@]}"
noisy "library scan" "${lib_scans[@]}"
noisy "library verify" "${lib_verifies[@]}"

[ "$ncpu" = 2 ] || lib_target_note=" (target set for 2 cores; this machine has $ncpu)"

# ---------- results ----------
met() { if "$@"; then echo yes; else echo NO; fi; }
c_met_last=$(met le "${C_RATIO[moov-last]}" "$CORPUS_TARGET")
c_met_first=$(met le "${C_RATIO[moov-first]}" "$CORPUS_TARGET")
declare -A B_MET_TIME B_MET_RSS
for kind in moov-last moov-first; do
    B_MET_TIME[$kind]=$(met lt "$(ms "${B_PAIR[$kind]}")" "$BIG_TIME_TARGET_MS")
    B_MET_RSS[$kind]=$(met lt "${B_RSS_MAX[$kind]}" "$BIG_RSS_TARGET_KIB")
done
l_met_scan=$(met ge "$(awk -v n="$L" -v s="$lib_scan" 'BEGIN { print n / s }')" "$LIB_RATE_TARGET")
l_met_verify=$(met ge "$(awk -v n="$L" -v s="$lib_verify" 'BEGIN { print n / s }')" "$LIB_RATE_TARGET")
finished=$(date -u +%Y-%m-%dT%H:%M:%SZ)

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

mkdir -p "$out"
cat >"$out/results.json" <<EOF
{
  "date": "$started",
  "finished": "$finished",
  "machine": { "nproc": $ncpu, "cpu": "$cpu_model", "kernel": "$(uname -sr)" },
  "binary": "$bin",
  "source_rev": "$git_rev",
  "generation_seconds": $gen_secs,
  "note": "livephoto pair fsyncs every file it writes; the cp baseline does not",
  "noise_warnings": [$(for w in "${noise[@]}"; do printf '%s"%s"' "${sep:-}" "$w"; sep=", "; done)],
  "corpus": {
    "pairs": $N,
    "rounds": $ROUNDS,
    "pair_command": "livephoto pair -q DIR (one process, default --jobs: $(( 4 * ncpu < 16 ? 4 * ncpu : 16 )))",
    "cp_command": "cp SRC/* DST/ (one process)",
    "still_bytes": $still_bytes,
    "moov_last": $(corpus_json moov-last "$movie_last_bytes" "$c_met_last"),
    "moov_first": $(corpus_json moov-first "$movie_first_bytes" "$c_met_first")
  },
  "large_movie": {
    "moov_last": $(big_json moov-last "$big_bytes"),
    "moov_first": $(big_json moov-first "$big_first_bytes")
  },
  "heic": $heic_json,
  "library": {
    "pairs": $L,
    "folders": $LIB_FOLDERS,
    "still_bytes": $lib_still_bytes,
    "movie_bytes": $lib_movie_bytes,
    "pair": {
      "command": "livephoto pair -q DIR (fresh unpaired copy)",
      "rounds": $LIB_PAIR_ROUNDS,
      "seconds_median": $lib_pair,
      "pairs_per_second": $lib_pair_rate,
      "info_cp_r_seconds_median": $lib_cp,
      "info_ratio_pair_to_cp_r": $lib_pair_ratio,
      "seconds_rounds": $(json_list "${lib_pairs[@]}"),
      "info_cp_r_seconds_rounds": $(json_list "${lib_cps[@]}")
    },
    "scan": {
      "command": "livephoto scan --json DIR (warm cache)",
      "rounds": $LIB_READ_ROUNDS,
      "seconds_median": $lib_scan,
      "pairs_per_second": $lib_scan_rate,
      "target_pairs_per_second_min": $LIB_RATE_TARGET,
      "target_met": $(jbool "$l_met_scan"),
      "cpu_seconds_median": $lib_scan_cpu,
      "info_pairs_per_second_from_cpu_time": $lib_scan_cpu_rate,
      "cpu_seconds_rounds": $(json_list "${lib_scan_cpus[@]}"),
      "paired_findings": $L,
      "seconds_rounds": $(json_list "${lib_scans[@]}")
    },
    "verify": {
      "command": "livephoto verify -q DIR (warm cache)",
      "rounds": $LIB_READ_ROUNDS,
      "seconds_median": $lib_verify,
      "pairs_per_second": $lib_verify_rate,
      "target_pairs_per_second_min": $LIB_RATE_TARGET,
      "target_met": $(jbool "$l_met_verify"),
      "cpu_seconds_median": $lib_verify_cpu,
      "info_pairs_per_second_from_cpu_time": $lib_verify_cpu_rate,
      "cpu_seconds_rounds": $(json_list "${lib_verify_cpus[@]}"),
      "seconds_rounds": $(json_list "${lib_verifies[@]}")
    },
    "cold": {
      "how": "$cold_how",
      "scan_seconds": $lib_scan_cold,
      "scan_pairs_per_second": $lib_scan_cold_rate,
      "verify_seconds": $lib_verify_cold,
      "verify_pairs_per_second": $lib_verify_cold_rate
    },
    "exiftool": {
      "command": "exiftool -q -fast -j -ContentIdentifier -MediaGroupUUID -r DIR",
      "version": "$(exiftool -ver)",
      "rounds": $EXIFTOOL_ROUNDS,
      "seconds_median": $lib_exif,
      "pairs_per_second": $lib_exif_rate,
      "identifiers_read": $exif_ids,
      "ratio_exiftool_to_scan": $lib_exif_ratio,
      "ratio_exiftool_to_verify": $lib_exif_verify_ratio,
      "seconds_rounds": $(json_list "${lib_exifs[@]}")
    }
  }
}
EOF

row() { printf '%-42s %-17s %-14s %-18s %-16s %s\n' "$@"; }
echo
echo "== results (medians; baselines measured in the same run; livephoto pair fsyncs every file it writes, cp does not)"
row measurement baseline livephoto result target met
row ------------------------------------------ ----------------- -------------- ------------------ ---------------- ---
row "corpus $N pairs, moov last: pair DIR" "cp $(ms "${C_CP[moov-last]}") ms" "$(ms "${C_PAIR[moov-last]}") ms" "${C_RATIO[moov-last]}x cp" "<= ${CORPUS_TARGET}x cp" "$c_met_last"
row "corpus $N pairs, moov first: pair DIR" "cp $(ms "${C_CP[moov-first]}") ms" "$(ms "${C_PAIR[moov-first]}") ms" "${C_RATIO[moov-first]}x cp" "<= ${CORPUS_TARGET}x cp" "$c_met_first"
row "  info: moov last, 1 process per pair" "cp $(ms "${C_CP[moov-last]}") ms" "$(ms "${C_EACH[moov-last]}") ms" "${C_EACH_RATIO[moov-last]}x cp" "(info)" -
row "  info: moov first, 1 process per pair" "cp $(ms "${C_CP[moov-first]}") ms" "$(ms "${C_EACH[moov-first]}") ms" "${C_EACH_RATIO[moov-first]}x cp" "(info)" -
for kind in moov-last moov-first; do
    row "large $(mib "$big_bytes") MiB, ${kind/-/ }: pair" "cp $(ms "${B_CP[$kind]}") ms" "$(ms "${B_PAIR[$kind]}") ms" "$(ms "${B_PAIR[$kind]}") ms" "< ${BIG_TIME_TARGET_MS} ms" "${B_MET_TIME[$kind]}"
    row "large, ${kind/-/ }: peak RSS (max)" - "${B_RSS_MIB[$kind]} MiB" "${B_RSS_MIB[$kind]} MiB" "< 64 MiB" "${B_MET_RSS[$kind]}"
done
row "library $L pairs: pair DIR (fresh copy)" "cp -r $(ms "$lib_cp") ms" "$(ms "$lib_pair") ms" "$lib_pair_rate pairs/s" "(info)" -
row "library $L pairs: scan --json (warm)" - "$(ms "$lib_scan") ms" "$lib_scan_rate pairs/s" ">= $LIB_RATE_TARGET pairs/s" "$l_met_scan"
row "library $L pairs: verify -q (warm)" - "$(ms "$lib_verify") ms" "$lib_verify_rate pairs/s" ">= $LIB_RATE_TARGET pairs/s" "$l_met_verify"
row "  info: scan CPU time (user+sys)" - "$(ms "$lib_scan_cpu") ms" "$lib_scan_cpu_rate pairs/s" "(info: /$ncpu cores)" -
row "  info: verify CPU time (user+sys)" - "$(ms "$lib_verify_cpu") ms" "$lib_verify_cpu_rate pairs/s" "(info: /$ncpu cores)" -
row "library: exiftool, same identifiers" "exif $(ms "$lib_exif") ms" "scan $(ms "$lib_scan") ms" "scan ${lib_exif_ratio}x faster" "(info)" -
row "library: exiftool vs verify" "exif $(ms "$lib_exif") ms" "vrfy $(ms "$lib_verify") ms" "vrfy ${lib_exif_verify_ratio}x faster" "(info)" -
row "library $L pairs: scan (cold)" - "$(ms "$lib_scan_cold") ms" "$lib_scan_cold_rate pairs/s" "(info)" -
row "library $L pairs: verify (cold)" - "$(ms "$lib_verify_cold") ms" "$lib_verify_cold_rate pairs/s" "(info)" -
for line in "${heic_rows[@]}"; do IFS='|' read -r a b c d e f <<<"$line"; row "$a" "$b" "$c" "$d" "$e" "$f"; done
echo
echo "corpus: pair DIR is one process (--jobs $ncpu); cp is one process copying all $((2 * N)) files. Movie write path: moov last -> ${C_MODE[moov-last]}, moov first -> ${C_MODE[moov-first]}; large movies: moov last -> ${B_MODE[moov-last]} (grew by at most ${B_GROWTH_MAX[moov-last]} bytes), moov first -> ${B_MODE[moov-first]} (grew by at most ${B_GROWTH_MAX[moov-first]} bytes)"
echo "cold cache: $cold_how"
echo "CPU-time rows: the median user+sys CPU time of the same scan/verify runs; their rate is L x cores / CPU time, what the run would reach with every core to itself (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
for kind in moov-last moov-first; do
    echo "info, corpus $kind: $N pair processes $(ms "${C_EACH[$kind]}") ms; cp one process per pair $(ms "${C_CPEACH[$kind]}") ms (pair processes/that = $(ratio "${C_EACH[$kind]}" "${C_CPEACH[$kind]}")x); start-up floor, $N x livephoto --version: $(ms "${C_START[$kind]}") ms"
done
echo "library: livephoto scan is ${lib_exif_ratio}x faster than exiftool reading the same identifiers ($exif_ids identifiers: MediaGroupUUID in $exif_still_ids stills + ContentIdentifier in $exif_movie_ids movies, equal to scan's); exiftool $lib_exif_rate pairs/s${lib_target_note}"
for w in "${noise[@]}"; do echo "NOISE: $w (shared machine: rerun for steadier figures)"; done
echo "results: $out/results.json   (finished $finished)"
