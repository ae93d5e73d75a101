import BinaryIO

/// Places a still-image-time track's one sample in a planned `moov`: an existing track's
/// sample moved (its other boxes kept), or a new track built after the last one.
public enum StillImageTimeTrackEdit {
    /// Moves `track`'s sample to `tick`: its edit list becomes an empty edit of `tick` ticks then
    /// the sample's edit, and its `tkhd` duration follows; every other box of the track stays.
    public static func move(_ track: Track, to tick: Int64, sampleDuration: Int64, movie: Movie) {
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
        sampleEdit.duration = clampedDuration(sampleEdit.duration, at: start, movieTicks: movie.header.duration)
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

    /// A sample duration shortened so the track ends within the movie (`movieTicks` long, in
    /// movie ticks) when the still is near its end; never 0.
    static func clampedDuration(_ duration: UInt64, at start: UInt64, movieTicks: UInt64) -> UInt64 {
        if start < movieTicks, start + duration > movieTicks { return max(1, movieTicks - start) }
        return max(1, duration)
    }

    /// Adds a new still-image-time track numbered `trackID`, describing `video`, after the last
    /// track, queues its sample (presented at `tick` for `sampleDuration` movie ticks) and sets
    /// the next track ID past it (`MovieTrackEdit.add`).
    public static func add(trackID: UInt32, at tick: Int64, sampleDuration: Int64, video: Track, plan: MovieRewritePlan) throws {
        let movie = plan.file.movie
        let start = UInt64(max(0, tick))
        let duration = clampedDuration(UInt64(max(1, sampleDuration)), at: start, movieTicks: movie.header.duration)
        let trak = StillImageTimeTrack.makeTrack(trackID: trackID, videoTrackID: video.trackID, movieTimescale: movie.header.timescale,
                                                 stillTick: start, sampleDuration: UInt32(clamping: duration))
        try MovieTrackEdit.add(trak, to: plan, samples: StillImageTimeTrack.sample())
    }
}
