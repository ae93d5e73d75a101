import BinaryIO

/// The movie half of pairing: sets `com.apple.quicktime.content.identifier` in `moov/meta`
/// and leaves the movie with one still-image-time track at the still's time. A camera's track
/// is data (its time and extra keys): it is kept as it is, or only its sample is moved; a new
/// track is built only when there is none that can be read.
public enum LivePhotoMovieEdit {
    /// Where the still goes.
    public enum Placement: Sendable, Equatable {
        /// Keep the existing (usable) track exactly as it is.
        case keep
        /// Present the sample at `tick` (movie timescale) for `sampleDuration` ticks (one frame).
        case at(tick: Int64, sampleDuration: Int64)
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

    public struct Result: Sendable, Equatable {
        public var outcome: StillImageTimeOutcome
        /// Why a track was replaced, or that extra tracks were removed; nil when there is nothing to say.
        public var note: String?
    }

    /// Applies the edit to `plan`'s `moov` tree and queues a new track's sample if one is built.
    /// - Parameter video: the track a new still-image-time track describes (default: the first video track).
    @discardableResult
    public static func apply(to plan: MovieRewritePlan, identifier: String, placement: Placement,
                             existing: ExistingStillImageTime, video chosen: Track? = nil) throws -> Result {
        let movie = plan.file.movie
        let moov = plan.moov
        guard let video = chosen ?? movie.mainVideoTrack else {
            throw ParseError(.unsupported, "the movie has no video track", path: "moov", offset: plan.file.moovHeader.offset)
        }
        try setIdentifier(identifier, in: plan)

        // Only the first still-image-time track (by track order) survives.
        let extras = Set(existing.tracks.dropFirst().map { ObjectIdentifier($0.atom) })
        if !extras.isEmpty { moov.children?.removeAll { extras.contains(ObjectIdentifier($0)) } }

        switch (existing.state, placement) {
        case (.usable, .keep):
            break
        case (.usable(let track, _), .at(let tick, let duration)):
            move(track, to: tick, sampleDuration: duration, movie: movie)
        case (.none, .at(let tick, let duration)):
            try add(at: tick, sampleDuration: duration, video: video, plan: plan, removed: [])
        case (.unusable(let track, _), .at(let tick, let duration)):
            moov.children?.removeAll { $0 === track.atom }
            try add(at: tick, sampleDuration: duration, video: video, plan: plan, removed: [track])
        case (.none, .keep), (.unusable, .keep):
            throw ParseError(.invalidValue, "no usable still-image-time track to keep", path: "moov", offset: plan.file.moovHeader.offset)
        }
        return plannedResult(existing: existing, placement: placement)
    }

    /// What `apply` does (or, in a dry run, would do) to the still-image-time track.
    public static func plannedResult(existing: ExistingStillImageTime, placement: Placement) -> Result {
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
            let extras = existing.tracks.dropFirst().map { "track \($0.trackID)" }.joined(separator: ", ")
            notes.append("the movie had \(existing.tracks.count) still-image-time tracks; \(outcome == .added ? "removed" : "kept track \(existing.tracks[0].trackID), removed") \(extras)")
        }
        return Result(outcome: outcome, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// The edit as a test or tool builds it from a time in seconds: the sample at the first
    /// movie tick at or after `stillTime` (never left at a time outside the range it was
    /// given), an existing usable track moved, anything else replaced.
    @discardableResult
    public static func apply(to plan: MovieRewritePlan, identifier: String, stillTime: Double, video chosen: Track? = nil) throws -> Result {
        let file = plan.file
        let timescale = file.movie.header.timescale
        guard let video = chosen ?? file.movie.mainVideoTrack else {
            throw ParseError(.unsupported, "the movie has no video track", path: "moov", offset: file.moovHeader.offset)
        }
        let timing = FrameTiming(track: video, movieTimescale: timescale)
        let ticks = (stillTime * Double(timescale)).rounded(.up)
        let tick = ticks.isFinite ? Int64(min(max(0, ticks), Double(UInt32.max))) : 0
        var duration: Int64 = 1
        if let frame = timing.frame(containingMovieTick: tick) {
            let next = frame + 1 < timing.frameCount ? timing.startTick(ofFrame: frame + 1) : timing.endTick
            duration = max(1, next - timing.startTick(ofFrame: frame))
        }
        return try apply(to: plan, identifier: identifier, placement: .at(tick: tick, sampleDuration: duration),
                         existing: ExistingStillImageTime(file: file, videoTiming: timing), video: video)
    }

    /// Identifier in moov/meta (QuickTime form), and the same one wherever udta/meta holds it,
    /// so no different identifier is left behind.
    static func setIdentifier(_ identifier: String, in plan: MovieRewritePlan) throws {
        let movie = plan.file.movie
        let moov = plan.moov
        if let meta = moov.child("meta") {
            guard movie.metadata != nil else {
                throw ParseError(.unsupported, "moov/meta holds metadata that is not QuickTime 'mdta'", path: "moov/meta", offset: meta.originalOffset ?? 0)
            }
            // Only the identifier's value changes; every other key, item and byte stays.
            try MetadataStringEdit.set(identifier, forKey: Movie.contentIdentifierKey, in: meta, path: "moov/meta")
        } else {
            var metadata = QuickTimeMetadata(items: [])
            metadata.setString(identifier, forKey: Movie.contentIdentifierKey)
            moov.children?.append(metadata.metaAtom())
        }
        if let userData = movie.userDataMetadata, userData.item(forKey: Movie.contentIdentifierKey) != nil,
           let meta = moov.find("udta", "meta") {
            try MetadataStringEdit.set(identifier, forKey: Movie.contentIdentifierKey, in: meta, path: "moov/udta/meta")
        }
    }

    /// Moves `track`'s sample to `tick`: its edit list becomes an empty edit of `tick` ticks then
    /// the sample's edit, and its `tkhd` duration follows; every other box of the track stays.
    static func move(_ track: Track, to tick: Int64, sampleDuration: Int64, movie: Movie) {
        let movieTS = Int128(max(1, movie.header.timescale))
        let mediaTS = Int128(max(1, track.mediaHeader.timescale))
        // The edit that shows the sample: the track's first non-empty one, else its whole media.
        var sampleEdit: EditList.Entry
        if let e = track.edits?.entries.first(where: { $0.mediaTime >= 0 }) {
            sampleEdit = e
        } else {
            let mediaTicks = Int128(track.sampleTable.mediaDuration == UInt64.max ? 0 : track.sampleTable.mediaDuration)
            let ticks = FrameTiming.ceilDiv(mediaTicks * movieTS, mediaTS)
            sampleEdit = EditList.Entry(duration: UInt64(clamping: max(ticks, Int128(sampleDuration))),
                                        mediaTime: max(0, track.sampleTable.compositionTimes().min() ?? 0), rate: 0x10000)
        }
        if sampleEdit.duration == 0 { sampleEdit.duration = UInt64(max(1, sampleDuration)) }
        let start = UInt64(max(0, tick))
        sampleEdit.duration = clampedDuration(sampleEdit.duration, at: start, movie: movie)
        var entries: [EditList.Entry] = []
        if start > 0 { entries.append(EditList.Entry(duration: start, mediaTime: -1, rate: 0x10000)) }
        entries.append(sampleEdit)
        let elst = EditList(entries: entries).atom()

        let trak = track.atom
        if let edts = trak.child("edts") {
            if let i = edts.children?.firstIndex(where: { $0.type == "elst" }) { edts.children?[i] = elst } else { edts.children?.append(elst) }
        } else {
            let at = (trak.children?.firstIndex { $0.type == "tkhd" } ?? -1) + 1
            trak.children?.insert(Atom(type: "edts", children: [elst]), at: at)
        }
        if let tkhd = trak.child("tkhd") { TrackHeader.setDuration(start + sampleEdit.duration, in: tkhd) }
    }

    /// A sample duration shortened so the track ends within the movie when the still is near its end.
    static func clampedDuration(_ duration: UInt64, at start: UInt64, movie: Movie) -> UInt64 {
        let movieTicks = movie.header.duration
        if start < movieTicks, start + duration > movieTicks { return max(1, movieTicks - start) }
        return max(1, duration)
    }

    /// Adds a new still-image-time track after the last track and queues its sample.
    static func add(at tick: Int64, sampleDuration: Int64, video: Track, plan: MovieRewritePlan, removed: [Track]) throws {
        let movie = plan.file.movie
        let moov = plan.moov
        let gone = Set((removed + movie.stillImageTimeTracks.dropFirst()).map { ObjectIdentifier($0.atom) })
        let usedIDs = movie.tracks.filter { !gone.contains(ObjectIdentifier($0.atom)) }.map(\.trackID)
        var trackID = movie.header.nextTrackID
        if trackID == 0 || trackID == UInt32.max || usedIDs.contains(where: { $0 >= trackID }) {
            trackID = (usedIDs.max() ?? 0) + 1
        }
        let start = UInt64(max(0, tick))
        let duration = clampedDuration(UInt64(max(1, sampleDuration)), at: start, movie: movie)
        let trak = StillImageTimeTrack.makeTrack(trackID: trackID, videoTrackID: video.trackID, movieTimescale: movie.header.timescale,
                                                 stillTick: start, sampleDuration: UInt32(clamping: duration))
        var children = moov.children ?? []
        let insertAt = (children.lastIndex { $0.type == "trak" } ?? children.firstIndex { $0.type == "mvhd" } ?? -1) + 1
        children.insert(trak, at: insertAt)
        moov.children = children
        if let stbl = trak.find("mdia", "minf", "stbl") {
            plan.appendChunk(StillImageTimeTrack.sample(), forTrackTable: stbl)
        }
        if let mvhd = moov.child("mvhd") { MovieHeader.setNextTrackID(trackID + 1, in: mvhd) }
    }
}
