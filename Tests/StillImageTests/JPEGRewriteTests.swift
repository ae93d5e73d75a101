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
}
