import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// The still written from a HEIC Motion Photo must not still say it is one: a written HEIF
/// whose XMP item says `GCamera:MotionPhoto="1"` is refused; one saying 0, or with no XMP
/// item, passes.
@Suite("HEIC Motion Photo → still: an XMP that still says MotionPhoto 1 is refused")
struct HEICMotionPhotoStillXMPRefusalTests {
    static func written(motionPhoto: Int?, in dir: TempDir) throws -> HEIFFile {
        var relayout = HEIFRelayout()
        if let motionPhoto {
            let xml = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
                + #"<rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MotionPhoto="\#(motionPhoto)"/></rdf:RDF></x:xmpmeta>"#
            relayout.extraItems = [Array(xml.utf8)]
        }
        let bytes = try relayout.build(from: try HEIFFile.open(path: HEICPairTests.heicFixture))
        return try HEIFFile.open(path: try dir.write("still-\(motionPhoto.map(String.init) ?? "none").heic", bytes))
    }

    @Test("MotionPhoto 1: refused, naming the XMP")
    func motionPhotoOneIsRefused() throws {
        let dir = try TempDir()
        let file = try Self.written(motionPhoto: 1, in: dir)
        let error = #expect(throws: ParseError.self) { try HEICMotionPhotoStill.refuseMotionPhotoXMP(file) }
        #expect(error?.message == "the written still's XMP still says Motion Photo")
    }

    @Test("MotionPhoto 0, or no XMP item: passes", arguments: [0, nil] as [Int?])
    func othersPass(_ motionPhoto: Int?) throws {
        let dir = try TempDir()
        let file = try Self.written(motionPhoto: motionPhoto, in: dir)
        #expect(throws: Never.self) { try HEICMotionPhotoStill.refuseMotionPhotoXMP(file) }
    }
}
