import Testing
@testable import LivePhotoKit

/// A streaming scan holds a folder whole while an open file in it could meet another; once
/// `finish` has matched the held folders it keeps none of them.
@Suite("streaming scan: finish lets go of the folders it held")
struct StreamingMatcherFinishTests {
    @Test("a still and a movie of one name with different identifiers are held; after finish, nothing is")
    func finishReleasesHeldFolders() throws {
        func file(_ path: String, _ id: String) -> ScannedFile {
            let still = path.hasSuffix(".JPG")
            return ScannedFile(path: path, role: still ? .still : .movie, format: still ? .jpeg : .quickTimeMovie, identifier: id, stillImageTimeTracks: 1, error: nil)
        }
        var parts: [ScannedFolder] = []
        let matcher = StreamingMatcher { parts.append($0) }
        matcher.folderRead([file("/a/IMG_1.JPG", "ID-1"), file("/a/IMG_1.MOV", "ID-2")])
        #expect(matcher.heldFileCount == 2 && parts.isEmpty, "both open, meeting by name: the folder waits whole")
        matcher.finish()
        #expect(matcher.heldFileCount == 0)
        #expect(parts.flatMap(\.files).map(\.path) == ["/a/IMG_1.JPG", "/a/IMG_1.MOV"])
        #expect(parts.flatMap(\.findings).map(\.finding) == [.identifierMismatch])
    }
}
