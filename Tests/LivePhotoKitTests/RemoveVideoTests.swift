import Foundation
import Testing
import StillImage
@testable import LivePhotoKit

/// `removeVideo` says whether the still's XMP told of a video. When it did not, the caller
/// keeps the XMP as it was, byte for byte (a HEIC Motion Photo known by its `mpvd` box alone,
/// with XMP of other properties, keeps its XMP item untouched), so the answer must be exact.
@Suite("MotionPhotoToLivePhoto.removeVideo: true exactly when a directory or a Motion Photo property was there")
struct RemoveVideoTests {
    static func packet(directory: Bool, properties: [XMPProperty]) throws -> XMPPacket {
        let p = try XMPPacket(xml: Array("""
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="image/heic"/></rdf:RDF></x:xmpmeta>
        """.utf8))
        for property in properties { p.set(property, "1") }
        if directory {
            p.setContainerDirectory([XMPContainerItem(semantic: MotionPhotoXMP.Semantic.primary, mime: "image/jpeg", length: 0),
                                     XMPContainerItem(semantic: MotionPhotoXMP.Semantic.motionPhoto, mime: "video/mp4", length: 100)])
        }
        return p
    }

    @Test("every combination of a directory and the Motion Photo properties (all 2 × 2^7)")
    func answerIsExact() throws {
        let all = MotionPhotoXMP.all
        for directory in [false, true] {
            for mask in 0..<(1 << all.count) {
                let properties = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
                let p = try Self.packet(directory: directory, properties: properties)
                let before = p.xmlBytes()
                let had = MotionPhotoToLivePhoto.removeVideo(from: p, keepingGainMap: false)
                #expect(had == (directory || !properties.isEmpty), "directory \(directory), \(properties.map(\.name))")
                #expect(all.allSatisfy { p.value($0) == nil } && p.containerDirectory() == nil)
                if !had { #expect(p.xmlBytes() == before, "nothing to remove: the packet is as it was") }
                #expect(p.value(XMPProperty(namespace: "http://purl.org/dc/elements/1.1/", preferredPrefix: "dc", name: "format")) == "image/heic")
            }
        }
    }

    /// Keeping a gain map keeps the directory only when it lists one: then Primary (its padding
    /// cleared) and GainMap stay, the MotionPhoto item goes; a directory of no gain map goes
    /// whole, whatever the caller asked.
    @Test("keeping a gain map: a directory with a GainMap item keeps Primary and GainMap; one without any goes whole")
    func gainMapKept() throws {
        let primary = XMPContainerItem(semantic: MotionPhotoXMP.Semantic.primary, mime: "image/jpeg", length: 0, padding: 8)
        let gainMap = XMPContainerItem(semantic: MotionPhotoXMP.Semantic.gainMap, mime: "image/jpeg", length: 500)
        let video = XMPContainerItem(semantic: MotionPhotoXMP.Semantic.motionPhoto, mime: "video/mp4", length: 100)
        for (items, kept) in [([primary, gainMap, video], [MotionPhotoXMP.Semantic.primary, MotionPhotoXMP.Semantic.gainMap]),
                              ([primary, video], nil), ([gainMap, video], [MotionPhotoXMP.Semantic.gainMap])] {
            let p = try Self.packet(directory: false, properties: [])
            p.setContainerDirectory(items)
            #expect(MotionPhotoToLivePhoto.removeVideo(from: p, keepingGainMap: true))
            #expect(p.containerDirectory()?.map(\.semantic) == kept, "\(items.map(\.semantic))")
            if let first = p.containerDirectory()?.first, first.semantic == MotionPhotoXMP.Semantic.primary { #expect(first.padding == 0) }
        }
    }
}
