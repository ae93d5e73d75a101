import Foundation
import Testing
import PropertyBased
import TestSupport
import BinaryIO
@testable import LivePhotoKit

/// `scan --json` writes its lines with `CompactJSONObject` instead of `JSONEncoder`: for every
/// finding, the bytes must be the ones `JSONEncoder` writes (scripts compare and parse them).
@Suite("compact JSON: the same bytes as JSONEncoder")
struct CompactJSONTests {
    /// A string from random numbers: control characters, quotes, backslashes, slashes, DEL,
    /// scalars of 2 to 4 bytes, and scalars of the reserved block (undecodable name bytes).
    static func piece(_ n: Int) -> String {
        let value = n / 6
        switch n % 6 {
        case 0: return String(Unicode.Scalar(UInt8(value % 0x20)))
        case 1: return ["\"", "\\", "/", "\u{7F}", " ", "{", "}", ":", ","][value % 9]
        case 2:
            let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
            let range = ranges[value % ranges.count]
            return String(Unicode.Scalar(range.lowerBound + UInt32(value / ranges.count % Int(range.count)))!)
        case 3: return String(Unicode.Scalar(PathText.reservedBlock.lowerBound + UInt32(value % 256))!)
        case 4: return "\u{2028}\u{2029}é😀"
        default: return "IMG_\(value % 10000).JPG"
        }
    }

    static let text = Gen.int(in: 0...Int.max).array(of: 0...12).map { $0.map(piece).joined() }
    static let optionalText = text.optional

    static func encoded(_ finding: LibraryFinding) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(finding), as: UTF8.self)
    }

    @Test("every finding kind and every string: compactJSON == JSONEncoder's bytes")
    func sameBytes() async throws {
        let kinds = LibraryFinding.Kind.allCases.filter { $0 != .motionPhoto }
        await propertyCheck(count: 400, input: Gen.nearEnds(in: 0...(kinds.count - 1)), Self.optionalText, Self.optionalText, Self.optionalText,
                            Self.optionalText, Self.optionalText, Self.optionalText) { kind, still, movie, identifier, stillID, movieID, detail in await Support.failingOnThrow {
            var finding = LibraryFinding(finding: kinds[kind], still: still, movie: movie, identifier: identifier,
                                         stillIdentifier: stillID, movieIdentifier: movieID, detail: detail)
            if finding.finding == .duplicateIdentifier { finding.copies = [still, movie, detail].compactMap { $0 } }
            #expect(finding.compactJSON == (try? Self.encoded(finding)))
        } }
    }

    @Test("a motion-photo finding is left to JSONEncoder (its numbers)")
    func motionPhotoFallsBack() {
        var finding = LibraryFinding(finding: .motionPhoto, still: "/a/PXL_1.MP.jpg", detail: "x")
        finding.motionPhoto = MotionPhotoSummary(variant: .google, maker: .google, videoBytes: 10, videoSeconds: 1.5, presentationTime: nil)
        #expect(finding.compactJSON == nil)
        #expect(LibraryFinding(finding: .paired, still: "/a/b.JPG", movie: "/a/b.MOV", identifier: "ID").compactJSON
                == #"{"finding":"paired","identifier":"ID","movie":"/a/b.MOV","still":"/a/b.JPG"}"#)
    }

    @Test("control characters: short escapes and lower-case \\u00xx, as JSONEncoder writes them")
    func controlCharacters() throws {
        let all = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
        let finding = LibraryFinding(finding: .unreadable, still: all, detail: "tab\there \"q\" back\\slash")
        #expect(finding.compactJSON == (try Self.encoded(finding)))
        #expect(finding.compactJSON?.contains(#"\u001f"#) == true && finding.compactJSON?.contains(#"\b\t\n\u000b\f\r"#) == true)
    }
}
