import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import BinaryIO
import CFileCopy

/// Within one file system `AtomicFileWriter.copy` copies in the kernel (`copy_file_range`):
/// no byte passes through this process (the source reads nothing), and what is copied is the
/// file as it is on disk now, so a source cut short after it was opened is an error
/// ("file shrank while copying"), never the stale bytes the source read ahead.
@Suite("AtomicFileWriter.copy within one file system: in the kernel, from the file as it is now")
struct AtomicFileWriterKernelCopyTests {
    /// Whether this file system copies in the kernel at all (the writer falls back to read and
    /// write when it does not, as on some network file systems): asked of the call itself.
    static let kernelCopyWorks: Bool = {
        guard let dir = try? TempDir(), let input = try? dir.write("probe.in", [1]) else { return false }
        let from = open(input, O_RDONLY), to = open(dir.path("probe.out"), O_WRONLY | O_CREAT, 0o600)
        defer { close(from); close(to) }
        var a: Int64 = 0, b: Int64 = 0
        return from >= 0 && to >= 0 && livephoto_copy_file_range(from, &a, to, &b, 1) == 1
    }()

    @Test("the bytes are copied without the source reading any", .enabled(if: kernelCopyWorks))
    func sourceReadsNothing() throws {
        let dir = try TempDir()
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let source = try FileSource(path: try dir.write("in.bin", bytes))
        let target = dir.path("out.bin")
        let writer = try AtomicFileWriter(targetPath: target)
        try writer.copy(from: source, offset: 100, count: 4000)
        #expect(source.bytesRead == 0, "copied in the kernel")
        #expect(writer.bytesWritten == 4000)
        try writer.commit()
        #expect(try Support.bytes(target) == Array(bytes[100..<4100]))
    }

    @Test("a source emptied after its head was read ahead: the copy fails as truncated, nothing stale is copied", .enabled(if: kernelCopyWorks))
    func sourceCutAfterOpening() throws {
        let dir = try TempDir()
        let input = try dir.write("in.bin", [1, 2, 3, 4])
        let source = try FileSource(path: input, prefetch: 4096)
        #expect(try source.read(at: 0, count: 4) == [1, 2, 3, 4], "the head holds the old bytes")
        try #require(truncate(input, 0) == 0)
        let writer = try AtomicFileWriter(targetPath: dir.path("out.bin"))
        defer { writer.discard() }
        let error = #expect(throws: ParseError.self) { try writer.copy(from: source, offset: 0, count: 4) }
        #expect(error?.kind == .truncated)
        #expect(error?.message == "file shrank while copying")
        #expect(writer.bytesWritten == 0)
    }
}
