import Testing
import BinaryIO
@testable import ISOBMFF

/// Derived images (`dimg`) must not refer back to themselves, through any of their sources: a
/// loop through an image's second (or later) source is refused like one through its first, and
/// an image built from several sources without a loop opens.
@Suite("HEIF derivation loops: every source of a derived image is followed")
struct DerivationLoopThroughLaterTargetTests {
    static func items(_ ids: [UInt32]) -> [(id: UInt32, type: FourCC, data: [UInt8])] { ids.map { (id: $0, type: FourCC("grid"), data: [0]) } }

    @Test("1 from [2, 3] and 3 from [1]: a loop through 1's second source, refused", arguments: [[UInt32(2), 3], [2, 4, 3]])
    func loopThroughALaterSource(sources: [UInt32]) {
        let bytes = HEIFHostileTests.heif(items: Self.items([1, 2, 3, 4]),
                                          references: [.init(type: "dimg", fromItemID: 1, toItemIDs: sources), .init(type: "dimg", fromItemID: 3, toItemIDs: [1])])
        let error = Support.expectParseError("loop through \(sources)") { _ = try HEIFHostileTests.open(bytes) }
        #expect(error?.message.contains("loop") == true, "\(String(describing: error))")
    }

    @Test("1 from [2, 3, 4], 3 from [4], no loop: the file opens")
    func severalSourcesNoLoop() throws {
        let bytes = HEIFHostileTests.heif(items: Self.items([1, 2, 3, 4]),
                                          references: [.init(type: "dimg", fromItemID: 1, toItemIDs: [2, 3, 4]), .init(type: "dimg", fromItemID: 3, toItemIDs: [4])])
        let file = try HEIFHostileTests.open(bytes)
        #expect(file.locations.items.count == 4)
    }
}
