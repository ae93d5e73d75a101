import Foundation
import Testing
import TestSupport
import BinaryIO
import StillImage
@testable import LivePhotoKit

/// What Live → Motion (JPEG) takes from the still before anything is written: only `--samsung`
/// with a gain map in the still's directory warns that the SEF record header sits between the
/// gain map and the video; a gain map without `Item:Length` is given the bytes after the
/// primary's own `Item:Padding`; and `--oppo` on a still whose EXIF has no Exif IFD keeps that
/// EXIF with a warning instead of failing.
@Suite("Live → Motion (JPEG): the Samsung gain-map warning, the primary's padding, EXIF without an Exif IFD")
struct JPEGLiveToMotionPhotoStillReadTests {
    static let sefWarning = "with the Samsung trailer, the SEF record header sits between the gain map and the video; "
        + "readers that walk the directory back from the end find the video but not the gain map"

    /// The warnings of a `--dry-run` conversion of the pair with `gallery`.
    static func dryRunWarnings(still: String, movie: String, gallery: MotionPhotoGallery) throws -> [String] {
        var options = ConvertOptions()
        options.gallery = gallery
        options.dryRun = true
        let r = try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options)
        #expect(r.status == .dryRun)
        return r.warnings ?? []
    }

    @Test("a still without a gain map: no gallery warns about the SEF record header")
    func noGainMapNoSEFWarning() throws {
        let (dir, still, movie, _) = try MotionPhotoFixtures.pairedCopies(still: Support.fixture("still-no-exif.jpg"), stillName: "IMG_0001.JPG")
        defer { try? FileManager.default.removeItem(at: dir) }
        for gallery in [MotionPhotoGallery.google, .samsung, .huawei, .oppo] {
            let warnings = try Self.dryRunWarnings(still: still, movie: movie, gallery: gallery)
            #expect(!warnings.contains { $0.contains("SEF record header") }, "\(gallery): \(warnings)")
        }
    }

    @Test("a still with a gain map: --samsung warns about the SEF record header, Google's layout does not", .requires(.python3))
    func gainMapWarnsOnlyWithTheSamsungTrailer() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie, _) = try JPEGLiveToMotionPhotoGainMapEdgeTests.liveWithGainMap(in: dir)
        let samsung = try Self.dryRunWarnings(still: still, movie: movie, gallery: .samsung)
        #expect(samsung.filter { $0.contains("SEF record header") } == [Self.sefWarning], "\(samsung)")
        let google = try Self.dryRunWarnings(still: still, movie: movie, gallery: .google)
        #expect(!google.contains { $0.contains("SEF record header") }, "\(google)")
    }

    /// The primary says 5 bytes of padding follow the image, and the gain map (without a
    /// length) comes after them: it is given the bytes after the image less those 5, and the
    /// Motion Photo's directory puts it 5 bytes after the image.
    @Test("a gain map without Item:Length after the primary's Item:Padding of 5: the gain map is the bytes after those 5", .requires(.python3))
    func unsizedGainMapAfterThePrimarysPadding() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie, gain) = try JPEGLiveToMotionPhotoGainMapEdgeTests.liveWithGainMap(in: dir)
        var bytes = try Support.bytes(still)
        try #require(Array(bytes.suffix(gain.count)) == gain, "the gain map is the still's last bytes")
        let length = try JPEGLiveToMotionPhotoGainMapEdgeTests.blank("Item:Length=\"\(gain.count)\"", in: &bytes)
        let padding = try JPEGLiveToMotionPhotoGainMapEdgeTests.blank("Item:Padding=\"0\"", in: &bytes)
        try #require(padding < length, "the first Item:Padding is the primary's")
        let five = Array("Item:Padding=\"5\"".utf8)
        bytes.replaceSubrange(padding..<padding + five.count, with: five)
        bytes.insert(contentsOf: [UInt8](repeating: 0, count: 5), at: bytes.count - gain.count)
        try Data(bytes).write(to: URL(fileURLWithPath: still))

        let motion = try JPEGLiveToMotionPhotoGainMapEdgeTests.motionPhoto(still: still, movie: movie, in: dir)
        let read = try MotionPhotoReader.read(path: motion)
        let gainMap = try #require(read.gainMap)
        #expect(gainMap.offset == read.imageEnd + 5 && gainMap.length == UInt64(gain.count), "\(gainMap) after \(read.imageEnd)")
        #expect(try Support.bytes(motion)[Int(gainMap.offset)..<Int(gainMap.end)] == gain[...])
    }

    /// `--oppo` sets EXIF UserComment in the Exif IFD; an EXIF with IFD0 only has none to set,
    /// which is a warning (the EXIF is kept), not an error.
    @Test("--oppo with an EXIF of IFD0 only: no new EXIF, one warning")
    func oplusExifWithoutExifIFD() throws {
        // Big-endian TIFF: IFD0 at 8 with one entry (Orientation, SHORT, 1), no next IFD.
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 1, 0, 0] + [0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let dir = try TempDir()
        let path = try dir.write("IMG_0007.JPG", OtherMakerLayouts.inserting(app1, into: try Support.bytes(Support.fixture("still-no-exif.jpg"))))
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        try #require(structure.exifSegment != nil)
        var warnings: [String] = []
        let patched = try JPEGLiveToMotionPhoto.oplusExif(source, structure, warnings: &warnings)
        #expect(patched == nil)
        #expect(warnings == ["the still's EXIF has no Exif IFD for UserComment: ColorOS Gallery may show the photo without its motion"])
    }
}
