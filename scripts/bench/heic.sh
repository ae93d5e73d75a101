#!/usr/bin/env bash
# Benchmark area "HEIC": pair a 12 MP HEIC in place; scan a library of HEIC pairs.
# Usage: bash scripts/bench/heic.sh PATH-TO-livephoto (alone), or through scripts/bench.sh.
#
#   Skipped when heif-enc is missing: a 12 MP HEIC made by heif-enc from the corpus still
#   (EXIF copied, no MakerNote yet). Per round (5): `cp` of it (timed: the baseline, and the
#   fresh copy), then `livephoto pair -q` of it with the small fixture movie in place (timed),
#   and how many bytes the HEIC grew (the new Exif item is appended; the image data is not
#   rewritten). Then a library of H pairs (BENCH_HEIC_PAIRS, default 1000) of
#   Fixtures/still-heic.heic + Fixtures/movie-audio.mov: `pair -q --new-id DIR` once
#   (untimed), then `scan --json DIR` (warm, 5 rounds): pairs/s, target >= 10000/s.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_init "$@"
positive BENCH_HEIC_PAIRS "${BENCH_HEIC_PAIRS:-1000}"; H=$REPLY
ROUNDS=5
LIB_READ_ROUNDS=5
LIB_FOLDERS=10
LIB_RATE_TARGET=10000     # scan, pairs per second, at least (on 2 cores)
lib_movie_src=$here/Fixtures/movie-audio.mov
require_tools ffmpeg exiftool awk
rm -rf "$work/heic" "$work/heic-library"   # leftovers of an interrupted run
make_still
# ---------- 4. HEIC: pair a 12 MP HEIC in place; scan a library of HEIC pairs ----------
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
    make_library "$heic_library" "$H" "$LIB_FOLDERS" "$here/Fixtures/still-heic.heic" HEIC "$lib_movie_src"
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
    bench_json heic "{
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
    bench_row "HEIC $(mib "$heic_bytes") MiB 12 MP: pair in place" "cp $(ms "$h_cp") ms" "$(ms "$h_pair") ms" "${h_ratio}x cp" "(info)" -
    bench_row "  info: HEIC bytes pair appended (max)" - "$h_growth_max B" "$h_growth_max B" "(info)" -
    bench_row "HEIC library $H pairs: scan --json" - "$(ms "$h_scan") ms" "$h_scan_rate pairs/s" ">= $LIB_RATE_TARGET pairs/s" "$h_met_scan"
else
    log "HEIC: skipped (heif-enc is missing; Debian package libheif-examples)"
    bench_json heic null
    bench_row "HEIC: skipped (no heif-enc)" - - - - -
fi
rmdir "$work" 2>/dev/null || true
bench_done
