import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// `inspect` reports a HEIC primary's `irot` as degrees anticlockwise: 90 per quarter turn
/// (0, 90, 180, 270), and the still's displayed size turned with it.
@Suite("inspect: a HEIC primary's irot in degrees")
struct HEIFReportRotationTests {
    /// The HEIC fixture with its `pixi` property (associated with the primary) renamed `irot`
    /// and its first payload byte set to `angle`: an `irot` box of angle `angle`. The box keeps
    /// its 16 bytes (an `irot` reader reads the first payload byte), so nothing else moves.
    static func rotated(_ angle: UInt8) throws -> [UInt8] {
        var bytes = try Support.bytes(Support.fixture("still-heic.heic"))
        #expect(bytes.firstRange(of: Array("irot".utf8)) == nil, "the fixture has no irot")
        let at = try #require(bytes.firstRange(of: Array("pixi".utf8)))
        bytes.replaceSubrange(at, with: Array("irot".utf8))
        bytes[at.upperBound] = angle
        return bytes
    }

    @Test("irot angle n: rotation n × 90 and, for a quarter turn, the size turned", arguments: [(UInt8(0), 0), (1, 90), (2, 180), (3, 270)])
    func degrees(angle: UInt8, expected: Int) throws {
        let dir = try TempDir()
        let path = try dir.write("IMG.HEIC", try Self.rotated(angle))
        let file = try HEIFFile.open(path: path)
        #expect(try file.property("irot", of: file.primaryItemID, ImageRotation.init)?.quarterTurns == angle)
        #expect(try HEIFReport.make(file).primary.rotation == expected)
        let report = try Inspector.inspect(path: path)
        #expect(report.heif?.primary.rotation == expected)
        #expect(report.heif?.primary.width == 320 && report.heif?.primary.height == 240, "ispe: as stored")
        let turned = angle % 2 == 1
        #expect(report.still?.width == (turned ? 240 : 320) && report.still?.height == (turned ? 320 : 240))
    }
}
