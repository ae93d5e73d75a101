#!/usr/bin/env bash
# Regenerates every fixture in this directory from synthetic sources only
# (ffmpeg lavfi testsrc2/sine, exiftool, and make_fixtures.py). Nothing is
# copied from real camera files. Re-running overwrites all outputs.
#
# Needs: ffmpeg + ffprobe (with libx264 and the filter_units bsf), exiftool,
# python3 (standard library only). Tested with Debian 12: ffmpeg 5.1,
# exiftool 12.57, Python 3.11. Output bytes may differ between ffmpeg/x264
# versions; within one version the output is reproducible.
set -euo pipefail

cd "$(dirname "$0")"

for tool in ffmpeg ffprobe exiftool python3 heif-enc heif-info; do
    command -v "$tool" >/dev/null || { echo "generate.sh: $tool not found" >&2; exit 1; }
done

PY="python3 ./make_fixtures.py"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

CREATION_TIME="2024-01-02T03:04:05Z"

# Common options: deterministic muxing/encoding, no source metadata, one
# encoder thread (x264 output depends on the thread count), x264's SEI
# (which embeds its version and options string) removed by filter_units.
FF=(ffmpeg -nostdin -y -v error)
VIDEO_IN=(-f lavfi -i "testsrc2=size=320x240:rate=15:duration=2")
VIDEO_ENC=(-c:v libx264 -preset medium -crf 35 -pix_fmt yuv420p -threads 1
           -bsf:v filter_units=remove_types=6)
EXACT=(-fflags +bitexact -flags:v +bitexact -map_metadata -1
       -metadata "creation_time=$CREATION_TIME")

# Decode check: ffprobe and a full decode must print nothing on stderr.
check_decodes() {
    local f="$1" err
    err="$(ffprobe -v error -show_streams "$f" 2>&1 >/dev/null)"
    err+="$(ffmpeg -nostdin -v error -i "$f" -f null - 2>&1)"
    if [[ -n "$err" ]]; then
        echo "generate.sh: $f does not decode cleanly:" >&2
        echo "$err" >&2
        exit 1
    fi
}

# ---------------------------------------------------------------- movies ---

# 1. QuickTime, moov after mdat (ffmpeg's default for mov), video only.
"${FF[@]}" "${VIDEO_IN[@]}" "${VIDEO_ENC[@]}" -an "${EXACT[@]}" \
    -f mov movie-moov-last.mov

# 2. Same, with moov moved before mdat.
"${FF[@]}" "${VIDEO_IN[@]}" "${VIDEO_ENC[@]}" -an "${EXACT[@]}" \
    -movflags +faststart -f mov movie-moov-first.mov

# 3. Video + mono AAC (440 Hz sine), moov last.
"${FF[@]}" "${VIDEO_IN[@]}" \
    -f lavfi -i "sine=frequency=440:sample_rate=22050:duration=2" \
    "${VIDEO_ENC[@]}" -c:a aac -b:a 24k -ac 1 -flags:a +bitexact "${EXACT[@]}" \
    -shortest -f mov movie-audio.mov

# 4. movie-moov-last.mov with every stco rewritten as co64 (ancestor sizes fixed;
#    moov is last, so no sample data moves).
$PY co64 movie-moov-last.mov movie-co64.mov

# 5. MP4 (isom brand), video only, moov last.
"${FF[@]}" "${VIDEO_IN[@]}" "${VIDEO_ENC[@]}" -an "${EXACT[@]}" \
    -f mp4 movie-mp4.mp4

# 6. movie-moov-last.mov without its ftyp; chunk offsets shifted down by its size.
$PY no-ftyp movie-moov-last.mov movie-no-ftyp.mov

for f in movie-moov-last.mov movie-moov-first.mov movie-audio.mov \
         movie-co64.mov movie-mp4.mp4 movie-no-ftyp.mov; do
    check_decodes "$f"
done

# ---------------------------------------------------------------- stills ---

# Base still: first frame of the same testsrc2, 320x240 baseline JPEG.
# (bitexact: ffmpeg writes JFIF APP0 but no "Lavc" COM segment.)
"${FF[@]}" -f lavfi -i "testsrc2=size=320x240:rate=15" -frames:v 1 \
    -c:v mjpeg -q:v 2 -pix_fmt yuvj420p -fflags +bitexact -flags:v +bitexact \
    -map_metadata -1 -f image2 "$TMP/base.jpg"

# 7. No metadata at all.
cp "$TMP/base.jpg" still-no-exif.jpg
exiftool -q -all= -overwrite_original still-no-exif.jpg
if exiftool -s -s -s -EXIF:all still-no-exif.jpg | grep -q .; then
    echo "generate.sh: still-no-exif.jpg still has EXIF" >&2; exit 1
fi

# 8. EXIF (IFD0 + ExifIFD + GPS IFD), ICC profile (APP2), XMP (APP1), COM.
$PY icc "$TMP/fixture.icc"
cp "$TMP/base.jpg" still-exif-icc-xmp.jpg
exiftool -q -overwrite_original \
    -EXIF:Make=Apple -EXIF:Model="iPhone 8" -EXIF:Orientation#=1 \
    -EXIF:XResolution=72 -EXIF:YResolution=72 -EXIF:ResolutionUnit=inches \
    -EXIF:Software="livephoto fixtures" \
    -EXIF:DateTimeOriginal="2024:01:02 03:04:05" \
    -EXIF:CreateDate="2024:01:02 03:04:05" \
    -EXIF:OffsetTimeOriginal="+01:00" \
    -EXIF:ExposureTime=1/120 -EXIF:FNumber=1.8 -EXIF:ISO=100 \
    -EXIF:FocalLength=3.99 -EXIF:ExifVersion=0232 -EXIF:ColorSpace#=1 \
    -EXIF:ExifImageWidth=320 -EXIF:ExifImageHeight=240 \
    -EXIF:LensModel="iPhone 8 back camera 3.99mm f/1.8" \
    -GPS:GPSLatitude=37.334900 -GPS:GPSLatitudeRef=N \
    -GPS:GPSLongitude=122.009020 -GPS:GPSLongitudeRef=W \
    -GPS:GPSAltitude=12.5 -GPS:GPSAltitudeRef=0 \
    "-ICC_Profile<=$TMP/fixture.icc" \
    -XMP-dc:Title="livephoto fixture" -XMP-dc:Creator="livephoto tests" \
    -Comment="livephoto fixture comment" \
    still-exif-icc-xmp.jpg

# 9. Hand-built Exif APP1 (MM) with an Apple MakerNote, inserted right after
#    SOI; the ffmpeg JFIF APP0 is removed first (iPhone JPEGs have no JFIF).
$PY apple-makernote "$TMP/base.jpg" still-apple-makernote.jpg

# 10. Same structure, Make=Canon and a Canon-style (bare IFD) MakerNote.
$PY canon-makernote "$TMP/base.jpg" still-foreign-makernote.jpg

# 11. still-exif-icc-xmp.jpg plus 64 bytes after EOI.
$PY trailer still-exif-icc-xmp.jpg still-jpeg-trailer.jpg

# 12. A HEIC still (libheif's heif-enc, x265): one hvc1 image item and an Exif item
#     that heif-enc copies from the Apple-MakerNote JPEG (so it carries its identifier).
#     Single-threaded so the encode is reproducible.
heif-enc -q 40 -p x265:pools=none -p x265:frame-threads=1 -o still-heic.heic still-apple-makernote.jpg >/dev/null

# ----------------------------------------------------------------- check ---

MOVIES=(movie-moov-last.mov movie-moov-first.mov movie-audio.mov
        movie-co64.mov movie-mp4.mp4 movie-no-ftyp.mov)
STILLS=(still-no-exif.jpg still-exif-icc-xmp.jpg still-apple-makernote.jpg
        still-foreign-makernote.jpg still-jpeg-trailer.jpg still-heic.heic)

fail=0
size_of() { wc -c <"$1" | tr -d ' '; }

echo "== movies"
for f in "${MOVIES[@]}"; do
    echo "-- $f ($(size_of "$f") bytes)"
    ffprobe -v error -show_entries format=format_name:stream=codec_name,codec_type \
        -of compact "$f"
done
$PY inspect "${MOVIES[@]}"

echo "== stills"
for f in "${STILLS[@]}"; do
    echo "-- $f ($(size_of "$f") bytes)"
    exiftool -s -Make -MediaGroupUUID -ICC_Profile:ProfileDescription -XMP:Title "$f"
done

# Structural assertions for what each fixture is meant to exercise.
want() { # want DESCRIPTION COMMAND...
    local what="$1"; shift
    if ! "$@" >/dev/null 2>&1; then echo "CHECK FAILED: $what" >&2; fail=1; fi
}
want "moov-last order"  bash -c "$PY inspect movie-moov-last.mov | grep -q 'top=\[ftyp wide mdat moov\]'"
want "moov-first order" bash -c "$PY inspect movie-moov-first.mov | grep -q 'top=\[ftyp moov'"
want "co64 present, no stco" bash -c "$PY inspect movie-co64.mov | grep -q 'co64\]' && ! $PY inspect movie-co64.mov | grep -q stco"
want "no-ftyp"          bash -c "$PY inspect movie-no-ftyp.mov | grep -q 'top=\[wide mdat moov\]'"
want "mp4 brand isom"   bash -c "$PY inspect movie-mp4.mp4 | grep -q \"brand='isom'\""
want "ctts present"     bash -c "$PY inspect movie-moov-last.mov | grep -q ctts"
want "audio track"      bash -c "ffprobe -v error -show_entries stream=codec_name -of csv=p=0 movie-audio.mov | grep -qx aac"
want "Apple MediaGroupUUID" bash -c "exiftool -s -s -s -MediaGroupUUID still-apple-makernote.jpg | grep -qx 0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
want "Apple BurstUUID"  bash -c "exiftool -s -s -s -BurstUUID still-apple-makernote.jpg | grep -qx 5A6C1B2E-8F3D-4A7B-9C0D-1E2F3A4B5C6D"
want "Canon Make"       bash -c "exiftool -s -s -s -Make still-foreign-makernote.jpg | grep -qx Canon"
want "HEIC opens"       heif-info still-heic.heic
want "HEIC MediaGroupUUID" bash -c "exiftool -s -s -s -MediaGroupUUID still-heic.heic | grep -qx 0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
want "trailer +64"      bash -c "[ \$((\$(wc -c <still-jpeg-trailer.jpg) - \$(wc -c <still-exif-icc-xmp.jpg))) -eq 64 ]"

for f in "${MOVIES[@]}" "${STILLS[@]}"; do
    if (( $(size_of "$f") > 100 * 1024 )); then
        echo "FIXTURE TOO LARGE: $f ($(size_of "$f") bytes)" >&2
        fail=1
    fi
done

if (( fail )); then
    echo "generate.sh: checks failed" >&2
    exit 1
fi
echo "generate.sh: all fixtures OK"
