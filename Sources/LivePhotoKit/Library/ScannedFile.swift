import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// What `scan` learns from one file's headers.
public struct ScannedFile: Sendable, Equatable {
    public enum Role: String, Codable, Sendable {
        case still, movie

        /// The role a path's extension gives it (as `scan` lists files), or nil.
        public init?(named path: String) {
            guard let role = ScannedFile.role(forExtension: PathComponents.pathExtension(path)) else { return nil }
            self = role
        }
    }
    public var path: String
    public var role: Role
    /// Told from the content (`unknown` until read, or when it is neither a still nor a movie).
    public var format: FileKind
    public var identifier: String?
    /// Movies: how many still-image-time tracks they have.
    public var stillImageTimeTracks: Int
    /// Why the file could not be read, if it could not.
    public var error: String?
    /// Stills (JPEG and HEIC): `StillCaptureTime` (EXIF DateTimeOriginal in its zone, else a Takeout
    /// sidecar). Movies: `com.apple.quicktime.creationdate`.
    public var captureTime: CaptureTime?
    /// Movies: the `mvhd` creation time (UTC).
    public var headerCreationTime: CaptureTime?
    /// Movies: the `mvhd` duration in milliseconds (where the still of an unpaired movie would sit: its middle).
    public var durationMilliseconds: Int64? = nil
    /// A JPEG that is an Android Motion Photo (its video inside).
    public var motionPhoto: MotionPhotoSummary? = nil
    /// A JPEG whose XMP promises a Motion Photo video that is not in it (gone, or its offsets
    /// stale): why. Such a still pairs like any other (with its video split off beside it).
    public var motionVideoMissing: String? = nil
    /// With `forVerify`: what `verify DIR` checks, so it need not open the file again.
    var stillFacts: StillReading.Facts? = nil
    var movieFacts: MovieVerifyFacts? = nil

    /// Extensions `scan` looks at; everything else in a folder is passed over unread.
    static let stillExtensions: Set<String> = ["jpg", "jpeg", "heic", "heif", "hif"]
    /// `mp`: the video Google Takeout splits off a Motion Photo (`PXL_….MP`); a movie by content.
    static let movieExtensions: Set<String> = ["mov", "mp4", "m4v", "qt", "mp"]
    /// Read at once when a file is opened: a JPEG's EXIF and a small movie's boxes lie within.
    static let prefetchBytes = 64 << 10

    static func role(forExtension ext: String) -> Role? {
        let e = ext.lowercased()
        if stillExtensions.contains(e) { return .still }
        if movieExtensions.contains(e) { return .movie }
        return nil
    }

    /// A file as the walk lists it: unread, with the walk's reason, when it cannot be used (a
    /// broken link, a special file); else opened in its folder when the walk kept that open, and
    /// read as `read(path:role:forVerify:)` reads it, its Takeout sidecar looked for among the
    /// `.json` names the walk saw beside it.
    static func read(listed file: DirectoryWalker.File, forVerify: Bool) -> ScannedFile {
        guard let problem = file.problem else {
            let open = { () throws -> FileSource in
                guard let folder = file.folder else { return try FileSource(path: file.path, prefetch: ScannedFile.prefetchBytes) }
                return try FileSource(path: file.path, name: file.name, inFolder: folder.fd, prefetch: ScannedFile.prefetchBytes)
            }
            return read(path: file.path, role: file.role, forVerify: forVerify, jsonNamesBeside: file.jsonNamesBeside, open: open)
        }
        return ScannedFile(path: file.path, role: file.role, format: .unknown, identifier: nil, stillImageTimeTracks: 0, error: problem)
    }

    /// A still whose identifier could not be looked for (its IFD0, Exif IFD or MakerNote does
    /// not read) is unreadable to a scan: what scans are for is the identifier, and `pair`
    /// would refuse it.
    static func requireIdentifierRead(_ facts: StillHeaderFacts, path: String) throws {
        if let reason = facts.identifierUnread { throw LivePhotoError(path: path, reason: reason, category: .unreadable) }
    }

    /// Reads the headers of `path` (whose role comes from its extension; content decides the format).
    /// - Parameter forVerify: also keep what `verify` checks (a JPEG's frame size, from the same
    ///   prefetched header bytes; a HEIC's size; a movie's checks).
    public static func read(path: String, role: Role, forVerify: Bool = false) -> ScannedFile {
        read(path: path, role: role, forVerify: forVerify, jsonNamesBeside: nil) { try FileSource(path: path, prefetch: ScannedFile.prefetchBytes) }
    }

    static func read(path: String, role: Role, forVerify: Bool, jsonNamesBeside: Set<String>?, open: () throws -> FileSource) -> ScannedFile {
        var file = ScannedFile(path: path, role: role, format: .unknown, identifier: nil, stillImageTimeTracks: 0, error: nil)
        do {
            // One open per file: kind detection and the header read share the source.
            let source = try open()
            let kind = try FileKind.detect(source)
            file.format = kind
            switch kind {
            case .jpeg:
                file.role = .still
                // The segment list is walked once, for the header facts and the Motion Photo check.
                let structure = try JPEGStructure.read(source)
                let facts = try StillImageReader.headerFacts(source: source, structure: structure, frameSize: forVerify)
                try Self.requireIdentifierRead(facts, path: path)
                if forVerify { file.stillFacts = StillReading.Facts(facts: facts, isHEIC: false) }
                file.identifier = facts.contentIdentifier
                file.captureTime = Self.stillCaptureTime(path, facts, jsonNamesBeside: jsonNamesBeside)
                do { file.motionPhoto = try MotionPhotoSummary.read(source, structure: structure) } catch let missing as MotionPhotoVideoMissing {
                    file.motionVideoMissing = missing.reason
                }
            case .heic:
                file.role = .still
                // Without `verify`, our own TIFF reader on the Exif item the identifier is read from anyway.
                let facts = forVerify ? try StillReading.headerFacts(source: source, kind: .heic).facts : try HEICStill(source: source).headerFacts()
                try Self.requireIdentifierRead(facts, path: path)
                if forVerify { file.stillFacts = StillReading.Facts(facts: facts, isHEIC: true) }
                file.identifier = facts.contentIdentifier
                file.captureTime = Self.stillCaptureTime(path, facts, jsonNamesBeside: jsonNamesBeside)
                file.motionPhoto = try? MotionPhotoSummary.readHEIC(source)
            case .quickTimeMovie, .mp4Movie:
                file.role = .movie
                // A scan reads the facts in place; `verify` (and any unusual movie) opens the whole movie.
                let facts: MovieScanFacts
                if !forVerify, let read = MovieScanFacts.read(source) {
                    facts = read
                } else {
                    let movie = try MovieFile(source: source)
                    if forVerify { file.movieFacts = MovieVerifyFacts(movie, passedDetails: false) }
                    facts = MovieScanFacts(movie.movie)
                }
                file.identifier = facts.contentIdentifier
                file.stillImageTimeTracks = facts.stillImageTimeTracks
                file.captureTime = CaptureTime.iso8601(facts.creationDate)
                file.headerCreationTime = CaptureTime.movieHeader(facts.header.creationTime)
                file.durationMilliseconds = Self.milliseconds(facts.header.duration, timescale: facts.header.timescale)
            case .unknown:
                file.error = "not a JPEG/HEIC still or a QuickTime/MP4 movie"
            }
        } catch {
            file.error = LivePhotoError.wrap(error, path: path).reason
            if role == .movie, let journal = InterruptedPairLeftovers.journal(for: path) {
                // Checked only on failure: a `--faststart` growth was killed mid-write.
                file.error = (file.error ?? "") + "; an interrupted edit left its journal beside it (\(PathComponents.lastComponent(journal))): "
                    + "`livephoto pair` of this movie (or `pair DIR`) puts the old bytes back"
            }
        }
        return file
    }

    /// EXIF, else a Takeout sidecar beside it: the capture time `pair` also gives an undated movie.
    static func stillCaptureTime(_ path: String, _ facts: StillHeaderFacts, jsonNamesBeside: Set<String>?) -> CaptureTime? {
        StillCaptureTime.lookup(still: path, exif: CaptureTime.exif(facts.captureDate), jsonNamesBeside: jsonNamesBeside).found?.time
    }

    /// A duration in ticks as whole milliseconds (nil without a timescale); no overflow for any count.
    static func milliseconds(_ ticks: UInt64, timescale: UInt32) -> Int64? {
        guard timescale > 0 else { return nil }
        let scale = UInt64(timescale)
        let whole = (ticks / scale).multipliedReportingOverflow(by: 1000)
        guard !whole.overflow, whole.partialValue < UInt64(Int64.max) / 2 else { return Int64.max }
        return Int64(whole.partialValue + ticks % scale * 1000 / scale)
    }
}
