@testable import StillImage

/// Apple MakerNotes built in tests, in the layout Apple writes.
enum MakerNoteSamples {
    static let fixtureIdentifier = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"

    /// Version (SLONG), an SRATIONAL vector (out of line), BurstUUID (ASCII, out of line),
    /// tag 17 and a LivePhotoVideoIndex, deliberately not in tag order.
    static func sample(bigEndian: Bool = true, identifier: String? = fixtureIdentifier) -> AppleMakerNote {
        var w = EndianWriter(bigEndian: bigEndian)
        func long(_ v: Int32) -> [UInt8] { w.bytes = []; w.u32(UInt32(bitPattern: v)); return w.bytes }
        let vector = long(-52) + long(1000) + long(-987) + long(1000) + long(123) + long(1000)
        let burst = Array("5A6C1B2E-8F3D-4A7B-9C0D-1E2F3A4B5C6D".utf8) + [0]
        var entries: [AppleMakerNote.Entry] = [
            .init(tag: 0x0017, type: 9, count: 1, value: long(8192)),
            .init(tag: 0x0001, type: 9, count: 1, value: long(14)),
            .init(tag: 0x0008, type: 10, count: 3, value: vector),
            .init(tag: 0x000B, type: 2, count: UInt32(burst.count), value: burst),
            .init(tag: 0x0003, type: 7, count: 3, value: [9, 8, 7]),
        ]
        if let identifier {
            let v = Array(identifier.utf8) + [0]
            entries.append(.init(tag: 0x0011, type: 2, count: UInt32(v.count), value: v))
        }
        return AppleMakerNote(version: 1, bigEndian: bigEndian, entries: entries)
    }
}
