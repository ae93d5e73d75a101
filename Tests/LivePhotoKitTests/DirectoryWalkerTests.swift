import Foundation
import Testing
@testable import LivePhotoKit

/// The readdir-based listing behind `scan`: hidden entries skipped, sub-folders walked, links to
/// files listed and links to folders not followed, paths standardized whatever the root's form.
@Suite("scan: listing folders")
struct DirectoryWalkerTests {
    @Test("listFiles: sorted standardized paths, hidden entries and folder links passed over")
    func listing() throws {
        let root = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        let fm = FileManager.default
        for dir in ["DCIM/100APPLE", "DCIM/.thumbs", "other"] {
            try fm.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        for name in ["DCIM/100APPLE/IMG_1.JPG", "DCIM/100APPLE/IMG_1.MOV", "DCIM/.thumbs/IMG_1.JPG", "DCIM/100APPLE/.IMG_2.JPG",
                     "DCIM/100APPLE/notes.txt", "DCIM/100APPLE/noext", "other/clip.mp4"] {
            fm.createFile(atPath: root.appendingPathComponent(name).path, contents: Data([1]))
        }
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("other/linked.jpg").path,
                                  withDestinationPath: root.appendingPathComponent("DCIM/100APPLE/IMG_1.JPG").path)
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("other/loop").path, withDestinationPath: root.path)
        let expected = ["DCIM/100APPLE/IMG_1.JPG", "DCIM/100APPLE/IMG_1.MOV", "other/clip.mp4", "other/linked.jpg"].map { root.appendingPathComponent($0).path }
        for form in [root.path, root.path + "/", root.path + "/./DCIM/.."] {
            let listed = LibraryScanner.listFiles(in: [form])
            #expect(listed.unreadable.isEmpty)
            #expect(listed.files.map(\.path) == expected, "root given as \(form)")
            #expect(listed.files.map(\.role) == [.still, .movie, .movie, .still])
        }
        let missing = LibraryScanner.listFiles(in: [root.appendingPathComponent("missing").path, root.appendingPathComponent("other/clip.mp4").path])
        #expect(missing.unreadable.map(\.reason) == ["no such file or directory", "not a directory"])
    }
}
