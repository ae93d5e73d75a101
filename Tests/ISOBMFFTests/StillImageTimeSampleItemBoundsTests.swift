import Testing
import BinaryIO
@testable import ISOBMFF

/// Reading the still-image-time sample walks its items (size, local key id, value): an item
/// header that says less than its own 8 bytes ends the walk (no value), and an item that says
/// more than the sample holds is a truncated sample, even when its header is all there is.
@Suite("still-image-time sample: an item's size below its header, or past the sample")
struct StillImageTimeSampleItemBoundsTests {
    /// A movie of one still-image-time track whose one sample is `sample` (its size in `stsz`).
    static func movie(sample: [UInt8], in dir: TempDir) throws -> (MovieFile, Track) {
        let entry = MetadataSampleEntry(declarations: [.init(localID: 1, key: .init(value: Array(StillImageTimeTrack.key.utf8)),
                                                              dataType: .init(wellKnown: StillImageTimeTrack.dataType))]).atom()
        let trak = TimedMetadataTrack(trackID: 1, edits: [.init(duration: 20, mediaTime: 0, rate: 0x10000)], mediaTimescale: 600, sampleEntry: entry,
                                      timeToSample: [.init(count: 1, delta: 20)], sampleSizes: [UInt32(sample.count)], describes: nil).atom()
        let ftyp = Support.ftyp()
        try #require(trak.find("mdia", "minf", "stbl")).replaceChunkOffsets(with: ChunkOffsetTable(offsets: [UInt64(ftyp.count + 8)], is64Bit: false))
        let moov = Atom(type: "moov", children: [MovieHeader(timescale: 600, duration: 20, nextTrackID: 2).atom(), trak])
        let file = try MovieFile.open(path: try dir.write("still.mov", ftyp + Support.box("mdat", sample) + moov.serialized()))
        let track = try #require(file.movie.stillImageTimeTracks.first)
        try #require(try file.sampleBytes(track: track, index: 0) == sample, "the sample reads back whole")
        return (file, track)
    }

    @Test("the camera's 9-byte sample reads -1")
    func cameraSample() throws {
        let dir = try TempDir()
        let (file, track) = try Self.movie(sample: StillImageTimeTrack.sample(), in: dir)
        #expect(try StillImageTimeTrack.read(track, in: file).value == -1)
    }

    @Test("an item sized 7 (less than its header) ends the walk: no value, no error")
    func itemSmallerThanItsHeader() throws {
        let dir = try TempDir()
        let (file, track) = try Self.movie(sample: [0, 0, 0, 7, 0, 0, 0, 1, 0xFF], in: dir)
        let reading = try StillImageTimeTrack.read(track, in: file)
        #expect(reading.value == nil && reading.trackID == 1)
    }

    @Test("a sample of one 8-byte item header that says 9 bytes: truncated")
    func headerOnlyItemPastTheSample() throws {
        let dir = try TempDir()
        let (file, track) = try Self.movie(sample: [0, 0, 0, 9, 0, 0, 0, 1], in: dir)
        let error = Support.expectParseError("an item of 9 bytes in an 8-byte sample") { _ = try StillImageTimeTrack.read(track, in: file) }
        #expect(error?.kind == .truncated, "\(String(describing: error))")
    }
}
