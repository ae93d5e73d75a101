import Foundation
import Testing
import BinaryIO
@testable import LivePhotoKit

/// A folder whose stills and movies are read is kept open while they are (`OpenFolder`), and
/// closed once the last of its files lets go: after a scan no descriptor of the process is left
/// on any folder it read.
@Suite("library scan: every folder kept open for its files is closed again")
struct OpenFolderReleaseTests {
    @Test("three folders of stills and movies scanned: no descriptor left on any of them",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func keptFoldersAreClosed() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = dir.resolvingSymlinksInPath().path
        for folder in ["a", "a/b", "c"] {
            let url = URL(fileURLWithPath: root + "/" + folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: url, as: "IMG_0001.JPG")
            _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: url, as: "IMG_0001.MOV")
        }
        #expect(try DirectoryWalkerDescriptorTests.descriptors(under: root) == 0)
        do {
            let scan = LibraryScanner.scan([root], jobs: 2)
            #expect(scan.filesRead == 6 && scan.unreadableFolders.isEmpty)
        }
        #expect(try DirectoryWalkerDescriptorTests.descriptors(under: root) == 0)
    }
}
