import BinaryIO
import Testing
@testable import StillImage

/// vivo's album id is at most 128 characters, and the read looks for `cameralbum!/` only in the
/// file's last 12 + 128 + 8 bytes: the longest id is read, with up to 8 bytes of padding after
/// it; a marker further from the end than that is not looked for.
@Suite("vivo trailer: the 128-character album id and the 148 bytes looked at")
struct VivoLongestAlbumIdentifierTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
    static let longest = String(repeating: "7", count: 128)

    @Test("cameralbum!/ + 128 sevens at the end: the id is the 128 sevens")
    func longestIdentifier() throws {
        let dir = try TempDir()
        let t = try #require(try VivoLivePhotoTrailerTests.read(Self.jpeg + Array(("cameralbum!/" + Self.longest).utf8), dir))
        #expect(t.albumIdentifier == Self.longest && t.jsonIdentifier == nil && t.offset == 4)
        #expect(VivoLivePhotoTrailer.identifier(Array(Self.longest.utf8)) == Self.longest)
    }

    @Test("the 128 sevens then 8 NULs (the marker 148 bytes from the end) are read; then 9 NULs (149) are not looked for",
          arguments: [(8, true), (9, false)])
    func markerReach(_ nuls: Int, _ read: Bool) throws {
        let dir = try TempDir()
        let tail = Array(("cameralbum!/" + Self.longest).utf8) + [UInt8](repeating: 0, count: nuls)
        try #require(tail.count == 140 + nuls)
        let t = try VivoLivePhotoTrailerTests.read(Self.jpeg + tail, dir)
        if read {
            #expect(t?.albumIdentifier == Self.longest, "\(nuls) NULs")
        } else {
            #expect(t == nil, "\(nuls) NULs: \(String(describing: t))")
        }
    }
}
