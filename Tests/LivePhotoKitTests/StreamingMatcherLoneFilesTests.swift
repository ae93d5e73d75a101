import Testing
@testable import LivePhotoKit

/// What `StreamingMatcher.finish` does with the open files that waited alone: an identifier
/// that can pair at the end (a held folder's file, or lone files of both kinds) is matched with
/// the held folders; any other lone file gets its finding from the keys, gathered in parts of up
/// to `window` files, and its detail says whether files of the OTHER kind carrying its
/// identifier are paired (a vivo sidecar movie is paired with no still).
@Suite("streaming scan: lone files leave in parts of up to the window, apart from the end match")
struct StreamingMatcherLoneFilesTests {
    static func file(_ path: String, id: String?) -> ScannedFile {
        let still = path.hasSuffix(".JPG") || path.hasSuffix(".jpg")
        return ScannedFile(path: path, role: still ? .still : .movie, format: still ? .jpeg : .quickTimeMovie, identifier: id,
                           stillImageTimeTracks: still ? 0 : 1, error: nil)
    }

    static func run(window: Int, _ folders: [[ScannedFile]]) -> [ScannedFolder] {
        var parts: [ScannedFolder] = []
        let matcher = StreamingMatcher(window: window) { parts.append($0) }
        for folder in folders { matcher.folderRead(folder) }
        matcher.finish()
        return parts
    }

    @Test("a held folder and a lone movie of another identifier: the movie leaves in a part of its own, not with the held folder")
    func loneMovieNotInEndMatch() {
        let parts = Self.run(window: 8, [[Self.file("/a/IMG_1.JPG", id: "ID-1"), Self.file("/a/IMG_1.MOV", id: "ID-2")],
                                         [Self.file("/b/IMG_5.MOV", id: "ID-5")]])
        #expect(parts.map { $0.files.map(\.path) } == [["/b/IMG_5.MOV"], ["/a/IMG_1.JPG", "/a/IMG_1.MOV"]])
        #expect(parts.first?.findings.map(\.finding) == [.movieWithoutStill])
        #expect(parts.first?.findings.first?.detail == "no still carries ID-5")
        #expect(parts.last?.findings.map(\.finding) == [.identifierMismatch])
    }

    @Test("two lone stills in two folders, window 8: one part of both")
    func loneFilesGathered() {
        let a = "0F3C6C8A-6B1B-4C1E-9E2A-0D7A9B1C2D3E", b = "7D3A1C52-9B0E-4F61-8C2D-3E4F5A6B7C8D"
        let parts = Self.run(window: 8, [[Self.file("/a/IMG_1.JPG", id: a)], [Self.file("/b/IMG_2.JPG", id: b)]])
        #expect(parts.map { $0.files.map(\.path) } == [["/a/IMG_1.JPG", "/b/IMG_2.JPG"]])
        #expect(parts.first?.findings.map(\.finding) == [.stillWithoutMovie, .stillWithoutMovie])
    }

    @Test("window 1: each lone still in a part of its own")
    func windowOfOne() {
        let a = "0F3C6C8A-6B1B-4C1E-9E2A-0D7A9B1C2D3E", b = "7D3A1C52-9B0E-4F61-8C2D-3E4F5A6B7C8D"
        let parts = Self.run(window: 1, [[Self.file("/a/IMG_1.JPG", id: a)], [Self.file("/b/IMG_2.JPG", id: b)]])
        #expect(parts.map { $0.files.map(\.path) } == [["/a/IMG_1.JPG"], ["/b/IMG_2.JPG"]])
    }

    /// /lib/a: a vivo still and its sidecar movie V.mp4 carrying X (paired with the still's
    /// Motion Photo, no still of X); /lib/b: a lone movie W.mov carrying X.
    @Test("a lone movie whose identifier is on a vivo sidecar movie: no still carries it, as matching every file at once says")
    func sidecarMovieIsNotOtherKind() throws {
        let x = "2F3C6C8A-6B1B-4C1E-9E2A-0D7A9B1C2D3E"
        var vivo = Self.file("/lib/a/V.jpg", id: nil)
        vivo.motionPhoto = MotionPhotoSummary(variant: .sidecarVideo, maker: .vivo, videoBytes: 100, videoSeconds: 1, presentationTime: nil, sidecarVideo: "/lib/a/V.mp4")
        let files = [vivo, Self.file("/lib/a/V.mp4", id: x), Self.file("/lib/b/W.mov", id: x)]
        let whole = try #require(LibraryMatcher.match(files).first { $0.movie == "/lib/b/W.mov" })
        #expect(whole.finding == .movieWithoutStill && whole.detail == "no still carries \(x)")
        let (parts, _) = StreamingKeysTests.streamed(files, window: 8)
        let streamed = try #require(parts.flatMap(\.findings).first { $0.movie == "/lib/b/W.mov" })
        #expect(streamed == whole)
    }
}
