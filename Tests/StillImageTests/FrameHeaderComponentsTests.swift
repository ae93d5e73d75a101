import BinaryIO
import Testing
@testable import StillImage

/// A SOFn segment gives three bytes per component (T.81 B.2.2): its id, its sampling factors
/// (H in the high nibble, V in the low) and its quantization table selector. Each component is
/// read from its own three bytes, whatever the selector byte before it holds.
@Suite("JPEG frame header: every component's id and sampling factors")
struct FrameHeaderComponentsTests {
    @Test("4:2:0, 4:2:2, 4:4:0, 4:4:4 and grey, luma on table 0 and chroma on table 1: each component as written",
          arguments: [[(2, 2), (1, 1), (1, 1)], [(2, 1), (1, 1), (1, 1)], [(1, 2), (1, 1), (1, 1)], [(1, 1), (1, 1), (1, 1)], [(1, 1)]] as [[(Int, Int)]])
    func componentsAsWritten(_ sampling: [(Int, Int)]) throws {
        var jpeg = SyntheticJPEG()
        jpeg.sampling = sampling.map { (h: $0.0, v: $0.1) }
        var bytes = jpeg.bytes
        let dir = try TempDir()
        let frame = try #require(try JPEGStructure.read(JPEGTrailerTests.write(bytes, dir)).frameSegment)
        // Precision, height, width, count (6 bytes), then id, H/V, table per component.
        for k in sampling.indices.dropFirst() { bytes[Int(frame.payloadOffset) + 6 + 3 * k + 2] = 1 }
        let source = try JPEGTrailerTests.write(bytes, dir, "tables.jpg")
        let header = try FrameHeader.read(source, frame)
        #expect(header.width == 16 && header.height == 16 && header.marker == 0xC0 && header.precision == 8)
        #expect(header.components == sampling.enumerated().map { FrameHeader.Component(id: UInt8($0.offset + 1), h: $0.element.0, v: $0.element.1) },
                "\(sampling): \(header.components)")
    }
}
