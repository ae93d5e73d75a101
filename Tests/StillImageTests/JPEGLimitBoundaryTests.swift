import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// The bounds that stop a hostile JPEG hold at their exact values: a file at the bound reads
/// as any other, one step past it is refused as too large (or as not fitting), never read.
@Suite("JPEG limits: at the bound read, one past refused")
struct JPEGLimitBoundaryTests {
    static func source(_ bytes: [UInt8], _ dir: TempDir, _ name: String) throws -> FileSource {
        let path = dir.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try FileSource(path: path)
    }

    @Test("65,536 FF fill bytes before each marker read; 65,537 are refused as too large")
    func fillBytes() throws {
        let dir = try TempDir()
        var jpeg = SyntheticJPEG()
        jpeg.fillBeforeMarkers = JPEGStructure.maxFillBytes
        let structure = try JPEGStructure.read(Self.source(jpeg.bytes, dir, "at.jpg"))
        #expect(structure.scanStart == UInt64(jpeg.scanStart))
        #expect(structure.segments.first?.offset == UInt64(2 + JPEGStructure.maxFillBytes))
        jpeg.fillBeforeMarkers += 1
        let error = #expect(throws: ParseError.self) { _ = try JPEGStructure.read(Self.source(jpeg.bytes, dir, "over.jpg")) }
        #expect(error?.kind == .tooLarge && error?.message.contains("more than 65536 FF fill bytes") == true, "\(String(describing: error))")
    }

    /// The image data of a progressive image holds a segment per scan and table: 100,000 of
    /// them (here COM segments) are walked to the EOI; one more is refused.
    @Test("100,000 segments between scans are walked to the EOI; 100,001 are refused as too large")
    func segmentsInTheImageData() throws {
        let dir = try TempDir()
        let jpeg = SyntheticJPEG()
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x02]
        func image(_ segments: Int) -> [UInt8] {
            var bytes = jpeg.headerBytes + jpeg.scanData
            bytes.reserveCapacity(bytes.count + 4 * segments + 8)
            for _ in 0..<segments { bytes += comment }
            return bytes + [0xFF, 0xD9, 0xAB, 0xCD]
        }
        let at = image(JPEGImageEnd.maximumSegments)
        let source = try Self.source(at, dir, "at.jpg")
        #expect(try JPEGImageEnd.find(source, structure: JPEGStructure.read(source)) == UInt64(at.count - 2))
        let over = try Self.source(image(JPEGImageEnd.maximumSegments + 1), dir, "over.jpg")
        let error = #expect(throws: ParseError.self) { _ = try JPEGImageEnd.find(over, structure: JPEGStructure.read(over)) }
        #expect(error?.kind == .tooLarge && error?.message.contains("more than 100000 segments") == true, "\(String(describing: error))")
    }

    /// libjpeg-turbo is handed SOI and every segment but APP1...APP13, APP15 and COM, at most
    /// 4 MiB of them: APP0 segments that are not JFIF (libjpeg skips them) fill it to the byte.
    @Test("4 MiB of header segments for libjpeg-turbo are read; one byte more is refused as too large")
    func headerBytesForLibjpeg() throws {
        let dir = try TempDir()
        func jpeg(handedBytes: Int) throws -> [UInt8] {
            let base = SyntheticJPEG()
            let structure = try JPEGStructure.read(Self.source(base.bytes, dir, "base.jpg"))
            let handed = 2 + structure.segments.filter { !((0xE1...0xED).contains($0.marker) || $0.marker == 0xEF || $0.marker == 0xFE) }.map(\.totalLength).reduce(0, +)
            var left = handedBytes - handed
            var padded = base
            // Segments of 4 to 65,537 bytes (marker, length, payload) adding up to `left`.
            while left > 0 {
                let total = left <= 65537 ? left : left - 65537 >= 4 ? 65537 : 65533
                padded.leadingSegments.append((0xE0, [UInt8](repeating: 0, count: total - 4)))
                left -= total
            }
            #expect(left == 0)
            return padded.bytes
        }
        let at = try Self.source(jpeg(handedBytes: TurboJPEG.maxHeaderBytes), dir, "at.jpg")
        let info = try TurboJPEG.header(of: at, structure: JPEGStructure.read(at))
        #expect(info.width == 16 && info.height == 16)
        let over = try Self.source(jpeg(handedBytes: TurboJPEG.maxHeaderBytes + 1), dir, "over.jpg")
        let error = #expect(throws: ParseError.self) { _ = try TurboJPEG.header(of: over, structure: JPEGStructure.read(over)) }
        #expect(error?.kind == .tooLarge && error?.message.contains("JPEG tables exceed") == true, "\(String(describing: error))")
    }

    /// Samsung's SEF directory (SEFH ... up to the footer's size field) is at most 1 MiB: one of
    /// exactly 1 MiB (a record, then zeros, as a directory may hold) reads; a byte more is refused.
    @Test("an SEF directory of exactly 1 MiB reads; 1 MiB + 1 is refused")
    func samsungDirectorySize() throws {
        let dir = try TempDir()
        let image = try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))
        func file(directorySize: Int) -> [UInt8] {
            let record = SamsungSEFTrailer.recordHeader(type: 0x0A30, name: "MotionPhoto_Data") + [1, 2, 3]
            var directory = Array("SEFH".utf8) + le32(SamsungSEFTrailer.version) + le32(1)
            directory += [0, 0, 0x30, 0x0A] + le32(UInt32(record.count)) + le32(UInt32(record.count))
            directory += [UInt8](repeating: 0, count: directorySize - directory.count)
            return image + record + directory + le32(UInt32(directorySize)) + Array("SEFT".utf8)
        }
        let sef = try #require(try SamsungSEFTrailer.read(Self.source(file(directorySize: 1 << 20), dir, "at.jpg")))
        #expect(sef.records.count == 1 && sef.motionPhotoData?.dataLength == 3 && sef.start == UInt64(image.count))
        let error = #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(Self.source(file(directorySize: (1 << 20) + 1), dir, "over.jpg")) }
        #expect(error?.message.contains("SEF directory size 1048577 does not fit") == true, "\(String(describing: error))")
    }
}

private func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
