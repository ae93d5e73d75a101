import ISOBMFF

/// Turns a `StillTimeChoice` into seconds on the movie timeline, checked against the movie.
enum StillTimeResolver {
    static func resolve(_ choice: PairOptions.StillTimeChoice, movie: Movie, video: Track, path: String) throws -> Double {
        let ts = movie.header.timescale
        let span = video.presentedSpan(movieTimescale: ts)
        let end = min(span.end, movie.durationSeconds > 0 ? movie.durationSeconds : span.end)
        switch choice {
        case .middle:
            return (span.start + end) / 2
        case .seconds(let t):
            guard t.isFinite, t >= span.start, t <= end else {
                throw LivePhotoError(path: path, reason: "still time \(format(t)) s lies outside the video (\(format(span.start))–\(format(end)) s)", category: .refused)
            }
            return t
        case .frame(let n):
            let frames = video.framePresentationTimes(movieTimescale: ts)
            guard n >= 0, n < frames.count else {
                throw LivePhotoError(path: path, reason: "still frame \(n) does not exist: the video has \(frames.count) frames (0–\(frames.count - 1))", category: .refused)
            }
            return frames[n]
        }
    }

    static func format(_ t: Double) -> String {
        let s = String(format: "%.3f", t)
        return s
    }
}

import Foundation
