import Foundation
import Testing
import BinaryIO
@testable import StillImage

/// `verify --strict`'s full JPEG decode reads the whole file: one of exactly the limit's size is
/// read (a sparse file of zeros, refused then as no JPEG), one byte more is refused unread.
struct FullDecodeFileSizeTests {
    @Test func exactlyTheLimitIsRead() throws {
        let dir = try TempDir()
        let limit = TurboJPEG.maxFullDecodeFileSize
        let atLimit = #expect(throws: ParseError.self) { try TurboJPEG.decodeFully(path: try dir.sparse("at.jpg", size: limit)) }
        #expect(atLimit?.kind != .tooLarge, "\(String(describing: atLimit))")
        let past = #expect(throws: ParseError.self) { try TurboJPEG.decodeFully(path: try dir.sparse("past.jpg", size: limit + 1)) }
        #expect(past?.kind == .tooLarge && past?.message == "\(limit + 1) bytes is more than the 512 MiB a full decode accepts", "\(String(describing: past))")
    }
}
