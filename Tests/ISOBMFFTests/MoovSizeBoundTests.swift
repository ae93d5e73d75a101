import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// `MovieFile.maximumMoovSize` is the largest `moov` read, itself included: a `moov` of
/// exactly that size is read and handed to the parser (here its first child is damaged, so
/// the parser's error shows it got that far); only a larger one is refused unread
/// (`HostileInputTests.moovTooLarge`).
@Suite("moov size bound: a moov of exactly maximumMoovSize bytes is read")
struct MoovSizeBoundTests {
    @Test("a sparse moov of exactly the bound: not refused as too large; its damaged first child is the error")
    func moovAtTheBound() throws {
        let dir = try TempDir()
        let ftyp = Support.ftyp()
        var damaged = Support.box("free", [])
        Support.putU32(4, at: 0, in: &damaged)
        let head = ftyp + Support.u32(UInt32(MovieFile.maximumMoovSize)) + Array("moov".utf8) + damaged
        let path = try dir.write("bound.mov", head)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(ftyp.count) + MovieFile.maximumMoovSize)
        try handle.close()
        let error = Support.expectParseError("a moov of exactly the bound") { _ = try MovieFile.open(path: path) }
        #expect(error?.kind == .invalidValue, "\(String(describing: error))")
        #expect(error?.path == "moov/free")
        #expect(error?.offset == UInt64(ftyp.count + 8))
    }
}
