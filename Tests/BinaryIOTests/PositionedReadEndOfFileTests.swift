import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import BinaryIO

/// A read that reaches the end of the file returns the bytes before it: `pread` answering 0 is
/// the end, never an error, whatever errno holds from before (a call that succeeds does not
/// clear it).
@Suite("PositionedRead: the end of the file is not an error")
struct PositionedReadEndOfFileTests {
    static let content: [UInt8] = (0..<100).map { UInt8($0 ^ 0x5A) }

    @Test("40 bytes asked at 90 of 100: the last 10; at the end: none")
    func shortAtTheEnd() throws {
        let dir = try TempDir()
        let fd = open(try dir.write("f", Self.content), O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        errno = 0
        #expect(try PositionedRead.read(count: 40, from: fd, at: 90) == Array(Self.content[90...]))
        errno = 0
        #expect(try PositionedRead.read(count: 8, from: fd, at: 100) == [])
    }

    @Test("errno left at EIO by an earlier call: the end still ends the read, with the bytes read")
    func staleErrno() throws {
        let dir = try TempDir()
        let fd = open(try dir.write("f", Self.content), O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 40)
        let n = try buffer.withUnsafeMutableBytes { raw in
            try PositionedRead.read(into: raw, from: fd, at: 70) { fd, base, count, offset in
                errno = EIO
                return pread(fd, base, count, offset)
            }
        }
        #expect(n == 30)
        #expect(Array(buffer[..<n]) == Array(Self.content[70...]))
    }
}
