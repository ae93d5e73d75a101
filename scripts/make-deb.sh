#!/usr/bin/env bash
# Builds .build/deb/livephoto_<version>_<arch>.deb from what
# `make release man completions` made: the binary, the man page and the shell completions,
# laid out as Debian expects. Depends: lists the package of every shared library the binary
# links (ldd, dpkg -S), at the version installed on this machine (dpkg-query), as ">=".
# Usage: bash scripts/make-deb.sh [BINARY] [DOCS-DIR] [OUT-DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/.build/release/livephoto}
docs=${2:-$here/.build/docs}
out=${3:-$here/.build/deb}
for f in "$bin" "$docs/livephoto.1" "$docs/livephoto.bash" "$docs/_livephoto" "$docs/livephoto.fish"; do
    [ -s "$f" ] || { echo "make-deb: $f is missing (run make release man completions)" >&2; exit 2; }
done
for tool in dpkg-deb dpkg-query dpkg ldd gzip; do
    command -v "$tool" >/dev/null || { echo "make-deb: $tool is required" >&2; exit 2; }
done

version=$("$bin" --version | head -n 1)
arch=$(dpkg --print-architecture)

# FFmpeg's libraries (for `make`) and libheif (HEIC decode/encode) are dlopen(3)ed, not linked,
# so ldd does not list them: their paths here, by the sonames of the major versions the build's
# headers are from.
dlopened() {
    for lib in libavcodec libavutil libswscale libheif; do
        major=$(pkg-config --modversion "$lib" | cut -d. -f1)
        path=$(ldconfig -p | awk -v so="$lib.so.$major" '$1 == so { print $NF; exit }')
        [ -n "$path" ] || { echo "make-deb: $lib.so.$major not found (ldconfig -p)" >&2; exit 1; }
        echo "$path"
    done
}

# The packages that own the shared libraries the binary links or loads, with their versions here.
depends=()
while read -r lib; do
    real=$(readlink -f "$lib")
    owner=""
    for candidate in "$lib" "$real" "/usr$lib" "/usr$real" "${lib#/usr}" "${real#/usr}"; do
        owner=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$owner" ] && break
    done
    [ -n "$owner" ] || { echo "make-deb: no Debian package owns $lib" >&2; exit 1; }
    pkg_version=$(dpkg-query -W -f='${Version}' "$owner")
    depends+=("$owner (>= $pkg_version)")
done < <( { ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'; dlopened; } | sort -u)
depends_line=$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/livephoto_${version}_$arch
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/bash-completion/completions" \
    "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/livephoto"
install -m 0755 "$bin" "$root/usr/bin/livephoto"
strip --strip-unneeded "$root/usr/bin/livephoto" 2>/dev/null || true
gzip -9n <"$docs/livephoto.1" >"$root/usr/share/man/man1/livephoto.1.gz"
chmod 0644 "$root/usr/share/man/man1/livephoto.1.gz"
install -m 0644 "$docs/livephoto.bash" "$root/usr/share/bash-completion/completions/livephoto"
install -m 0644 "$docs/_livephoto" "$root/usr/share/zsh/vendor-completions/_livephoto"
install -m 0644 "$docs/livephoto.fish" "$root/usr/share/fish/vendor_completions.d/livephoto.fish"
install -m 0644 "$here/README.md" "$root/usr/share/doc/livephoto/README.md"
installed_kib=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: livephoto
Version: $version
Architecture: $arch
Maintainer: livephoto maintainers <livephoto@localhost>
Installed-Size: $installed_kib
Depends: $depends_line
Section: graphics
Priority: optional
Homepage: https://example.invalid/livephoto
Description: Apple Live Photo assembler for Linux
 Pairs a JPEG still and a QuickTime movie into an Apple Live Photo (one
 content identifier in both, a still-image-time track in the movie) without
 re-encoding anything, and inspects, verifies and scans Live Photo libraries.
CONTROL
mkdir -p "$out"
rm -f "$out"/livephoto_*.deb
dpkg-deb --root-owner-group --build "$root" "$out/livephoto_${version}_$arch.deb" >/dev/null
echo "$out/livephoto_${version}_$arch.deb"
echo "Depends: $depends_line"
