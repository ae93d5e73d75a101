import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import LivePhotoKit

/// The `ftyp` search after a Motion Photo's image: the first "ftyp" whose box starts at or
/// after the search's start (4 bytes before it), read in 64 KiB windows that overlap by 3 bytes,
/// so one lying across a window's end, or in a last window of exactly 4 bytes, is found; an
/// "ftyp" too early to have a size field after the start is passed over.
@Suite("Motion Photo ftyp search: window ends, the start's bound, and early matches passed over")
struct MotionPhotoFtypSearchTests {
    static func find(_ bytes: [UInt8], from start: UInt64) throws -> UInt64? {
        let dir = try TempDir()
        return try MotionPhotoReader.findFileType(FileSource(path: try dir.write("tail.bin", bytes)), from: start)
    }

    static let ftyp = Array("ftyp".utf8)

    @Test("an ftyp that is the 4 bytes of the last window (after a whole 64 KiB + 3 window) is found")
    func lastWindowOfFourBytes() throws {
        let window = 1 << 16
        #expect(try Self.find([UInt8](repeating: 0, count: window) + Self.ftyp, from: 0) == UInt64(window - 4))
        // Across a window's end, and just inside the first window.
        #expect(try Self.find([UInt8](repeating: 0, count: window + 1) + Self.ftyp, from: 0) == UInt64(window - 3))
        #expect(try Self.find([UInt8](repeating: 0, count: window - 1) + Self.ftyp, from: 0) == UInt64(window - 5))
    }

    @Test("a box starting exactly at the start is found; an ftyp with no room for a size after the start is not")
    func startBound() throws {
        #expect(try Self.find([9] + Support.u32(8) + Self.ftyp, from: 1) == 1)
        #expect(try Self.find(Support.u32(8) + Self.ftyp, from: 1) == nil)
        #expect(try Self.find(Support.u32(8) + Self.ftyp, from: 0) == 0)
    }

    @Test("an ftyp too early for the start is passed over and the next one found")
    func earlyMatchPassedOver() throws {
        #expect(try Self.find(Self.ftyp + Support.u32(8) + Self.ftyp, from: 0) == 4)
        #expect(try Self.find(Self.ftyp + Self.ftyp + [0, 0, 0, 0], from: 0) == 0)
    }
}
