#!/usr/bin/env bash
# Builds and runs the libFuzzer targets in Fuzz/ for a bounded time each.
#   scripts/fuzz.sh [TARGET...]     (default: every Fuzz/*.swift)
#   FUZZ_SECONDS=60                 time per target
# The library modules are built by SwiftPM with coverage + AddressSanitizer into .build-fuzz;
# each driver is linked by swiftc (SwiftPM cannot link a fuzzer executable: `<name>_main`).
# Seeds: the Fixtures/ files matching the driver's `// seeds:` line plus Fuzz/regressions/<TARGET>/.
# A crash stops with a non-zero exit and leaves the input in .build-fuzz/artifacts/<TARGET>/.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
SWIFT=${SWIFT:-swift}
SCRATCH=.build-fuzz
BIN=$SCRATCH/release
SANITIZE=(-sanitize=fuzzer,address)

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in Fuzz/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi

echo "fuzz: building the library modules (instrumented) in $SCRATCH"
# LivePhotoKit too (with -enable-testing): the MovieEdit target applies its movie edit, an
# internal type, through `@testable import` rather than a hand-picked copy of its sources.
modules=(BinaryIO ISOBMFF StillImage VideoFrames LivePhotoKit)
# CLazyLoad (dlopen of libavcodec and libheif) is built on its own: building LivePhotoKit
# compiles the C targets it imports, not the one those import.
for target in CLazyLoad LivePhotoKit; do
    "$SWIFT" build -c release --scratch-path "$SCRATCH" --target "$target" -Xswiftc -enable-testing \
        -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address >/dev/null
done
objects=()
for module in "${modules[@]}"; do objects+=("$BIN/$module.build"/*.o); done
# The package's own C targets (CFileCopy, ...): SwiftPM leaves a module map beside their objects.
# The system-library ones (CExif, CTurboJPEG) have their module map in Sources/<name>/.
c_flags=()
for dir in "$BIN"/C*.build; do
    # Only the ones the library modules use were compiled (an unused one has a module map only).
    [ -f "$dir/module.modulemap" ] && compgen -G "$dir/*.o" >/dev/null || continue
    objects+=("$dir"/*.o)
    c_flags+=(-Xcc -fmodule-map-file="$dir/module.modulemap")
done
for map in Sources/C*/module.modulemap; do c_flags+=(-I "$(dirname "$map")"); done


status=0
for target in "${targets[@]}"; do
    driver=Fuzz/$target.swift
    [ -f "$driver" ] || { echo "fuzz: no driver $driver" >&2; exit 2; }
    exe=$SCRATCH/fuzz/$target
    corpus=$SCRATCH/corpus/$target
    artifacts=$SCRATCH/artifacts/$target
    mkdir -p "$SCRATCH/fuzz" "$corpus" "$artifacts" "Fuzz/regressions/$target"

    echo "fuzz: linking $exe"
    swiftc -O -parse-as-library "${SANITIZE[@]}" -module-name "Fuzz$target" \
        -I "$BIN/Modules" "${c_flags[@]}" \
        "$driver" Fuzz/Support/*.swift "${objects[@]}" -lexif -lturbojpeg -ldl -o "$exe"

    # Seed the working corpus from the fixtures named by the driver's `// seeds:` line.
    read -r -a patterns <<<"$(sed -n 's#^// seeds: ##p' "$driver" | head -n 1)"
    for pattern in "${patterns[@]}"; do
        for seed in Fixtures/$pattern; do
            if [ -f "$seed" ] && [ ! -e "$corpus/$(basename "$seed")" ]; then cp "$seed" "$corpus/"; fi
        done
    done

    echo "fuzz: running $target for ${SECONDS_PER_TARGET}s"
    input_dir=$(mktemp -d "$( [ -d /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")/livephoto-fuzz.XXXXXX")
    if ! FUZZ_INPUT_DIR=$input_dir "$exe" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
            -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "Fuzz/regressions/$target"; then
        echo "fuzz: $target found a crash; input in $artifacts/" >&2
        status=1
    fi
    rm -rf "$input_dir"
done
exit $status
