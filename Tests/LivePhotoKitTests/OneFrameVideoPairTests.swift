import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// A video whose edits present exactly one frame is a video: `pair` places the still on that
/// frame, and a still-image-time track found outside it is replaced, the note naming the one
/// frame's span (not "no frames").
@Suite("pair: a video that presents one frame")
struct OneFrameVideoPairTests {
    @Test("one frame presented, the old still-image-time sample past it: replaced, placed on frame 0, the note names 0.000 s to the frame's end")
    func oneFramePaired() throws {
        let scene = try VerifyTests.Scene()
        defer { scene.cleanup() }
        let paired = try MovieFile.open(path: scene.movie)
        let video = try #require(paired.movie.mainVideoTrack)
        let ts = paired.movie.header.timescale
        // An edit that ends inside the first frame (its next frame's start rounded down to a tick).
        let second = FrameTiming(track: video, movieTimescale: ts).start(ofFrame: 1)
        let firstEnd = Int64(second.numerator * Int128(ts) / second.scale)
        let oneFrame = EditList.Entry(duration: UInt64(firstEnd), mediaTime: Int64(video.sampleTable.compositionTimes().min() ?? 0), rate: 0x10000)
        let movie = try scene.movieCopy(of: scene.movie, name: "one.mov") { plan in
            let trak = try #require(plan.file.movie.mainVideoTrack?.atom)
            trak.children?.removeAll { $0.type == "edts" }
            trak.children?.insert(Atom(type: "edts", children: [EditList(entries: [oneFrame]).atom()]), at: 1)
        }
        let edited = try MovieFile.open(path: movie)
        let timing = FrameTiming(track: try #require(edited.movie.mainVideoTrack), movieTimescale: ts)
        try #require(timing.frameCount == 1)

        let result = try PairOperation.run(still: scene.still, movie: movie)
        #expect(result.stillImageTime == .added)
        let span = String(format: "%.3f–%.3f s", Double(timing.startTick(ofFrame: 0)) / Double(ts), Double(timing.endTick) / Double(ts))
        #expect(result.stillImageTimeNote?.hasPrefix("replaced: ") == true && result.stillImageTimeNote?.contains("lies outside the video (\(span))") == true,
                "\(result.stillImageTimeNote ?? "nil")")
        let written = try MovieFile.open(path: movie)
        let still = try #require(written.movie.stillImageTimeTracks.first)
        #expect(written.movie.stillImageTimeTracks.count == 1)
        #expect(FrameTiming(track: still, movieTimescale: ts).startTick(ofFrame: 0) == timing.startTick(ofFrame: 0))
    }
}
