import Foundation
import Testing
import PropertyBased
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// Motion → Live: the still-image-time sample the movie gets lies inside the frame the report
/// names, judged strictly by the movie's exact frame intervals (no tolerance): a frame that
/// starts between two movie ticks is shown from the later tick on, so a still-image-time
/// rounded the other way would sit in the frame before. Across frame rates, timescales,
/// B-frames and edit lists (the synthetic movies of `StillFramePropertyTests`), each paired
/// at a frame, made a Motion Photo, then converted back.
@Suite("convert Motion → Live: the still-image-time lies inside the frame the report names")
struct MotionToLiveStillTimeTests {
    @Test(.timeLimit(.minutes(5)))
    func stillImageTimeInsideTheReportedFrame() async throws {
        let root = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        await propertyCheck(count: 20, input: StillFramePropertyTests.movies, Gen.int(in: 0...Int.max)) { m, pick in await Support.failingOnThrow {
            let dir = root.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let movie = dir.appendingPathComponent("IMG_0001.MOV").path
            #expect(FileManager.default.createFile(atPath: movie, contents: Data(m.bytes())))
            let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_0001.JPG")
            let n = pick % m.frameCount
            var pair = PairOptions()
            pair.stillTime = .frame(n)
            _ = try PairOperation.run(still: still, movie: movie, options: pair)
            let motion = try #require(try LivePhotoToMotionPhoto.run(still: still, movie: movie).motionPhoto)

            let out = dir.appendingPathComponent("live")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            var options = ConvertOptions()
            options.outputDirectory = out.path
            let r = try MotionPhotoToLivePhoto.run(path: motion, options: options)
            let reported = try #require(r.stillTime).seconds
            let written = try MovieFile.open(path: try #require(r.movie))
            let timescale = written.movie.header.timescale
            #expect(timescale == m.movieTimescale)
            let video = try #require(written.movie.videoTracks.first)
            // The frame the report names: the one whose presentation time it gives (seconds are
            // for people: the same time reached through another sum may differ in the last bit).
            let times = video.framePresentationTimes(movieTimescale: timescale)
            let named = try #require(times.indices.min { abs(times[$0] - reported) < abs(times[$1] - reported) })
            #expect(abs(times[named] - reported) < 1e-9, "the reported still time \(reported) s is no frame's time (\(m))")
            #expect(named == n, "the round trip keeps the still's frame: \(n), reported \(named) (\(m))")
            let track = try #require(written.movie.stillImageTimeTracks.first)
            let tick = FrameTiming(track: track, movieTimescale: timescale).startTick(ofFrame: 0)
            let (start, end) = m.interval(ofFrame: named)
            #expect(m.units(ofTick: tick) >= start && m.units(ofTick: tick) < end,
                    "still-image-time tick \(tick) is not inside frame \(named) [\(start), \(end)) of \(m)")
        } }
    }
}
