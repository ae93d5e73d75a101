# Shared by every benchmark area (scripts/bench/*.sh) and the driver (scripts/bench.sh): the
# set-up, the timing helpers, the checks that fail a run on broken output, and the one place a
# table row, a note, a noise warning or a part of results.json is recorded.
#
# An area runs alone (`bash scripts/bench/library.sh PATH-TO-livephoto`: it prints its own rows)
# or under the driver, which exports BENCH_STATE and prints every area's rows as one table.
# Sourced, never run; `bench_init "$@"` first.
set -euo pipefail
export LC_ALL=C   # '.' as the decimal point, in EPOCHREALTIME too

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'bench: FAIL: %s\n' "$*" >&2; exit 1; }

# bench_init ARGS...: bin, here, out, inputs, work, ncpu; the state folder the rows go to.
bench_init() {
    [ $# -ge 1 ] || { echo "usage: bash $0 PATH-TO-livephoto" >&2; exit 2; }
    [ -x "$1" ] || { echo "bench: '$1' is not an executable" >&2; exit 2; }
    bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    out=$here/bench-out
    inputs=$out/inputs
    work=$out/work
    ncpu=$(nproc)
    mkdir -p "$inputs"
    if [ -z "${BENCH_STATE:-}" ]; then
        # Alone: this area's rows are printed by bench_done.
        BENCH_STATE=$out/state-$(basename "$0" .sh)
        bench_alone=yes
        rm -rf "$BENCH_STATE"
    else
        bench_alone=no
    fi
    mkdir -p "$BENCH_STATE/parts"
    touch "$BENCH_STATE/rows" "$BENCH_STATE/notes" "$BENCH_STATE/noise" "$BENCH_STATE/generation"
}

# A positive integer from an environment knob, or exit 2 naming it.
positive() {  # positive NAME VALUE
    [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "bench: $1 must be a positive integer (got '$2')" >&2; exit 2; }
    REPLY=$2
}

require_tools() {  # require_tools TOOL...
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "bench: $tool is required (make test-deps installs ffmpeg and exiftool)" >&2; exit 2; }
    done
}

# /usr/bin/time for peak RSS and CPU time (Debian package `time`).
require_usr_bin_time() {
    if [ ! -x /usr/bin/time ]; then
        log "installing /usr/bin/time (Debian package 'time')"
        local SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
        if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq time >/dev/null 2>&1; then
            $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq time >/dev/null
        fi
    fi
    [ -x /usr/bin/time ] || die "/usr/bin/time is missing and could not be installed"
}

# ---------- timing helpers ----------
# EPOCHREALTIME (bash >= 5) costs no fork; fall back to date otherwise.
if [ -n "${EPOCHREALTIME:-}" ]; then now() { REPLY=$EPOCHREALTIME; }; else now() { REPLY=$(date +%s.%N); }; fi
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) printf "%.6f", v[(NR + 1) / 2]; else printf "%.6f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }
us() { awk -v s="$1" 'BEGIN { printf "%.2f", s * 1000000 }'; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.0f", (s > 0 ? n / s : 0) }'; }   # rate COUNT SECONDS
le() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }
json_list() { local IFS=,; printf '[%s]' "$*"; }
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
jbool() { if [ "$1" = yes ]; then echo true; else echo false; fi; }
met() { if "$@"; then echo yes; else echo NO; fi; }
# CPU seconds (user + sys) of one command, from /usr/bin/time -f "%U %S"'s output file: a
# figure that a busy shared machine does not inflate the way it inflates wall time.
cpu_of() { awk '{ printf "%.6f", $1 + $2 }' "$1"; }

# Times one command: REPLY = seconds. The command's failure fails the run.
timed() {  # timed WHAT COMMAND...
    local what=$1 t0 rc=0; shift
    now; t0=$REPLY
    "$@" || rc=$?
    now
    [ "$rc" = 0 ] || die "$what failed (exit $rc)"
    REPLY=$(elapsed "$t0" "$REPLY")
}

# Drops the page cache where permitted (root); fails otherwise.
drop_caches() { sync && { echo 3 >/proc/sys/vm/drop_caches; } 2>/dev/null; }

# ---------- recording: the one place a row, a note, a warning or a JSON part goes ----------
# bench_row MEASUREMENT BASELINE LIVEPHOTO RESULT TARGET MET: one row of the results table.
bench_row() { local IFS=$'\t'; printf '%s\n' "$*" >>"$BENCH_STATE/rows"; }
# bench_note TEXT: a line printed under the table.
bench_note() { printf '%s\n' "$*" >>"$BENCH_STATE/notes"; }
# bench_json KEY JSON: results.json's "KEY" (the driver puts the parts together in its order).
bench_json() { printf '%s\n' "$2" >"$BENCH_STATE/parts/$1.json"; }
# bench_generation SECONDS: time spent making inputs (summed into results.json).
bench_generation() { printf '%s\n' "$1" >>"$BENCH_STATE/generation"; }

# Noise check (the figures stand; this only says how far to trust them): within a series,
# rounds should not spread by more than 2x.
minmax() { printf '%s\n' "$@" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.1f-%.1f ms", lo * 1000, hi * 1000 }'; }
spread_ok() { printf '%s\n' "$@" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { exit !(hi <= 2 * lo) }'; }
bench_noise() { printf '%s\n' "$*" >>"$BENCH_STATE/noise"; }
noisy() {  # noisy LABEL VALUES...
    local label=$1; shift
    spread_ok "$@" || bench_noise "$label rounds spread more than 2x ($(minmax "$@"))"
}

row() { printf '%-42s %-17s %-14s %-18s %-16s %s\n' "$@"; }
# Prints the recorded rows as the table, then the notes and noise warnings.
print_table() {
    local a b c d e f w
    row measurement baseline livephoto result target met
    row ------------------------------------------ ----------------- -------------- ------------------ ---------------- ---
    while IFS=$'\t' read -r a b c d e f; do row "$a" "$b" "$c" "$d" "$e" "$f"; done <"$BENCH_STATE/rows"
    echo
    cat "$BENCH_STATE/notes"
    while IFS= read -r w; do echo "NOISE: $w (shared machine: rerun for steadier figures)"; done <"$BENCH_STATE/noise"
}

# The end of an area: alone, its rows as a table (and its parts of results.json beside it).
bench_done() {
    [ "$bench_alone" = yes ] || return 0
    echo
    echo "== $(basename "$0" .sh) results (medians; baselines measured in the same run)"
    print_table
    echo "parts of results.json: $BENCH_STATE/parts/"
}

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

# ---------- shared inputs (cached in bench-out/inputs) ----------
STILL_MIN_BYTES=2000000   # a cached still under this is the old, too-compressible one
# The still: one 4000x3000 frame of testsrc2 with noise, as a JPEG, with some EXIF. Plain
# testsrc2 compresses to ~0.7 MB; the noise brings it to ~3 MB, the size of a camera's JPEG.
# Sets `still`.
make_still() {
    still=$inputs/still-4000x3000.jpg
    if [ -s "$still" ] && (( $(stat -c %s "$still") < STILL_MIN_BYTES )); then
        log "cached $still is $(stat -c %s "$still") bytes (the old noiseless one): regenerating"
        rm -f "$still"
    fi
    if [ ! -s "$still" ]; then
        log "generating $still"
        local tmp=$inputs/.tmp-still.jpg
        ffmpeg -nostdin -v error -y -f lavfi -i "testsrc2=s=4000x3000:r=1" -frames:v 1 \
            -vf "noise=alls=20:allf=t+u" -c:v mjpeg -q:v 3 -pix_fmt yuvj420p -f image2 "$tmp"
        exiftool -q -overwrite_original -Make=Apple "-Model=iPhone 15 Pro" -Software=livephoto-bench \
            "-DateTimeOriginal=2024:06:01 12:00:00" -Orientation#=1 "$tmp" >/dev/null
        (( $(stat -c %s "$tmp") >= STILL_MIN_BYTES )) \
            || log "WARNING: generated still is only $(stat -c %s "$tmp") bytes (wanted ~3-4 MB; this ffmpeg compresses noise better)"
        mv "$tmp" "$still"
    fi
}

# A library of COUNT unpaired copies of STILL + MOVIE, IMG_nnnnnn.<ext> dealt round-robin over
# FOLDERS folders (DCIM/100APPLE ...). A stamp beside it records what it was made from; a
# changed source or a missing stamp regenerates it. Copies are hard links when SHARE=link
# (for reading only: 200,000 pairs need not take 200,000 copies' worth of disk).
make_library() {  # make_library DIR COUNT FOLDERS STILL STILL_EXT MOVIE [copy|link]
    local dir=$1 count=$2 folders=$3 src_still=$4 ext=$5 src_movie=$6 share=${7:-copy} stamp f i name width=4
    (( count < 10000 )) || width=6
    stamp="$count $folders $width $share $(cksum <"$src_still") $(cksum <"$src_movie")"
    if [ -d "$dir" ] && [ "$(cat "$dir.stamp" 2>/dev/null)" = "$stamp" ]; then return; fi
    log "generating $dir ($count pairs of $(basename "$src_still") + $(basename "$src_movie"))"
    rm -rf "$dir" "$dir.stamp" "$dir.tmp"
    for ((f = 0; f < folders && f < count; f++)); do mkdir -p "$dir.tmp/DCIM/$((100 + f))APPLE"; done
    local put=(cp); [ "$share" = link ] && put=(ln)
    for ((i = 1; i <= count; i++)); do
        printf -v name "DCIM/%dAPPLE/IMG_%0${width}d" $((100 + (i - 1) % folders)) "$i"
        "${put[@]}" "$src_still" "$dir.tmp/$name.$ext"
        "${put[@]}" "$src_movie" "$dir.tmp/$name.MOV"
    done
    mv "$dir.tmp" "$dir"
    echo "$stamp" >"$dir.stamp"
}

# ---------- checking helpers: a benchmark of broken output is meaningless ----------
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
# check_scan JSONL EXPECTED [FINDING]: scan --json output must hold EXPECTED findings, all FINDING (paired).
check_scan() {
    local lines found kind=${3:-paired}
    lines=$(wc -l <"$1"); found=$(grep -c "\"finding\":\"$kind\"" "$1" || true)
    if [ "$found" != "$2" ] || [ "$lines" != "$2" ]; then
        echo "bench: scan --json reported $found $kind findings in $lines lines, expected $2 (first other lines:)" >&2
        grep -v "\"finding\":\"$kind\"" "$1" | head -n 10 >&2 || true
        die "scan does not see the expected findings"
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
