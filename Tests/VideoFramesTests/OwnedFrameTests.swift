import Foundation
import Testing
import CAVCodec
#if canImport(Glibc)
import Glibc
#endif
@testable import VideoFrames

/// An `OwnedFrame` gives its buffers back when it goes: a wallpaper encode converts every
/// frame into one, so a frame kept would grow the process by a frame per frame of video.
@Suite("OwnedFrame: its buffers freed with it")
struct OwnedFrameTests {
    /// The process's address space in bytes (/proc/self/statm's first field, in pages):
    /// untouched buffers cost no memory but are mapped all the same.
    static func allocated() throws -> Int {
        let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        let pages = try #require(fields.first.flatMap { Int($0) })
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test("a hundred 4096x4096 frames made and let go leave the address space where it was")
    func buffersFreed() throws {
        try FFmpegDecoder.requireLibraries()
        let before = try Self.allocated()
        for _ in 0..<100 {
            // 24 MiB of planes each, never touched: 2.4 GiB of address space if kept, no memory.
            _ = try OwnedFrame(width: 4096, height: 4096, format: AV_PIX_FMT_YUV420P)
        }
        let grown = try Self.allocated() - before
        // Other tests allocate meanwhile; one frame kept per frame made would be 2.4 GiB.
        #expect(grown < 512 << 20, "\(grown >> 20) MiB more mapped after the frames went")
    }
}
