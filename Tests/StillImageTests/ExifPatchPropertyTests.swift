import BinaryIO
import PropertyBased
@testable import StillImage
import TestSupport
import Testing

/// Setting the identifier in random TIFF blocks (RandomExif): the rules of the byte-preserving
/// patch hold for every input of the kind, and hostile input throws or is carried, never crashes.
@Suite("EXIF identifier patch (random blocks)")
struct ExifPatchPropertyTests {
    static let newID = "C0FFEE00-1234-4ABC-8DEF-0123456789AB"
    static let facts = RequiredExifTags.ImageFacts(width: 64, height: 48, components: 3, resolution: nil, hasICCProfile: false)

    static func rewrite(_ tiff: [UInt8], id: String = newID) throws -> [UInt8] {
        try ExifIdentifierRewrite.rewrite(tiff: tiff, tiffOffset: 0, path: "Exif", identifier: id, replaceForeignMakerNote: true, facts: { facts })
    }

    /// What the patch may change in the original bytes, worked out here from the original
    /// alone: the MakerNote value and entry, IFD0's Exif pointer field, the TIFF header's IFD0
    /// offset. For an Apple note the generator made with a 37-byte tag 0x11 (`intactNote`),
    /// only that value within the note.
    static func changeable(_ original: ExifTIFF, intactNote: Bool = true) throws -> [Range<Int>] {
        var ranges: [Range<Int>] = [4..<8]
        if let pointer = original.entry(0x8769, in: .ifd0) { ranges.append(pointer.entryOffset + 8 ..< pointer.entryOffset + 12) }
        guard let entry = original.makerNoteEntry, let note = try original.makerNote() else { return ranges }
        let old = Array(RandomExif.oldIdentifier.utf8) + [0]
        if intactNote, AppleMakerNote.isApple(note.bytes), let at = note.bytes.firstRange(of: old), newID.utf8.count + 1 == old.count {
            let start = note.payloadRange.lowerBound - ExifTIFF.exifHeaderLength + at.lowerBound
            return ranges + [start ..< start + old.count]
        }
        return ranges + [entry.entryOffset ..< entry.entryOffset + 12, note.payloadRange.lowerBound - 6 ..< note.payloadRange.upperBound - 6]
    }

    static func changedOutside(_ allowed: [Range<Int>], before: [UInt8], after: [UInt8]) -> [Int] {
        before.indices.filter { i in after[i] != before[i] && !allowed.contains { $0.contains(i) } }
    }

    @Test func everyEntryAndEveryOtherByteIsKept() async {
        await propertyCheck(count: 400, input: Gen.uint64()) { seed in await Support.failingOnThrow {
            let sample = RandomExif(seed: seed)
            let tiff = sample.tiff
            #expect(throws: Never.self, "seed \(seed)") {
                let original = try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "Exif")
                let written = try Self.rewrite(tiff)
                #expect(try TIFFExif.contentIdentifier(tiff: written, tiffOffset: 0, path: "Exif") == Self.newID, "seed \(seed)")
                #expect(written.count >= tiff.count)
                let moved = Self.changedOutside(try Self.changeable(original), before: tiff, after: written)
                #expect(moved.isEmpty, "seed \(seed) \(sample.note): bytes \(moved.prefix(8)) changed")
                let after = try ExifTIFF(tiff: written, tiffOffset: 0, path: "Exif")
                for dir in ExifTIFF.Directory.allCases where original.directories[dir] != nil {
                    #expect(ExifEntries.items(after, dir, leavingOut: ExifEntries.leftOut(dir)) == ExifEntries.items(original, dir, leavingOut: ExifEntries.leftOut(dir)),
                            "seed \(seed) \(dir)")
                }
                try Self.expectNoteEntriesKept(original, after, seed: seed)
            }
        } }
    }

    /// TIFF wants every IFD and every out-of-line value on a word boundary: whatever the patch
    /// appends (a MakerNote of a new length, a copied IFD) starts at an even offset, also after
    /// a block of odd length (a stray byte after the last IFD, carried as it was).
    @Test func appendedIFDsAndNoteAreWordAligned() async {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.nearEnds(in: 0...1)) { seed, stray in await Support.failingOnThrow {
            let tiff = RandomExif(seed: seed).tiff + Array(repeating: 0xA5, count: stray)
            let written = try Self.rewrite(tiff)
            let after = try ExifTIFF(tiff: written, tiffOffset: 0, path: "Exif")
            let note = try #require(try after.makerNote())
            let noteStart = note.payloadRange.lowerBound - ExifTIFF.exifHeaderLength
            if noteStart >= tiff.count { #expect(noteStart % 2 == 0, "seed \(seed) stray \(stray): the MakerNote at \(noteStart)") }
            for (dir, range) in after.directoryRanges where range.lowerBound >= tiff.count {
                #expect(range.lowerBound % 2 == 0, "seed \(seed) stray \(stray): \(dir) at \(range.lowerBound)")
            }
        } }
    }

    /// An Apple note's other entries come through: known types with the same value, types of
    /// no known size with the same field, or the field shifted with the data area.
    static func expectNoteEntriesKept(_ original: ExifTIFF, _ after: ExifTIFF, seed: UInt64) throws {
        guard let old = try original.makerNote(), AppleMakerNote.isApple(old.bytes), let new = try after.makerNote() else { return }
        let before = try AppleMakerNote.parse(old.bytes).entries.filter { $0.tag != 0x11 }
        let now = try AppleMakerNote.parse(new.bytes).entries.filter { $0.tag != 0x11 }
        #expect(before.count == now.count, "seed \(seed)")
        for (a, b) in zip(before, now) {
            #expect(a.tag == b.tag && a.type == b.type && a.count == b.count && a.valueIsField == b.valueIsField, "seed \(seed)")
            if !a.valueIsField { #expect(a.value == b.value, "seed \(seed) tag \(a.tag)") }
        }
    }

    /// Random damage to a valid block: the rewrite throws a typed error, or succeeds with the
    /// identifier in place and every byte outside what it may change kept.
    @Test func hostileBlocksThrowOrAreCarried() async {
        await propertyCheck(count: 400, input: Gen.uint64(), Gen.nearEnds(in: 1...6)) { seed, flips in await Support.failingOnThrow {
            var tiff = RandomExif(seed: seed).tiff
            var rng = SplitMix64(seed: seed ^ 0x5EED)
            for _ in 0..<flips {
                let at = Int(rng.next() % UInt64(tiff.count))
                tiff[at] = rng.next() % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: rng.next())
            }
            Self.expectThrowsOrKeeps(tiff, context: "seed \(seed)")
        } }
    }

    static func expectThrowsOrKeeps(_ tiff: [UInt8], context: String) {
        do {
            let written = try rewrite(tiff)
            #expect(try TIFFExif.contentIdentifier(tiff: written, tiffOffset: 0, path: "Exif") == newID, "\(context)")
            let original = try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "Exif")
            let moved = changedOutside(try changeable(original, intactNote: false), before: tiff, after: written)
            #expect(moved.isEmpty, "\(context): bytes \(moved.prefix(8)) changed")
        } catch is ParseError {
        } catch is ForeignMakerNoteError {
        } catch {
            Issue.record("\(context): \(error)")
        }
    }

    /// Hand-made hostile structures: counts past the end, loops, offsets that overflow.
    @Test func hostileStructures() throws {
        let big: [UInt8] = [0xFF, 0xFF, 0xFF, 0xF0]
        var cases: [(String, SyntheticEXIF)] = []
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "Apple"), SyntheticEXIF.Entry(tag: 0x0132, type: 2, count: 0xFFFF_FFFF, value: [], rawField: big)]
        cases.append(("count and offset past the end", e))
        e.exif = [SyntheticEXIF.Entry(tag: 0x927C, type: 7, count: 0xFFFF_FFFF, value: [], rawField: [0, 0, 0, 8])]
        cases.append(("MakerNote count past the end", e))
        e.exif = [SyntheticEXIF.Entry(tag: 0x927C, type: 0xFFFF, count: 40, value: [], rawField: [0, 0, 0, 8])]
        cases.append(("MakerNote of no known type", e))
        e.exif = [SyntheticEXIF.Entry(tag: 0xA005, type: 4, count: 1, value: [], rawField: [0, 0, 0, 8])]
        cases.append(("Interop pointer looping to IFD0", e))
        e.exif = [SyntheticEXIF.Entry(tag: 0x927C, type: 16, count: 0x2000_0000, value: [], rawField: big)]
        cases.append(("8-byte MakerNote overflowing", e))
        let note = Array("Apple iOS".utf8) + [0, 0, 1, 0x4D, 0x4D, 0, 2] + [0, 0x11, 0, 2, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0]
            + [0, 0x01, 0, 16, 0, 0, 0, 1, 0xFF, 0xFF, 0xFF, 0xFF] + [0, 0, 0, 0]
        e.exif = [e.undefined(0x927C, note)]
        cases.append(("Apple note values outside it", e))
        for (name, block) in cases {
            for littleEndian in [false, true] {
                var b = block
                b.littleEndian = littleEndian
                Self.expectThrowsOrKeeps(Array(b.payload.dropFirst(6)), context: name)
            }
        }
    }
}
