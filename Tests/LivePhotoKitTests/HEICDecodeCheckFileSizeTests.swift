import Foundation
import Testing
@testable import LivePhotoKit

/// `verify --strict`'s HEIC decode hands libheif the whole file: one of exactly the bound is
/// read (a sparse file of zeros, which libheif then refuses), one byte more is refused unread.
struct HEICDecodeCheckFileSizeTests {
    @Test func exactlyTheBoundIsRead() throws {
        let dir = try TempDir()
        let bound = HEICDecodeCheck.maximumFileSize
        let refusal = "\(bound + 1) bytes is more than the 512 MiB a full decode accepts"
        let past = HEICDecodeCheck.run(path: try dir.sparse("past.heic", size: bound + 1), expectedWidth: 1, expectedHeight: 1)
        guard case .failed(let why) = past else { Issue.record("\(past)"); return }
        #expect(why == refusal)
        let at = HEICDecodeCheck.run(path: try dir.sparse("at.heic", size: bound), expectedWidth: 1, expectedHeight: 1)
        guard case .failed(let atWhy) = at else { Issue.record("a file of zeros decoded: \(at)"); return }
        #expect(!atWhy.contains("MiB a full decode accepts"), "\(atWhy)")
    }
}
