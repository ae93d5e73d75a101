import BinaryIO

extension MovieRewritePlan {
    /// A track id no track of the edited `moov` uses: `mvhd`'s next track id when it is free,
    /// else one past the largest in use.
    public func freeTrackID() throws -> UInt32 {
        let used = try moov.children("trak").compactMap { trak in
            try trak.child("tkhd").map { try TrackHeader($0, path: "moov/trak/tkhd").trackID }
        }
        let next = (try moov.child("mvhd").map { try MovieHeader($0, path: "moov/mvhd").nextTrackID }) ?? 0
        if next != 0, next != UInt32.max, !used.contains(where: { $0 >= next }) { return next }
        return (used.max() ?? 0) + 1
    }

    /// Adds `trak` before `successor` (a `trak` of the edited `moov`) or else after the last
    /// track, queues `samples` as its one chunk in the appended media, and moves `mvhd`'s next
    /// track id past it.
    public func addTrack(_ trak: Atom, samples: [UInt8], before successor: Atom? = nil) throws {
        guard let stbl = trak.find("mdia", "minf", "stbl"), let tkhd = trak.child("tkhd") else {
            throw ParseError(.invalidValue, "a built track has no sample table", path: "moov/trak", offset: 0)
        }
        let trackID = try TrackHeader(tkhd, path: "moov/trak/tkhd").trackID
        var children = moov.children ?? []
        let insertAt = successor.flatMap { s in children.firstIndex { $0 === s } }
            ?? (children.lastIndex { $0.type == "trak" } ?? children.firstIndex { $0.type == "mvhd" } ?? -1) + 1
        children.insert(trak, at: insertAt)
        moov.children = children
        appendChunk(samples, forTrackTable: stbl)
        if let mvhd = moov.child("mvhd") { MovieHeader.setNextTrackID(trackID + 1, in: mvhd) }
    }
}
