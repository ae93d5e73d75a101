import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// A track built from scratch declares one chunk offset per chunk, each left 0: only
/// `NewMovieImage` knows where the media goes and fills them in.
@Suite("a new track's chunk offsets: one per chunk, each 0 until placed")
struct NewTrackChunkOffsetsTests {
    @Test("one offset per chunk, each 0, in a 32-bit stco", arguments: [[1], [2, 2, 1], [1, 1, 1, 1, 1]] as [[UInt32]])
    func offsetsLeftZero(_ samplesPerChunk: [UInt32]) throws {
        let count = Int(samplesPerChunk.reduce(0, +))
        var track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                  timescale: 600, samples: (0..<count).map { .init(bytes: [UInt8($0), 0xAA], duration: 20, isSync: true) })
            .track(trackID: 1, movieTimescale: 600)
        track.samplesPerChunk = samplesPerChunk
        let parsed = try Track(try Support.parseAtom(track.atom().serialized()), index: 1, path: "trak")
        #expect(parsed.sampleTable.chunkOffsets.offsets == [UInt64](repeating: 0, count: samplesPerChunk.count))
        let stco = try #require(parsed.atom.find("mdia", "minf", "stbl", "stco"))
        // version/flags, entry count, then the 32-bit offsets: all zero bytes after the count.
        #expect(Array(stco.payload.suffix(4 * samplesPerChunk.count)) == [UInt8](repeating: 0, count: 4 * samplesPerChunk.count))
    }
}
