import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Sample-to-chunk runs that name chunks the offset table does not have: writers leave a
/// trailing run after the last sample (carried: every sample is placed), but a run that would
/// place samples in a missing chunk is damage.
@Suite("sample-to-chunk runs past the last chunk")
struct SampleToChunkRunTests {
    static func videoTable() throws -> SampleTable {
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        return try #require(file.movie.videoTracks.first).sampleTable
    }

    @Test("a run starting past the last chunk once every sample is placed changes nothing", arguments: [1, 2, 1000])
    func trailingRunCarried(past: UInt32) throws {
        var table = try Self.videoTable()
        let ranges = try table.sampleRanges()
        let chunks = UInt32(table.chunkOffsets.offsets.count)
        table.sampleToChunk.append(.init(firstChunk: chunks + past, samplesPerChunk: 7, descriptionIndex: 1))
        let carried = try table.sampleRanges()
        #expect(carried.map(\.offset) == ranges.map(\.offset) && carried.map(\.size) == ranges.map(\.size))
    }

    @Test("a run past the last chunk while samples remain is refused, naming the chunk")
    func runIntoMissingChunkRefused() throws {
        var table = try Self.videoTable()
        let chunks = UInt32(table.chunkOffsets.offsets.count)
        // One sample per chunk fills every chunk with samples left over; the next run starts past the table.
        try #require(table.sampleCount > chunks)
        table.sampleToChunk = [.init(firstChunk: 1, samplesPerChunk: 1, descriptionIndex: 1),
                               .init(firstChunk: chunks + 1, samplesPerChunk: 1, descriptionIndex: 1)]
        let error = Support.expectParseError("a run into a missing chunk") { _ = try table.sampleRanges(path: "stbl") }
        #expect(error?.message.contains("names chunk \(chunks + 1) of \(chunks)") == true, "\(error?.message ?? "-")")
    }
}
