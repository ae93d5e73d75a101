@testable import StillImage
import TestSupport

/// Random TIFF blocks for property tests: either byte order, entries of every TIFF type (1 to
/// 18) and of types nobody defined (0, 19, 0xFFFF), with or without an Exif IFD, GPS, IFD1 with
/// a thumbnail, a MakerNote (Apple's with or without tag 0x11, or a foreign one), and bytes
/// after the last IFD that nothing points to.
struct RandomExif {
    enum Note: CaseIterable { case none, appleUUID, appleShortID, appleWithoutID, foreign }

    static let types: [UInt16] = Array(1...18) + [0, 19, 0xFFFF]
    /// Element sizes written out here, independently of the code under test (14, 15: none).
    static let sizes: [UInt16: Int] = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4, 16: 8, 17: 8, 18: 8]
    /// Tags the generator never picks: IFD pointers, thumbnail and MakerNote tags.
    static let reserved: Set<UInt16> = [0x8769, 0x8825, 0xA005, 0x927C, 0x0201, 0x0202]
    static let oldIdentifier = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"

    let note: Note
    let exif: SyntheticEXIF
    let trailing: [UInt8]

    init(seed: UInt64) {
        var g = RandomExifSource(rng: SplitMix64(seed: seed))
        note = Note.allCases[Int(g.rng.next() % UInt64(Note.allCases.count))]
        var e = SyntheticEXIF()
        e.littleEndian = g.rng.next() & 1 == 0
        e.ifd0 = g.randomEntries(max: 8)
        let makerNote = g.makeNote(note, bigEndian: g.rng.next() & 1 == 0)
        if makerNote != nil || g.rng.next() % 3 != 0 {
            e.exif = g.randomEntries(max: 6) + (makerNote.map { [e.undefined(0x927C, $0)] } ?? [])
        }
        if g.rng.next() & 1 == 0 { e.gps = g.randomEntries(max: 4) }
        if g.rng.next() % 3 == 0 { e.thumbnail = g.bytes(Int(g.rng.next() % 40) + 1) }
        exif = e
        trailing = g.bytes(Int(g.rng.next() % 3 == 0 ? 0 : g.rng.next() % 200))
    }

    /// The TIFF bytes (without "Exif\0\0"), trailing bytes included.
    var tiff: [UInt8] { Array(exif.payload.dropFirst(6)) + trailing }
}

/// The random choices behind a `RandomExif`.
struct RandomExifSource {
    var rng: SplitMix64

    mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }

    mutating func randomEntries(max: Int) -> [SyntheticEXIF.Entry] {
        var used = Set<UInt16>()
        return (0..<Int(rng.next() % UInt64(max + 1))).compactMap { _ in
            let tag = UInt16(truncatingIfNeeded: rng.next())
            guard !RandomExif.reserved.contains(tag), used.insert(tag).inserted else { return nil }
            return entry(tag: tag)
        }
    }

    mutating func entry(tag: UInt16) -> SyntheticEXIF.Entry {
        let type = RandomExif.types[Int(rng.next() % UInt64(RandomExif.types.count))]
        guard let size = RandomExif.sizes[type] else {
            return SyntheticEXIF.Entry(tag: tag, type: type, count: UInt32(truncatingIfNeeded: rng.next()), value: [], rawField: bytes(4))
        }
        let count = Int(rng.next() % 7)
        return SyntheticEXIF.Entry(tag: tag, type: type, count: UInt32(count), value: bytes(size * count))
    }

    /// The MakerNote this block carries, with bytes after its data nothing points to.
    mutating func makeNote(_ note: RandomExif.Note, bigEndian: Bool) -> [UInt8]? {
        var entries: [AppleMakerNote.Entry] = []
        for tag in [UInt16(0x01), 0x03, 0x08, 0x17, 0x2E] where rng.next() % 3 != 0 {
            let type = RandomExif.types[Int(rng.next() % UInt64(RandomExif.types.count))]
            if let size = RandomExif.sizes[type] {
                let count = Int(rng.next() % 12)
                entries.append(.init(tag: tag, type: type, count: UInt32(count), value: bytes(size * count)))
            } else {
                // A field that, read as an offset, often points into the data area.
                let field = rng.next() & 1 == 0 ? bytes(4) : AppleMakerNoteEdit.encode(UInt32(rng.next() % 200), bigEndian)
                entries.append(.init(tag: tag, type: type, count: 1, value: field, valueIsField: true))
            }
        }
        let id: String
        switch note {
        case .none: return nil
        case .foreign: return Array("Nikon\0".utf8) + bytes(Int(rng.next() % 60) + 4)
        case .appleUUID: id = RandomExif.oldIdentifier
        case .appleShortID: id = "SHORT"
        case .appleWithoutID: return AppleMakerNote(version: 1, bigEndian: bigEndian, entries: entries).serialized() + bytes(Int(rng.next() % 16))
        }
        let value = Array(id.utf8) + [0]
        entries.append(.init(tag: 0x11, type: 2, count: UInt32(value.count), value: value))
        return AppleMakerNote(version: 1, bigEndian: bigEndian, entries: entries).serialized() + bytes(Int(rng.next() % 16))
    }
}
