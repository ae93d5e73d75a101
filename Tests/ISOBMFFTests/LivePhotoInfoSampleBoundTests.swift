import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The live-photo-info reader reads one sample, whose size the file states: at most 64 KiB
/// (the camera's are 144 to a few hundred bytes). A larger stated size is damage, reported as
/// such by the wallpaper structure, never a read of whatever the size says.
@Suite("live-photo-info: the first sample's stated size is bounded")
struct LivePhotoInfoSampleBoundTests {
    static let camera = "iphone-livephoto-ios18/IMG_3853.MOV"

    /// The camera movie with the live-photo-info track's first sample size set to `size`.
    static func withFirstSampleSize(_ size: UInt32, in dir: TempDir) throws -> String {
        let path = Support.corpusFile(Self.camera)
        let file = try MovieFile.open(path: path)
        let track = try #require(file.movie.metadataTracks(declaring: LivePhotoInfoTrack.key).first)
        let stsz = try #require(track.atom.find("mdia", "minf", "stbl", "stsz"))
        let payload = Int(try #require(stsz.originalOffset)) + 8
        var bytes = try Support.bytes(path)
        // stsz: version and flags, the constant size, the count, then one size per sample.
        let constant = bytes[payload + 4..<payload + 8].reduce(0) { $0 << 8 | UInt32($1) }
        let at = constant != 0 ? payload + 4 : payload + 12
        bytes.replaceSubrange(at..<at + 4, with: [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)])
        return try dir.write("IMG.MOV", bytes)
    }

    @Test("a first sample stated past 64 KiB is reported unreadable, naming its size", .requires(.corpusFile(camera)),
          arguments: [UInt32(65_537), 100_000, 131_072])
    func oversizedSampleIsDamage(size: UInt32) throws {
        let dir = try TempDir()
        let structure = WallpaperStructure(try MovieFile.open(path: try Self.withFirstSampleSize(size, in: dir)))
        let damage = try #require(structure.livePhotoInfo.damage, "a \(size)-byte sample read as a record")
        #expect(damage.contains("sample of \(size) bytes"), "\(damage)")
    }
}
