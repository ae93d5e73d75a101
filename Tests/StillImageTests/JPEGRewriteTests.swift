import BinaryIO
import Foundation
import Testing
import TestSupport
@testable import StillImage

/// `JPEGRewrite` replaces the segments it is asked to and copies every other byte: the new
/// EXIF and XMP take the old ones' places (one of each, never the old one beside the new), and
/// every other segment and the image from SOS on are the source's bytes.
@Suite("JPEGRewrite")
struct JPEGRewriteTests {
    static let identifier = "0D9D2A5C-43E4-4B3B-9C2A-5E1F1A7C3B11"

    /// The output of `rewrite` over `source`, in memory.
    static func output(_ rewrite: JPEGRewrite, _ path: String) throws -> [UInt8] {
        let source = try FileSource(path: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return try rewrite.pieces(source: source, structure: JPEGStructure.read(source)).pieces.flatMap { piece -> [UInt8] in
            switch piece {
            case .copy(let offset, let length): return Array(bytes[Int(offset)..<Int(offset + length)])
            case .bytes(let b): return b
            }
        }
    }

    static func isStandardXMP(_ s: JPEGSegment) -> Bool { s.isAPP(1) && s.payloadPrefix.starts(with: XMPPacket.standardSignature) }

    @Test("EXIF, XMP or both replaced: one of each, in place; every other segment and the image data kept",
          arguments: [(true, false), (false, true), (true, true)])
    func replacesInPlaceAndKeepsTheRest(_ newExif: Bool, _ newXMP: Bool) throws {
        let path = Support.fixture("still-exif-icc-xmp.jpg")
        let input = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let inputStructure = try JPEGStructure.read(FileSource(path: path))
        try #require(inputStructure.segments.filter(\.isExif).count == 1 && inputStructure.segments.filter(Self.isStandardXMP).count == 1)
        var rewrite = JPEGRewrite(imageEnd: UInt64(input.count))
        if newExif { rewrite.identifier = Self.identifier }
        let xmp = try XMPPacket.empty().segmentPayload()
        if newXMP { rewrite.xmpSegments = [xmp] }

        let dir = try TempDir()
        let outPath = try dir.write("out.jpg", try Self.output(rewrite, path))
        let output = [UInt8](try Data(contentsOf: URL(fileURLWithPath: outPath)))
        let structure = try JPEGStructure.read(FileSource(path: outPath))
        let exifSegments = structure.segments.filter(\.isExif)
        let xmpSegments = structure.segments.filter(Self.isStandardXMP)
        #expect(exifSegments.count == 1, "one EXIF segment, not the old beside the new")
        #expect(xmpSegments.count == 1, "one XMP segment")
        func bytes(_ file: [UInt8], _ s: JPEGSegment) -> [UInt8] { Array(file[Int(s.offset)..<Int(s.endOffset)]) }
        // The segments in the same order, each the source's bytes unless it was replaced.
        #expect(structure.segments.map(\.marker) == inputStructure.segments.map(\.marker))
        for (new, old) in zip(structure.segments.dropLast(), inputStructure.segments.dropLast()) {
            let replaced = (newExif && old.isExif) || (newXMP && Self.isStandardXMP(old))
            #expect((bytes(output, new) == bytes(input, old)) != replaced, "segment \(String(format: "%02X", old.marker)) at \(old.offset)")
        }
        if let x = xmpSegments.first, newXMP { #expect(Array(output[Int(x.payloadOffset)..<Int(x.endOffset)]) == xmp) }
        #expect(Array(output[Int(structure.scanHeader.offset)...]) == Array(input[Int(inputStructure.scanHeader.offset)...]))
        if newExif { #expect(try StillImageReader.read(path: outPath).appleMakerNote?.contentIdentifier == Self.identifier) }
    }

    static func isExtendedXMP(_ s: JPEGSegment) -> Bool { s.isAPP(1) && s.payloadPrefix.starts(with: XMPPacket.extendedSignature) }

    /// An extended XMP chunk payload: signature, GUID, full length, offset, the bytes.
    static func extendedPayload(_ body: String, guid: String) -> [UInt8] {
        var w = ByteWriter(capacity: 128)
        w.append(XMPPacket.extendedSignature); w.append(Array(guid.utf8))
        w.u32(UInt32(body.utf8.count)); w.u32(0); w.append(Array(body.utf8))
        return w.bytes
    }

    /// A new standard packet alone keeps the source's extended XMP (the standard packet it names
    /// it in is the caller's to keep); a new standard packet with new extended chunks replaces
    /// the old chunks: one set, never the old beside the new.
    @Test("extended XMP: kept under a new standard packet alone, replaced by new chunks", arguments: [false, true])
    func extendedXMP(newChunks: Bool) throws {
        let fixture = Support.fixture("still-exif-icc-xmp.jpg")
        var input = [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture)))
        let standard = try #require(try JPEGStructure.read(FileSource(path: fixture)).segments.first(where: Self.isStandardXMP))
        let old = Self.extendedPayload("<x:old/>", guid: String(repeating: "A", count: 32))
        input.insert(contentsOf: [0xFF, 0xE1, UInt8((old.count + 2) >> 8), UInt8((old.count + 2) & 0xFF)] + old, at: Int(standard.endOffset))
        let dir = try TempDir()
        let path = try dir.write("in.jpg", input)

        var rewrite = JPEGRewrite(imageEnd: UInt64(input.count))
        let new = Self.extendedPayload("<x:new/>", guid: String(repeating: "B", count: 32))
        rewrite.xmpSegments = [try XMPPacket.empty().segmentPayload()] + (newChunks ? [new] : [])
        let outPath = try dir.write("out.jpg", try Self.output(rewrite, path))
        let output = [UInt8](try Data(contentsOf: URL(fileURLWithPath: outPath)))
        let extended = try JPEGStructure.read(FileSource(path: outPath)).segments.filter(Self.isExtendedXMP)
            .map { Array(output[Int($0.payloadOffset)..<Int($0.endOffset)]) }
        #expect(extended == [newChunks ? new : old])
    }
}
