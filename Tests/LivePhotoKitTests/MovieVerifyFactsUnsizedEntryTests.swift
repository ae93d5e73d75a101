import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// `verify` takes the video's size from its track header, else from its first sample
/// description. A description that gives no picture size (a `mebx` entry where a visual one
/// belongs) and a header that says 0 leave that side 0: the size is unknown, never guessed.
@Suite("verify: a video side with neither a header size nor a sample-entry size is 0")
struct MovieVerifyFactsUnsizedEntryTests {
    /// The size suite's movie (moov last, tkhd `width`x`height`) with its one video sample
    /// description replaced by an empty `mebx` entry; moov is last, so it may shrink.
    static func movie(tkhdWidth width: UInt32, height: UInt32, in dir: TempDir) throws -> String {
        let path = try MovieVerifyFactsSizeTests.movie(tkhdWidth: width, height: height, in: dir)
        let file = try MovieFile.open(path: path)
        let stsd = try #require(file.movie.videoTracks.first?.atom.find("mdia", "minf", "stbl", "stsd"))
        #expect(stsd.children?.count == 1)
        stsd.children = [Atom(type: "mebx", prefix: [0, 0, 0, 0, 0, 0, 0, 1], children: [])]
        let bytes = try Support.bytes(path)
        #expect(file.moovHeader.offset + file.moovHeader.size == UInt64(bytes.count))
        try Data(Array(bytes[..<Int(file.moovHeader.offset)]) + file.movie.moov.serialized()).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("tkhd 0 on a side and a mebx first entry: that side is 0; the other is the tkhd's",
          arguments: [(UInt32(0), UInt32(0)), (0, 240), (320, 0), (320, 240)])
    func unsizedSide(width: UInt32, height: UInt32) throws {
        let dir = try TempDir()
        let file = try MovieFile.open(path: try Self.movie(tkhdWidth: width, height: height, in: dir))
        let video = try #require(file.movie.mainVideoTrack)
        let entry = try #require(video.sampleEntries.first)
        #expect(entry.format == "mebx" && entry.width == nil && entry.height == nil)
        let facts = MovieVerifyFacts(file)
        #expect(facts.videoSize == .init(width: Double(width), height: Double(height)), "tkhd \(width)x\(height)")
    }
}
