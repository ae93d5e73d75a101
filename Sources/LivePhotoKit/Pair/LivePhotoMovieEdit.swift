import BinaryIO
import ISOBMFF

/// The movie half of a pair, decided once in a plan (`PairPlanner`; convert's `NewPairPlan`)
/// and applied to a planned `moov`: sets
/// `com.apple.quicktime.content.identifier` in `moov/meta` and leaves the movie with one
/// still-image-time track at the still's time. A camera's track is data (its time and extra
/// keys): it is kept as it is, or only its sample is moved; a new track is built only when
/// there is none that can be read. One more edit of the movie is one more field here, applied
/// in `apply(to:)`.
struct LivePhotoMovieEdit {
    /// Where the still goes.
    enum Placement: Sendable, Equatable {
        /// Keep the existing (usable) track exactly as it is.
        case keep
        /// Present the sample at `tick` (movie timescale) for `sampleDuration` ticks (one frame).
        case at(tick: Int64, sampleDuration: Int64)
    }

    struct Result: Sendable, Equatable {
        var outcome: StillImageTimeOutcome
        /// Why a track was replaced, or that extra tracks were removed; nil when there is nothing to say.
        var note: String?
    }

    var identifier: String
    var placement: Placement
    /// The movie's still-image-time tracks as read, the first one assessed.
    var existing: ExistingStillImageTime
    /// The track a new still-image-time track describes (nil: the movie's main video track).
    var video: Track? = nil
    /// Video tracks kept but taken out of playback (a Motion Photo's tracks besides its motion).
    var disabledTracks: [Track] = []
    /// `pair --wallpaper`: the camera's wallpaper structure the movie lacks, added around this edit.
    var wallpaper: WallpaperMovieEdit? = nil

    /// Only the first still-image-time track (by track order) survives; the others are removed.
    var removedTracks: [Track] { Array(existing.tracks.dropFirst()) }

    /// Applies the edit to `plan`'s `moov` tree and queues a new track's sample if one is built.
    @discardableResult
    func apply(to plan: MovieRewritePlan) throws -> Result {
        let moovOffset = plan.file.moovHeader.offset
        guard let video = video ?? plan.file.movie.mainVideoTrack else {
            throw ParseError(.unsupported, "the movie has no video track", path: "moov", offset: moovOffset)
        }
        if let wallpaper {
            // The three-key track first (it replaces the one-key ones), then this edit keeping
            // it, then the tracks and keys it lacks, placed before it.
            var rest = self
            rest.wallpaper = nil
            if wallpaper.replacesStillTrack {
                (rest.existing, rest.placement) = try wallpaper.replaceStillTrack(in: plan, existing: existing, video: video)
            }
            try rest.apply(to: plan)
            try wallpaper.addMissing(to: plan, video: video)
            return planned
        }
        for track in disabledTracks {
            if let tkhd = track.atom.child("tkhd") { TrackHeader.setEnabled(false, in: tkhd) }
        }
        try MovieMetadataEdit.setString(identifier, forKey: Movie.contentIdentifierKey, in: plan)
        MovieTrackEdit.remove(removedTracks, from: plan)

        switch (existing.state, placement) {
        case (.usable, .keep):
            break
        case (.usable(let track, _), .at(let tick, let duration)):
            StillImageTimeTrackEdit.move(track, to: tick, sampleDuration: duration, movie: plan.file.movie)
        case (.none, .at(let tick, let duration)):
            try addTrack(at: tick, sampleDuration: duration, video: video, plan: plan, replacing: [])
        case (.unusable(let track, _), .at(let tick, let duration)):
            MovieTrackEdit.remove([track], from: plan)
            try addTrack(at: tick, sampleDuration: duration, video: video, plan: plan, replacing: [track])
        case (.none, .keep), (.unusable, .keep):
            throw ParseError(.invalidValue, "no usable still-image-time track to keep", path: "moov", offset: moovOffset)
        }
        return planned
    }

    /// A new track after the last one, numbered past every track that stays.
    private func addTrack(at tick: Int64, sampleDuration: Int64, video: Track, plan: MovieRewritePlan, replacing: [Track]) throws {
        let trackID = MovieTrackEdit.newTrackID(in: plan.file.movie, removing: replacing + removedTracks)
        try StillImageTimeTrackEdit.add(trackID: trackID, at: tick, sampleDuration: sampleDuration, video: video, plan: plan)
    }

    /// Whether applying the edit to `movie` would leave it as it is: it already carries the
    /// identifier (wherever it holds one) and its one still-image-time track is kept.
    func changesNothing(in movie: Movie) -> Bool {
        let key = Movie.contentIdentifierKey
        return placement == .keep && existing.tracks.count == 1 && wallpaper?.needsEdit != true
            && movie.metadata?.stringValue(forKey: key) == identifier
            && (movie.userDataMetadata?.stringValue(forKey: key) ?? identifier) == identifier
    }

    /// What `apply` does (or, in a dry run, would do) to the still-image-time track.
    var planned: Result {
        if let wallpaper, wallpaper.replacesStillTrack {
            return Result(outcome: .added, note: existing.tracks.isEmpty ? nil : "replaced by the camera's three-key still-image-time track (wallpaper)")
        }
        var notes: [String] = []
        let outcome: StillImageTimeOutcome
        switch existing.state {
        case .usable: outcome = placement == .keep ? .kept : .moved
        case .none: outcome = .added
        case .unusable(_, let reason):
            outcome = .added
            notes.append("replaced: \(reason)")
        }
        if existing.tracks.count > 1 {
            let extras = removedTracks.map { "track \($0.trackID)" }.joined(separator: ", ")
            notes.append("the movie had \(existing.tracks.count) still-image-time tracks; \(outcome == .added ? "removed" : "kept track \(existing.tracks[0].trackID), removed") \(extras)")
        }
        return Result(outcome: outcome, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }
}

/// What happened to the still-image-time track.
public enum StillImageTimeOutcome: String, Codable, Sendable, Equatable {
    /// The existing track was left byte for byte as it was.
    case kept
    /// The existing track's sample was moved (its edit list and duration rewritten, its keys kept).
    case moved
    /// A new track was built (there was none, or it could not be used).
    case added
}
