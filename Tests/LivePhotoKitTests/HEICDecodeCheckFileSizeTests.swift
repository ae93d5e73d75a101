import Foundation
import Testing
@testable import LivePhotoKit

/// `verify --strict`'s HEIC decode hands libheif the whole file: one of exactly the bound is
/// read (a sparse file of zeros, which libheif then refuses), one byte more is refused unread.
struct HEICDecodeCheckFileSizeTests {
    static func sparse(_ size: UInt64, in dir: TempDir, _ name: String) throws -> String {
        let path = try dir.write(name, [])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
        return path
    }

    @Test func exactlyTheBoundIsRead() throws {
        let dir = try TempDir()
        let bound = HEICDecodeCheck.maximumFileSize
        let refusal = "\(bound + 1) bytes is more than the 512 MiB a full decode accepts"
        let past = HEICDecodeCheck.run(path: try Self.sparse(bound + 1, in: dir, "past.heic"), expectedWidth: 1, expectedHeight: 1)
        guard case .failed(let why) = past else { Issue.record("\(past)"); return }
        #expect(why == refusal)
        let at = HEICDecodeCheck.run(path: try Self.sparse(bound, in: dir, "at.heic"), expectedWidth: 1, expectedHeight: 1)
        guard case .failed(let atWhy) = at else { Issue.record("a file of zeros decoded: \(at)"); return }
        #expect(!atWhy.contains("MiB a full decode accepts"), "\(atWhy)")
    }
}
