import Foundation

/// Folders as exports leave them (format notes, "Exports that break pairs"), built in code from
/// the committed fixtures: one per export source, each with the pairs `pair DIR` (or
/// `pair --by-time DIR`) should make, so the library and the CLI tests check the same folders.
public enum ExportFolders {
    /// A still and the movie it should end up paired with (names inside the folder; the movie
    /// as given: an MP4 becomes a new `.MOV`, see `pairedMovie`).
    public struct ExpectedPair: Equatable {
        public let still: String
        public let movie: String
        /// The movie's name once paired: an `.mp4`/`.MP` movie is written as a new QuickTime `.MOV`.
        public var pairedMovie: String {
            let lower = movie.lowercased()
            if lower.hasSuffix(".mp") { return movie + ".MOV" }
            if lower.hasSuffix(".mp4") { return String(movie.dropLast(4)) + ".MOV" }
            return movie
        }
    }

    public struct Folder {
        public let url: URL
        public var path: String { url.path }
        /// What `pair DIR` (or, for the time folder, `pair --by-time DIR`) pairs.
        public let expected: [ExpectedPair]
        /// Files that must come out byte for byte as they went in (lone, ambiguous, sidecars).
        public let untouched: [String]
        public func file(_ name: String) -> String { url.appendingPathComponent(name).path }
        public func remove() { try? FileManager.default.removeItem(at: url) }
    }

    // The fixture stills say 2024:01:02 03:04:05 (+01:00 on still-exif-icc-xmp.jpg): 02:04:05 UTC.
    static let fixtureStillInstant: UInt64 = 3_787_005_845   // 2024-01-02T02:04:05Z, seconds since 1904
    static let fixtureDate = "2024:01:02 03:04:05"

    /// Google Takeout: `IMG_1001.HEIC` + `.MP4` with a JSON sidecar, `IMG_1002` and its `(1)`
    /// collision with the newer sidecar names, two Pixel Motion Photos whose video was split
    /// off (`.MP` with no extension; `.MP.MP4` beside one whose directory is stale), and one
    /// whose video is gone with nothing beside it.
    public static func takeout() throws -> Folder {
        let dir = try Support.tempDir()
        func put(_ fixture: String, _ name: String) throws { try Support.copy(Support.fixture(fixture), to: dir, as: name) }
        try put("still-heic.heic", "IMG_1001.HEIC")
        try put("movie-mp4.mp4", "IMG_1001.MP4")
        try put("still-no-exif.jpg", "IMG_1002.JPG")
        try put("movie-mp4.mp4", "IMG_1002.MP4")
        try put("still-exif-icc-xmp.jpg", "IMG_1002(1).JPG")
        try put("movie-moov-first.mov", "IMG_1002(1).MP4")
        let sidecars = ["IMG_1001.HEIC.json", "IMG_1002.JPG.supplemental-metadata.json", "IMG_1002.JPG(1).json"]
        for name in sidecars {
            try Data(#"{"title":"\#(name)","photoTakenTime":{"timestamp":"1704161045"}}"#.utf8).write(to: dir.appendingPathComponent(name))
        }
        let still = try Support.bytes(Support.fixture("still-no-exif.jpg"))
        _ = try Support.write(motionPhotoWithoutVideo(still), in: dir, name: "PXL_20230601_120000000.MP.jpg")
        try put("movie-mp4.mp4", "PXL_20230601_120000000.MP")
        _ = try Support.write(motionPhotoWithStaleDirectory(still), in: dir, name: "PXL_20230602_080000000.MP.jpg")
        try put("movie-moov-last.mov", "PXL_20230602_080000000.MP.MP4")
        _ = try Support.write(motionPhotoWithoutVideo(still), in: dir, name: "PXL_20230603_090000000.MP.jpg")
        return Folder(url: dir, expected: [
            ExpectedPair(still: "IMG_1001.HEIC", movie: "IMG_1001.MP4"),
            ExpectedPair(still: "IMG_1002(1).JPG", movie: "IMG_1002(1).MP4"),
            ExpectedPair(still: "IMG_1002.JPG", movie: "IMG_1002.MP4"),
            ExpectedPair(still: "PXL_20230601_120000000.MP.jpg", movie: "PXL_20230601_120000000.MP"),
            ExpectedPair(still: "PXL_20230602_080000000.MP.jpg", movie: "PXL_20230602_080000000.MP.MP4"),
        ], untouched: sidecars + ["PXL_20230603_090000000.MP.jpg"])
    }

    /// An iCloud downloader's folder: `_HEVC.MOV` movies, edited renditions `IMG_E…` beside
    /// their originals, an edited still whose own movie is missing (`IMG_E2002.JPG`) and an
    /// original movie whose still is missing beside an edited still of the same moment
    /// (`IMG_E2003.JPG` + `IMG_2003.MOV`): neither may take the other rendition's file.
    public static func iCloud() throws -> Folder {
        let dir = try Support.tempDir()
        func put(_ fixture: String, _ name: String) throws { try Support.copy(Support.fixture(fixture), to: dir, as: name) }
        try put("still-heic.heic", "IMG_2001.HEIC")
        try put("movie-audio.mov", "IMG_2001_HEVC.MOV")
        try put("still-heic.heic", "IMG_E2001.HEIC")
        try put("movie-moov-first.mov", "IMG_E2001.MOV")
        try put("still-exif-icc-xmp.jpg", "IMG_2002.JPG")
        try put("movie-moov-last.mov", "IMG_2002.MOV")
        try put("still-exif-icc-xmp.jpg", "IMG_E2002.JPG")
        try put("still-exif-icc-xmp.jpg", "IMG_E2003.JPG")
        try put("movie-co64.mov", "IMG_2003.MOV")
        // Taken a second before the edited still: a time match, were renditions not kept apart.
        try setMovieCreationTime(dir.appendingPathComponent("IMG_2003.MOV").path, fixtureStillInstant - 1)
        try setMovieCreationTime(dir.appendingPathComponent("IMG_2002.MOV").path, fixtureStillInstant - 1)
        return Folder(url: dir, expected: [
            ExpectedPair(still: "IMG_2001.HEIC", movie: "IMG_2001_HEVC.MOV"),
            ExpectedPair(still: "IMG_2002.JPG", movie: "IMG_2002.MOV"),
            ExpectedPair(still: "IMG_E2001.HEIC", movie: "IMG_E2001.MOV"),
        ], untouched: ["IMG_E2002.JPG", "IMG_E2003.JPG", "IMG_2003.MOV"])
    }

    /// Names that do not match, capture times that do: `DSC_1000.JPG` and the movie that
    /// started a second before it; `DSC_1001.JPG` taken when two movies started (ambiguous);
    /// `DSC_1002.JPG` and `VID_far.mp4` with nothing at their moment; `PHOTO_2000.jpg`, no EXIF
    /// date but a Takeout sidecar, and the movie that started a second before that time.
    public static func byTime() throws -> Folder {
        let dir = try Support.tempDir()
        func put(_ fixture: String, _ name: String) throws { try Support.copy(Support.fixture(fixture), to: dir, as: name) }
        let still = try Support.bytes(Support.fixture("still-exif-icc-xmp.jpg"))
        _ = try Support.write(still, in: dir, name: "DSC_1000.JPG")
        _ = try Support.write(replacingDate(still, with: "2024:01:02 04:00:00"), in: dir, name: "DSC_1001.JPG")
        _ = try Support.write(replacingDate(still, with: "2024:01:02 05:00:00"), in: dir, name: "DSC_1002.JPG")
        try put("movie-mp4.mp4", "VID_20240102_030404.mp4")
        try setMovieCreationTime(dir.appendingPathComponent("VID_20240102_030404.mp4").path, fixtureStillInstant - 1)
        try put("movie-moov-first.mov", "VID_A.mov")
        try put("movie-moov-last.mov", "VID_B.mov")
        for name in ["VID_A.mov", "VID_B.mov"] {
            try setMovieCreationTime(dir.appendingPathComponent(name).path, fixtureStillInstant + 3354)   // 02:59:59Z, DSC_1001's 03:00:00Z
        }
        try put("movie-co64.mov", "VID_far.mp4")
        try put("still-no-exif.jpg", "PHOTO_2000.jpg")
        try Data(#"{"title":"PHOTO_2000.jpg","photoTakenTime":{"timestamp":"1704168245"}}"#.utf8).write(to: dir.appendingPathComponent("PHOTO_2000.jpg.json"))
        try put("movie-moov-first.mov", "VID_sidecar.mov")
        try setMovieCreationTime(dir.appendingPathComponent("VID_sidecar.mov").path, fixtureStillInstant + 7200 - 1)   // 04:04:04Z
        return Folder(url: dir, expected: [ExpectedPair(still: "DSC_1000.JPG", movie: "VID_20240102_030404.mp4"),
                                           ExpectedPair(still: "PHOTO_2000.jpg", movie: "VID_sidecar.mov")],
                      untouched: ["DSC_1001.JPG", "DSC_1002.JPG", "VID_A.mov", "VID_B.mov", "VID_far.mp4", "PHOTO_2000.jpg.json"])
    }

    // MARK: building blocks

    /// `jpeg` with a Google Motion Photo XMP (GCamera:MotionPhoto = 1, a directory naming a
    /// MotionPhoto item of `videoLength` bytes) inserted after its APP0 segments.
    public static func withMotionPhotoXMP(_ jpeg: [UInt8], videoLength: Int) -> [UInt8] {
        let xmp = OtherMakerLayouts.xmpSegment(attributes: #"GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="1000000""#,
                                               body: OtherMakerLayouts.directory([("MotionPhoto", "video/mp4", videoLength)]))
        return OtherMakerLayouts.inserting(xmp, into: jpeg)
    }

    /// What Takeout leaves of a Pixel Motion Photo it re-encoded: the XMP, no video after the image.
    public static func motionPhotoWithoutVideo(_ jpeg: [UInt8]) -> [UInt8] { withMotionPhotoXMP(jpeg, videoLength: 20_000) }

    /// A Motion Photo whose directory no longer leads to an MP4: 64 bytes that are not one.
    public static func motionPhotoWithStaleDirectory(_ jpeg: [UInt8]) -> [UInt8] {
        withMotionPhotoXMP(jpeg, videoLength: 64) + [UInt8](repeating: 0x5A, count: 64)
    }

    /// `jpeg` with every "2024:01:02 03:04:05" (DateTimeOriginal, CreateDate) replaced by `date`.
    public static func replacingDate(_ jpeg: [UInt8], with date: String) -> [UInt8] {
        let old = Array(fixtureDate.utf8), new = Array(date.utf8)
        precondition(old.count == new.count)
        var out = jpeg
        var i = 0
        while i + old.count <= out.count {
            if out[i] == old[0], Array(out[i..<i + old.count]) == old { out.replaceSubrange(i..<i + old.count, with: new); i += old.count } else { i += 1 }
        }
        return out
    }

    /// Sets the `mvhd` creation time (seconds since 1904-01-01 UTC) of the movie at `path`.
    public static func setMovieCreationTime(_ path: String, _ seconds: UInt64) throws {
        var bytes = try Support.bytes(path)
        let type = Array("mvhd".utf8)
        guard let at = (0..<(bytes.count - 16)).first(where: { Array(bytes[$0..<$0 + 4]) == type }) else { throw CocoaError(.fileReadCorruptFile) }
        let version = bytes[at + 4]
        let field = at + 8
        if version == 1 {
            for k in 0..<8 { bytes[field + k] = UInt8(truncatingIfNeeded: seconds >> (8 * (7 - k))) }
        } else {
            for k in 0..<4 { bytes[field + k] = UInt8(truncatingIfNeeded: seconds >> (8 * (3 - k))) }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
