import BinaryIO
import ISOBMFF

/// Which source frame each output frame shows when a span of a movie is resampled to a constant
/// frame rate: output frame k is the source frame presented at `start + k / rate` seconds
/// (exact comparison, no floating point). A slot where no frame is presented (an empty edit)
/// holds the frame before it, or the first one after it at the start of the span.
enum FrameSlots {
    /// A bound on the output, far above any wallpaper (1 to 5 s).
    static let maximumFrames = 36_000

    static func plan(timing: FrameTiming, span: WallpaperVideoEncoder.Span, movieTimescale: UInt32, frameRate: Int) throws -> [FrameTiming.ShownSample] {
        let movieTS = Int64(max(1, movieTimescale)), rate = Int64(frameRate)
        guard span.start >= 0, span.end > span.start, span.end <= timing.endTick else {
            throw ParseError(.invalidValue, "the span \(span.start)..<\(span.end) (movie ticks) is not inside the video's 0..<\(timing.endTick)")
        }
        // ceil((end - start) × rate / movie timescale) frames start inside [start, end).
        let (scaled, overflow) = (span.end - span.start).multipliedReportingOverflow(by: rate)
        let count = overflow ? Int64.max : (scaled + movieTS - 1) / movieTS
        guard count <= maximumFrames else {
            throw ParseError(.tooLarge, "\(count) frames exceed the \(maximumFrames) an encode may have")
        }
        var slots: [FrameTiming.ShownSample?] = []
        slots.reserveCapacity(Int(count))
        for k in 0..<count {
            // start/movieTS + k/rate = (start × rate + k × movieTS) / (movieTS × rate)
            let frame = timing.frame(containingTime: span.start * rate + k * movieTS, timescale: movieTS * rate)
            slots.append(frame.map { timing.shownSample(ofFrame: $0) })
        }
        guard let first = slots.first(where: { $0 != nil }) ?? nil else {
            throw ParseError(.invalidValue, "no video frame is presented in the span \(span.start)..<\(span.end) (movie ticks)")
        }
        var held = first
        return slots.map { slot in
            if let slot { held = slot }
            return held
        }
    }
}
