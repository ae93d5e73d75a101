import Foundation
import Testing
import BinaryIO

/// When the still a Motion Photo conversion wrote does not read back (its last byte cut by the
/// test fault hook), the one error line names the still it was writing, not the movie beside it.
@Suite("convert: a still that does not read back is named in the error")
struct ConvertStillRefusalNameTests {
    @Test("a JPEG Motion Photo, the still's last byte cut: exit 4, the error names the .jpg output")
    func theStillIsNamed() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = try Support.bytes(Support.fixture("still-no-exif.jpg"))
        let input = try Support.write(OtherMakerLayouts.lg(jpeg, video: ReadBackRefusalCLITests.mp4), in: dir, name: "20240103.jpg")
        let run = try SafetyTests.livephoto(["convert", input], env: ["LIVEPHOTO_FAULT_AT": WriteStep.stillWritten.rawValue, "LIVEPHOTO_FAULT_SIGNAL": "CUT"])
        #expect(run.status == 4, "\(run.err)")
        let prefix = "livephoto: " + dir.path + "/"
        try #require(run.err.hasPrefix(prefix), "\(run.err)")
        let named = String(run.err.dropFirst("livephoto: ".count).prefix { $0 != ":" })
        #expect(named.hasSuffix(".jpg") && named != input, "names the still output: \(run.err)")
        #expect(run.err.contains("the written still does not read back with the identifier"), "\(run.err)")
    }
}
