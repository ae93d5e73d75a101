import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// `convert --huawei` writes the cover frame, the index of the frame that starts at the still
/// time. When the video is delayed (a leading empty edit) past the still-image-time mark, no
/// frame starts by then: the cover time stays the mark and the cover frame is the first, 0.
@Suite("convert --huawei: a still time before the delayed video's first frame names frame 0")
struct HuaweiCoverFrameBeforeVideoTests {
    @Test("movie-audio.mov paired at frame 11, then its video delayed 10 s: cover frame 0 at the mark")
    func coverFrameBeforeTheVideo() throws {
        let (dir, still, movie, paired) = try MotionPhotoFixtures.pairedCopies(still: Support.fixture("still-exif-icc-xmp.jpg"), stillName: "IMG_0006.JPG")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(paired.stillTime > 0.5 && paired.stillTime < 1)

        // Delay the video by a 10 s empty edit; moov is last, so it may grow.
        let file = try MovieFile.open(path: movie)
        var bytes = try Support.bytes(movie)
        #expect(file.moovHeader.offset + file.moovHeader.size == UInt64(bytes.count))
        let video = try #require(file.movie.mainVideoTrack)
        let timescale = file.movie.header.timescale
        var entries = video.edits?.entries ?? []
        if entries.isEmpty { entries = [.init(duration: video.header.duration, mediaTime: 0, rate: 0x10000)] }
        entries.insert(.init(duration: UInt64(timescale) * 10, mediaTime: -1, rate: 0x10000), at: 0)
        video.atom.children?.removeAll { $0.type == "edts" }
        video.atom.children?.insert(Atom(type: "edts", children: [EditList(entries: entries).atom()]), at: 1)
        bytes = Array(bytes[..<Int(file.moovHeader.offset)]) + file.movie.moov.serialized()
        try Data(bytes).write(to: URL(fileURLWithPath: movie))
        let delayed = try MovieFile.open(path: movie)
        let timing = FrameTiming(track: try #require(delayed.movie.mainVideoTrack), movieTimescale: timescale)
        #expect(timing.start(ofFrame: 0).seconds >= 10, "every frame after the mark")
        let mark = try #require(delayed.movie.stillImageTimeTracks.first?.firstSampleStart(movieTimescale: timescale))
        #expect(mark.seconds < 1)

        var options = ConvertOptions()
        options.gallery = .huawei
        let r = try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options)
        #expect(r.status == .converted && r.variant == .huawei)
        let output = try #require(r.motionPhoto)
        let trailer = try #require(try HuaweiLiveTrailer.read(FileSource(path: output)))
        #expect(trailer.version?.coverFrame == 0)
        #expect(trailer.coverMs == mark.ceiling(timescale: 1000), "the cover time is the mark's")
    }
}
