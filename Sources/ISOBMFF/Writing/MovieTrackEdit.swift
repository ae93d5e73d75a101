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
