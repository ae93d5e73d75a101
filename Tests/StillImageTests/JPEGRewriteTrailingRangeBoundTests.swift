import BinaryIO
import Testing
@testable import StillImage

/// A source range written after the image (a gain map) must lie inside the file: one that ends
/// exactly at the file's end is copied, an empty one at the very end included (it adds nothing);
/// a byte further, in its start or its end, is refused as running past the end.
@Suite("JPEGRewrite: trailing ranges up to the file's end")
struct JPEGRewriteTrailingRangeBoundTests {
    @Test("ranges ending at the file's end, the empty one at its end included, are copied; one byte past is refused")
    func rangesUpToTheEnd() throws {
        let path = Support.fixture("still-no-exif.jpg")
        let input = try Support.bytes(path)
        let source = try FileSource(path: path)
        let size = source.size
        for (offset, length) in [(size, 0), (size - 10, 10), (0, size)] as [(UInt64, UInt64)] {
            var rewrite = JPEGRewrite(imageEnd: size)
            rewrite.trailing = [(offset: offset, length: length)]
            let (pieces, imageLength) = try rewrite.pieces(source: source, structure: JPEGStructure.read(source))
            #expect(imageLength == size, "range \(offset)+\(length)")
            let output = try JPEGRewriteTests.output(rewrite, path)
            #expect(output == input + Array(input[Int(offset)..<Int(offset + length)]), "range \(offset)+\(length)")
            #expect(pieces.map(\.length).reduce(0, +) == size + length)
        }
        for (offset, length) in [(size + 1, 0), (size, 1), (size - 10, 11)] as [(UInt64, UInt64)] {
            var rewrite = JPEGRewrite(imageEnd: size)
            rewrite.trailing = [(offset: offset, length: length)]
            let error = #expect(throws: ParseError.self) { _ = try rewrite.pieces(source: source, structure: JPEGStructure.read(source)) }
            #expect(error?.kind == .truncated && error?.message == "a range of \(length) bytes at \(offset) runs past the end of the file", "\(String(describing: error))")
        }
    }
}
