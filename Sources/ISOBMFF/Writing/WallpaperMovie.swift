import BinaryIO

/// A wallpaper-grade movie built from scratch in the camera's layout (see
/// `../shared/docs/format-notes.md`, "Wallpaper-grade movies"): timescale 600; track 1 the
/// video, then the copied audio, the video-orientation, live-photo-info and three-key
/// still-image-time tracks (the camera's order); `moov/meta` with the given items and the
/// camera's top-level keys; `moov` before the media.
public struct WallpaperMovie {
    public static let movieTimescale: UInt32 = 600

    public var video: NewVideoTrack
    public var audio: CopiedAudioTrack?
    /// Where the still sits: movie ticks (timescale 600) from the start of the video.
    public var stillTick: Int64
    /// `moov/meta` items (the content identifier, capture facts kept from the source); the
    /// camera's keys (`LivePhotoMovieKeys`) are added when not among them.
    public var metadata: [QuickTimeMetadata.Item]
    /// The source movie's `mvhd` creation and modification times (seconds since 1904), given to
    /// `mvhd` and every track's `tkhd` and `mdhd`: the new movie is the same capture. 0 leaves
    /// a field unset, as the source had it.
    public var creationTime: UInt64
    public var modificationTime: UInt64

    public init(video: NewVideoTrack, audio: CopiedAudioTrack?, stillTick: Int64, metadata: [QuickTimeMetadata.Item],
                creationTime: UInt64 = 0, modificationTime: UInt64 = 0) {
        self.video = video; self.audio = audio; self.stillTick = stillTick; self.metadata = metadata
        self.creationTime = creationTime; self.modificationTime = modificationTime
    }

    public func image() throws -> NewMovieImage {
        let ts = Self.movieTimescale
        var media: [NewMovieImage.Media] = []
        let videoTrak = video.track(trackID: 1, movieTimescale: ts).atom()
        media.append(.init(trak: videoTrak, chunks: video.chunks))
        // The metadata builders time themselves against the video as a reader sees it.
        let parsed = try Track(try Self.readBack(videoTrak), index: 1, path: "moov/trak")
        if var audio {
            // The camera's order: the audio is track 2, whatever its id in the source.
            audio.track.header.trackID = 2
            media.append(.init(trak: audio.track.atom(), chunks: audio.chunks))
        }
        var nextID = UInt32(media.count + 1)
        let orientation = VideoOrientationTrack.makeTrack(trackID: nextID, video: parsed, movieTimescale: ts)
        media.append(.init(trak: orientation.trak, chunks: [orientation.samples]))
        nextID += 1
        // The stored frame's size, whatever the rotation: the camera's portrait movies say 1920x1440.
        let (width, height) = (video.configuration.width, video.configuration.height)
        let setup = try LivePhotoInfoSetup(width: UInt32(clamping: width), height: UInt32(clamping: height))
        guard let info = LivePhotoInfoTrack.makeTrack(trackID: nextID, video: parsed, setup: setup) else {
            throw ParseError(.invalidValue, "the new video has no samples", path: "moov/trak", offset: 0)
        }
        media.append(.init(trak: info.trak, chunks: [info.samples]))
        nextID += 1
        let transform = StillImageTransform(width: Float(width), height: Float(height))
        let still = StillImageTimeTrack.makeTrack(trackID: nextID, videoTrackID: 1, movieTimescale: ts, stillTick: UInt64(max(0, stillTick)),
                                                  sampleDuration: 1, wallpaper: transform)
        media.append(.init(trak: still, chunks: [StillImageTimeTrack.sample(wallpaper: transform)]))
        nextID += 1

        var items = metadata
        for key in LivePhotoMovieKeys.all where !items.contains(where: { $0.key == key.name }) {
            items.append(.init(key: key.name, typeIndicator: key.typeIndicator, value: key.ourValue))
        }
        let header = MovieHeader(timescale: ts, duration: parsed.header.duration, nextTrackID: nextID)
        let image = try NewMovieImage(header: header, media: media, others: [QuickTimeMetadata(items: items).metaAtom()])
        // Fields of the boxes' own width: no size changes, so the chunk offsets just placed hold.
        MovieTimesEdit.setUnsetHeaderTimes(creation: creationTime, modification: modificationTime, in: image.moov)
        return image
    }

    /// A built atom as the reader parses it (children typed as the registry types them).
    static func readBack(_ atom: Atom) throws -> Atom {
        let bytes = atom.serialized()
        var reader = ByteReader(bytes, path: "")
        return try AtomParser.parseBox(&reader, limit: UInt64(bytes.count), parentPath: "moov", parentType: "moov", siblingIndex: nil, depth: 1)
    }
}
