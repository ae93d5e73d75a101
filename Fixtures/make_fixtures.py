#!/usr/bin/env python3
"""Helper for Fixtures/generate.sh (Python standard library only).

Sub-commands (all write their output deterministically from their inputs):

  co64 IN OUT              rewrite every `stco` box as an equivalent `co64`
  no-ftyp IN OUT           drop the `ftyp` box and shift every chunk offset
  icc OUT                  write a minimal ICC v2 RGB display profile
  apple-makernote IN OUT   JPEG with a hand-built Exif APP1 holding an Apple MakerNote
  canon-makernote IN OUT   JPEG with a hand-built Exif APP1 holding a Canon-style MakerNote
  trailer IN OUT           copy a JPEG and append 64 bytes after EOI
  inspect FILE...          print top-level boxes and chunk-offset/ctts boxes of movies
"""

import struct
import sys

# ---------------------------------------------------------------------------
# ISO BMFF / QuickTime boxes
# ---------------------------------------------------------------------------

# Boxes that only contain other boxes (the ones on the path to stco/co64).
# (udta is left alone: QuickTime allows a non-box 32-bit terminator inside it.)
CONTAINERS = {b"moov", b"trak", b"mdia", b"minf", b"stbl", b"edts", b"dinf"}


def parse_boxes(data, start=0, end=None):
    """Return [(type, header_size, payload_bytes)] for the boxes in data[start:end]."""
    end = len(data) if end is None else end
    boxes = []
    pos = start
    while pos < end:
        if end - pos < 8:
            raise ValueError("truncated box header at %d" % pos)
        size, btype = struct.unpack(">I4s", data[pos:pos + 8])
        hdr = 8
        if size == 1:
            size = struct.unpack(">Q", data[pos + 8:pos + 16])[0]
            hdr = 16
        elif size == 0:
            size = end - pos
        if size < hdr or pos + size > end:
            raise ValueError("bad size %d for box %r at %d" % (size, btype, pos))
        boxes.append((btype, hdr, data[pos + hdr:pos + size]))
        pos += size
    return boxes


def box_bytes(btype, payload):
    size = 8 + len(payload)
    if size > 0xFFFFFFFF:
        return struct.pack(">I4sQ", 1, btype, size + 8) + payload
    return struct.pack(">I4s", size, btype) + payload


def rewrite_tree(boxes, fn):
    """Rebuild a list of boxes; fn(type, payload) -> (type, payload) for leaves.

    Container sizes are recomputed from their (possibly resized) children, so
    every ancestor of a changed box gets a correct size.
    """
    out = b""
    for btype, _hdr, payload in boxes:
        if btype in CONTAINERS:
            payload = rewrite_tree(parse_boxes(payload), fn)
        else:
            btype, payload = fn(btype, payload)
        out += box_bytes(btype, payload)
    return out


def read_offsets(btype, payload):
    version_flags, count = struct.unpack(">II", payload[:8])
    fmt = ">%dI" % count if btype == b"stco" else ">%dQ" % count
    width = 4 if btype == b"stco" else 8
    offsets = list(struct.unpack(fmt, payload[8:8 + width * count]))
    return version_flags, offsets


def top_level_order(data):
    return [b for b, _h, _p in parse_boxes(data)]


def cmd_co64(src, dst):
    data = open(src, "rb").read()
    top = parse_boxes(data)
    order = [b for b, _h, _p in top]
    moov_first = order.index(b"moov") < order.index(b"mdat")

    def to_co64(btype, payload, shift=0):
        if btype != b"stco":
            return btype, payload
        vf, offsets = read_offsets(btype, payload)
        new = struct.pack(">II", vf, len(offsets))
        new += b"".join(struct.pack(">Q", o + shift) for o in offsets)
        return b"co64", new

    out = b""
    for btype, hdr, payload in top:
        if btype == b"moov":
            new_moov = box_bytes(b"moov", rewrite_tree(parse_boxes(payload), to_co64))
            if moov_first:
                # moov grew, so mdat (after it) moved: shift every offset by the growth.
                growth = len(new_moov) - (hdr + len(payload))
                new_moov = box_bytes(
                    b"moov",
                    rewrite_tree(parse_boxes(payload), lambda t, p: to_co64(t, p, growth)),
                )
            out += new_moov
        else:
            out += raw_box(btype, hdr, payload)
    open(dst, "wb").write(out)


def raw_box(btype, hdr, payload):
    """Re-emit a box unchanged, keeping a 64-bit size header if it had one."""
    if hdr == 16:
        return struct.pack(">I4sQ", 1, btype, hdr + len(payload)) + payload
    return struct.pack(">I4s", hdr + len(payload), btype) + payload


def cmd_no_ftyp(src, dst):
    data = open(src, "rb").read()
    top = parse_boxes(data)
    if top[0][0] != b"ftyp":
        raise SystemExit("%s: first box is not ftyp" % src)
    ftyp_size = top[0][1] + len(top[0][2])

    def shift(btype, payload):
        if btype not in (b"stco", b"co64"):
            return btype, payload
        vf, offsets = read_offsets(btype, payload)
        width = "I" if btype == b"stco" else "Q"
        new = struct.pack(">II", vf, len(offsets))
        new += b"".join(struct.pack(">" + width, o - ftyp_size) for o in offsets)
        return btype, new

    out = b""
    for btype, hdr, payload in top[1:]:
        if btype == b"moov":
            out += box_bytes(b"moov", rewrite_tree(parse_boxes(payload), shift))
        else:
            out += raw_box(btype, hdr, payload)
    open(dst, "wb").write(out)


def cmd_inspect(paths):
    for path in paths:
        data = open(path, "rb").read()
        top = parse_boxes(data)
        found = []

        def walk(boxes, depth):
            for btype, _h, payload in boxes:
                if btype in CONTAINERS:
                    walk(parse_boxes(payload), depth + 1)
                elif btype in (b"stco", b"co64", b"ctts", b"hdlr"):
                    if btype == b"hdlr":
                        found.append("hdlr:" + payload[8:12].decode("latin-1"))
                    else:
                        found.append(btype.decode())

        for btype, _h, payload in top:
            if btype == b"moov":
                walk(parse_boxes(payload), 0)
        brand = ""
        if top[0][0] == b"ftyp":
            brand = " brand=%r" % top[0][2][:4].decode("latin-1")
        print("%s: top=[%s]%s inner=[%s]" % (
            path, " ".join(b.decode("latin-1") for b, _h, _p in top), brand, " ".join(found)))


# ---------------------------------------------------------------------------
# ICC profile
# ---------------------------------------------------------------------------

def s15f16(x):
    return struct.pack(">i", int(round(x * 65536)))


def xyz_tag(x, y, z):
    return b"XYZ " + b"\0" * 4 + s15f16(x) + s15f16(y) + s15f16(z)


def desc_tag(text):
    # ICC v2 textDescriptionType
    ascii_ = text.encode("ascii") + b"\0"
    return (b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_)) + ascii_
            + struct.pack(">II", 0, 0)          # Unicode language code, count
            + struct.pack(">HB", 0, 0)          # ScriptCode code, count
            + b"\0" * 67)                       # ScriptCode string


def text_tag(text):
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


def curv_gamma(g):
    return b"curv" + b"\0" * 4 + struct.pack(">IH", 1, int(round(g * 256))) + b"\0\0"


def cmd_icc(dst):
    trc = curv_gamma(2.2)
    tags = [
        (b"desc", desc_tag("livephoto fixture sRGB-like")),
        (b"cprt", text_tag("No copyright, use freely")),
        (b"wtpt", xyz_tag(0.9642, 1.0, 0.8249)),
        # sRGB primaries adapted to D50 (the usual sRGB profile values)
        (b"rXYZ", xyz_tag(0.4361, 0.2225, 0.0139)),
        (b"gXYZ", xyz_tag(0.3851, 0.7169, 0.0971)),
        (b"bXYZ", xyz_tag(0.1431, 0.0606, 0.7141)),
        (b"rTRC", trc),
        (b"gTRC", trc),
        (b"bTRC", trc),
    ]
    table_size = 4 + 12 * len(tags)
    pos = 128 + table_size
    table = struct.pack(">I", len(tags))
    body = b""
    placed = {}
    for sig, data in tags:
        if data in placed:                      # r/g/bTRC share one curve
            off, ln = placed[data]
        else:
            while (pos + len(body)) % 4:
                body += b"\0"
            off, ln = pos + len(body), len(data)
            placed[data] = (off, ln)
            body += data
        table += struct.pack(">4sII", sig, off, ln)
    while len(body) % 4:
        body += b"\0"
    size = 128 + table_size + len(body)
    header = (struct.pack(">I", size) + b"\0\0\0\0"          # size, CMM
              + struct.pack(">I", 0x02100000)                 # version 2.1
              + b"mntr" + b"RGB " + b"XYZ "
              + struct.pack(">6H", 2024, 1, 2, 3, 4, 5)       # fixed creation date
              + b"acsp" + b"\0\0\0\0"                         # platform: none
              + b"\0\0\0\0" + b"\0\0\0\0" + b"\0\0\0\0"       # flags, manufacturer, model
              + b"\0" * 8 + struct.pack(">I", 0)             # attributes, intent
              + s15f16(0.9642) + s15f16(1.0) + s15f16(0.8249)  # PCS illuminant D50
              + b"\0\0\0\0" + b"\0" * 16 + b"\0" * 28)        # creator, profile ID, reserved
    assert len(header) == 128, len(header)
    open(dst, "wb").write(header + table + body)


# ---------------------------------------------------------------------------
# TIFF / Exif
# ---------------------------------------------------------------------------

TYPE_SIZE = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8}
ASCII, SHORT, LONG, UNDEFINED, SLONG, SRATIONAL = 2, 3, 4, 7, 9, 10


def pack_values(bo, ftype, values):
    """values: bytes for ASCII/UNDEFINED, list of ints or (num, den) otherwise."""
    if ftype in (ASCII, UNDEFINED, 1):
        return bytes(values), len(values)
    if ftype == SHORT:
        return b"".join(struct.pack(bo + "H", v) for v in values), len(values)
    if ftype == LONG:
        return b"".join(struct.pack(bo + "I", v) for v in values), len(values)
    if ftype == SLONG:
        return b"".join(struct.pack(bo + "i", v) for v in values), len(values)
    if ftype == 5:
        return b"".join(struct.pack(bo + "II", n, d) for n, d in values), len(values)
    if ftype == SRATIONAL:
        return b"".join(struct.pack(bo + "ii", n, d) for n, d in values), len(values)
    raise ValueError(ftype)


def build_ifd(bo, entries, ifd_offset, base=0):
    """Build an IFD placed at `ifd_offset` with its out-of-line data right after it.

    entries: [(tag, type, values)], sorted here by tag.  Offsets written for
    values longer than 4 bytes are `position - base`.  Returns the bytes of the
    IFD (entry count, entries, zero next-IFD pointer) followed by the data area.
    """
    entries = sorted(entries, key=lambda e: e[0])
    n = len(entries)
    data_pos = ifd_offset + 2 + 12 * n + 4
    head = struct.pack(bo + "H", n)
    data = b""
    for tag, ftype, values in entries:
        raw, count = pack_values(bo, ftype, values)
        if len(raw) <= 4:
            field = raw + b"\0" * (4 - len(raw))
        else:
            if (data_pos + len(data)) % 2:
                data += b"\0"
            field = struct.pack(bo + "I", data_pos + len(data) - base)
            data += raw
        head += struct.pack(bo + "HHI", tag, ftype, count) + field
    head += struct.pack(bo + "I", 0)            # next IFD: none
    if len(data) % 2:
        data += b"\0"
    return head + data


def ascii_(s):
    return s.encode("ascii") + b"\0"


APPLE_MEDIA_GROUP_UUID = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
APPLE_BURST_UUID = "5A6C1B2E-8F3D-4A7B-9C0D-1E2F3A4B5C6D"


def apple_makernote():
    bo = ">"
    prefix = b"Apple iOS\0" + struct.pack(">H", 1) + b"MM"    # 14 bytes, count at 14
    assert len(prefix) == 14
    entries = [
        (0x0001, SLONG, [14]),                                   # MakerNoteVersion
        (0x0008, SRATIONAL, [(-52, 1000), (-987, 1000), (123, 1000)]),  # AccelerationVector
        (0x000A, SLONG, [2]),                                    # HDRImageType
        (0x000B, ASCII, ascii_(APPLE_BURST_UUID)),               # BurstUUID
        (0x0011, ASCII, ascii_(APPLE_MEDIA_GROUP_UUID)),         # MediaGroupUUID (content id)
        (0x0017, SLONG, [8192]),                                 # LivePhotoVideoIndex
    ]
    # The IFD starts at MakerNote offset 14 and offsets are relative to the MakerNote start.
    return prefix + build_ifd(bo, entries, ifd_offset=14, base=0)


def canon_makernote(abs_offset):
    # Canon MakerNotes are a bare IFD in the Exif byte order, offsets relative
    # to the TIFF header (i.e. absolute TIFF offsets).
    bo = ">"
    entries = [
        (0x0006, ASCII, ascii_("Canon EOS 5D Mark IV")),         # CanonImageType
        (0x0007, ASCII, ascii_("Firmware Version 1.0.0")),       # CanonFirmwareVersion
        (0x0009, ASCII, ascii_("livephoto fixture")),            # OwnerName
    ]
    return build_ifd(bo, entries, ifd_offset=abs_offset, base=0)


def build_exif_tiff(make, model, makernote_fn):
    """Big-endian TIFF: IFD0(Make, Model, ExifIFD) -> ExifIFD(ExifVersion, DTO, MakerNote).

    makernote_fn(abs_offset_in_tiff) -> bytes; it is placed last so its size can
    be measured once and its offset computed before the final build.
    """
    bo = ">"
    header = b"MM" + struct.pack(">HI", 42, 8)

    def build_ifd0(exif_ifd_off):
        return build_ifd(bo, [
            (0x010F, ASCII, ascii_(make)),
            (0x0110, ASCII, ascii_(model)),
            (0x8769, LONG, [exif_ifd_off]),       # ExifIFDPointer
        ], ifd_offset=8)

    exif_off = 8 + len(build_ifd0(0))
    ifd0 = build_ifd0(exif_off)

    def exif_ifd(mn):
        return build_ifd(bo, [
            (0x9000, UNDEFINED, b"0232"),
            (0x9003, ASCII, ascii_("2024:01:02 03:04:05")),
            (0x927C, UNDEFINED, mn),
        ], ifd_offset=exif_off)

    # Pass 1: size; the MakerNote is the last (and largest) out-of-line value.
    mn0 = makernote_fn(0)
    exif0 = exif_ifd(mn0)
    mn_off = exif_off + len(exif0) - len(mn0) - (len(mn0) % 2)
    mn = makernote_fn(mn_off)
    assert len(mn) == len(mn0)
    exif = exif_ifd(mn)
    tiff = header + ifd0 + exif
    assert tiff[mn_off:mn_off + len(mn)] == mn, "MakerNote offset mismatch"
    return tiff


def jpeg_segments_without_app(data):
    """Return (segments_before_SOS_without_APPn_and_COM, rest_from_SOS)."""
    if data[:2] != b"\xff\xd8":
        raise SystemExit("not a JPEG")
    pos = 2
    kept = b""
    while True:
        if data[pos] != 0xFF:
            raise SystemExit("bad marker at %d" % pos)
        marker = data[pos + 1]
        if marker == 0xDA:                      # SOS: entropy data follows
            return kept, data[pos:]
        seglen = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        seg = data[pos:pos + 2 + seglen]
        if not (0xE0 <= marker <= 0xEF or marker == 0xFE):
            kept += seg
        pos += 2 + seglen


def write_jpeg_with_exif(src, dst, tiff):
    data = open(src, "rb").read()
    kept, rest = jpeg_segments_without_app(data)
    payload = b"Exif\0\0" + tiff
    app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    open(dst, "wb").write(b"\xff\xd8" + app1 + kept + rest)


def cmd_apple(src, dst):
    tiff = build_exif_tiff("Apple", "iPhone 8", lambda _off: apple_makernote())
    write_jpeg_with_exif(src, dst, tiff)


def cmd_canon(src, dst):
    tiff = build_exif_tiff("Canon", "Canon EOS 5D Mark IV", canon_makernote)
    write_jpeg_with_exif(src, dst, tiff)


TRAILER = b"LIVEPHOTO-FIXTURE-TRAILER:" + bytes(range(0x80, 0x80 + 38))
assert len(TRAILER) == 64


def cmd_trailer(src, dst):
    data = open(src, "rb").read()
    if not data.endswith(b"\xff\xd9"):
        raise SystemExit("%s does not end with EOI" % src)
    open(dst, "wb").write(data + TRAILER)


def main(argv):
    if len(argv) < 2:
        raise SystemExit(__doc__)
    cmd, args = argv[1], argv[2:]
    table = {
        "co64": (cmd_co64, 2),
        "no-ftyp": (cmd_no_ftyp, 2),
        "icc": (cmd_icc, 1),
        "apple-makernote": (cmd_apple, 2),
        "canon-makernote": (cmd_canon, 2),
        "trailer": (cmd_trailer, 2),
    }
    if cmd == "inspect":
        cmd_inspect(args)
        return
    if cmd not in table or len(args) != table[cmd][1]:
        raise SystemExit(__doc__)
    table[cmd][0](*args)


if __name__ == "__main__":
    main(sys.argv)
