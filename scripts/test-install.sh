#!/usr/bin/env bash
# Tests the installation paths (run by `make test-install`, after `make deb`):
#   1. `make install PREFIX=<scratch>` puts the binary, the man page and the bash/zsh/fish
#      completions where the README says, each usable; `make uninstall` removes them all.
#   2. The Debian package holds exactly those files under /usr and depends on the package
#      of every shared library the binary links, at the version installed here.
#   3. As root with apt: `apt install ./livephoto_*.deb` into this system, `livephoto pair`
#      and `verify` on the fixtures with the installed binary, man finds the page, then
#      `apt-get remove -y livephoto` (skipped, and said so, without root or apt).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
fail() { echo "test-install: FAIL: $*" >&2; exit 1; }
ok() { echo "test-install: ok: $*"; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# ---------- 1. make install / uninstall under a scratch prefix ----------
prefix=$scratch/prefix
make -s install PREFIX="$prefix" >/dev/null
files=(bin/livephoto share/man/man1/livephoto.1 share/bash-completion/completions/livephoto
       share/zsh/site-functions/_livephoto share/fish/vendor_completions.d/livephoto.fish)
for f in "${files[@]}"; do [ -s "$prefix/$f" ] || fail "make install did not install $f"; done
[ -x "$prefix/bin/livephoto" ] || fail "installed binary is not executable"
"$prefix/bin/livephoto" --version | head -n 1 | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+$' || fail "installed --version"
grep -q '^\.Dt LIVEPHOTO 1' "$prefix/share/man/man1/livephoto.1" || fail "man page has no .Dt LIVEPHOTO 1 header"
for sub in pair verify inspect scan; do
    grep -q "$sub" "$prefix/share/man/man1/livephoto.1" || fail "man page does not describe '$sub'"
done
grep -q 'Fl -faststart' "$prefix/share/man/man1/livephoto.1" || fail "man page lacks pair --faststart"
grep -q 'complete' "$prefix/share/bash-completion/completions/livephoto" || fail "bash completion script"
grep -q '#compdef livephoto' "$prefix/share/zsh/site-functions/_livephoto" || fail "zsh completion script"
grep -q "complete -c 'livephoto'" "$prefix/share/fish/vendor_completions.d/livephoto.fish" || fail "fish completion script"
if command -v bash >/dev/null; then
    bash -c "source '$prefix/share/bash-completion/completions/livephoto' && complete -p livephoto" >/dev/null \
        || fail "the bash completion does not register for livephoto"
fi
if command -v mandoc >/dev/null; then mandoc -T lint -W error "$prefix/share/man/man1/livephoto.1" >/dev/null || fail "mandoc lint"; fi
ok "make install PREFIX=$prefix: ${files[*]}"
make -s uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f | wc -l)
[ "$left" = 0 ] || fail "make uninstall left $left files: $(find "$prefix" -type f | head -n 5)"
ok "make uninstall removed every installed file"

# ---------- 2. the package's contents and dependencies ----------
debs=(.build/deb/livephoto_*.deb)
[ -s "${debs[0]}" ] || fail "no .build/deb/livephoto_*.deb (run make deb)"
deb=${debs[0]}
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./||' | grep -v -e '/$' -e '^$' | sort >"$scratch/contents"
cat >"$scratch/expected" <<LIST
usr/bin/livephoto
usr/share/bash-completion/completions/livephoto
usr/share/doc/livephoto/README.md
usr/share/fish/vendor_completions.d/livephoto.fish
usr/share/man/man1/livephoto.1.gz
usr/share/zsh/vendor-completions/_livephoto
LIST
diff -u "$scratch/expected" "$scratch/contents" || fail "package contents differ from the expected list"
[ "$(dpkg-deb -f "$deb" Package)" = livephoto ] || fail "Package field"
[ "$(dpkg-deb -f "$deb" Architecture)" = "$(dpkg --print-architecture)" ] || fail "Architecture field"
depends=$(dpkg-deb -f "$deb" Depends)
for pkg in libexif12 libturbojpeg0 libc6 libavcodec59 libswscale6 libheif1; do
    v=$(dpkg-query -W -f='${Version}' "$pkg") || fail "$pkg is not installed here"
    case ", $depends, " in
        *", $pkg (>= $v), "*) ;;
        *) fail "Depends lacks '$pkg (>= $v)': $depends" ;;
    esac
done
ok "$deb: contents as expected; Depends: $depends"

# ---------- 3. apt install into this system, pair, remove ----------
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "test-install: skipped: installing the package needs root and apt"
    exit 0
fi
if dpkg-query -W -f='${Status}' livephoto 2>/dev/null | grep -q 'install ok installed'; then
    fail "a livephoto package is already installed; not touching it"
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$here/$deb" >"$scratch/apt.log" 2>&1 || { cat "$scratch/apt.log" >&2; fail "apt install ./$(basename "$deb")"; }
removed=no
cleanup_package() { [ "$removed" = yes ] || DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq livephoto >/dev/null 2>&1 || true; rm -rf "$scratch"; }
trap cleanup_package EXIT
[ "$(command -v livephoto)" = /usr/bin/livephoto ] || fail "livephoto on PATH is $(command -v livephoto), expected /usr/bin/livephoto"
work=$scratch/pair
mkdir -p "$work"
cp Fixtures/still-exif-icc-xmp.jpg "$work/IMG_1.JPG"
cp Fixtures/movie-moov-first.mov "$work/IMG_1.MOV"
/usr/bin/livephoto pair -q "$work/IMG_1.JPG" "$work/IMG_1.MOV" || fail "installed livephoto pair"
/usr/bin/livephoto verify -q "$work/IMG_1.JPG" "$work/IMG_1.MOV" || fail "installed livephoto verify of the pair it made"
if command -v man >/dev/null; then
    man -w livephoto >/dev/null 2>&1 || fail "man -w livephoto does not find the installed page"
fi
ok "apt install ./$(basename "$deb"); /usr/bin/livephoto pair + verify on the fixtures"
DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq livephoto >/dev/null || fail "apt-get remove livephoto"
removed=yes
[ ! -e /usr/bin/livephoto ] || fail "/usr/bin/livephoto still there after apt-get remove"
ok "apt-get remove -y livephoto removed it"
