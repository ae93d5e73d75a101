import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A track built here writes its sample table as the samples are: a size per sample when the
/// sizes differ, and sample-to-chunk runs that start at chunk 1 and name the one sample
/// description (index 1), a new run only where the count per chunk changes.
@Suite("new track: per-sample sizes and sample-to-chunk runs")
struct NewTrackSampleTableTests {
    @Test("5 samples of 1 to 5 bytes in chunks of 2, 2 and 1: sizes listed, runs (1, 2, 1) and (3, 1, 1)")
    func sizesAndRuns() throws {
        let config = VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1])
        let samples = (1...5).map { NewVideoTrack.Sample(bytes: [UInt8](repeating: 7, count: $0), duration: 20, isSync: true) }
        var track = NewVideoTrack(configuration: config, rotationDegrees: 0, timescale: 600, samples: samples).track(trackID: 1, movieTimescale: 600)
        track.samplesPerChunk = [2, 2, 1]
        let parsed = try Track(try Support.parseAtom(track.atom().serialized()), index: 1, path: "trak")
        let table = parsed.sampleTable
        #expect(table.constantSampleSize == 0 && table.sampleCount == 5)
        #expect(table.sampleSizes == [1, 2, 3, 4, 5])
        #expect(table.sampleToChunk == [.init(firstChunk: 1, samplesPerChunk: 2, descriptionIndex: 1),
                                        .init(firstChunk: 3, samplesPerChunk: 1, descriptionIndex: 1)])
        #expect(table.chunkOffsets.offsets.count == 3)
    }
}
