import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// A Google Motion Photo's directory, walked back from the end, must reach the end of the
/// image after the Primary item's `Item:Padding` bytes (0 when the item gives none): any
/// other count of bytes in between is said in a warning naming both numbers.
@Suite("Motion Photo: bytes before the first item, against the Primary's padding (0 when absent)")
struct MotionPhotoPrimaryPaddingTests {
    /// still-no-exif.jpg with a Google v1 XMP (Primary with `padding` when given, then the
    /// MP4), `gap` bytes after its EOI, then movie-mp4.mp4.
    static func motionPhoto(gap: Int, padding: Int?, in dir: TempDir) throws -> (path: String, mp4: [UInt8]) {
        let jpeg = try Support.bytes(Support.fixture("still-no-exif.jpg"))
        let mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let paddingAttribute = padding.map { #" Item:Padding="\#($0)""# } ?? ""
        let body = #"<Container:Directory><rdf:Seq>"#
            + #"<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0"\#(paddingAttribute)/></rdf:li>"#
            + #"<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\#(mp4.count)"/></rdf:li>"#
            + #"</rdf:Seq></Container:Directory>"#
        let xmp = OtherMakerLayouts.xmpSegment(attributes: #"GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000""#,
                                               body: body)
        let bytes = OtherMakerLayouts.inserting(xmp, into: jpeg) + [UInt8](repeating: 0x20, count: gap) + mp4
        return (try dir.write("PXL_20240101_000000000.MP.jpg", bytes), mp4)
    }

    static func gapWarnings(_ photo: MotionPhoto) -> [String] { photo.warnings.filter { $0.contains("between the image and the first item") } }

    @Test("no Item:Padding: a gap of 1 or 3 bytes is named against padding 0; no gap, no warning",
          arguments: [(0, []), (1, ["1 bytes between the image and the first item (padding says 0)"]),
                      (3, ["3 bytes between the image and the first item (padding says 0)"])] as [(Int, [String])])
    func withoutPadding(gap: Int, expected: [String]) throws {
        let dir = try TempDir()
        let (path, mp4) = try Self.motionPhoto(gap: gap, padding: nil, in: dir)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.variant == .google && photo.location == .containerDirectory)
        #expect(photo.video.length == UInt64(mp4.count) && photo.video.end == photo.source.size)
        #expect(Self.gapWarnings(photo) == expected, "\(photo.warnings)")
    }

    @Test("an Item:Padding that counts the gap: no warning; one that does not: named", arguments: [(3, 3, true), (3, 1, false), (0, 2, true)])
    func withPadding(gap: Int, padding: Int, quiet: Bool) throws {
        let dir = try TempDir()
        let (path, _) = try Self.motionPhoto(gap: gap, padding: padding, in: dir)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(Self.gapWarnings(photo) == (quiet ? [] : ["\(gap) bytes between the image and the first item (padding says \(padding))"]), "\(photo.warnings)")
    }
}
