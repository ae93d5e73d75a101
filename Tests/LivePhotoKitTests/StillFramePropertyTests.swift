import Foundation
import Testing
import PropertyBased
import TestSupport
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// The still time lands exactly on a frame: across frame rates, movie and media timescales,
/// variable frame rates and B-frames, the written time lies inside the chosen frame's
/// presentation interval (judged by the movie's own exact timing, not by `FrameTiming`).
@Suite("pair: the still time lands exactly on a frame")
struct StillFramePropertyTests {
    /// Frame rates as num/den; den 0 marks a variable frame rate around 30 fps.
    static let rates: [(num: UInt32, den: UInt32)] = [(24000, 1001), (24, 1), (25, 1), (30000, 1001), (30, 1), (60, 1), (120, 1), (30, 0)]
    static let movieTimescales: [UInt32] = [600, 1000, 30000, 90000]

    /// A movie from generated choices; `seed` drives the variable durations.
    static func movie(rate: Int, movieTimescale: UInt32, mediaStyle: Int, frames: Int, bFrames: Bool, editList: Bool, seed: UInt64) -> SyntheticVideoMovie {
        let (num, den) = rates[rate]
        var mediaTimescale: UInt32
        var delta: UInt32
        switch mediaStyle {
        case 0 where den != 0: (mediaTimescale, delta) = (num, den)                       // 30000/1001, 24/1
        case 1 where den != 0 && 600 % num == 0: (mediaTimescale, delta) = (600, 600 / num * den)   // Apple's 600
        case 2 where den != 0 && (90000 * den) % num == 0: (mediaTimescale, delta) = (90000, 90000 * den / num)
        default: (mediaTimescale, delta) = (den == 0 ? 15360 : num * 512, den == 0 ? 512 : den * 512)  // ffmpeg's habit
        }
        var durations = [UInt32](repeating: delta, count: frames)
        if den == 0 {
            var state = seed | 1
            for i in 0..<frames {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                durations[i] = delta / 2 + UInt32((state >> 33) % UInt64(delta * 2))
            }
        }
        return SyntheticVideoMovie(movieTimescale: movieTimescale, mediaTimescale: mediaTimescale, durations: durations, bFrames: bFrames, editList: editList)
    }

    static let movies = zip(Gen.nearEnds(in: 0...7), Gen.element(of: movieTimescales), Gen.nearEnds(in: 0...3), Gen.nearEnds(in: 2...75),
                            Gen.bool(), Gen.bool(), Gen.int(in: 0...Int.max))
        .map { c in
            StillFramePropertyTests.movie(rate: c.0, movieTimescale: c.1 ?? 600, mediaStyle: c.2, frames: c.3, bFrames: c.4, editList: c.5, seed: UInt64(c.6))
        }

    static func timing(_ m: SyntheticVideoMovie, in dir: URL) throws -> FrameTiming {
        let path = dir.appendingPathComponent("timing-\(UUID().uuidString).mov").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(m.bytes())))
        let file = try MovieFile.open(path: path)
        return FrameTiming(track: try #require(file.movie.videoTracks.first), movieTimescale: m.movieTimescale)
    }

    @Test("startTick(ofFrame:) is the first tick inside the frame; endTick and middleFrame are exact")
    func frameTimingMatchesTheMovie() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        await propertyCheck(count: 150, input: Self.movies) { m in await Support.failingOnThrow {
            let timing = try Self.timing(m, in: dir)
            #expect(timing.frameCount == m.frameCount)
            for n in 0..<m.frameCount {
                let t = timing.startTick(ofFrame: n)
                let (start, end) = m.interval(ofFrame: n)
                #expect(m.units(ofTick: t) >= start && m.units(ofTick: t) < end, "frame \(n): tick \(t) outside [\(start), \(end)) of \(m)")
                #expect(m.units(ofTick: t - 1) < start, "frame \(n): tick \(t) is not the first one inside")
                #expect(timing.frame(containingMovieTick: t) == n)
            }
            let last = m.interval(ofFrame: m.frameCount - 1).end
            #expect(m.units(ofTick: timing.endTick) <= last && m.units(ofTick: timing.endTick + 1) > last)
            #expect(timing.frame(containingMovieTick: timing.endTick + 1) == nil)
            let middle = try #require(timing.middleFrame)
            let twice = m.interval(ofFrame: 0).start + last
            #expect(m.interval(ofFrame: middle).start * 2 <= twice && twice < m.interval(ofFrame: middle).end * 2)
        } }
    }

    @Test("--still-time T picks the frame shown at T (exact) and reports that frame's start")
    func stillTimePicksTheFrameShown() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        await propertyCheck(count: 150, input: Self.movies, Gen.nearEnds(in: 0...1_000_000)) { m, fraction in await Support.failingOnThrow {
            let timing = try Self.timing(m, in: dir)
            let scale = Int64(m.movieTimescale) * Int64(m.mediaTimescale)
            let end = m.interval(ofFrame: m.frameCount - 1).end
            // A time in whole microseconds within the frames' span.
            let micro = Int64(Double(end) * Double(fraction) / 1_000_001 / Double(scale) * 1_000_000)
            let shown = (0..<m.frameCount).first { n in
                let (s, e) = m.interval(ofFrame: n)
                return s * 1_000_000 <= micro * scale && micro * scale < e * 1_000_000
            }
            let resolve = { try StillTimeResolver.resolve(.seconds(Double(micro) / 1_000_000), timing: timing, movieTimescale: m.movieTimescale, path: "m.mov") }
            guard let shown else {
                // Before the first frame (no edit list hides the reorder delay): no frame is shown then.
                #expect(micro * scale < m.interval(ofFrame: 0).start * 1_000_000, "\(micro) µs: no frame of \(m)")
                #expect(throws: LivePhotoError.self) { try resolve() }
                return
            }
            let resolved = try resolve()
            #expect(resolved.frame == shown)
            #expect(resolved.tick == timing.startTick(ofFrame: resolved.frame))
        } }
    }

    @Test("a still time at or past the end of the last frame is refused, naming the valid range")
    func endIsRefused() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        await propertyCheck(count: 60, input: Self.movies, Gen.nearEnds(in: 0...3)) { m, extra in await Support.failingOnThrow {
            let timing = try Self.timing(m, in: dir)
            let scale = Double(m.movieTimescale) * Double(m.mediaTimescale)
            // Whole microseconds at or after the exact end.
            let endMicro = (Double(m.interval(ofFrame: m.frameCount - 1).end) / scale * 1_000_000).rounded(.up)
            let t = (endMicro + Double(extra * 1000)) / 1_000_000
            let e = #expect(throws: LivePhotoError.self) {
                try StillTimeResolver.resolve(.seconds(t), timing: timing, movieTimescale: m.movieTimescale, path: "m.mov")
            }
            #expect(e?.category == .refused)
            #expect(e?.reason.contains("lies outside the video (valid: ") == true)
        } }
    }

    @Test("pair --still-frame N writes a still-image-time sample inside frame N", .timeLimit(.minutes(5)))
    func pairedStillLandsInFrame() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        await propertyCheck(count: 30, input: Self.movies, Gen.int(in: 0...Int.max), Gen.bool()) { m, pick, middle in await Support.failingOnThrow {
            let movie = dir.appendingPathComponent("p-\(UUID().uuidString).mov").path
            #expect(FileManager.default.createFile(atPath: movie, contents: Data(m.bytes())))
            let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "p-\(UUID().uuidString).jpg")
            defer { try? FileManager.default.removeItem(atPath: movie); try? FileManager.default.removeItem(atPath: still) }
            var options = PairOptions()
            let n = pick % m.frameCount
            if !middle { options.stillTime = .frame(n) }
            let result = try PairOperation.run(still: still, movie: movie, options: options)
            #expect(result.stillImageTime == .added)

            let file = try MovieFile.open(path: movie)
            let track = try #require(file.movie.stillImageTimeTracks.first)
            let tick = FrameTiming(track: track, movieTimescale: m.movieTimescale).startTick(ofFrame: 0)
            #expect(result.stillTime == Double(tick) / Double(m.movieTimescale))
            let frame: Int
            if middle {
                let twice = m.interval(ofFrame: 0).start + m.interval(ofFrame: m.frameCount - 1).end
                frame = try #require((0..<m.frameCount).first { m.interval(ofFrame: $0).start * 2 <= twice && twice < m.interval(ofFrame: $0).end * 2 })
            } else {
                frame = n
            }
            let (start, end) = m.interval(ofFrame: frame)
            #expect(m.units(ofTick: tick) >= start && m.units(ofTick: tick) < end, "still at tick \(tick) is not inside frame \(frame) [\(start), \(end)) of \(m)")
            // The track stays within the movie.
            #expect(track.header.duration <= file.movie.header.duration)
        } }
    }

    /// Real encodes: ffmpeg's H.264 with two B-frames (`ctts` and an edit list) at every frame
    /// rate (and a variable one) and movie timescale. ffprobe judges independently: the video's packet times give
    /// frame N's interval, and the still-image-time stream's start is the written time.
    @Test("ffmpeg encodes: the still lies inside frame N by ffprobe's packet times, and ffprobe's start time agrees",
          .requires(.ffmpeg, .ffprobe),
          arguments: [0, 1, 2, 3, 4, 5, 6, 7], movieTimescales)
    func ffmpegEncodes(rate: Int, movieTimescale: UInt32) async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (num, den) = Self.rates[rate]
        let source = dir.appendingPathComponent("source.mov").path
        // Rate 7: a variable frame rate (1/30 s frames, then ever longer ones), at media timescale 90000.
        let input = den == 0 ? ["-i", "testsrc2=r=30:d=1:s=64x48", "-vf", "setpts='if(lt(N,10),N/30,N/20+(N*N)/4000)/TB'", "-fps_mode", "vfr", "-video_track_timescale", "90000"]
                             : ["-i", "testsrc2=r=\(num)/\(den):d=1:s=64x48"]
        let encode = try Support.run(Support.tool("ffmpeg")!, ["-v", "error", "-y", "-f", "lavfi"] + input +
                                     ["-c:v", "libx264", "-bf", "2", "-pix_fmt", "yuv420p", "-movie_timescale", "\(movieTimescale)", "-f", "mov", source])
        try #require(encode.status == 0, "ffmpeg: \(encode.err)")
        let ffprobe = Support.tool("ffprobe")!
        // Video packet times (stream time base), in presentation order.
        let stream = try Support.run(ffprobe, ["-v", "error", "-select_streams", "v", "-show_entries", "stream=time_base", "-of", "csv=p=0", source])
        let base = stream.out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "/").compactMap { Int64($0) }
        try #require(base.count == 2)
        let packets = try Support.run(ffprobe, ["-v", "error", "-select_streams", "v", "-show_entries", "packet=pts", "-of", "csv=p=0", source])
        let pts = packets.out.split(separator: "\n").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.sorted()
        try #require(pts.count >= 3)

        // The default (middle) once, then frames drawn by the property checker.
        try Self.checkEncode(source: source, frame: nil, pts: pts, base: base, movieTimescale: movieTimescale, dir: dir)
        await propertyCheck(count: 2, input: Gen.nearEnds(in: 0...(pts.count - 2))) { n in await Support.failingOnThrow {
            try Self.checkEncode(source: source, frame: n, pts: pts, base: base, movieTimescale: movieTimescale, dir: dir)
        } }
    }

    /// Pairs a copy of `source` at `frame` (nil: the default) and checks it against ffprobe.
    static func checkEncode(source: String, frame n: Int?, pts: [Int64], base: [Int64], movieTimescale: UInt32, dir: URL) throws {
        let ffprobe = Support.tool("ffprobe")!
        do {
            let movie = try Support.copy(source, to: dir, as: "m.mov")
            let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "m.jpg")
            var options = PairOptions()
            if let n { options.stillTime = .frame(n) }
            let result = try PairOperation.run(still: still, movie: movie, options: options)
            let file = try MovieFile.open(path: movie)
            let track = try #require(file.movie.stillImageTimeTracks.first)
            let tick = FrameTiming(track: track, movieTimescale: movieTimescale).startTick(ofFrame: 0)
            #expect(result.stillTime == Double(tick) / Double(movieTimescale))
            // tick / movieTimescale in [pts_N, pts_N+1) × base[0] / base[1], compared exactly.
            let frame = n ?? pts.indices.last { pts[$0] * base[0] * Int64(movieTimescale) <= Int64(tick) * base[1] }!
            let lhs = Int64(tick) * base[1]
            #expect(pts[frame] * base[0] * Int64(movieTimescale) <= lhs && lhs < pts[frame + 1] * base[0] * Int64(movieTimescale),
                    "\(source), timescale \(movieTimescale): tick \(tick) is not inside frame \(frame) (pts \(pts[frame])..<\(pts[frame + 1]) × \(base[0])/\(base[1]))")
            let data = try Support.run(ffprobe, ["-v", "error", "-select_streams", "d", "-show_entries", "stream=time_base,start_pts", "-of", "csv=p=0", movie])
            let fields = data.out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
            try #require(fields.count == 2, "ffprobe data stream: \(data.out)")
            let dataBase = fields[0].split(separator: "/").compactMap { Int64($0) }
            let startPts = try #require(Int64(fields[1]))
            #expect(startPts * dataBase[0] * Int64(movieTimescale) == Int64(tick) * dataBase[1], "ffprobe start \(startPts) × \(fields[0]) vs \(tick)/\(movieTimescale)")
            try FileManager.default.removeItem(atPath: movie)
            try FileManager.default.removeItem(atPath: still)
        }
    }
}
