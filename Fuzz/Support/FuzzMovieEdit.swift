import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// The movie half of pairing as `pair` applies it (`LivePhotoMovieEdit`, from LivePhotoKit
/// built with -enable-testing by scripts/fuzz.sh): the identifier and a still-image-time
/// track at half a second of movie ticks.
enum FuzzMovieEdit {
    static func apply(to plan: MovieRewritePlan, identifier: String) throws {
        let movie = plan.file.movie
        guard let video = movie.mainVideoTrack else {
            throw ParseError(.unsupported, "the movie has no video track", path: "moov", offset: plan.file.moovHeader.offset)
        }
        let timing = FrameTiming(track: video, movieTimescale: movie.header.timescale)
        let tick = Int64(movie.header.timescale) / 2
        let edit = LivePhotoMovieEdit(identifier: identifier, placement: .at(tick: tick, sampleDuration: 1),
                                      existing: ExistingStillImageTime(file: plan.file, videoTiming: timing))
        try edit.apply(to: plan)
    }
}
