import Foundation
import Testing
@testable import BinaryIO

/// `FileSource(path:prefetch:)` serves reads inside its first bytes from memory: every read
/// must return exactly what an unbuffered source returns, and fail where it fails.
@Suite("FileSource prefetch")
struct FileSourcePrefetchTests {
    static func scratchFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-prefetch-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { throw CocoaError(.fileWriteUnknown) }
        return path
    }

    @Test("reads inside, across and past the prefetched bytes equal unbuffered reads", arguments: [0, 1, 64, 999, 1000, 4096])
    func sameBytes(prefetch: Int) throws {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let path = try Self.scratchFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plain = try FileSource(path: path)
        let buffered = try FileSource(path: path, prefetch: prefetch)
        for offset: UInt64 in [0, 1, 63, 64, 500, 998, 999, 1000] {
            for count in [0, 1, 2, 8, 64, 600, 1000] {
                let expected = try? plain.read(at: offset, count: count)
                let got = try? buffered.read(at: offset, count: count)
                #expect(got == expected, "offset \(offset) count \(count) prefetch \(prefetch)")
                if let got { #expect(got == Array(bytes[Int(offset)..<Int(offset) + count])) }
                // A reader over the same range: the same bytes at the same file offsets, or the same error.
                do {
                    let reader = try buffered.reader(at: offset, count: count, path: "box")
                    #expect(Array(reader.rangeBytes) == expected && reader.fileOffset == offset && reader.path == "box")
                } catch let error as ParseError {
                    #expect(throws: error) { try plain.read(at: offset, count: count, path: "box") }
                }
            }
        }
        #expect(throws: ParseError.self) { try buffered.read(at: 999, count: 2) }
        #expect(try buffered.readUpTo(at: 990, count: 64) == Array(bytes[990...]))
    }

    @Test("the prefetch reads the file once and counts it; later reads inside it, up to all of it, read nothing more")
    func countsOnce() throws {
        let path = try Self.scratchFile(Array(repeating: 7, count: 300))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try FileSource(path: path, prefetch: 1 << 16)
        #expect(source.bytesRead == 300)
        _ = try source.read(at: 10, count: 100)
        _ = try source.read(at: 200, count: 100)
        // The whole head, as a read and as a reader: still from memory.
        #expect(try source.read(at: 0, count: 300).count == 300)
        #expect(try source.reader(at: 0, count: 300).rangeBytes.count == 300)
        #expect(try source.reader(at: 300, count: 0).rangeBytes.isEmpty)
        #expect(source.bytesRead == 300)
    }
}
