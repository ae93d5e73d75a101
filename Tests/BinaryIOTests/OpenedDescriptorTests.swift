import Foundation
import Testing
import PropertyBased
import TestSupport
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Whether an open succeeded is decided in one place, `FileSystemCalls.opened`: -1 is the one
/// failure value, and every other descriptor, 0 included, is the file. (A library caller whose
/// process runs with stdin closed gets 0 from its first open; "fd > 0" would refuse it.)
@Suite("FileSystemCalls.opened: -1 fails, every descriptor from 0 up is a file")
struct OpenedDescriptorTests {
    @Test("any descriptor 0 or more is handed on as it is; -1 is nil")
    func everyDescriptorIsKept() async {
        #expect(FileSystemCalls.opened(-1) == nil)
        #expect(FileSystemCalls.opened(0) == 0)
        await propertyCheck(input: Gen.nearEnds(in: 0...Int(Int32.max))) { n in
            #expect(FileSystemCalls.opened(Int32(n)) == Int32(n))
        }
    }

    @Test("a missing file: nil, errno ENOENT; a folder's name opened in it: its descriptor")
    func openResults() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(FileSystemCalls.open(dir.appendingPathComponent("missing").path, O_RDONLY) == nil)
        #expect(errno == ENOENT)
        try Data("x".utf8).write(to: dir.appendingPathComponent("present"))
        let folder = try #require(FileSystemCalls.open(dir.path, O_RDONLY | O_DIRECTORY))
        defer { close(folder) }
        #expect(FileSystemCalls.open(name: Array("missing".utf8), inFolder: folder, O_RDONLY) == nil)
        #expect(errno == ENOENT)
        let fd = try #require(FileSystemCalls.open(name: Array("present".utf8), inFolder: folder, O_RDONLY))
        defer { close(fd) }
        var byte: UInt8 = 0
        #expect(read(fd, &byte, 1) == 1 && byte == UInt8(ascii: "x"))
    }
}
