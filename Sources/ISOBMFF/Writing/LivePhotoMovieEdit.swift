import BinaryIO

/// The movie half of pairing: sets `com.apple.quicktime.content.identifier` in `moov/meta`
/// and puts one still-image-time track (replacing any there) at the still's time.
public enum LivePhotoMovieEdit {
    /// Applies the edit to `plan`'s `moov` tree and queues the track's one sample.
    public static func apply(to plan: MovieRewritePlan, identifier: String, stillTime: Double) throws {
        let movie = plan.file.movie
        let moov = plan.moov
        guard let video = movie.videoTracks.first else {
            throw ParseError(.unsupported, "the movie has no video track", path: "moov", offset: plan.file.moovHeader.offset)
        }

        // Identifier in moov/meta (QuickTime form), and the same one wherever udta/meta holds it,
        // so no different identifier is left behind.
        var metadata = movie.metadata ?? QuickTimeMetadata(items: [])
        metadata.setString(identifier, forKey: Movie.contentIdentifierKey)
        if let meta = moov.child("meta") {
            guard movie.metadata != nil else {
                throw ParseError(.unsupported, "moov/meta holds metadata that is not QuickTime 'mdta'", path: "moov/meta", offset: meta.originalOffset ?? 0)
            }
            metadata.write(into: meta)
        } else {
            moov.children?.append(metadata.metaAtom())
        }
        if var userData = movie.userDataMetadata, userData.item(forKey: Movie.contentIdentifierKey) != nil,
           let meta = moov.find("udta", "meta") {
            userData.setString(identifier, forKey: Movie.contentIdentifierKey)
            userData.write(into: meta)
        }

        // One still-image-time track: drop any there, add ours after the last track.
        let oldStillTracks = Set(movie.stillImageTimeTracks.map { ObjectIdentifier($0.atom) })
        moov.children?.removeAll { oldStillTracks.contains(ObjectIdentifier($0)) }

        let timescale = movie.header.timescale
        let usedIDs = movie.tracks.filter { !oldStillTracks.contains(ObjectIdentifier($0.atom)) }.map(\.trackID)
        var trackID = movie.header.nextTrackID
        if trackID == 0 || trackID == UInt32.max || usedIDs.contains(where: { $0 >= trackID }) {
            trackID = (usedIDs.max() ?? 0) + 1
        }
        let stillTicks = (stillTime * Double(timescale)).rounded()
        var frameTicks = 1.0
        if let delta = video.sampleTable.timeToSample.first?.delta, delta > 0 {
            frameTicks = max(1, (Double(delta) / Double(video.mediaHeader.timescale) * Double(timescale)).rounded())
        }
        // Keep the track inside the movie when the still is near its end.
        let movieTicks = Double(movie.header.duration)
        if stillTicks + frameTicks > movieTicks && movieTicks > stillTicks { frameTicks = max(1, movieTicks - stillTicks) }
        let trak = StillImageTimeTrack.makeTrack(trackID: trackID, videoTrackID: video.trackID, movieTimescale: timescale,
                                                 stillTime: stillTime, sampleDuration: UInt32(clamping: Int64(frameTicks)))
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
