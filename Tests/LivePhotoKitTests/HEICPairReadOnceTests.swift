import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import LivePhotoKit

/// `pair` parses a HEIC still once: the facts it reports and the edit it writes come from the
/// same parse. After the parse the path names another file (renamed over it; the open file keeps
/// its bytes), and the still is written all the same, with the bytes a fresh run gives.
@Suite("pair: a HEIC still is parsed once, for its facts and its edit")
struct HEICPairReadOnceTests {
    @Test("the still's write plan works on the parse it is handed, not on the path")
    func planUsesTheParse() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let identifier = "3C1D5E7F-9A2B-4C6D-8E0F-1A2B3C4D5E6F"
        let expectedOut = dir.appendingPathComponent("expected.HEIC").path
        let fresh = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "fresh.HEIC")
        try HEICIdentifierWriter.prepare(sourcePath: fresh, targetPath: expectedOut, identifier: identifier,
                                         replaceForeignMakerNote: false).replacement?.commit()

        let still = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG_0001.HEIC")
        let (info, heic) = try StillReading.read(path: still)
        let parsed = try #require(heic, "a HEIC is told by its content and handed on parsed")
        #expect(info.contentIdentifier != identifier, "the fixture carries another identifier: the write changes it")
        try HEICReadOnceTests.replace(still, in: dir)

        let target = dir.appendingPathComponent("IMG_0001-paired.HEIC").path
        let plan = try StillWritePlan(still: still, target: target, inPlace: false, kind: .heic(parsed), stillIdentifier: info.contentIdentifier,
                                      identifier: identifier, replaceForeignMakerNote: false, recoverInterrupted: false)
        #expect(plan.method == .newFile)
        try plan.prepare().write.commit()
        #expect(try Support.bytes(target) == Support.bytes(expectedOut), "the written still is the one made from the parsed file")
    }
}
