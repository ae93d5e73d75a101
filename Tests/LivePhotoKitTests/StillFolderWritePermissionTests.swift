import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import LivePhotoKit

/// A still paired in place is rewritten beside itself (a temporary file renamed over it), so its
/// folder must be writable as well as the still: a folder without write permission is refused
/// before anything is written, even for root (whom the kernel would let through), naming the
/// still and the folder, whatever the movie's own folder allows.
@Suite("pair: the still's folder must be writable")
struct StillFolderWritePermissionTests {
    @Test("the still in a read-only folder, the movie in a writable one: refused naming the still and its folder; nothing changed")
    func stillFolderReadOnly() throws {
        let dir = try Support.tempDir()
        let sub = dir.appendingPathComponent("ro")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sub.path)
            try? FileManager.default.removeItem(at: dir)
        }
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: sub)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let before = try [still, movie].map(Support.bytes)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sub.path)
        let refused = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(refused?.path == still && refused?.errno == .permissionDenied && refused?.category == .refused, "\(String(describing: refused))")
        #expect(refused?.reason.hasSuffix("(in \(sub.path))") == true, "\(refused?.reason ?? "")")
        #expect(try [still, movie].map(Support.bytes) == before)
        #expect(Support.temporaries(in: sub).isEmpty && Support.temporaries(in: dir).isEmpty)
    }
}
