import BinaryIO
import Testing
@testable import StillImage

/// The image end a rewrite is given may be anywhere from the scan's start to the file's end:
/// at the scan's start itself (nothing of the scan copied) the pieces are the headers alone;
/// one byte before it is refused.
@Suite("JPEGRewrite: an image end at the scan's start copies the headers alone")
struct JPEGRewriteImageEndAtScanStartTests {
    @Test("imageEnd = scanStart on still-no-exif.jpg: one copy of bytes 0..<scanStart, image length scanStart; scanStart - 1 is refused")
    func headersAlone() throws {
        let path = Support.fixture("still-no-exif.jpg")
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        let scanStart = structure.scanStart
        try #require(scanStart > 2 && scanStart < source.size)
        let (pieces, imageLength) = try JPEGRewrite(imageEnd: scanStart).pieces(source: source, structure: structure)
        #expect(imageLength == scanStart)
        #expect(pieces.map(\.length).reduce(0, +) == scanStart)
        try #require(pieces.count == 1, "\(pieces)")
        guard case .copy(let offset, let length) = pieces[0] else { Issue.record("not a copy: \(pieces[0])"); return }
        #expect(offset == 0 && length == scanStart)

        let error = #expect(throws: ParseError.self) { _ = try JPEGRewrite(imageEnd: scanStart - 1).pieces(source: source, structure: structure) }
        #expect(error?.kind == .invalidValue && error?.message == "image end \(scanStart - 1) outside the file", "\(String(describing: error))")
    }
}
