import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Reading a still-image-time sample: the sample is read whole only up to 4096 bytes (a byte
/// more is refused as too large); items are walked while a whole 8-byte item header is left
/// (fewer trailing bytes end the walk quietly); an item of exactly its header (no value) is
/// passed over like any other item of another key.
@Suite("still-image-time sample: the 4096-byte bound, short tails and empty items")
struct StillImageTimeTrackEdgeTests {
    /// An item of `size` bytes (header included) for local key `id`, its value zeros.
    static func item(size: Int, id: UInt32) -> [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(size)); w.u32(id); w.zeros(size - 8)
        return w.bytes
    }

    @Test("a sample of 4096 bytes is read; one of 4097 is refused as too large")
    func sampleSizeBound() throws {
        let dir = try TempDir()
        let camera = StillImageTimeTrack.sample()
        let (atBound, track) = try StillImageTimeSampleItemBoundsTests.movie(sample: camera + Self.item(size: 4096 - camera.count, id: 2), in: dir)
        #expect(try StillImageTimeTrack.read(track, in: atBound).value == -1)
        let past = try TempDir()
        let (over, overTrack) = try StillImageTimeSampleItemBoundsTests.movie(sample: camera + Self.item(size: 4097 - camera.count, id: 2), in: past)
        let error = Support.expectParseError("a 4097-byte sample") { _ = try StillImageTimeTrack.read(overTrack, in: over) }
        #expect(error?.kind == .tooLarge && error?.message == "sample of 4097 bytes", "\(String(describing: error))")
    }

    @Test("seven bytes, less than an item header: no value and no error", arguments: [0, 1])
    func shortTail(items: Int) throws {
        let dir = try TempDir()
        let lead = items == 0 ? [] : Self.item(size: 8, id: 2)
        let (file, track) = try StillImageTimeSampleItemBoundsTests.movie(sample: lead + [UInt8](repeating: 0, count: 7), in: dir)
        let reading = try StillImageTimeTrack.read(track, in: file)
        #expect(reading.value == nil && reading.trackID == 1)
    }

    @Test("an empty item (8 bytes, another key) before the still-image-time item: the walk goes on and reads -1")
    func emptyItemFirst() throws {
        let dir = try TempDir()
        let (file, track) = try StillImageTimeSampleItemBoundsTests.movie(sample: Self.item(size: 8, id: 2) + StillImageTimeTrack.sample(), in: dir)
        #expect(try StillImageTimeTrack.read(track, in: file).value == -1)
    }
}
