import Foundation
import Testing
@testable import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// `FileSource` at its edges: a prefetch of one byte is a prefetch, a slice may end exactly
/// at the file's end (and be empty there), and a socket, whose open fails while a `stat` of
/// it succeeds, is refused in the words a `stat` first gives: "not a regular file".
@Suite("FileSource: one-byte prefetch, slices to the end, a socket")
struct FileSourceEdgeTests {
    static let bytes = (0..<1000).map { UInt8($0 % 251) }

    @Test("prefetch 1: the first byte is read at open and counted once; reading it again reads nothing")
    func oneBytePrefetch() throws {
        try FileSourceOpenTests.inTemporaryFolder { folder in
            let path = folder.appendingPathComponent("f").path
            try Data(Self.bytes).write(to: URL(fileURLWithPath: path))
            let source = try FileSource(path: path, prefetch: 1)
            #expect(source.bytesRead == 1)
            #expect(try source.read(at: 0, count: 1) == [0])
            #expect(source.bytesRead == 1)
        }
    }

    @Test("a slice ending at the file's last byte reads it; an empty slice at the very end is allowed")
    func slicesToTheEnd() throws {
        try FileSourceOpenTests.inTemporaryFolder { folder in
            let path = folder.appendingPathComponent("f").path
            try Data(Self.bytes).write(to: URL(fileURLWithPath: path))
            let source = try FileSource(path: path)
            let tail = try source.slice(offset: 100, length: 900)
            #expect(tail.size == 900)
            #expect(try tail.read(at: 0, count: 900) == Array(Self.bytes[100...]))
            let whole = try source.slice(offset: 0, length: 1000)
            #expect(try whole.read(at: 999, count: 1) == [Self.bytes[999]])
            let empty = try source.slice(offset: 1000, length: 0)
            #expect(empty.size == 0)
            #expect(try empty.read(at: 0, count: 0) == [])
            #expect(throws: ParseError.self) { try source.slice(offset: 1000, length: 1) }
            #expect(throws: ParseError.self) { try source.slice(offset: 1001, length: 0) }
        }
    }

    @Test("a Unix socket: the open fails (ENXIO) and the error is \"not a regular file\", without an errno")
    func socketIsNotARegularFile() throws {
        try FileSourceOpenTests.inTemporaryFolder { folder in
            let path = folder.appendingPathComponent("s.mov").path
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try #require(fd >= 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let name = Array(path.utf8)
            try #require(name.count < MemoryLayout.size(ofValue: address.sun_path))
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in name.enumerated() { raw[i] = byte }
                raw[name.count] = 0
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0)
            let refused = ErrnoTests.failure { _ = try FileSource(path: path) }
            #expect(refused?.kind == .io && refused?.errno == nil)
            #expect(refused?.description == "not a regular file")
        }
    }
}
