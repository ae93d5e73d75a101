import Foundation
import Testing
@testable import LivePhotoKit

/// Output names a conversion works on are claimed for the process: a name claimed once is
/// refused to a second claim (all of a claim's names, or none) until it is released.
@Suite("convert: an output name claimed is not claimed again until released")
struct ConvertedOutputClaimTests {
    @Test("claim, claim again (refused, also with a free name beside it), release, claim")
    func claimIsExclusive() {
        let base = "/claims-\(UUID().uuidString)"
        let (a, b, c) = (base + "/a.jpg", base + "/a.MOV", base + "/c.jpg")
        defer { ConvertedOutput.release([a, b, c]) }
        #expect(ConvertedOutput.claim([a, b]))
        #expect(!ConvertedOutput.claim([b]))
        #expect(!ConvertedOutput.claim([c, a]))
        #expect(ConvertedOutput.claim([c]), "a refused claim takes none of its names")
        ConvertedOutput.release([a, b])
        #expect(ConvertedOutput.claim([b]))
    }
}
