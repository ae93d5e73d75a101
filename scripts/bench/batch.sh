#!/usr/bin/env bash
# Area batch: N (BENCH_BATCH_REQUESTS, default 500) `verify --json STILL MOVIE` of one paired
# fixture pair, (a) as N processes one after the other (the baseline) and (b) as N request lines
# into ONE `livephoto batch`. Median of 3 rounds each; target: batch at least 10x faster.
# Broken output fails the run: a response without exit code 0, or fewer responses than requests.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_init "$@"
work=$out/batch-work
positive BENCH_BATCH_REQUESTS "${BENCH_BATCH_REQUESTS:-500}"; N=$REPLY
ROUNDS=3
echo "batch:    N=$N verify requests (BENCH_BATCH_REQUESTS), $ROUNDS rounds"
echo

rm -rf "$work"; mkdir -p "$work"
still=$work/IMG_1.JPG movie=$work/IMG_1.MOV
cp "$here/Fixtures/still-no-exif.jpg" "$still"
cp "$here/Fixtures/movie-moov-last.mov" "$movie"
"$bin" pair -q "$still" "$movie" || die "pair of the fixtures failed"
for i in $(seq 1 "$N"); do printf '{"id":%d,"args":["verify","--json","%s","%s"]}\n' "$i" "$still" "$movie"; done >"$work/requests"

processes() { local i; for i in $(seq 1 "$N"); do "$bin" verify --json "$still" "$movie" >/dev/null || return 1; done; }
one_batch() { "$bin" batch <"$work/requests" >"$work/responses"; }
procs=(); batch=()
for round in $(seq 1 "$ROUNDS"); do
    timed "$N verify processes" processes; procs+=("$REPLY")
    timed "batch" one_batch; batch+=("$REPLY")
    answered=$(grep -c '"exitCode":0,' "$work/responses" || true)
    [ "$answered" = "$N" ] || die "batch answered $answered of $N requests with exit code 0"
done
p=$(median "${procs[@]}"); b=$(median "${batch[@]}")
speedup=$(ratio "$p" "$b")
bench_row "$N verify requests: one batch process" "$N procs $(ms "$p") ms" "$(ms "$b") ms" "${speedup}x faster" ">= 10x" "$(met ge "$speedup" 10)"
bench_json batch "{\"requests\": $N, \"processesSeconds\": $p, \"batchSeconds\": $b, \"speedup\": $speedup}"
rm -rf "$work"
bench_done
