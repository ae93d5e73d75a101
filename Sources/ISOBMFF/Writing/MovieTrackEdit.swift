import BinaryIO

/// Track-level edits of a planned `moov`: taking tracks out and numbering a new one.
public enum MovieTrackEdit {
    /// Removes `tracks`' `trak` boxes from the planned `moov`.
    public static func remove(_ tracks: [Track], from plan: MovieRewritePlan) {
        let gone = Set(tracks.map { ObjectIdentifier($0.atom) })
        guard !gone.isEmpty else { return }
        plan.moov.children?.removeAll { gone.contains(ObjectIdentifier($0)) }
    }

    /// The ID for a new track once `removed` are gone: the movie header's next track ID, unless
    /// it is invalid (0, the maximum) or not above every kept track's ID; then one above the highest.
    public static func newTrackID(in movie: Movie, removing removed: [Track]) -> UInt32 {
        let gone = Set(removed.map { ObjectIdentifier($0.atom) })
        let usedIDs = movie.tracks.filter { !gone.contains(ObjectIdentifier($0.atom)) }.map(\.trackID)
        let trackID = movie.header.nextTrackID
        if trackID == 0 || trackID == UInt32.max || usedIDs.contains(where: { $0 >= trackID }) {
            return (usedIDs.max() ?? 0) + 1
        }
        return trackID
    }

    /// Sets the movie header's next track ID.
    public static func setNextTrackID(_ trackID: UInt32, in plan: MovieRewritePlan) {
        if let mvhd = plan.moov.child("mvhd") { MovieHeader.setNextTrackID(trackID, in: mvhd) }
    }
}

extension MovieTrackEdit {
    /// The ID for a new track in the planned `moov` as it now is (tracks added or removed by
    /// this plan included), by the rule of `newTrackID(in:removing:)`.
    public static func newTrackID(in plan: MovieRewritePlan) throws -> UInt32 {
        newTrackID(in: try plan.readBack(), removing: [])
    }

    /// Adds a built `trak` before `successor` (a `trak` of the planned `moov`) or else after
    /// the last track, queues `samples` as its one chunk in the appended media, and sets the
    /// next track ID past it.
    public static func add(_ trak: Atom, to plan: MovieRewritePlan, samples: [UInt8], before successor: Atom? = nil) throws {
        guard let stbl = trak.find("mdia", "minf", "stbl"), let tkhd = trak.child("tkhd") else {
            throw ParseError(.invalidValue, "a built track has no sample table", path: "moov/trak", offset: 0)
        }
        let trackID = try TrackHeader(tkhd, path: "moov/trak/tkhd").trackID
        var children = plan.moov.children ?? []
        let insertAt = successor.flatMap { s in children.firstIndex { $0 === s } }
            ?? (children.lastIndex { $0.type == "trak" } ?? children.firstIndex { $0.type == "mvhd" } ?? -1) + 1
        children.insert(trak, at: insertAt)
        plan.moov.children = children
        plan.appendChunk(samples, forTrackTable: stbl)
        setNextTrackID(trackID + 1, in: plan)
    }
}
