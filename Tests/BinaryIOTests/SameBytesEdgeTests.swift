import Foundation
import Testing
import BinaryIO

/// `FileSource.sameBytes` at its edges: the first byte counts like any other, lists with no
/// bytes at all are the same, an empty range is never read (wherever it points), and lists of
/// different lengths are unequal before a byte is read.
@Suite("FileSource.sameBytes: the first byte, empty ranges, and lengths that differ")
struct SameBytesEdgeTests {
    @Test("a difference in the very first byte is found")
    func firstByte() throws {
        let dir = try TempDir()
        let a = try FileSource(path: try dir.write("a", [9, 2, 3])), b = try FileSource(path: try dir.write("b", [8, 2, 3]))
        #expect(!a.sameBytes([0..<3], as: b, [0..<3]))
        #expect(!a.sameBytes([0..<1, 1..<3], as: b, [0..<3]))
        #expect(a.sameBytes([1..<3], as: b, [1..<3]))
    }

    @Test("no ranges, or only empty ones, on both sides: the same (nothing to compare)")
    func nothingIsTheSame() throws {
        let dir = try TempDir()
        let a = try FileSource(path: try dir.write("a", [1, 2, 3]))
        #expect(a.sameBytes([], as: a, []))
        #expect(a.sameBytes([2..<2], as: a, []))
        #expect(a.sameBytes([], as: a, [0..<0, 3..<3]))
    }

    @Test("an empty range is not read, even one past the end of its file, first or between the others")
    func emptyRangesAreNotRead() throws {
        let dir = try TempDir()
        let a = try FileSource(path: try dir.write("a", [1, 2, 3])), b = try FileSource(path: try dir.write("b", [0, 1, 2, 3]))
        #expect(a.sameBytes([100..<100, 0..<3], as: b, [1..<4]))
        #expect(b.sameBytes([1..<4], as: a, [100..<100, 0..<2, 50..<50, 2..<3]))
    }

    @Test("lists of different total length are not the same, and neither file is read")
    func lengthsDifferNothingRead() throws {
        let dir = try TempDir()
        let a = try FileSource(path: try dir.write("a", [1, 2, 3, 4])), b = try FileSource(path: try dir.write("b", [1, 2, 3]))
        #expect(!a.sameBytes([0..<4], as: b, [0..<3]))
        #expect(!b.sameBytes([0..<3], as: a, [0..<2, 2..<4]))
        #expect(a.bytesRead == 0 && b.bytesRead == 0)
    }
}
