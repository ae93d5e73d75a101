import Foundation
import Testing
@testable import BinaryIO

/// A slice of a file reads as a file of its own: offsets from its first byte, bounded by its
/// length, and copies through the kernel land on the right bytes.
@Suite struct FileSourceSliceTests {
    @Test func sliceReadsCopiesAndRefusesReadsPastItsEnd() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("f").path
        let bytes = (0..<1000).map { UInt8($0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let source = try FileSource(path: path)
        let slice = try source.slice(offset: 100, length: 300)
        #expect(slice.size == 300)
        #expect(try slice.read(at: 0, count: 10) == Array(bytes[100..<110]))
        #expect(throws: ParseError.self) { try slice.read(at: 295, count: 10) }
        let nested = try slice.slice(offset: 50, length: 20)
        #expect(try nested.read(at: 0, count: 20) == Array(bytes[150..<170]))
        #expect(throws: ParseError.self) { try source.slice(offset: 900, length: 200) }

        let writer = try AtomicFileWriter(targetPath: dir.appendingPathComponent("out").path)
        try writer.copy(from: slice, offset: 10, count: 200)
        try writer.commitWithoutReplacing()
        #expect(Array(try Data(contentsOf: dir.appendingPathComponent("out"))) == Array(bytes[110..<310]))
        // A second commit to the same name is refused and leaves the first file alone.
        let again = try AtomicFileWriter(targetPath: dir.appendingPathComponent("out").path)
        try again.write([1, 2, 3])
        #expect(throws: ParseError.self) { try again.commitWithoutReplacing() }
        #expect(Array(try Data(contentsOf: dir.appendingPathComponent("out"))) == Array(bytes[110..<310]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["f", "out"])
    }
}
