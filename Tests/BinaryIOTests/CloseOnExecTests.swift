import Foundation
import Testing
import TestSupport
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// A program that embeds the library (a photo server) starts processes of its own: none of
/// them may inherit a file we hold open, so every descriptor a `FileSource` holds is
/// close-on-exec, whether opened by path, by name in a folder, or duplicated for a slice.
@Suite("FileSource descriptors are close-on-exec")
struct CloseOnExecTests {
    static func closesOnExec(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) & FD_CLOEXEC != 0 }

    @Test("opened by path, by name in a folder, and a slice's own duplicate")
    func everyDescriptor() throws {
        let dir = try TempDir()
        let path = try dir.write("data.bin", Array(0..<16))
        let byPath = try FileSource(path: path)
        #expect(Self.closesOnExec(byPath.fileDescriptor))
        let folder = try #require(FileSystemCalls.open(dir.url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
        defer { close(folder) }
        let byName = try FileSource(path: path, name: Array("data.bin".utf8), inFolder: folder)
        #expect(Self.closesOnExec(byName.fileDescriptor))
        let slice = try byPath.slice(offset: 4, length: 8)
        #expect(slice.fileDescriptor != byPath.fileDescriptor, "a slice holds its own descriptor")
        #expect(Self.closesOnExec(slice.fileDescriptor))
        #expect(try slice.read(at: 0, count: 8, path: "") == Array(4..<12))
    }
}
