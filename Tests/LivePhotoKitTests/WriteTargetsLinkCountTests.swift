import Foundation
import Testing
@testable import LivePhotoKit

/// The hard-link count that decides whether an in-place input is refused (more than one name):
/// the file's own count, and 1 (nothing to refuse) for a path that cannot be read.
@Suite("in-place inputs: the hard-link count that refuses them")
struct WriteTargetsLinkCountTests {
    @Test("one name: 1; a second name: 2 for both; a path that does not exist: 1")
    func linkCounts() throws {
        let dir = try TempDir()
        let path = try dir.write("IMG_0001.JPG", [1])
        #expect(WriteTargets.hardLinkCount(path) == 1)
        try FileManager.default.linkItem(atPath: path, toPath: dir.path("copy.JPG"))
        #expect(WriteTargets.hardLinkCount(path) == 2 && WriteTargets.hardLinkCount(dir.path("copy.JPG")) == 2)
        #expect(WriteTargets.hardLinkCount(dir.path("missing.JPG")) == 1)
    }
}
