#!/usr/bin/env python3
"""Builds synthetic Android Motion Photos (Python standard library only) from the committed
fixtures `still-exif-icc-xmp.jpg` (the primary image), `still-no-exif.jpg` (a stand-in gain
map) and `movie-mp4.mp4` (the video), following the published layouts:

- Google Motion Photo v1 (developer.android.com "Motion Photo format 1.0"): XMP
  `GCamera:MotionPhoto`, `MotionPhotoVersion`, `MotionPhotoPresentationTimestampUs` and a
  `Container:Directory` whose items follow the primary image in order;
- legacy MicroVideo (older Pixels): `GCamera:MicroVideo`, `MicroVideoOffset` (bytes from the
  end of the file to the MP4);
- Samsung JPEG: the SEF trailer (records, `SEFH` directory, size, `SEFT`) with the MP4 in a
  `MotionPhoto_Data` record (type 0x0A30), as exiftool's Samsung module reads it;
- Samsung HEIC (with --heic; needs libheif's `heif-enc`): a HEIC made by heif-enc from the
  still (so it has Exif, XMP and thumbnail items; heif-enc copies the JPEG's XMP into a `mime`
  item) with the MP4 in a top-level `mpvd` box at the end, optionally followed by a `sefd` box.

Usage: make_motion_photos.py [--heic] OUTDIR writes the valid variants, a broken/ folder of lying or
truncated ones that readers must refuse, and a manifest.json saying where each video is and
what its presentation timestamp is. make_motion_photos.py --one STILL MP4 OUT TIMESTAMP_US
builds one Google v1 Motion Photo from any JPEG and MP4 (the benchmark's 12 MP ones).
"""

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
XMP_SIGNATURE = b"http://ns.adobe.com/xap/1.0/\x00"


def read(name):
    with open(os.path.join(HERE, name), "rb") as f:
        return f.read()


def segments(jpeg):
    """[(marker, payload)] of the segments before SOS, and the bytes from SOS on."""
    assert jpeg[:2] == b"\xff\xd8"
    pos, out = 2, []
    while True:
        assert jpeg[pos] == 0xFF
        marker = jpeg[pos + 1]
        length = struct.unpack(">H", jpeg[pos + 2:pos + 4])[0]
        if marker == 0xDA:
            return out, jpeg[pos:]
        out.append((marker, jpeg[pos + 4:pos + 2 + length]))
        pos += 2 + length


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def jpeg_with(base, xmp=None, mpf=None):
    """`base` with its XMP replaced by `xmp` (after the EXIF APP1) and an MPF APP2 added."""
    segs, rest = segments(base)
    segs = [(m, p) for m, p in segs if not (m == 0xE1 and p.startswith(XMP_SIGNATURE))]
    # After the EXIF APP1, else after the leading APP0s (JFIF must stay first).
    at = next((i + 1 for i, (m, p) in enumerate(segs) if m == 0xE1 and p.startswith(b"Exif\x00\x00")), None)
    if at is None:
        at = 0
        while at < len(segs) and segs[at][0] == 0xE0:
            at += 1
    added = []
    if xmp is not None:
        added.append((0xE1, XMP_SIGNATURE + xmp.encode()))
    if mpf is not None:
        added.append((0xE2, mpf))
    segs = segs[:at] + added + segs[at:]
    return b"\xff\xd8" + b"".join(segment(m, p) for m, p in segs) + rest


def xmp_packet(camera_prefix, camera_props, items=None, extra=""):
    attrs = " ".join('%s:%s="%s"' % (camera_prefix, k, v) for k, v in camera_props)
    directory = ""
    if items is not None:
        lis = "".join(
            '<rdf:li rdf:parseType="Resource"><Container:Item %s/></rdf:li>'
            % " ".join('Item:%s="%s"' % kv for kv in item) for item in items)
        directory = "<Container:Directory><rdf:Seq>%s</rdf:Seq></Container:Directory>" % lis
    return ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
            '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
            '<rdf:Description rdf:about="" xmlns:%s="http://ns.google.com/photos/1.0/camera/"'
            ' xmlns:Container="http://ns.google.com/photos/1.0/container/"'
            ' xmlns:Item="http://ns.google.com/photos/1.0/container/item/"'
            ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/"'
            ' hdrgm:Version="1.0" %s>'
            '<dc:title><rdf:Alt><rdf:li xml:lang="x-default">synthetic motion photo</rdf:li></rdf:Alt></dc:title>'
            '%s%s</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
            % (camera_prefix, attrs, directory, extra))


def mpf_payload(primary_size, gain_size, gain_offset_from_mpf):
    """An MPF APP2 payload (little-endian) listing the primary and one gain map image."""
    entries = struct.pack("<IIIHH", 0x030000, primary_size, 0, 0, 0)
    entries += struct.pack("<IIIHH", 0x000000, gain_size, gain_offset_from_mpf, 0, 0)
    ifd_offset = 8
    count = 3
    data_offset = ifd_offset + 2 + count * 12 + 4
    tiff = b"II*\x00" + struct.pack("<I", ifd_offset) + struct.pack("<H", count)
    tiff += struct.pack("<HHI", 0xB000, 7, 4) + b"0100"
    tiff += struct.pack("<HHII", 0xB001, 4, 1, 2)
    tiff += struct.pack("<HHII", 0xB002, 7, len(entries), data_offset)
    tiff += struct.pack("<I", 0) + entries
    return b"MPF\x00" + tiff


def sef_trailer(records):
    """Samsung SEF records + SEFH directory + size + SEFT; records are (type, name, data)."""
    body, starts = b"", []
    for rtype, name, data in records:
        starts.append(len(body))
        body += struct.pack("<HHI", 0, rtype, len(name)) + name + data
    directory = b"SEFH" + struct.pack("<II", 107, len(records))
    for (rtype, name, data), start in zip(records, starts):
        length = 8 + len(name) + len(data)
        directory += struct.pack("<HHII", 0, rtype, len(body) - start, length)
    return body + directory + struct.pack("<I", len(directory)) + b"SEFT"


def build(out, heic=False):
    base = read("still-exif-icc-xmp.jpg")
    video = read("movie-mp4.mp4")
    gain = read("still-no-exif.jpg")
    manifest = {}

    def write(name, data, **info):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        manifest[name] = info

    # Google v1, GCamera: prefix, Primary + MotionPhoto, still at 1.0 s.
    props = [("MotionPhoto", 1), ("MotionPhotoVersion", 1), ("MotionPhotoPresentationTimestampUs", 1000000)]
    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", 0), ("Padding", 0)],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video))]]
    primary = jpeg_with(base, xmp_packet("GCamera", props, items))
    write("PXL_20240101_120000000.MP.jpg", primary + video, variant="google-motion-photo",
          primary=len(primary), video=[len(primary), len(video)], timestampUs=1000000)

    # Google v1 as written with the Camera: prefix and an Ultra HDR gain map after the video,
    # pointed at by an MPF index; still at 0.5 s.
    props = [("MotionPhoto", 1), ("MotionPhotoVersion", 1), ("MotionPhotoPresentationTimestampUs", 500000)]
    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", 0), ("Padding", 0)],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video))],
             [("Mime", "image/jpeg"), ("Semantic", "GainMap"), ("Length", len(gain))]]
    xmp = xmp_packet("Camera", props, items)
    probe = jpeg_with(base, xmp, mpf_payload(0, 0, 0))
    mpf_start = probe.index(b"MPF\x00") + 4
    primary = jpeg_with(base, xmp, mpf_payload(len(probe), len(gain), len(probe) + len(video) - mpf_start))
    assert len(primary) == len(probe)
    write("PXL_20240202_080000000.MP.jpg", primary + video + gain, variant="google-motion-photo",
          primary=len(primary), video=[len(primary), len(video)], gainMap=[len(primary) + len(video), len(gain)], timestampUs=500000)

    # Google v1 with the gain map before the video (Primary, GainMap, MotionPhoto), still at 1.8 s.
    props = [("MotionPhoto", 1), ("MotionPhotoVersion", 1), ("MotionPhotoPresentationTimestampUs", 1800000)]
    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", 0), ("Padding", 0)],
             [("Mime", "image/jpeg"), ("Semantic", "GainMap"), ("Length", len(gain))],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video))]]
    xmp = xmp_packet("GCamera", props, items)
    probe = jpeg_with(base, xmp, mpf_payload(0, 0, 0))
    mpf_start = probe.index(b"MPF\x00") + 4
    primary = jpeg_with(base, xmp, mpf_payload(len(probe), len(gain), len(probe) - mpf_start))
    write("PXL_20240505_090000000.MP.jpg", primary + gain + video, variant="google-motion-photo",
          primary=len(primary), video=[len(primary) + len(gain), len(video)], gainMap=[len(primary), len(gain)], timestampUs=1800000)

    # Legacy MicroVideo, still at 0.4 s.
    props = [("MicroVideo", 1), ("MicroVideoVersion", 1), ("MicroVideoOffset", len(video)), ("MicroVideoPresentationTimestampUs", 400000)]
    primary = jpeg_with(base, xmp_packet("GCamera", props))
    write("MVIMG_20190101_101010.jpg", primary + video, variant="microvideo",
          primary=len(primary), video=[len(primary), len(video)], timestampUs=400000)

    # Samsung JPEG: SEF trailer; the XMP directory lies about the length (readers must use SEF).
    props = [("MotionPhoto", 1), ("MotionPhotoVersion", 1), ("MotionPhotoPresentationTimestampUs", 1200000)]
    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", 0), ("Padding", 0)],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video) + 12345)]]
    primary = jpeg_with(base, xmp_packet("GCamera", props, items))
    records = [(0x0A01, b"Image_UTC_Data", b"1704110400000"), (0x0A30, b"MotionPhoto_Data", video), (0x0A31, b"MotionPhoto_Version", b"mpv2")]
    video_at = len(primary) + 8 + len(b"Image_UTC_Data") + 13 + 8 + len(b"MotionPhoto_Data")
    write("20240303_101010.jpg", primary + sef_trailer(records), variant="samsung",
          primary=len(primary), video=[video_at, len(video)], timestampUs=1200000)

    # XMP says Motion Photo, nothing locates the video; timestamp -1 (unknown).
    props = [("MotionPhoto", 1), ("MotionPhotoVersion", 1), ("MotionPhotoPresentationTimestampUs", -1)]
    primary = jpeg_with(base, xmp_packet("GCamera", props))
    write("PXL_20240404_000000000.MP.jpg", primary + video, variant="google-motion-photo",
          primary=len(primary), video=[len(primary), len(video)], timestampUs=-1)

    # Broken ones: each must be refused with a one-line error and leave nothing behind.
    broken = os.path.join(out, "broken")
    os.makedirs(broken, exist_ok=True)

    def write_broken(name, data, why):
        with open(os.path.join(broken, name), "wb") as f:
            f.write(data)
        manifest["broken/" + name] = {"broken": why}

    props = [("MotionPhoto", 1), ("MotionPhotoVersion", 1), ("MotionPhotoPresentationTimestampUs", 1000000)]
    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", 0)],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video) * 10)]]
    primary = jpeg_with(base, xmp_packet("GCamera", props, items))
    write_broken("length-past-end.MP.jpg", primary + video, "a directory length past the end of the file")

    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", 0)],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video) - 100)]]
    primary = jpeg_with(base, xmp_packet("GCamera", props, items))
    write_broken("directory-mismatch.MP.jpg", primary + video, "a directory that does not add up")

    records = [(0x0A01, b"Image_UTC_Data", b"1704110400000")]
    write_broken("trailer-without-video.jpg", jpeg_with(base, None) + sef_trailer(records), "a Samsung trailer without video")

    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", 0)],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video))]]
    primary = jpeg_with(base, xmp_packet("GCamera", props, items))
    write_broken("truncated.MP.jpg", primary + video[:len(video) // 2], "the video cut in half")

    if heic:
        build_heic(out, broken, base, video, manifest)

    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)


def heif_enc(jpeg):
    """A HEIC of `jpeg` made by heif-enc, with a 64-pixel thumbnail; its Exif and XMP copied."""
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.jpg"), os.path.join(tmp, "out.heic")
        with open(src, "wb") as f:
            f.write(jpeg)
        subprocess.run(["heif-enc", "-q", "40", "-t", "64", "-p", "x265:pools=none", "-p", "x265:frame-threads=1", "-o", dst, src],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(dst, "rb") as f:
            return f.read()


def box(fourcc, payload):
    return struct.pack(">I", 8 + len(payload)) + fourcc + payload


def build_heic(out, broken, base, video, manifest):
    """Samsung HEIC Motion Photos: the MP4 in a top-level `mpvd` box after the HEIF still."""
    def write(folder, name, data, **info):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
        manifest[(name if folder == out else "broken/" + name)] = info

    # XMP with the Motion Photo properties; its directory lies about the video's length
    # (Samsung's often do): readers must use the box.
    props = [("MotionPhoto", 1), ("MotionPhotoVersion", 1), ("MotionPhotoPresentationTimestampUs", 1200000)]
    items = [[("Mime", "image/heic"), ("Semantic", "Primary"), ("Length", 0), ("Padding", 8)],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video) + 4321)]]
    with_xmp = heif_enc(jpeg_with(base, xmp_packet("GCamera", props, items)))
    mpvd = box(b"mpvd", video)
    sefd = box(b"sefd", sef_trailer([(0x0A30, b"MotionPhoto_Data", b"mpv3")]))
    write(out, "20240606_101010.heic", with_xmp + mpvd + sefd, variant="samsung-heic", primary=len(with_xmp),
          video=[len(with_xmp) + 8, len(video)], timestampUs=1200000, xmpLengthLies=True)
    # No XMP at all (heif-enc of a JPEG without XMP): the still goes at the middle, with a warning.
    without_xmp = heif_enc(jpeg_with(base, None))
    write(out, "20240707_101010.heic", without_xmp + mpvd, variant="samsung-heic", primary=len(without_xmp),
          video=[len(without_xmp) + 8, len(video)], timestampUs=-1)

    # Broken ones: one-line errors, nothing left behind.
    write(broken, "mpvd-past-end.heic", with_xmp + struct.pack(">I", 8 + len(video) * 2) + b"mpvd" + video,
          broken="an 'mpvd' box that runs past the end of the file")
    write(broken, "mpvd-no-ftyp.heic", with_xmp + box(b"mpvd", b"\x00" * 64 + video[100:]),
          broken="an 'mpvd' box that holds no MP4")
    write(broken, "mpvd-not-last.heic", with_xmp + mpvd + box(b"free", b"\x00" * 16),
          broken="an 'mpvd' box followed by another box")
    write(broken, "mpvd-truncated-video.heic", with_xmp + box(b"mpvd", video[:len(video) // 2]),
          broken="an 'mpvd' box holding half an MP4")


def build_one(still_path, video_path, out_path, timestamp_us):
    """One Google v1 Motion Photo from any JPEG and MP4 (for the benchmark)."""
    with open(still_path, "rb") as f:
        base = f.read()
    with open(video_path, "rb") as f:
        video = f.read()
    props = [("MotionPhoto", 1), ("MotionPhotoVersion", 1), ("MotionPhotoPresentationTimestampUs", timestamp_us)]
    items = [[("Mime", "image/jpeg"), ("Semantic", "Primary"), ("Length", 0), ("Padding", 0)],
             [("Mime", "video/mp4"), ("Semantic", "MotionPhoto"), ("Length", len(video))]]
    with open(out_path, "wb") as f:
        f.write(jpeg_with(base, xmp_packet("GCamera", props, items)) + video)


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--one":
        build_one(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
        sys.exit(0)
    heic = len(sys.argv) == 3 and sys.argv[1] == "--heic"
    if len(sys.argv) != 2 and not heic:
        sys.exit(__doc__ + "\n       make_motion_photos.py --one STILL.jpg VIDEO.mp4 OUT.MP.jpg TIMESTAMP_US")
    if heic and not shutil.which("heif-enc"):
        sys.exit("make_motion_photos.py: --heic needs heif-enc (libheif-examples)")
    os.makedirs(sys.argv[-1], exist_ok=True)
    build(sys.argv[-1], heic)
