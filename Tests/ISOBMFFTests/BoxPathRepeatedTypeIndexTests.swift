import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The sibling index in an error's path counts the boxes of the same type *before* the box, so
/// a damaged box is named by its own place among its repeats wherever it stands: first, in
/// the middle or last (the last is what `BoxPathErrorTests` checks).
@Suite("Box paths in parse errors: the index of a damaged box that is not the last of its type")
struct BoxPathRepeatedTypeIndexTests {
    /// A `trak` whose `mdia` holds an `hdlr` claiming 64 bytes in a 20-byte payload.
    static let damagedTrack: [UInt8] = {
        var hdlr = Support.box("hdlr", [UInt8](repeating: 0, count: 12))
        Support.putU32(64, at: 0, in: &hdlr)
        return Support.box("trak", Support.box("mdia", hdlr))
    }()
    static let goodTrack = Support.box("trak", Support.box("tkhd", [0, 0, 0, 0]))

    @Test("the damaged trak first of two, and second of three: trak[1], trak[2]",
          arguments: [(0, 2, "moov/trak[1]/mdia/hdlr"), (1, 3, "moov/trak[2]/mdia/hdlr")])
    func damagedTrackIndex(at index: Int, of count: Int, path: String) throws {
        let tracks = (0..<count).flatMap { $0 == index ? Self.damagedTrack : Self.goodTrack }
        let error = try #require(throws: ParseError.self) { _ = try Support.parseAtom(Support.box("moov", tracks)) }
        #expect(error.path == path)
        #expect(error.kind == .tooLarge)
    }
}
