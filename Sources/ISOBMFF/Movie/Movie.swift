import BinaryIO

/// A parsed `moov`: header, tracks and the QuickTime metadata, over the editable atom tree.
public struct Movie {
    public let moov: Atom
    public let header: MovieHeader
    public let tracks: [Track]
    /// `moov/meta` in QuickTime form (`mdta` handler), where Apple writes the content identifier.
    public let metadata: QuickTimeMetadata?
    /// `moov/udta/meta` with an `mdta` handler, where ffmpeg writes the same keys.
    public let userDataMetadata: QuickTimeMetadata?

    public init(moov: Atom) throws {
        self.moov = moov
        header = try Movie.header(of: moov)
        let traks = moov.children("trak")
        var list: [Track] = []
        list.reserveCapacity(traks.count)
        for (i, t) in traks.enumerated() {
            list.append(try Track(t, index: i + 1, path: Movie.trackPath(i, of: traks.count)))
        }
        tracks = list
        (metadata, userDataMetadata) = try Movie.metadata(of: moov)
    }

    // The readings below are the one definition for both kinds of box (see `BoxNode`).

    static func header(of moov: some BoxNode) throws -> MovieHeader {
        guard let mvhd = moov.child("mvhd") else {
            throw ParseError(.invalidValue, "missing 'mvhd'", path: "moov", offset: moov.originalOffset ?? 0)
        }
        return try MovieHeader(mvhd, path: "moov/mvhd")
    }

    static func trackPath(_ i: Int, of count: Int) -> String { count > 1 ? "moov/trak[\(i + 1)]" : "moov/trak" }

    /// `moov/meta` and `moov/udta/meta` in QuickTime form, each when present.
    static func metadata(of moov: some BoxNode) throws -> (QuickTimeMetadata?, QuickTimeMetadata?) {
        // Relative paths (see `RelativeBoxPath`): `moov/udta/meta/keys` and longer cost an allocation each.
        let metadata = try moov.child("meta").flatMap { meta in
            try RelativeBoxPath.reading(under: { "moov/meta" }) { path in try QuickTimeMetadata(meta: try meta.atom(), path: path) }
        }
        let userData = try moov.find("udta", "meta").flatMap { meta in
            try RelativeBoxPath.reading(under: { "moov/udta/meta" }) { path in try QuickTimeMetadata(meta: try meta.atom(), path: path) }
        }
        return (metadata, userData)
    }

    public var videoTracks: [Track] { tracks.filter(\.isVideo) }

    /// The video a player shows: the video track a still-image-time track describes (`tref`
    /// `cdsc`), else among the enabled video tracks (all video tracks when none is enabled)
    /// the one with the most samples, the first of equals. iOS 26 movies carry disabled
    /// 256x192 tracks beside the main one; a Pixel 3a Motion Photo an enabled one-frame
    /// 2048x1536 track after its motion track.
    public var mainVideoTrack: Track? {
        let video = videoTracks
        let described = stillImageTimeTracks.first?.references["cdsc"]?.first.flatMap { id in video.first { $0.trackID == id } }
        if let described { return described }
        let enabled = video.filter(\.header.isEnabled)
        let candidates = enabled.isEmpty ? video : enabled
        return candidates.enumerated().max { a, b in
            (a.element.sampleTable.sampleCount, -a.offset) < (b.element.sampleTable.sampleCount, -b.offset)
        }?.element
    }
    public var stillImageTimeTracks: [Track] { tracks.filter(\.isStillImageTime) }
    public var durationSeconds: Double { header.durationSeconds }

    public static let contentIdentifierKey = "com.apple.quicktime.content.identifier"

    /// The content identifier from `moov/meta`, else from `moov/udta/meta`.
    public var contentIdentifier: String? { Movie.string(Movie.contentIdentifierKey, metadata, userDataMetadata) }

    public static let creationDateKey = "com.apple.quicktime.creationdate"

    /// `com.apple.quicktime.creationdate` (ISO 8601 with the zone offset, as cameras write it).
    public var creationDate: String? { Movie.string(Movie.creationDateKey, metadata, userDataMetadata) }

    /// A key's string from `moov/meta`, else from `moov/udta/meta`.
    static func string(_ key: String, _ metadata: QuickTimeMetadata?, _ userData: QuickTimeMetadata?) -> String? {
        metadata?.stringValue(forKey: key) ?? userData?.stringValue(forKey: key)
    }

    public var isFragmented: Bool { moov.child("mvex") != nil }
}
