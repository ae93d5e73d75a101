import Testing
@testable import LivePhotoKit

/// An open file (an identifier with no partner in its folder) that could meet another file of
/// its folder by capture time makes the folder wait whole (`OpenFiles.entangled`): the still
/// needs a capture time, the movie a creationdate or only an `mvhd` time, and either of the two
/// may be the open one. Held, the folder is matched at the end, and the streamed findings are
/// those of matching every file at once (the capture-time candidate naming both).
@Suite("streaming scan: an open file meeting another by capture time holds its folder")
struct OpenFilesMeetByTimeTests {
    static let t = CaptureTime(wallClock: 1_704_161_045, utcOffset: 3600)

    static func file(_ path: String, id: String?, time: CaptureTime?, header: CaptureTime? = nil) -> ScannedFile {
        let still = path.hasSuffix(".JPG")
        var f = ScannedFile(path: path, role: still ? .still : .movie, format: still ? .jpeg : .quickTimeMovie, identifier: id,
                            stillImageTimeTracks: still ? 0 : 1, error: nil, captureTime: time)
        f.headerCreationTime = header
        return f
    }

    /// The folder read alone: held whole (both files), nothing handed; then the streamed
    /// findings equal the whole library's, a capture-time candidate naming both files.
    static func expectHeldAndMatched(_ files: [ScannedFile]) {
        var parts: [ScannedFolder] = []
        let matcher = StreamingMatcher(window: 8) { parts.append($0) }
        matcher.folderRead(files)
        #expect(matcher.heldFileCount == 2 && parts.isEmpty, "\(parts.map { $0.files.map(\.path) })")
        let whole = LibraryMatcher.match(files)
        #expect(whole.count == 1 && whole.first?.finding == .candidate && whole.first?.matchedBy == .captureTime, "\(whole)")
        let (streamed, _) = StreamingKeysTests.streamed(files, window: 8)
        #expect(LibraryMatcher.sortedByFirstFile(streamed.flatMap(\.findings)) == whole)
    }

    @Test("the open still has the capture time, the movie of another name a creationdate of the same moment")
    func openStill() {
        Self.expectHeldAndMatched([Self.file("/a/IMG_1.JPG", id: "ID-1", time: Self.t), Self.file("/a/IMG_2.MOV", id: nil, time: Self.t)])
    }

    @Test("the open movie, a still of another name without an identifier taken at the same moment")
    func openMovie() {
        Self.expectHeldAndMatched([Self.file("/a/IMG_1.JPG", id: nil, time: Self.t), Self.file("/a/IMG_2.MOV", id: "ID-2", time: Self.t)])
    }

    @Test("the movie known only by its mvhd time (UTC, the still's instant)")
    func movieByHeaderTime() {
        Self.expectHeldAndMatched([Self.file("/a/IMG_1.JPG", id: "ID-1", time: Self.t),
                                   Self.file("/a/IMG_2.MOV", id: nil, time: nil, header: CaptureTime(wallClock: 1_704_157_445, utcOffset: 0))])
    }
}
