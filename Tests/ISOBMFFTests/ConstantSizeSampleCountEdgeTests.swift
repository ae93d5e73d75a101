import Testing
import BinaryIO
@testable import ISOBMFF

/// A constant-size sample table's count is bounded twice, each bound inclusive: by what its
/// chunks can hold (runs × chunks) and by the file's size (count × size). A count exactly at
/// either bound is read; one more is refused.
@Suite("constant-size sample count: exactly at the chunk and file-size bounds")
struct ConstantSizeSampleCountEdgeTests {
    /// movie-moov-last.mov's video table: one chunk, one run of 30 samples per chunk.
    static func table() throws -> SampleTable {
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let table = try #require(file.movie.videoTracks.first).sampleTable
        try #require(table.chunkOffsets.offsets.count == 1 && table.sampleToChunk.map(\.samplesPerChunk) == [30])
        return table
    }

    @Test("30 samples of 4 bytes in one chunk of 30: every sample placed, 4 bytes apart")
    func countFillsTheChunks() throws {
        var table = try Self.table()
        table.constantSampleSize = 4
        table.sampleCount = 30
        let ranges = try table.sampleRanges(path: "stbl")
        let first = table.chunkOffsets.offsets[0]
        #expect(ranges.map(\.offset) == (0..<30).map { first + 4 * UInt64($0) })
        #expect(ranges.allSatisfy { $0.size == 4 })

        table.sampleCount = 31
        let error = Support.expectParseError("one sample past what the chunks hold") { _ = try table.sampleRanges(path: "stbl") }
        #expect(error?.message == "sample count 31 exceeds what the chunks hold")
    }

    @Test("100 samples of 1 byte fit a file of 100 bytes; in 99 bytes they are too large")
    func countFillsTheFile() throws {
        var table = try Self.table()
        table.constantSampleSize = 1
        table.sampleCount = 100
        try table.validateSampleCount(fileSize: 100, path: "stsz", offset: 0)
        let error = Support.expectParseError("100 bytes of samples in 99") { try table.validateSampleCount(fileSize: 99, path: "stsz", offset: 0) }
        #expect(error?.kind == .tooLarge)
        #expect(error?.message == "100 samples of 1 bytes do not fit in a file of 99 bytes")
    }
}
