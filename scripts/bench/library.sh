#!/usr/bin/env bash
# Benchmark area "library": `pair DIR`, `scan` and `verify` over a library of small pairs.
# Usage: bash scripts/bench/library.sh PATH-TO-livephoto (alone), or through scripts/bench.sh.
#
#   L pairs (BENCH_LIBRARY_PAIRS, default 1000) of the repo's small fixtures
#   (Fixtures/still-exif-icc-xmp.jpg + Fixtures/movie-audio.mov) as IMG_nnnn.JPG/.MOV over
#   10 subfolders. `livephoto pair -q DIR` on a fresh unpaired copy (3 rounds): pairs/s.
#   Then, on the paired library with a warm cache, `livephoto scan --json DIR` and
#   `livephoto verify -q DIR` (5 rounds each): pairs/s, target >= 10000/s each (on 2
#   cores). Then `exiftool -fast -j -ContentIdentifier -MediaGroupUUID -r DIR` (2 rounds),
#   reading the same identifiers: reported as exiftool time / scan (and verify) time.
#   Cold cache (info): one scan and one verify after dropping the page cache
#   (/proc/sys/vm/drop_caches, root only); where that is not permitted, over a fresh copy
#   of the library instead (which the copy itself leaves in the cache: said so).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_init "$@"
positive BENCH_LIBRARY_PAIRS "${BENCH_LIBRARY_PAIRS:-1000}"; L=$REPLY
LIB_PAIR_ROUNDS=3
LIB_READ_ROUNDS=5
EXIFTOOL_ROUNDS=2
LIB_FOLDERS=10
LIB_RATE_TARGET=10000     # scan and verify, pairs per second, at least (on 2 cores)
lib_still_src=$here/Fixtures/still-exif-icc-xmp.jpg
lib_movie_src=$here/Fixtures/movie-audio.mov
require_tools exiftool awk cmp
require_usr_bin_time
for f in "$lib_still_src" "$lib_movie_src"; do
    [ -s "$f" ] || { echo "bench: fixture $f is missing" >&2; exit 2; }
done
rm -rf "$work/library"   # leftovers of an interrupted run
gen_t0=$SECONDS
library=$inputs/library-n$L
make_library "$library" "$L" "$LIB_FOLDERS" "$lib_still_src" JPG "$lib_movie_src"
lib_files=$(find "$library" -type f | wc -l)
[ "$lib_files" = $((2 * L)) ] || die "$library holds $lib_files files, expected $((2 * L)); delete it to regenerate"
bench_generation $((SECONDS - gen_t0))
lib_still_bytes=$(stat -c %s "$lib_still_src")
lib_movie_bytes=$(stat -c %s "$lib_movie_src")
lib_bytes=$(( L * (lib_still_bytes + lib_movie_bytes) ))
echo "library:  L=$L pairs (BENCH_LIBRARY_PAIRS) in $LIB_FOLDERS folders; pair $LIB_PAIR_ROUNDS rounds, scan/verify $LIB_READ_ROUNDS rounds, exiftool $EXIFTOOL_ROUNDS rounds"
echo "  library  $(mib "$lib_bytes") MiB  $(basename "$library"): $L x ($(basename "$lib_still_src") $lib_still_bytes B + $(basename "$lib_movie_src") $lib_movie_bytes B [$(top_boxes "$lib_movie_src")])"
echo

# ---------- 3. library: pair / scan / verify throughput, vs exiftool ----------
log "library: $L pairs; pair x $LIB_PAIR_ROUNDS, scan and verify x $LIB_READ_ROUNDS, exiftool x $EXIFTOOL_ROUNDS"
d=$work/library
lib=$d/lib
lib_cps=(); lib_pairs=(); lib_scans=(); lib_verifies=(); lib_exifs=(); lib_scan_cpus=(); lib_verify_cpus=()
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

noisy "library pair DIR" "${lib_pairs[@]}"
noisy "library scan" "${lib_scans[@]}"
noisy "library verify" "${lib_verifies[@]}"
[ "$ncpu" = 2 ] || lib_target_note=" (target set for 2 cores; this machine has $ncpu)"
l_met_scan=$(met ge "$(awk -v n="$L" -v s="$lib_scan" 'BEGIN { print n / s }')" "$LIB_RATE_TARGET")
l_met_verify=$(met ge "$(awk -v n="$L" -v s="$lib_verify" 'BEGIN { print n / s }')" "$LIB_RATE_TARGET")
bench_json library "$(cat <<EOF
{
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
EOF
)"
bench_row "library $L pairs: pair DIR (fresh copy)" "cp -r $(ms "$lib_cp") ms" "$(ms "$lib_pair") ms" "$lib_pair_rate pairs/s" "(info)" -
bench_row "library $L pairs: scan --json (warm)" - "$(ms "$lib_scan") ms" "$lib_scan_rate pairs/s" ">= $LIB_RATE_TARGET pairs/s" "$l_met_scan"
bench_row "library $L pairs: verify -q (warm)" - "$(ms "$lib_verify") ms" "$lib_verify_rate pairs/s" ">= $LIB_RATE_TARGET pairs/s" "$l_met_verify"
bench_row "  info: scan CPU time (user+sys)" - "$(ms "$lib_scan_cpu") ms" "$lib_scan_cpu_rate pairs/s" "(info: /$ncpu cores)" -
bench_row "  info: verify CPU time (user+sys)" - "$(ms "$lib_verify_cpu") ms" "$lib_verify_cpu_rate pairs/s" "(info: /$ncpu cores)" -
bench_row "library: exiftool, same identifiers" "exif $(ms "$lib_exif") ms" "scan $(ms "$lib_scan") ms" "scan ${lib_exif_ratio}x faster" "(info)" -
bench_row "library: exiftool vs verify" "exif $(ms "$lib_exif") ms" "vrfy $(ms "$lib_verify") ms" "vrfy ${lib_exif_verify_ratio}x faster" "(info)" -
bench_row "library $L pairs: scan (cold)" - "$(ms "$lib_scan_cold") ms" "$lib_scan_cold_rate pairs/s" "(info)" -
bench_row "library $L pairs: verify (cold)" - "$(ms "$lib_verify_cold") ms" "$lib_verify_cold_rate pairs/s" "(info)" -
bench_note "cold cache: $cold_how"
bench_note "CPU-time rows: the median user+sys CPU time of the same scan/verify runs; their rate is L x cores / CPU time, what the run would reach with every core to itself (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
bench_note "library: livephoto scan is ${lib_exif_ratio}x faster than exiftool reading the same identifiers ($exif_ids identifiers: MediaGroupUUID in $exif_still_ids stills + ContentIdentifier in $exif_movie_ids movies, equal to scan's); exiftool $lib_exif_rate pairs/s${lib_target_note}"
rmdir "$work" 2>/dev/null || true
bench_done
