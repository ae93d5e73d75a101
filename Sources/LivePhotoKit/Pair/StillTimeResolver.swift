import Foundation
import ISOBMFF

/// A still time placed exactly on a frame: the first movie tick at or after the frame's start.
struct ResolvedStillTime: Equatable {
    /// The video frame (0-based, presentation order) the still shows.
    var frame: Int
    /// Movie ticks.
    var tick: Int64
    /// One frame, in movie ticks (at least 1): how long the new sample lasts.
    var sampleDuration: Int64
}

/// Turns a `StillTimeChoice` into a frame of the video and the movie tick that shows it. Frame
/// starts are exact (media timescale, edits and composition offsets applied) and rounded up to
/// a tick, so the tick always lies inside the chosen frame, never one tick before it.
enum StillTimeResolver {
    static func resolve(_ choice: PairOptions.StillTimeChoice, timing: FrameTiming, movieTimescale: UInt32, path: String) throws -> ResolvedStillTime {
        let count = timing.frameCount
        guard count > 0 else {
            throw LivePhotoError(path: path, reason: "the video presents no frames", category: .refused)
        }
        let frame: Int
        switch choice {
        case .middle:
            frame = timing.middleFrame ?? 0
        case .seconds(let t):
            // Whole microseconds: exact, and finer than anyone types a still time.
            let micro = t.isFinite && abs(t) < 1e12 ? Int64((t * 1_000_000).rounded()) : nil
            guard let micro, let f = timing.frame(containingTime: micro, timescale: 1_000_000) else {
                let ts = Double(movieTimescale)
                throw LivePhotoError(path: path, reason: "still time \(format(t)) s lies outside the video (valid: \(format(Double(timing.startTick(ofFrame: 0)) / ts)) s up to, not including, \(format(Double(timing.endTick) / ts)) s)", category: .refused)
            }
            frame = f
        case .frame(let n):
            guard n >= 0, n < count else {
                throw LivePhotoError(path: path, reason: "still frame \(n) does not exist: the video has \(CountedNoun.text(count, "frame")) (0–\(count - 1))", category: .refused)
            }
            frame = n
        }
        return resolved(frame: frame, timing: timing)
    }

    static func resolved(frame: Int, timing: FrameTiming) -> ResolvedStillTime {
        let tick = timing.startTick(ofFrame: frame)
        let next = frame + 1 < timing.frameCount ? timing.startTick(ofFrame: frame + 1) : timing.endTick
        return ResolvedStillTime(frame: frame, tick: tick, sampleDuration: max(1, next - tick))
    }

    static func format(_ t: Double) -> String { String(format: "%.3f", t) }
}
