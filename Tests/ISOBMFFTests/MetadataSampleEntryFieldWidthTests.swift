import Testing
import BinaryIO
@testable import ISOBMFF

/// A `mebx` entry's data reference index is 16 bits, both bytes counted, and a new entry
/// refers to data reference 1 (the movie itself); a namespace-0 `dtyp`'s well-known type is
/// its first four bytes, big-endian, every byte counted, whatever follows them.
@Suite("mebx: the data reference index and a well-known type read every byte")
struct MetadataSampleEntryFieldWidthTests {
    @Test("a new entry's fixed bytes: six reserved zeros, then data reference 1")
    func newEntryRefersToTheMovieItself() {
        let entry = MetadataSampleEntry(declarations: [])
        #expect(entry.dataReferenceIndex == 1)
        #expect(entry.atom().prefix == [0, 0, 0, 0, 0, 0, 0, 1])
    }

    @Test("a data reference index above 255 reads whole and writes back byte for byte")
    func wideDataReferenceIndex() throws {
        var built = MetadataSampleEntry(declarations: [.init(localID: 1, key: .init(value: [0x6B]), dataType: .init(wellKnown: 65))])
        built.dataReferenceIndex = 0x0102
        let bytes = built.atom().serialized()
        let stsd = try Support.parseAtom(Support.box("stsd", Support.u32(0) + Support.u32(1) + bytes))
        let read = try MetadataSampleEntry(try #require(stsd.child("mebx")), path: "stsd/mebx")
        #expect(read.dataReferenceIndex == 0x0102)
        #expect(read.atom().serialized() == bytes)
    }

    @Test("a well-known type of four non-zero bytes, and one followed by a fifth byte")
    func wellKnownTypeBytes() {
        #expect(MetadataSampleEntry.DataType(wellKnown: 0x0102_0304).wellKnownType == 0x0102_0304)
        #expect(MetadataSampleEntry.DataType(namespace: 0, value: [0, 0, 0, 65, 7]).wellKnownType == 65)
        #expect(MetadataSampleEntry.DataType(namespace: 0, value: [0xFF, 0xFF, 0xFF, 0xFF]).wellKnownType == UInt32.max)
    }
}
