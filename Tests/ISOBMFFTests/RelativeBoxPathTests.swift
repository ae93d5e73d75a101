import Testing
import BinaryIO
import PropertyBased
import TestSupport
@testable import ISOBMFF

/// The track and metadata readers are given relative paths and the tree parser counts sibling
/// indexes only for an error: the errors must still name the exact box, as a full path.
@Suite("Box paths built only for errors")
struct RelativeBoxPathTests {
    /// The second track of `movie-audio.mov` (its audio) with `stts` claiming 5 entries it does not hold.
    @Test("a damaged table of the second track is named by its full path")
    func secondTrackTable() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let moov = file.movie.moov
        let traks = moov.children("trak")
        try #require(traks.count == 2)
        let stts = try #require(traks[1].find("mdia", "minf", "stbl", "stts"))
        stts.payload = [0, 0, 0, 0, 0, 0, 0, 5]
        let error = try #require(throws: ParseError.self) { _ = try Movie(moov: moov) }
        #expect(error.path == "moov/trak[2]/mdia/minf/stbl/stts")
        #expect(error.message == "time-to-sample count 5 needs 40 bytes, only 0 present")
        #expect(error.description.hasSuffix("in moov/trak[2]/mdia/minf/stbl/stts at offset \(error.offset)"))
    }

    @Test("a missing box is named under the track that lacks it")
    func missingBox() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let moov = file.movie.moov
        let stbl = try #require(moov.children("trak")[1].find("mdia", "minf", "stbl"))
        stbl.children?.removeAll { $0.type == "stsc" }
        let error = try #require(throws: ParseError.self) { _ = try Movie(moov: moov) }
        #expect(error.path == "moov/trak[2]/mdia/minf/stbl")
        #expect(error.message == "missing 'stsc'")
    }

    @Test("a path that does not start with the stand-in is left as it is")
    func foreignPathKept() throws {
        let error = try #require(throws: ParseError.self) {
            try RelativeBoxPath.reading(under: { "moov/trak" }) { _ in throw ParseError(.invalidValue, "x", path: "moov/mvhd") }
        }
        #expect(error.path == "moov/mvhd")
        let nested = try #require(throws: ParseError.self) {
            try RelativeBoxPath.reading(under: { "moov/trak[3]" }) { outer in
                try RelativeBoxPath.reading(under: { outer + "/mdia/minf/stbl" }) { inner in
                    throw ParseError(.truncated, "y", path: inner + "/stsz")
                }
            }
        }
        #expect(nested.path == "moov/trak[3]/mdia/minf/stbl/stsz")
    }

    /// A container of boxes of a few types, one of them damaged (smaller than its header): the
    /// error's last path component is its type, with `[n]` exactly when its type repeats
    /// among the boxes the container's headers lead to.
    @Test("sibling indexes in error paths count the boxes of the damaged one's type")
    func siblingIndexes() async {
        let types: [FourCC] = ["free", "skip", "hdlr"]
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 0...2).array(of: 1...8), Gen.nearEnds(in: 0...7)) { kinds, pick in await Support.failingOnThrow {
            let bad = pick % kinds.count
            var body: [UInt8] = []
            for (i, k) in kinds.enumerated() {
                var b = Support.box(types[k], [])
                if i == bad { Support.putU32(4, at: 0, in: &b) }
                body += b
            }
            let bytes = Support.box("moov", Support.box("trak", []) + Support.box("trak", body))
            let error = Support.expectParseError("damaged box \(bad) of \(kinds)") { _ = try Support.parseAtom(bytes) }
            // The boxes after the damaged one are still counted: the header walk goes on past it
            // only while sizes are sound, and a size of 4 stops it right there.
            let type = types[kinds[bad]]
            let total = kinds[...bad].filter { $0 == kinds[bad] }.count
            let before = kinds[..<bad].filter { $0 == kinds[bad] }.count
            let name = total > 1 ? "\(type)[\(before + 1)]" : type.description
            #expect(error?.path == "moov/trak[2]/\(name)")
        } }
    }
}
