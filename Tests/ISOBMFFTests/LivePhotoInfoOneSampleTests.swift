import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A live-photo-info track holds one record per video frame; a one-frame movie has a track
/// of one sample, and that sample's record is read like any first record.
@Suite("live-photo-info: a track of one sample has its record read")
struct LivePhotoInfoOneSampleTests {
    @Test("a one-frame wallpaper movie: one sample, its record version 3")
    func oneSample() throws {
        let dir = try TempDir()
        let config = VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1])
        let video = NewVideoTrack(configuration: config, rotationDegrees: 0, timescale: 600, samples: [.init(bytes: [0], duration: 20, isSync: true)])
        let path = dir.path("one.MOV")
        try WallpaperMovie(video: video, audio: nil, stillTick: 0, metadata: []).image().prepare(targetPath: path).commit()
        let structure = WallpaperStructure(try MovieFile.open(path: path))
        #expect(structure.livePhotoInfo.damage == nil)
        let info = try #require(structure.livePhotoInfo.value)
        #expect(info.sampleCount == 1)
        #expect(info.timedLikeVideo)
        let record = try #require(info.firstRecord, "the one sample's record")
        #expect(record.version == 3)
        #expect(record == (try LivePhotoInfoRecord(LivePhotoInfoRecord.neutral(), path: "neutral")))
    }
}
