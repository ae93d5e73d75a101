import Foundation
import Testing
@testable import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// `AtomicFileWriter.copy` between two kinds of file system: the kernel's `copy_file_range`
/// refuses (EXDEV), and the copy goes on through a buffer in 1 MiB chunks, from where the
/// kernel left off, landing after what the writer already holds.
@Suite("copy between file systems: the read/write fallback lands on the right bytes")
struct CrossFileSystemCopyTests {
    static func device(_ path: String) -> UInt64? {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_dev) : nil
    }

    static let shm = "/dev/shm"
    /// Whether /dev/shm (a tmpfs) and the temporary folder are different file systems.
    static let twoKinds: Bool = {
        guard let dir = try? Support.tempDir() else { return false }
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let a = device(shm), let b = device(dir.path) else { return false }
        return a != b
    }()

    @Test("a tmpfs source copied into a disk file: every byte, across chunk boundaries, from a slice's offset",
          .enabled(if: twoKinds, "needs /dev/shm on another file system than the temporary folder"))
    func tmpfsToDisk() throws {
        let shm = Self.shm
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sourcePath = shm + "/livephoto-copy-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(sourcePath) }
        // Not a multiple of the chunk, so the last chunk is short; every byte differs from its neighbours'.
        let bytes = (0..<(3 << 20) + 12_345).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        try Data(bytes).write(to: URL(fileURLWithPath: sourcePath))
        let slice = try FileSource(path: sourcePath).slice(offset: 1000, length: UInt64(bytes.count - 1000))

        let target = dir.appendingPathComponent("out").path
        let writer = try AtomicFileWriter(targetPath: target)
        try writer.write([9, 8, 7])
        let count = UInt64(bytes.count - 1000 - 77)
        try writer.copy(from: slice, offset: 77, count: count)
        try writer.write([6])
        try writer.commit()
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(written.count == 3 + Int(count) + 1)
        #expect(written.prefix(3) == [9, 8, 7] && written.last == 6)
        #expect(written[3..<(3 + Int(count))] == bytes[1077..<bytes.count])
    }
}
