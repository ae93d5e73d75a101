import Foundation
import Testing
import PropertyBased
@testable import BinaryIO

/// `mkstemp`'s file beside a target: the name handed back is the name created, byte for byte
/// (the prefix as given, then the six characters mkstemp chose), so a later rename or unlink,
/// and any message naming it, reach that very file.
@Suite("temporary files: the name returned is the file created")
struct TemporaryFileNameTests {
    @Test("for any name as prefix: the path is the prefix and six letters or digits, and names the new file")
    func nameIsTheFileCreated() async throws {
        let dir = try FileLockTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = PathTextTests.names.map { $0.filter { $0 != 0 && $0 != UInt8(ascii: "/") } }
        await propertyCheck(count: 200, input: names) { bytes in
            let prefix = dir.path + "/" + PathText.string(fromPathBytes: bytes) + "."
            let made = FileSystemCalls.makeTemporaryFile(prefix: prefix)
            guard let (fd, path) = made else { Issue.record("mkstemp failed for \(PathText.printable(prefix))"); return }
            defer { close(fd); _ = FileSystemCalls.unlink(path) }
            let written = PathText.bytes(of: path), given = PathText.bytes(of: prefix)
            #expect(written.count == given.count + 6 && Array(written.prefix(given.count)) == given, "\(PathText.printable(path))")
            #expect(written.suffix(6).allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
            var st = stat(), opened = stat()
            #expect(FileSystemCalls.stat(path, &st) == 0 && fstat(fd, &opened) == 0 && st.st_ino == opened.st_ino, "the path names the open file")
        }
    }
}
