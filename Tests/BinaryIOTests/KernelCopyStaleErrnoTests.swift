import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import BinaryIO

/// `AtomicFileWriter.copy` takes every byte the kernel copied (`copy_file_range` returning 1
/// or more) as copied: errno is looked at only when the call failed, so a value an earlier,
/// unrelated call left in errno (here EIO or ENOSPC) never turns a one-byte copy into an error.
@Suite("AtomicFileWriter.copy: a one-byte kernel copy ignores a stale errno")
struct KernelCopyStaleErrnoTests {
    @Test("one byte copied at a time with errno left at EIO, then ENOSPC: no error, the bytes in order", arguments: [EIO, ENOSPC])
    func oneByteWithStaleErrno(_ stale: Int32) throws {
        let dir = try TempDir()
        let source = try FileSource(path: try dir.write("in.bin", [0x11, 0x22, 0x33, 0x44]))
        let target = dir.path("out.bin")
        let writer = try AtomicFileWriter(targetPath: target)
        for offset: UInt64 in [2, 0, 3] {
            errno = stale
            try writer.copy(from: source, offset: offset, count: 1)
        }
        #expect(writer.bytesWritten == 3)
        try writer.commit()
        #expect(try Support.bytes(target) == [0x33, 0x11, 0x44])
    }
}
