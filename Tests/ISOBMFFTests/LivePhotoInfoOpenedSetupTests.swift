import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The live-photo-info declaration's `setu` is read the same whether it is a leaf (as the tree
/// parser keeps it) or an opened container (as `LivePhotoInfoSetup.atom()` builds it, put into
/// a track's tree by an edit): the container's children are its payload.
@Suite("live-photo-info: a setu opened as a container reads as its leaf")
struct LivePhotoInfoOpenedSetupTests {
    @Test("the setu of a written movie, replaced in the tree by the container it reads as: the same setup")
    func openedSetupReadsTheSame() throws {
        let dir = try TempDir()
        let config = VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1])
        let video = NewVideoTrack(configuration: config, rotationDegrees: 0, timescale: 600, samples: [.init(bytes: [0], duration: 20, isSync: true)])
        let path = dir.path("one.MOV")
        try WallpaperMovie(video: video, audio: nil, stillTick: 0, metadata: []).image().prepare(targetPath: path).commit()
        let file = try MovieFile.open(path: path)
        let track = try #require(file.movie.metadataTracks(declaring: LivePhotoInfoTrack.key).first)
        let videoTrack = try #require(file.movie.videoTracks.first)
        let before = try LivePhotoInfoTrack.read(track, video: videoTrack, in: file)
        let setup = try #require(before.setup)

        var replaced = 0
        for mebx in track.atom.find("mdia", "minf", "stbl", "stsd")?.children ?? [] where mebx.type == "mebx" {
            for entry in mebx.child("keys")?.children ?? [] {
                guard let i = entry.children?.firstIndex(where: { $0.type == "setu" && !$0.isContainer }) else { continue }
                entry.children?[i] = setup.atom()
                replaced += 1
            }
        }
        try #require(replaced == 1)
        let after = try LivePhotoInfoTrack.read(track, video: videoTrack, in: file)
        #expect(after.setup == setup)
        #expect(after == before)
    }
}
