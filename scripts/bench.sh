#!/usr/bin/env bash
# Benchmark livephoto: every area in scripts/bench/ (pair, library, heic, make, convert, scale,
# batch), one table. Usage: bash scripts/bench.sh PATH-TO-livephoto [AREA...]   (default: all seven, in
# that order; `make bench` runs them all).
#
# The machine this runs on is shared and noisy, so every figure is taken against a baseline
# measured in the same run (plain `cp` of the same bytes, exiftool reading the same
# identifiers, parallel `cat` of the same files, a smaller run of the same command), and the
# benchmark never fails on a target: it prints the figures and whether each target was met. It
# DOES fail (non-zero exit) when an area's output is broken (a paired result does not pass
# `livephoto verify`, `scan` or exiftool do not see the pairs), because a benchmark of broken
# output is meaningless. What each area measures is said at the top of its script; each runs
# alone too, with its own size knobs (BENCH_PAIRS, BENCH_BIG_MIB, BENCH_LIBRARY_PAIRS,
# BENCH_HEIC_PAIRS, BENCH_MAKE_CLIPS, BENCH_MOTION_PHOTOS, BENCH_SCALE_PAIRS, BENCH_COLD_PAIRS,
# BENCH_WARM_PAIRS, BENCH_BATCH_REQUESTS).
#
# A row is added in one place: `bench_row` in the area's script (scripts/bench/common.sh holds
# the timing and reporting helpers). Everything generated lives in bench-out/ (gitignored).
# Inputs are cached in bench-out/inputs/ and only regenerated when missing or stale; delete
# that folder to regenerate. `sync` runs before each timed section, never inside one.
source "$(dirname "$0")/bench/common.sh"
areas=(pair library heic make convert scale batch)
[ $# -ge 2 ] && areas=("${@:2}")
for area in "${areas[@]}"; do
    [ -f "$(dirname "$0")/bench/$area.sh" ] || { echo "bench: no area '$area' (scripts/bench/$area.sh)" >&2; exit 2; }
done
BENCH_STATE=$(cd "$(dirname "$0")/.." && pwd)/bench-out/state
rm -rf "$BENCH_STATE"
export BENCH_STATE
bench_init "$1"

# ---------- header ----------
cpu_model=$( (lscpu 2>/dev/null | awk -F: '/^Model name/ { sub(/^[ \t]+/, "", $2); print $2; exit }') || true)
[ -n "$cpu_model" ] || cpu_model=$(awk -F: '/^model name/ { sub(/^[ \t]+/, "", $2); print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown)
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
git_rev=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
if [ "$git_rev" != unknown ] && [ -n "$(git -C "$here" status --porcelain -- Sources Package.swift 2>/dev/null)" ]; then git_rev="$git_rev+dirty"; fi
echo "== livephoto benchmark"
echo "date:     $started"
echo "machine:  $ncpu CPUs ($cpu_model), $(uname -sr), $(awk '/MemTotal/ { printf "%.1f GiB RAM", $2 / 1048576 }' /proc/meminfo)"
echo "binary:   $bin ($("$bin" --version 2>/dev/null | paste -sd';' - | sed 's/;/; /g' || echo '?'))"
echo "source:   $here @ $git_rev"
echo "areas:    ${areas[*]}"
echo

for area in "${areas[@]}"; do
    log "area $area"
    bash "$(dirname "$0")/bench/$area.sh" "$bin"
done

# ---------- results ----------
finished=$(date -u +%Y-%m-%dT%H:%M:%SZ)
gen_secs=$(awk '{ s += $1 } END { print s + 0 }' "$BENCH_STATE/generation")
noise_json=$(awk 'BEGIN { sep = "" } { gsub(/"/, "\\\""); printf "%s\"%s\"", sep, $0; sep = ", " }' "$BENCH_STATE/noise")
parts=""
for key in corpus large_movie heic library scale; do
    [ -f "$BENCH_STATE/parts/$key.json" ] && parts+=",
  \"$key\": $(cat "$BENCH_STATE/parts/$key.json")"
done
cat >"$out/results.json" <<JSON
{
  "date": "$started",
  "finished": "$finished",
  "machine": { "nproc": $ncpu, "cpu": "$cpu_model", "kernel": "$(uname -sr)" },
  "binary": "$bin",
  "source_rev": "$git_rev",
  "generation_seconds": $gen_secs,
  "note": "livephoto pair fsyncs every file it writes; the cp baseline does not",
  "noise_warnings": [$noise_json]$parts
}
JSON
echo
echo "== results (medians; baselines measured in the same run; livephoto pair fsyncs every file it writes, cp does not)"
print_table
echo "results: $out/results.json   (finished $finished)"
