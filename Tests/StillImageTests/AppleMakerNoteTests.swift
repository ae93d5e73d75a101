import BinaryIO
import Foundation
@testable import StillImage
import Testing

@Suite("Apple MakerNote codec")
struct AppleMakerNoteTests {
    /// The MakerNote bytes of a JPEG, found with our TIFF reader.
    static func makerNote(ofJPEG path: String) throws -> (bytes: [UInt8], fileOffset: UInt64) {
        let source = try FileSource(path: path)
        let exif = try #require(try JPEGStructure.read(source).exifSegment)
        let payload = try source.read(at: exif.payloadOffset, count: exif.payloadLength)
        let note = try #require(try ExifTIFF(payload: payload, payloadOffset: exif.payloadOffset).makerNote())
        return (note.bytes, note.fileOffset)
    }

    @Test(arguments: [true, false])
    func roundTrip(bigEndian: Bool) throws {
        let note = MakerNoteSamples.sample(bigEndian: bigEndian)
        let bytes = note.serialized()
        #expect(AppleMakerNote.isApple(bytes))
        #expect(Array(bytes[12..<14]) == (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]))
        let parsed = try AppleMakerNote.parse(bytes)
        // Entries come back sorted by tag, values byte for byte.
        #expect(parsed.entries == note.entries.sorted { $0.tag < $1.tag })
        #expect(parsed.version == 1 && parsed.bigEndian == bigEndian)
        #expect(parsed.contentIdentifier == MakerNoteSamples.fixtureIdentifier)
        #expect(parsed.serialized() == bytes)
    }

    @Test func layoutHasEvenDataOffsetsRelativeToTheNote() throws {
        let bytes = MakerNoteSamples.sample().serialized()
        var r = ByteReader(bytes)
        try r.skip(14)
        let count = Int(try r.readUInt16())
        var tags: [UInt16] = []
        for _ in 0..<count {
            let tag = try r.readUInt16(), type = try r.readUInt16(), n = try r.readUInt32(), field = try r.readUInt32()
            tags.append(tag)
            if Int(n) * TIFFType.elementSize(type)! > 4 {
                #expect(field % 2 == 0)
                #expect(Int(field) >= 16 + 12 * count + 4)
            }
        }
        #expect(tags == tags.sorted())
        #expect(try r.readUInt32() == 0) // next-IFD offset
    }

    @Test func setContentIdentifierReplacesOrAddsAndKeepsTheRest() throws {
        var note = MakerNoteSamples.sample()
        let others = note.entries.filter { $0.tag != 0x11 }
        note.setContentIdentifier("NEW-ID")
        #expect(note.contentIdentifier == "NEW-ID")
        #expect(note.entries.filter { $0.tag != 0x11 } == others)
        #expect(note.entries.first { $0.tag == 0x11 } == .init(tag: 0x11, type: 2, count: 7, value: Array("NEW-ID".utf8) + [0]))

        var without = MakerNoteSamples.sample(identifier: nil)
        #expect(without.contentIdentifier == nil)
        without.setContentIdentifier("ABC")
        #expect(without.contentIdentifier == "ABC")
        #expect(without.entries.count == others.count + 1)

        var duplicated = MakerNoteSamples.sample()
        duplicated.entries.append(.init(tag: 0x11, type: 2, count: 2, value: [0x41, 0]))
        duplicated.setContentIdentifier("X")
        #expect(duplicated.entries.filter { $0.tag == 0x11 }.count == 1)
        #expect(try AppleMakerNote.parse(duplicated.serialized()).contentIdentifier == "X")
    }

    @Test func minimalNote() throws {
        let note = AppleMakerNote.minimal(contentIdentifier: "E5B787E0-7047-4A1A-9464-DCDFDAB14F25")
        let bytes = note.serialized()
        #expect(Array(bytes.prefix(16)) == Array("Apple iOS".utf8) + [0, 0, 1, 0x4D, 0x4D, 0, 1])
        #expect(try AppleMakerNote.parse(bytes) == note)
        #expect(note.entries.map(\.tag) == [0x11])
        #expect(note.contentIdentifier == "E5B787E0-7047-4A1A-9464-DCDFDAB14F25")
    }

    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func fixtureNote() throws {
        let (bytes, offset) = try Self.makerNote(ofJPEG: TestFiles.fixture("still-apple-makernote.jpg"))
        let note = try AppleMakerNote.parse(bytes, baseOffset: offset)
        #expect(note.contentIdentifier == MakerNoteSamples.fixtureIdentifier)
        #expect(note.entries.map(\.tag) == [0x01, 0x08, 0x0A, 0x0B, 0x11, 0x17])
        #expect(try AppleMakerNote.parse(note.serialized()) == note)
    }

    /// iPhone 6: ten entries including two binary plists; a round trip keeps each one.
    @Test(.requires(.corpusFile("iphone-jpeg/iphone6.jpg")))
    func iPhone6Note() throws {
        let (bytes, offset) = try Self.makerNote(ofJPEG: TestFiles.corpusFile("iphone-jpeg/iphone6.jpg"))
        let note = try AppleMakerNote.parse(bytes, baseOffset: offset)
        #expect(note.entries.map(\.tag) == [1, 2, 3, 4, 5, 6, 7, 8, 10, 14])
        #expect(note.contentIdentifier == nil)
        #expect(note.entries[1].value.starts(with: Array("bplist00".utf8)) && note.entries[1].value.count == 558)
        #expect(try AppleMakerNote.parse(note.serialized()) == note)
        // Apple's own layout is the same as ours, so the bytes come out unchanged.
        #expect(note.serialized() == bytes)
    }

    /// Setting tag 0x11 in the iPhone 6 note (which has none): the directory grows by one entry
    /// and the data area follows as one blob, byte for byte, 12 bytes later.
    @Test(.requires(.corpusFile("iphone-jpeg/iphone6.jpg")))
    func iPhone6NoteGainsTag17WithItsDataAreaKept() throws {
        let (bytes, offset) = try Self.makerNote(ofJPEG: TestFiles.corpusFile("iphone-jpeg/iphone6.jpg"))
        let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
        let edited = try AppleMakerNoteEdit.settingIdentifier(bytes, to: id, baseOffset: offset, path: "MakerNote")
        let oldEnd = 16 + 12 * 10 + 4, newEnd = oldEnd + 12
        #expect(Array(edited[newEnd ..< newEnd + bytes.count - oldEnd]) == Array(bytes[oldEnd...]))
        let note = try AppleMakerNote.parse(edited)
        #expect(note.contentIdentifier == id)
        #expect(note.entries.filter { $0.tag != 0x11 } == (try AppleMakerNote.parse(bytes)).entries)
    }

    /// A note whose tag 0x11 has another length is re-laid out: the old value is zeroed in the
    /// data area. A field of a type with no known size moves with the data area when, read as
    /// an offset, it points into it; otherwise it stays as it was.
    @Test func relayoutShiftsWhatPointsIntoTheDataAreaAndZeroesTheOldIdentifier() throws {
        // Directory: 3 entries, ends at 16 + 36 + 4 = 56; data area: "SHORT\0" at 56, "DATADATA" at 62.
        var bytes = Self.header(count: 3)
        bytes += [0, 0x01, 0xFF, 0xFF, 0, 0, 0, 1, 0, 0, 0, 62]     // unknown type, points at DATADATA
        bytes += [0, 0x02, 0, 99, 0, 0, 0, 1, 0, 0, 0, 3]          // unknown type, 3: not into the data area
        bytes += [0, 0x11, 0, 2, 0, 0, 0, 6, 0, 0, 0, 56]           // "SHORT\0"
        bytes += [0, 0, 0, 0] + Array("SHORT".utf8) + [0] + Array("DATADATA".utf8)
        let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
        let edited = try AppleMakerNoteEdit.settingIdentifier(bytes, to: id, baseOffset: 0, path: "MakerNote")
        // Same entry count, so the data area stays at 56; the identifier goes after it.
        #expect(Array(edited[56..<70]) == [0, 0, 0, 0, 0, 0] + Array("DATADATA".utf8))
        let note = try AppleMakerNote.parse(edited)
        #expect(note.contentIdentifier == id)
        #expect(note.entries.map(\.value).prefix(2) == [[0, 0, 0, 62], [0, 0, 0, 3]])

        // Without tag 0x11 the directory grows by 12: the pointing field follows, the other stays.
        var without = Self.header(count: 2) + Array(bytes[16..<40]) + [0, 0, 0, 0] + Array("DATADATA".utf8)
        without.replaceSubrange(16 + 8 ..< 16 + 12, with: [0, 0, 0, 44])
        let grown = try AppleMakerNote.parse(try AppleMakerNoteEdit.settingIdentifier(without, to: id, baseOffset: 0, path: "MakerNote"))
        #expect(grown.entries.map(\.tag) == [1, 2, 0x11])
        #expect(grown.entries.map(\.value).prefix(2) == [[0, 0, 0, 56], [0, 0, 0, 3]])
        #expect(grown.contentIdentifier == id)
    }

    /// A 37-byte tag 0x11 (a UUID) is overwritten where it is: nothing else in the note changes.
    @Test func sameLengthIdentifierIsPatchedInPlace() throws {
        let bytes = MakerNoteSamples.sample().serialized() + [1, 2, 3]
        let id = "FFFFFFFF-4D3B-4E63-9A58-6C5A4C3B2A19"
        let edited = try AppleMakerNoteEdit.settingIdentifier(bytes, to: id, baseOffset: 0, path: "MakerNote")
        let at = try #require(bytes.firstRange(of: Array(MakerNoteSamples.fixtureIdentifier.utf8)))
        #expect(edited.count == bytes.count)
        #expect(bytes.indices.filter { edited[$0] != bytes[$0] }.allSatisfy { at.contains($0) })
        #expect(try AppleMakerNote.parse(edited).contentIdentifier == id)
    }

    @Test(.requires(.corpusFile("avfoundation-pair/IMG.JPG")))
    func avFoundationNote() throws {
        let (bytes, _) = try Self.makerNote(ofJPEG: TestFiles.corpusFile("avfoundation-pair/IMG.JPG"))
        #expect(try AppleMakerNote.parse(bytes).contentIdentifier == "E5B787E0-7047-4A1A-9464-DCDFDAB14F25")
    }

    // MARK: hostile input

    static func header(count: UInt16) -> [UInt8] {
        Array("Apple iOS".utf8) + [0, 0, 1, 0x4D, 0x4D, UInt8(count >> 8), UInt8(count & 0xFF)]
    }

    @Test func entryCountBeyondTheBytes() throws {
        let bytes = Self.header(count: 0xFFFF) + [UInt8](repeating: 0, count: 30)
        #expect { _ = try AppleMakerNote.parse(bytes, baseOffset: 1000) } throws: {
            guard let e = $0 as? ParseError else { return false }
            return e.kind == .truncated && e.path == "APP1/Exif/MakerNote" && e.offset == 1016
        }
    }

    /// Tag 0x11's value outside the note is refused (it is what pairing reads and writes).
    @Test func valueOffsetsOutsideTheNote() throws {
        for (offset, count) in [(UInt32(0xFFFF_FFF0), UInt32(16)), (30, 100), (0, UInt32.max), (20, 0x4000_0000)] {
            var bytes = Self.header(count: 1)
            bytes += [0, 0x11, 0, 2] + [UInt8(count >> 24), UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count & 0xFF)]
            bytes += [UInt8(offset >> 24), UInt8((offset >> 16) & 0xFF), UInt8((offset >> 8) & 0xFF), UInt8(offset & 0xFF)]
            bytes += [0, 0, 0, 0] + [UInt8](repeating: 0x41, count: 20)
            #expect { _ = try AppleMakerNote.parse(bytes, baseOffset: 500) } throws: {
                guard let e = $0 as? ParseError else { return false }
                return e.kind == .invalidValue && e.path == "APP1/Exif/MakerNote/0x0011" && e.offset == 500 + 16 + 8
            }
        }
    }

    @Test func badHeaders() throws {
        #expect(throws: ParseError.self) { _ = try AppleMakerNote.parse([]) }
        #expect(throws: ParseError.self) { _ = try AppleMakerNote.parse(Array("Apple iOS".utf8)) }
        #expect(throws: ParseError.self) { _ = try AppleMakerNote.parse(Array("Nikon\0\0\0\0\0\0\0MM\0\0".utf8)) }
        #expect(throws: ParseError.self) { _ = try AppleMakerNote.parse(Array("Apple iOS\0\0\u{1}XX\0\0".utf8)) }
    }

    /// A type nobody has defined cannot be sized: the entry is kept with its field, never a
    /// reason to refuse the note (it used to be refused); it is not an identifier either.
    @Test func unknownTypesAreCarried() throws {
        let unknownType = Self.header(count: 2) + [0, 0x11, 0, 99, 0, 0, 0, 1, 1, 2, 3, 4] + [0, 0x12, 0xFF, 0xFF, 0, 0, 0, 9, 0, 0, 0, 0x30] + [0, 0, 0, 0]
        let note = try AppleMakerNote.parse(unknownType)
        #expect(note.entries == [.init(tag: 0x11, type: 99, count: 1, value: [1, 2, 3, 4], valueIsField: true),
                                 .init(tag: 0x12, type: 0xFFFF, count: 9, value: [0, 0, 0, 0x30], valueIsField: true)])
        #expect(note.contentIdentifier == nil)
        #expect(note.serialized() == unknownType, "carried as it was")
    }

    /// BigTIFF's 8-byte types (LONG8, SLONG8, IFD8), which iOS 17+ writes (tag 0x17 as type 16).
    @Test(arguments: [UInt16(16), 17, 18])
    func bigTIFFTypesAreEightBytes(type: UInt16) throws {
        let value: [UInt8] = [0, 0, 0, 2, 0, 0x50, 0x20, 0x24]
        let bytes = Self.header(count: 1) + [0, 0x17, 0, UInt8(type), 0, 0, 0, 1, 0, 0, 0, 32] + [0, 0, 0, 0] + value
        #expect(try AppleMakerNote.parse(bytes).entries == [.init(tag: 0x17, type: type, count: 1, value: value)])
    }

    @Test func zeroEntriesAndMissingNextOffset() throws {
        #expect(try AppleMakerNote.parse(Self.header(count: 0)).entries.isEmpty)
        let one = Self.header(count: 1) + [0, 0x11, 0, 2, 0, 0, 0, 2, 0x41, 0, 0, 0]
        #expect(try AppleMakerNote.parse(one).contentIdentifier == "A")
    }

    /// Every prefix of a valid note parses to a ParseError or to the same entries, those whose
    /// value the cut removed carried with their field (it used to be refused: a value outside
    /// the note is damage in an entry pairing does not need, unless it is tag 0x11's).
    @Test func truncationAtEveryCutPoint() throws {
        let bytes = MakerNoteSamples.sample().serialized()
        let whole = try AppleMakerNote.parse(bytes)
        for cut in 0..<bytes.count {
            do {
                let note = try AppleMakerNote.parse(Array(bytes.prefix(cut)))
                #expect(note.entries.count == whole.entries.count, "cut \(cut)")
                for (a, b) in zip(note.entries, whole.entries) {
                    #expect(a == b || (a.valueIsField && a.tag == b.tag && a.type == b.type && a.count == b.count && a.tag != 0x11), "cut \(cut)")
                }
            } catch is ParseError {
            } catch {
                Issue.record("cut \(cut): \(error)")
            }
        }
    }

    /// Random byte flips after the signature: parse never crashes, and whatever it accepts
    /// serializes and parses back to the same entries (in tag order).
    @Test func mutationsNeverCrash() throws {
        let bytes = MakerNoteSamples.sample().serialized()
        var rng = SplitMix64(seed: 17)
        for _ in 0..<3000 {
            var m = bytes
            for _ in 0..<Int(rng.next() % 4 + 1) {
                m[Int(rng.next() % UInt64(m.count - 10)) + 10] = UInt8(truncatingIfNeeded: rng.next())
            }
            if var note = try? AppleMakerNote.parse(m) {
                let reparsed = try AppleMakerNote.parse(note.serialized())
                // serialized() orders entries by tag (stable); nothing else may change.
                note.entries = note.entries.enumerated().sorted { ($0.element.tag, $0.offset) < ($1.element.tag, $1.offset) }.map(\.element)
                #expect(reparsed == note)
            }
        }
    }
}
