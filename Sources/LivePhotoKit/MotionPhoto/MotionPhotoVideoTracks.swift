import BinaryIO
import ISOBMFF

/// Which of an embedded MP4's video tracks is the motion a Live Photo plays. A Pixel 3a MP4
/// holds the 1024x768 motion and, beside it, a 2048x1536 track of one frame (the still, at
/// its moment); both are enabled, and a QuickTime player composites every enabled video track.
/// The motion is the movie's main video track (`Movie.mainVideoTrack`: the one a
/// still-image-time track describes, else the enabled one with the most frames); every other
/// video track is kept byte for byte but disabled,
/// as Apple's own extra video tracks are (iOS 26 camera movies), so Photos plays only the motion.
struct MotionPhotoVideoTracks {
    let motion: Track
    /// Video tracks left in the movie but not played.
    let others: [Track]
    /// Where a one-frame track beside the motion shows its frame (exact, on the movie
    /// timeline): the camera's still moment, when the XMP gives none.
    let stillFrameStart: FrameTiming.ExactTime?

    init?(_ movie: Movie) {
        guard let motion = movie.mainVideoTrack else { return nil }
        self.motion = motion
        others = movie.videoTracks.filter { $0.trackID != motion.trackID }
        let timescale = movie.header.timescale
        stillFrameStart = others.first { $0.sampleTable.sampleCount == 1 }?.firstSampleStart(movieTimescale: timescale)
    }

    /// The video tracks besides the motion that players would show: the Live Photo's movie
    /// keeps them, disabled (`LivePhotoMovieEdit.disabledTracks`).
    var playedOthers: [Track] { others.filter(\.header.isEnabled) }

    /// What the user is told about the tracks left out of playback; nil when there are none.
    var note: String? {
        let played = playedOthers
        guard !played.isEmpty else { return nil }
        let list = played.map { "track \($0.trackID) (\(Self.size($0)), \(CountedNoun.text(Int($0.sampleTable.sampleCount), "frame")))" }
        return "the video has \(others.count + 1) video tracks: track \(motion.trackID) (\(Self.size(motion))) is the motion; "
            + list.joined(separator: ", ") + " kept but disabled so that players show only the motion"
    }

    static func size(_ track: Track) -> String {
        "\(track.header.fixedWidth >> 16)x\(track.header.fixedHeight >> 16)"
    }
}
