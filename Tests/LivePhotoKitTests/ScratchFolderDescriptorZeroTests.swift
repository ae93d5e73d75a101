import Foundation
import Testing
import BinaryIO
@testable import LivePhotoKit

/// `make`'s scratch still is written whatever descriptor the kernel gives it: descriptor 0 is
/// a good one (`make DIR <&-` from cron: with stdin closed, parallel jobs are handed 0 about one
/// run in ten). In process, with 0 made the lowest free descriptor, so it is not left to chance.
@Suite("make: the scratch still may be given descriptor 0")
struct ScratchFolderDescriptorZeroTests {
    @Test("with stdin closed, the scratch file opened as descriptor 0 is written, not refused")
    func scratchStillOnDescriptorZero() throws {
        let dir = try TempDir()
        let scratch = try ScratchFolder(beside: dir.path("IMG_0001.JPG"), dryRun: false)
        defer { scratch.remove() }
        let file = PathComponents.appending("IMG_0001.JPG", to: scratch.path)
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]

        let saved = dup(0)
        try #require(saved >= 0)
        defer { close(saved) }
        close(0)
        let outcome = Result { try scratch.create(file, holding: bytes) }
        // Give the process its stdin back: when descriptor 0 is free again (create closed it),
        // or when it is still the scratch file (a refused create left it open). Another test's
        // file that took 0 meanwhile is left alone.
        var zero = stat(), written = stat()
        if fcntl(0, F_GETFD) == -1 {
            dup2(saved, 0)
        } else if fstat(0, &zero) == 0, stat(file, &written) == 0, zero.st_dev == written.st_dev, zero.st_ino == written.st_ino {
            dup2(saved, 0)
        }

        #expect(throws: Never.self) { try outcome.get() }
        #expect(try Support.bytes(file) == bytes)
    }
}
