import Foundation
import Testing
import PropertyBased
import TestSupport
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// `make` decodes the frame shown at one tick and hands `pair` that time; the still-image-time
/// `pair` writes must lie inside the frame the JPEG holds (at or after its start, before its
/// end), on every timing: Apple's 600 ticks with 20-tick frames, 29.97 fps, 30 fps at
/// timescale 1000 (33.33 ms frames), variable frame rates, B-frames and edit lists.
@Suite("make: the still-image-time lies inside the frame the still holds")
struct MakeStillTimePropertyTests {
    /// A movie of one of the timings cameras and muxers write; `seed` drives variable durations.
    static func movie(family: Int, movieTimescale: UInt32, frames: Int, bFrames: Bool, editList: Bool, seed: UInt64) -> SyntheticVideoMovie {
        var state = seed | 1
        func next(_ range: ClosedRange<UInt32>) -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + UInt32((state >> 33) % UInt64(range.count))
        }
        let (mediaTimescale, durations): (UInt32, [UInt32])
        switch family {
        case 0: (mediaTimescale, durations) = (600, Array(repeating: 20, count: frames))                       // iPhone: 30 fps at 600
        case 1: (mediaTimescale, durations) = (30000, Array(repeating: 1001, count: frames))                   // 29.97 fps
        case 2: (mediaTimescale, durations) = (1000, (0..<frames).map { $0 % 3 == 2 ? 34 : 33 })              // 30 fps at 1000: 33.33 ms
        case 3: (mediaTimescale, durations) = (600, (0..<frames).map { _ in next(12...51) })                   // iPhone VFR (20, 32, 51 ... ticks)
        default:
            return StillFramePropertyTests.movie(rate: Int(seed % 8), movieTimescale: movieTimescale, mediaStyle: Int(seed / 8 % 4),
                                                 frames: frames, bFrames: bFrames, editList: editList, seed: seed)
        }
        return SyntheticVideoMovie(movieTimescale: movieTimescale, mediaTimescale: mediaTimescale, durations: durations, bFrames: bFrames, editList: editList)
    }

    static let movies = zip(Gen.nearEnds(in: 0...4), Gen.element(of: StillFramePropertyTests.movieTimescales), Gen.nearEnds(in: 2...75),
                            Gen.bool(), Gen.bool(), Gen.int(in: 0...Int.max))
        .map { c in
            MakeStillTimePropertyTests.movie(family: c.0, movieTimescale: c.1 ?? 600, frames: c.2, bFrames: c.3, editList: c.4, seed: UInt64(c.5))
        }

    /// The frame (presentation order) whose sample is shown at `tick`: the one `StillFrameExtractor` decodes.
    static func decodedFrame(_ m: SyntheticVideoMovie, track: Track, tick: Int64) throws -> Int? {
        let shown = try #require(FrameTiming(track: track, movieTimescale: m.movieTimescale).shownSample(atMovieTick: tick))
        let starts = m.presentationStarts
        return (0..<m.frameCount).first { starts[$0] + m.shift == shown.compositionTime }
    }

    @Test("--still-frame N, --still-time T and the middle: the written tick is inside the decoded frame (N for --still-frame)")
    func writtenTickIsInsideTheDecodedFrame() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        await propertyCheck(count: 120, input: Self.movies, Gen.nearEnds(in: 0...2), Gen.int(in: 0...Int.max)) { m, how, pick in await Support.failingOnThrow {
            let movie = dir.appendingPathComponent("m-\(UUID().uuidString).mov").path
            #expect(FileManager.default.createFile(atPath: movie, contents: Data(m.bytes())))
            let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "s-\(UUID().uuidString).jpg")
            defer { try? FileManager.default.removeItem(atPath: movie); try? FileManager.default.removeItem(atPath: still) }

            let n = pick % m.frameCount
            let choice: PairOptions.StillTimeChoice
            switch how {
            case 0: choice = .middle
            case 1: choice = .frame(n)
            default:
                // A time inside frame n, in whole microseconds (as typed), where one exists.
                let (start, end) = m.interval(ofFrame: n)
                let scale = Int64(m.movieTimescale) * Int64(m.mediaTimescale)
                let micro = (start * 1_000_000 + scale - 1) / scale
                choice = micro * scale < end * 1_000_000 ? .seconds(Double(micro) / 1_000_000) : .frame(n)
            }
            let file = try MovieFile.open(path: movie)
            let video = try #require(file.movie.videoTracks.first)
            let timing = FrameTiming(track: video, movieTimescale: m.movieTimescale)
            let existing = ExistingStillImageTime(file: file, videoTiming: timing)
            let decided = try PairStillTime.decide(choice, existing: existing, timing: timing, movieTimescale: m.movieTimescale, path: movie)
            let frame = try #require(try Self.decodedFrame(m, track: video, tick: decided.tick))
            if choice != .middle { #expect(frame == n, "\(choice): decoded frame \(frame) of \(m)") }

            var options = PairOptions()
            options.stillTime = decided.choice
            _ = try PairOperation.run(still: still, movie: movie, options: options)
            let written = try MovieFile.open(path: movie)
            let track = try #require(written.movie.stillImageTimeTracks.first)
            let tick = FrameTiming(track: track, movieTimescale: m.movieTimescale).startTick(ofFrame: 0)
            let (start, end) = m.interval(ofFrame: frame)
            #expect(tick == decided.tick)
            #expect(m.units(ofTick: tick) >= start && m.units(ofTick: tick) < end,
                    "\(choice): still-image-time tick \(tick) is not inside decoded frame \(frame) [\(start), \(end)) of \(m)")
        } }
    }
}
