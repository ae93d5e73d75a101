import Foundation
import Testing
@testable import LivePhotoKit

/// `convert` adds `_1` … `_9999` to a taken name: the last suffix is still tried, and a folder
/// where every one is taken is refused with one line, nothing overwritten.
struct ConvertOutputSuffixBoundTests {
    @Test func theLastSuffixIsTriedThenRefused() throws {
        let dir = try TempDir()
        let bound = ConvertOutputNames.maximumSuffix
        for n in 0..<bound { try dir.write(n == 0 ? "IMG.jpg" : "IMG_\(n).jpg", [1]) }
        let (paths, earlier) = try ConvertOutputNames.free(directory: dir.url.path, stem: "IMG", extensions: ["jpg"], avoiding: [])
        ConvertedOutput.release(paths)
        #expect(paths == [dir.url.path + "/IMG_\(bound).jpg"] && earlier == .none)

        try dir.write("IMG_\(bound).jpg", [1])
        let e = #expect(throws: LivePhotoError.self) {
            _ = try ConvertOutputNames.free(directory: dir.url.path, stem: "IMG", extensions: ["jpg"], avoiding: [])
        }
        #expect(e?.reason == "no free output name (tried \(bound) suffixes)" && e?.category == .refused)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("IMG_\(bound).jpg"))) == Data([1]))
    }
}
