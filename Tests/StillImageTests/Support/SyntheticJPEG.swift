/// Builds small, valid baseline JPEGs byte by byte: one quantization table of ones, Huffman
/// tables with a single 1-bit code (DC category 0, AC end-of-block), so every 8x8 block is
/// two 0-bits and the image decodes to flat grey. Lets tests control every segment.
struct SyntheticJPEG {
    /// Segments between SOI and DQT, e.g. APP0/APP1/COM, as (marker, payload).
    var leadingSegments: [(marker: UInt8, payload: [UInt8])] = []
    var width = 16
    var height = 16
    /// Sampling factors per component; one entry = greyscale.
    var sampling: [(h: Int, v: Int)] = [(2, 2), (1, 1), (1, 1)]
    /// Bytes after EOI (MPF images, gain maps, ...).
    var trailer: [UInt8] = []
    /// Fill bytes (0xFF) put before each marker after SOI.
    var fillBeforeMarkers = 0

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static func jfif() -> (marker: UInt8, payload: [UInt8]) {
        (0xE0, Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0])
    }

    static func exif(_ payload: [UInt8]) -> (marker: UInt8, payload: [UInt8]) { (0xE1, payload) }

    var scanData: [UInt8] {
        let blocks: Int
        if sampling.count == 1 {
            blocks = ((width + 7) / 8) * ((height + 7) / 8)
        } else {
            let maxH = sampling.map(\.h).max()!, maxV = sampling.map(\.v).max()!
            let mcus = ((width + 8 * maxH - 1) / (8 * maxH)) * ((height + 8 * maxV - 1) / (8 * maxV))
            blocks = mcus * sampling.reduce(0) { $0 + $1.h * $1.v }
        }
        let bits = blocks * 2
        var out = [UInt8](repeating: 0, count: (bits + 7) / 8)
        let padding = out.count * 8 - bits
        if padding > 0 { out[out.count - 1] = UInt8((1 << padding) - 1) }
        return out
    }

    /// Offset where the SOS marker will be.
    var headerBytes: [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        func add(_ marker: UInt8, _ payload: [UInt8]) {
            out += [UInt8](repeating: 0xFF, count: fillBeforeMarkers)
            out += SyntheticJPEG.segment(marker, payload)
        }
        for s in leadingSegments { add(s.marker, s.payload) }
        add(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        var sof: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(sampling.count)]
        for (i, s) in sampling.enumerated() { sof += [UInt8(i + 1), UInt8(s.h << 4 | s.v), 0] }
        add(0xC0, sof)
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
        add(0xC4, [0x00] + oneCode)
        add(0xC4, [0x10] + oneCode)
        var sos: [UInt8] = [UInt8(sampling.count)]
        for i in sampling.indices { sos += [UInt8(i + 1), 0x00] }
        sos += [0, 63, 0]
        add(0xDA, sos)
        return out
    }

    var bytes: [UInt8] { headerBytes + scanData + [0xFF, 0xD9] + trailer }

    /// Offset of the SOS marker in `bytes`.
    var scanStart: Int { headerBytes.count - (2 + 2 + 1 + 2 * sampling.count + 3) }
}
