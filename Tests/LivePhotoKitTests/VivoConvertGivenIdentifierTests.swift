import Foundation
import Testing
import StillImage
@testable import LivePhotoKit

/// Converting a vivo still with its video beside it (paired as a split-off video is) takes the
/// identifier asked for, as every other conversion does.
@Suite("convert: a vivo still and its video beside it take the identifier given")
struct VivoConvertGivenIdentifierTests {
    @Test("--id: the result and the written still carry the given identifier")
    func givenIdentifier() throws {
        let id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
        let (dir, still) = try OtherMakerMotionPhotoTests.write(OtherMakerLayouts.vivo(OtherMakerMotionPhotoTests.jpeg, jsonID: "9", albumID: "9"), "IMG_9.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Support.write(OtherMakerMotionPhotoTests.mp4, in: dir, name: "IMG_9.mp4")
        var options = ConvertOptions()
        options.identifier = .given(id)
        options.outputDirectory = dir.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: options.outputDirectory!, withIntermediateDirectories: true)
        let r = try MotionPhotoToLivePhoto.run(path: still, options: options)
        #expect(r.status == .converted && r.variant == .sidecarVideo)
        #expect(r.identifier == id)
        #expect(try StillImageReader.read(path: try #require(r.still)).contentIdentifier == id)
    }
}
