#!/usr/bin/env bash
# Benchmark `livephoto batch`. Usage: bash scripts/bench-batch.sh PATH-TO-livephoto
#
# N (BENCH_BATCH_REQUESTS, default 500) `verify --json STILL MOVIE` of one paired fixture pair:
# (a) N processes, one after the other (the baseline); (b) the same N requests as lines into ONE
# `livephoto batch`. Median of 3 rounds each; target: batch at least 10x faster. Fails (exit 1)
# only when the output is broken: a response that is not exit code 0, or fewer responses than
# requests. Prints one table row like the other bench scripts.
set -euo pipefail
[ $# -ge 1 ] && [ -x "$1" ] || { echo "usage: bash scripts/bench-batch.sh PATH-TO-livephoto" >&2; exit 2; }
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
N=${BENCH_BATCH_REQUESTS:-500}
ROUNDS=3
[[ $N =~ ^[1-9][0-9]*$ ]] || { echo "bench-batch: BENCH_BATCH_REQUESTS must be a positive integer" >&2; exit 2; }

die() { printf 'bench-batch: FAIL: %s\n' "$*" >&2; exit 1; }
now() { if [ -n "${EPOCHREALTIME:-}" ]; then echo "$EPOCHREALTIME"; else date +%s.%N; fi; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) printf "%.6f", v[(NR + 1) / 2]; else printf "%.6f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.1f", s * 1000 }'; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
still=$work/IMG_1.JPG movie=$work/IMG_1.MOV
cp "$here/Fixtures/still-no-exif.jpg" "$still"
cp "$here/Fixtures/movie-moov-last.mov" "$movie"
"$bin" pair -q "$still" "$movie" || die "pair of the fixtures failed"
for i in $(seq 1 "$N"); do printf '{"id":%d,"args":["verify","--json","%s","%s"]}\n' "$i" "$still" "$movie"; done > "$work/requests"

procs=(); batch=()
for round in $(seq 1 "$ROUNDS"); do
    t0=$(now)
    for i in $(seq 1 "$N"); do "$bin" verify --json "$still" "$movie" > /dev/null || die "verify process $i failed"; done
    t1=$(now)
    procs+=("$(elapsed "$t0" "$t1")")
    t0=$(now)
    "$bin" batch < "$work/requests" > "$work/responses" || die "batch exited $?"
    t1=$(now)
    batch+=("$(elapsed "$t0" "$t1")")
    [ "$(grep -c '"exitCode":0,' "$work/responses")" = "$N" ] || die "batch answered $(wc -l < "$work/responses") of $N requests with exit code 0"
done
p=$(median "${procs[@]}"); b=$(median "${batch[@]}")
speedup=$(ratio "$p" "$b")
met=$(awk -v s="$speedup" 'BEGIN { print (s >= 10 ? "yes" : "no") }')
printf '%-44s %-18s %-14s %-16s %-10s %s\n' measurement baseline livephoto result target met
printf '%-44s %-18s %-14s %-16s %-10s %s\n' "$N verify requests: one batch process" "$N procs $(ms "$p") ms" "$(ms "$b") ms" "${speedup}x faster" ">= 10x" "$met"
