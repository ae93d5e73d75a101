import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

extension LivePhotoMovieEdit {
    /// The edit as a test builds it, at movie tick `tick`: the sample lasts the frame of `video`
    /// (default: the main video track) shown there (1 tick when none is), an existing usable
    /// track is moved, anything else replaced. Integer ticks throughout, as in a plan.
    @discardableResult
    static func apply(to plan: MovieRewritePlan, identifier: String, atTick tick: Int64, video chosen: Track? = nil) throws -> Result {
        let file = plan.file
        guard let video = chosen ?? file.movie.mainVideoTrack else {
            throw ParseError(.unsupported, "the movie has no video track", path: "moov", offset: file.moovHeader.offset)
        }
        let timing = FrameTiming(track: video, movieTimescale: file.movie.header.timescale)
        var duration: Int64 = 1
        if let frame = timing.frame(containingMovieTick: tick) {
            let next = frame + 1 < timing.frameCount ? timing.startTick(ofFrame: frame + 1) : timing.endTick
            duration = max(1, next - timing.startTick(ofFrame: frame))
        }
        let edit = LivePhotoMovieEdit(identifier: identifier, placement: .at(tick: tick, sampleDuration: duration),
                                      existing: ExistingStillImageTime(file: file, videoTiming: timing), video: video)
        return try edit.apply(to: plan)
    }

    /// The same at the first movie tick at or after `milliseconds` (rounded up in integers).
    @discardableResult
    static func apply(to plan: MovieRewritePlan, identifier: String, atMillisecond milliseconds: Int64, video: Track? = nil) throws -> Result {
        let timescale = Int64(plan.file.movie.header.timescale)
        let tick = (milliseconds * timescale + 999) / 1000
        return try apply(to: plan, identifier: identifier, atTick: tick, video: video)
    }
}
