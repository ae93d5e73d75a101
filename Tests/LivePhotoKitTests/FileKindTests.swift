import Foundation
import Testing
import BinaryIO
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// What a file is, from its first bytes: a JPEG starts FF D8 FF; a HEIF or movie has `ftyp`
/// (or a QuickTime box) at byte 4 with its brand at byte 8. A file shorter than a rule needs
/// (a truncated download, a zero-length placeholder) is `unknown`, never a trap.
@Suite("FileKind: told from the first bytes, any length")
struct FileKindTests {
    static func kind(_ bytes: [UInt8], in dir: TempDir) throws -> FileKind {
        try FileKind.detect(path: try dir.write("file", bytes))
    }

    @Test("every prefix of a JPEG, a HEIC, a QuickTime movie and an MP4 header: unknown until the rule's bytes are there")
    func prefixes() throws {
        let dir = try TempDir()
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16]
        let box = { (brand: String) -> [UInt8] in [0, 0, 0, 24] + Array("ftyp".utf8) + Array(brand.utf8) + [0, 0, 0, 0] }
        for n in 0...jpeg.count {
            #expect(try Self.kind(Array(jpeg.prefix(n)), in: dir) == (n >= 3 ? .jpeg : .unknown), "JPEG, \(n) bytes")
        }
        for (brand, kind) in [("heic", FileKind.heic), ("qt  ", .quickTimeMovie), ("isom", .mp4Movie)] {
            let header = box(brand)
            for n in 0...header.count {
                #expect(try Self.kind(Array(header.prefix(n)), in: dir) == (n >= 12 ? kind : .unknown), "\(brand), \(n) bytes")
            }
        }
        #expect(try Self.kind([0xFF, 0xD8], in: dir) == .unknown, "SOI alone")
        #expect(try Self.kind([0xFF, 0xD8, 0x00], in: dir) == .unknown, "SOI, then no marker")
    }

    @Test("any few bytes: a kind, never a trap; JPEG exactly when they start FF D8 FF")
    func anyBytes() async throws {
        let dir = try TempDir()
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...20)) { seed, count in await Support.failingOnThrow {
            var rng = SplitMix64(seed: UInt64(seed))
            // Mostly bytes from the rules' own, so the prefixes meet.
            let alphabet: [UInt8] = [0xFF, 0xD8, 0x00, 0x18] + Array("ftypheicqt moov".utf8)
            let bytes = (0..<count).map { _ in rng.next() % 4 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            let kind = try Self.kind(bytes, in: dir)
            #expect((kind == .jpeg) == bytes.starts(with: [0xFF, 0xD8, 0xFF]), "\(bytes)")
        } }
    }
}
