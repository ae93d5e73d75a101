import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A file with more than one `moov` is read by its first; the others are carried and named in
/// the file's warnings (what `inspect` prints) from the second one on.
@Suite("more than one moov: a warning naming the count and the one read")
struct SecondMoovWarningTests {
    static let ftyp = FileTypeBox.quickTime.atom().serialized()
    static let moov = Atom(type: "moov", children: [MovieHeader(timescale: 600, duration: 0, nextTrackID: 1).atom()]).serialized()

    static func warnings(moovCount: Int, in dir: TempDir) throws -> [String] {
        let bytes = Self.ftyp + Array([[UInt8]](repeating: Self.moov, count: moovCount).joined())
        return try Support.open(bytes, in: dir.url, name: "moov-\(moovCount).mov").warnings
    }

    @Test("two moov boxes: warned, the first named by its offset")
    func twoMoovs() throws {
        let dir = try TempDir()
        #expect(try Self.warnings(moovCount: 2, in: dir).contains("2 'moov' boxes: the first, at offset \(Self.ftyp.count), is the one read"))
    }

    @Test("one moov: no such warning")
    func oneMoov() throws {
        let dir = try TempDir()
        #expect(try !Self.warnings(moovCount: 1, in: dir).contains { $0.contains("'moov' boxes") })
    }
}
