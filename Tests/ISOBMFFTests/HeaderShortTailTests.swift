import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// Fewer than 8 bytes where a box header should start are not a box (save the 4-byte zero
/// terminator): inside a container they are "N stray bytes" of that container, at the file's
/// top level a "truncated box header", each at the offset of the stray bytes, for every N up
/// to 7, one byte short of a header.
@Suite("1 to 7 bytes where a box header should be: named as stray bytes, not read as a header")
struct HeaderShortTailTests {
    static func stray(_ n: Int) -> [UInt8] { (1...n).map { UInt8($0) } }

    @Test("inside moov, after a free box: N stray bytes, moov's path, their offset", arguments: 1...7)
    func insideAContainer(_ n: Int) throws {
        let bytes = Support.box("moov", Support.box("free", []) + Self.stray(n))
        let error = try #require(throws: ParseError.self) { _ = try Support.parseAtom(bytes, baseOffset: 100) }
        #expect(error.kind == .truncated)
        #expect(error.message == "\(n) stray bytes where a box header should be")
        #expect(error.path == "moov")
        #expect(error.offset == 100 + 16)
    }

    @Test("at the top level, after ftyp and no moov: a truncated box header of N bytes at their offset", arguments: 1...7)
    func atTheTopLevel(_ n: Int) throws {
        let dir = try TempDir()
        let ftyp = Support.ftyp()
        let source = try FileSource(path: try dir.write("short.mov", ftyp + Self.stray(n)))
        let error = try #require(throws: ParseError.self) { _ = try TopLevelBoxes.scan(source) }
        #expect(error.kind == .truncated)
        #expect(error.message == "truncated box header (\(n) bytes left)")
        #expect(error.offset == UInt64(ftyp.count))
    }
}
