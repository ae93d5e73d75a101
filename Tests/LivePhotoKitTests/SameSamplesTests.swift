import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// Whether an existing output holds the same media as the input (a rerun reports it done
/// rather than writing a copy): every sample's size, and the first and last sample's bytes of
/// each track (a bounded fingerprint; a change only inside a middle sample is not looked for).
@Suite("existing outputs: the media fingerprint")
struct SameSamplesTests {
    /// A copy of the fixture movie with one byte of sample `index` of its video track flipped.
    static func flipped(sample index: (Int) -> Int, in dir: TempDir, name: String) throws -> String {
        let source = Support.fixture("movie-moov-last.mov")
        let video = try #require(try MovieFile.open(path: source).movie.videoTracks.first)
        let ranges = try video.sampleTable.sampleRanges()
        var bytes = try Support.bytes(source)
        let range = ranges[index(ranges.count)]
        bytes[Int(range.offset) + Int(range.size) / 2] ^= 0x5A
        return try dir.write(name, bytes)
    }

    @Test("a byte changed in the first or the last video sample: not the same; in a middle one: the same (bounded); a copy: the same")
    func firstAndLastSamplesCount() throws {
        let dir = try TempDir()
        let source = Support.fixture("movie-moov-last.mov")
        #expect(ExistingOutputs.sameVideoSamples(try dir.write("copy.mov", try Support.bytes(source)), source))
        #expect(!ExistingOutputs.sameVideoSamples(try Self.flipped(sample: { _ in 0 }, in: dir, name: "first.mov"), source))
        #expect(!ExistingOutputs.sameVideoSamples(try Self.flipped(sample: { $0 - 1 }, in: dir, name: "last.mov"), source))
        #expect(ExistingOutputs.sameVideoSamples(try Self.flipped(sample: { $0 / 2 }, in: dir, name: "middle.mov"), source))
    }
}
