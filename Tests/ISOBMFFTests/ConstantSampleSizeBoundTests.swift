import Testing
import BinaryIO
@testable import ISOBMFF

/// The bound of a sample count by what the chunks can hold applies to a constant-size table
/// (whose sizes hold no per-sample bytes), of any constant size, 1 included; a table of
/// per-sample sizes (constant 0) is bounded by its sizes and, placing its samples, fails only
/// where the chunks run out, saying how many they hold.
@Suite("sample ranges: the chunk bound of a constant-size table")
struct ConstantSampleSizeBoundTests {
    static func tableWithoutRuns() throws -> SampleTable {
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        var table = try #require(file.movie.videoTracks.first).sampleTable
        try #require(!table.chunkOffsets.offsets.isEmpty)
        table.sampleToChunk = []
        return table
    }

    @Test("constant size 1, no chunk runs: the count is refused before any sample is placed")
    func constantSizeOne() throws {
        var table = try Self.tableWithoutRuns()
        table.constantSampleSize = 1
        for count: UInt32 in [1, UInt32(table.chunkOffsets.offsets.count)] {
            table.sampleCount = count
            let error = Support.expectParseError("\(count) samples of 1 byte") { _ = try table.sampleRanges(path: "stbl") }
            #expect(error?.message == "sample count \(count) exceeds what the chunks hold", "\(String(describing: error))")
        }
    }

    @Test("per-sample sizes, no chunk runs: the chunks hold 0 samples, the table says 1")
    func perSampleSizes() throws {
        var table = try Self.tableWithoutRuns()
        table.constantSampleSize = 0
        table.sampleCount = 1
        let error = Support.expectParseError("1 sample, no runs") { _ = try table.sampleRanges(path: "stbl") }
        #expect(error?.message == "chunks hold 0 samples, sample table says 1", "\(String(describing: error))")
    }
}
