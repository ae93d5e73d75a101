import Testing
#if canImport(Glibc)
import Glibc
#endif
import BinaryIO

/// A buffer with no memory behind it (no base address, 0 bytes) is filled at once: no byte is
/// read and `pread` is never called, so the descriptor is not even looked at.
@Suite("PositionedRead: a buffer without memory reads nothing")
struct PositionedReadEmptyBufferTests {
    final class Calls: @unchecked Sendable { var count = 0 }

    @Test("a nil, 0-byte buffer: 0 bytes read, no pread, even on a closed descriptor")
    func nilBuffer() throws {
        let calls = Calls()
        let n = try PositionedRead.read(into: UnsafeMutableRawBufferPointer(start: nil, count: 0), from: -1, at: 0) { fd, base, count, offset in
            calls.count += 1
            return pread(fd, base, count, offset)
        }
        #expect(n == 0)
        #expect(calls.count == 0)
        #expect(try PositionedRead.read(into: UnsafeMutableRawBufferPointer(start: nil, count: 0), from: -1, at: 12) == 0)
    }
}
