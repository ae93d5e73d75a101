import Foundation
import BinaryIO
import ISOBMFF

/// What a movie's still-image-time track(s) say before pairing: whether the first one (by
/// track order) can be kept as it is, and why not when it cannot: a Live Photo rule (which
/// still track a pair keeps), so it lives with the plan, not in the box layer.
struct ExistingStillImageTime {
    enum State {
        /// No still-image-time track.
        case none
        /// Readable, with its sample presented at `tick` (movie timescale), inside the video.
        case usable(track: Track, tick: Int64)
        /// Present, but it cannot be read or its sample lies outside the video.
        case unusable(track: Track, reason: String)
    }

    let state: State
    /// Every still-image-time track, in track order (the first is the one assessed).
    let tracks: [Track]

    init(file: MovieFile, videoTiming: FrameTiming) {
        let movie = file.movie
        tracks = movie.stillImageTimeTracks
        guard let track = tracks.first else { state = .none; return }
        let reading: StillImageTimeTrack.Reading
        do { reading = try StillImageTimeTrack.read(track, in: file) } catch {
            let reason = (error as? ParseError)?.message ?? "\(error)"
            state = .unusable(track: track, reason: "track \(track.trackID) cannot be read: \(reason)")
            return
        }
        guard reading.value != nil else {
            state = .unusable(track: track, reason: "track \(track.trackID) holds no still-image-time value")
            return
        }
        let own = FrameTiming(track: track, movieTimescale: movie.header.timescale)
        guard own.frameCount > 0 else {
            state = .unusable(track: track, reason: "no edit of track \(track.trackID) presents its sample")
            return
        }
        let tick = own.startTick(ofFrame: 0)
        guard videoTiming.frame(containingMovieTick: tick) != nil else {
            let ts = Double(movie.header.timescale)
            let range = videoTiming.frameCount > 0
                ? String(format: "%.3f–%.3f s", Double(videoTiming.startTick(ofFrame: 0)) / ts, Double(videoTiming.endTick) / ts) : "no frames"
            state = .unusable(track: track, reason: "track \(track.trackID)'s sample at \(String(format: "%.3f", Double(tick) / ts)) s lies outside the video (\(range))")
            return
        }
        state = .usable(track: track, tick: tick)
    }

    /// A movie whose one still-image-time track is `track` (built by an edit), shown at `tick`.
    init(keeping track: Track, tick: Int64) {
        state = .usable(track: track, tick: tick)
        tracks = [track]
    }

    /// The tick of a usable track's sample, else nil.
    var usableTick: Int64? {
        if case .usable(_, let tick) = state { return tick }
        return nil
    }
}
