import BinaryIO
import Foundation
import PropertyBased
import TestSupport
@testable import StillImage
import Testing

/// vivo's trailer (`vivo{…"com.android.camera.livephoto":"<id>"…}` then `cameralbum!/<id>`),
/// read from the file's last bytes whatever precedes it.
@Suite struct VivoLivePhotoTrailerTests {
    /// Ids of 1 to 128 characters a trailer may hold (printable ASCII but quotes and slashes).
    static let ids = Gen.nearEnds(in: 0x21...0x7E).array(of: 1...128).map { codes in
        String(decoding: codes.map { UInt8($0 == 0x22 || $0 == 0x2F ? 0x41 : $0) }, as: UTF8.self)
    }
    static let leading = Gen.nearEnds(in: 0...255).array(of: 0...9000).map { $0.map { UInt8($0) } }

    static func read(_ bytes: [UInt8], _ dir: TempDir) throws -> VivoLivePhotoTrailer? {
        let path = dir.path("t.jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try VivoLivePhotoTrailer.read(FileSource(path: path))
    }

    static func trailer(json: String, album: String) -> [UInt8] {
        Array(#"vivo{"a":1,"com.android.camera.livephoto" : "\#(json)","b":"x"}cameralbum!/\#(album)"#.utf8)
    }

    @Test func everyIdReadsBackFromBothPlacesWhateverPrecedesIt() async {
        await propertyCheck(count: 150, input: Self.leading, Self.ids) { lead, id in await Support.failingOnThrow {
            let dir = try TempDir()
            let t = try #require(try Self.read(lead + Self.trailer(json: id, album: id), dir))
            #expect(t.albumIdentifier == id && t.jsonIdentifier == id && t.isConsistent && t.offset == UInt64(lead.count))
        } }
    }

    @Test func twoIdsThatDifferAreNotConsistent() async {
        await propertyCheck(count: 100, input: Self.ids, Self.ids) { a, b in await Support.failingOnThrow {
            let dir = try TempDir()
            let t = try #require(try Self.read(Self.trailer(json: a, album: b), dir))
            #expect(t.isConsistent == (a == b) && t.jsonIdentifier == a && t.albumIdentifier == b)
        } }
    }

    @Test(arguments: ["", "cameralbum!/", "cameralbum!/a/b", "cameralbum!/\"x\"", "cameralbum!/" + String(repeating: "7", count: 129), "vivo{}"])
    func notATrailer(_ tail: String) throws {
        let dir = try TempDir()
        #expect(try Self.read([0xFF, 0xD8, 0xFF, 0xD9] + Array(tail.utf8), dir) == nil)
    }

    @Test func aBlockWithoutTheKeyNamesNoId() throws {
        let dir = try TempDir()
        let t = try #require(try Self.read(Array(#"vivo{"version":"2"}cameralbum!/55"#.utf8), dir))
        #expect(t.jsonIdentifier == nil && !t.isConsistent && t.albumIdentifier == "55")
    }

    /// Writers pad the album id: trailing NULs, spaces and line ends are not part of it, in any
    /// mix; any other control byte makes it no id.
    @Test(arguments: [[0], [0, 0, 0], [0x20], [0x0D, 0x0A], [0x0A, 0, 0x20, 0x0D]] as [[UInt8]])
    func paddingAfterTheAlbumIdIsIgnored(_ padding: [UInt8]) throws {
        let dir = try TempDir()
        let t = try #require(try Self.read(Self.trailer(json: "abc", album: "abc") + padding, dir))
        #expect(t.albumIdentifier == "abc" && t.isConsistent, "padding \(padding)")
        #expect(VivoLivePhotoTrailer.identifier(Array("abc".utf8) + padding) == "abc")
        for control: UInt8 in [1, 0x09, 0x1F, 0x7F] {
            #expect(VivoLivePhotoTrailer.identifier(Array("abc".utf8) + [control] + padding) == nil, "\(control) before \(padding)")
        }
    }
}
