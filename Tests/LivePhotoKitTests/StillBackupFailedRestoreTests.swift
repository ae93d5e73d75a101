import Foundation
import Testing
import TestSupport
@testable import LivePhotoKit

/// A still backup whose restore cannot rename the original back (something else took the
/// still's name meanwhile) still drops its hidden second name: no `.livephoto-` temporary is
/// left for the next run to find.
@Suite("still backup: a restore that cannot rename leaves no temporary")
struct StillBackupFailedRestoreTests {
    @Test("the still's name taken by a non-empty folder: restore fails its rename and removes the backup name")
    func failedRenameRemovesTheBackup() throws {
        let (dir, target, _) = try PairInterruptionTests.original()
        defer { try? FileManager.default.removeItem(at: dir) }
        let backup = try StillBackup(of: target)
        try #require(Support.temporaries(in: dir).count == 1)
        // The name now holds a folder with a file in it: rename(2) of a file onto it fails.
        try FileManager.default.removeItem(atPath: target)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: target + "/inside", contents: Data("x".utf8)))
        backup.restore()
        #expect(Support.temporaries(in: dir).isEmpty, "\(Support.temporaries(in: dir))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["inside"])
    }
}
