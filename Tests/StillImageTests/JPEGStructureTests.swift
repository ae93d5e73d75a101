import BinaryIO
import Foundation
@testable import StillImage
import Testing

@Suite("JPEG segment reader")
struct JPEGStructureTests {
    static func read(_ bytes: [UInt8]) throws -> JPEGStructure {
        let dir = try TempDir()
        return try JPEGStructure.read(FileSource(path: try dir.write("t.jpg", bytes)))
    }

    static func parseError(_ bytes: [UInt8]) -> ParseError? {
        do { _ = try read(bytes); return nil } catch let e as ParseError { return e } catch { return nil }
    }

    /// A file that ends inside a segment's length field: the error names the segment (its
    /// marker's name under JPEG), not the file read that failed, and where it is.
    @Test("a file cut inside a segment's length field: a truncated error named after the segment", arguments: [0, 1])
    func cutInTheLengthField(_ lengthBytes: Int) throws {
        let error = try #require(Self.parseError([0xFF, 0xD8, 0xFF, 0xE1] + [0x00, 0x10].prefix(lengthBytes)))
        #expect(error.kind == .truncated && error.path == "JPEG/APP1", "\(error)")
    }

    @Test func segmentsInOrderWithIdentifiers() throws {
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [
            SyntheticJPEG.jfif(),
            (0xE1, Array("Exif".utf8) + [0, 0] + Array("MM".utf8)),
            (0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array("<x/>".utf8)),
            (0xE2, Array("ICC_PROFILE".utf8) + [0, 1, 1]),
            (0xE2, Array("MPF".utf8) + [0, 0x4D, 0x4D]),
            (0xFE, Array("a comment".utf8)),
            (0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 1]),
            (0xE3, [0x01, 0x02]),
        ]
        jpeg.trailer = [1, 2, 3]
        let s = try Self.read(jpeg.bytes)
        #expect(s.segments.map(\.name) == ["APP0", "APP1", "APP1", "APP2", "APP2", "COM", "APP14", "APP3", "DQT", "SOF0", "DHT", "DHT", "SOS"])
        #expect(s.segments.map(\.identifier) == ["JFIF", "Exif", "http://ns.adobe.com/xap/1.0/", "ICC_PROFILE", "MPF", nil, "Adobe", nil, nil, nil, nil, nil, nil])
        #expect(s.scanStart == UInt64(jpeg.scanStart))
        #expect(s.fileSize == UInt64(jpeg.bytes.count))
        #expect(s.exifSegment?.offset == s.segments[1].offset)
        #expect(s.segments[1].isAPP(1) && !s.segments[1].isAPP(0))
        // Segments tile the file from offset 2 to the SOS marker.
        var expected: UInt64 = 2
        for seg in s.segments {
            #expect(seg.offset == expected)
            #expect(seg.payloadOffset == seg.offset + 4 && seg.totalLength == seg.payloadLength + 4)
            expected = seg.endOffset
        }
    }

    @Test func exifSegmentNeedsTheFullHeader() throws {
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [(0xE1, Array("Exif".utf8) + [0, 0x20]), (0xE1, Array("Exif".utf8) + [0, 0, 0x4D])]
        let s = try Self.read(jpeg.bytes)
        #expect(s.exifSegment?.offset == s.segments[1].offset)
    }

    @Test func fillBytesBetweenSegmentsAreTolerated() throws {
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [SyntheticJPEG.jfif()]
        jpeg.fillBeforeMarkers = 3
        let s = try Self.read(jpeg.bytes)
        #expect(s.segments.count == 6)
        #expect(s.scanStart == UInt64(jpeg.scanStart))
        #expect(s.segments[0].offset == 2 + 3)
    }

    @Test func standaloneMarkersAreSkipped() throws {
        let jpeg = SyntheticJPEG()
        var bytes = jpeg.bytes
        bytes.insert(contentsOf: [0xFF, 0xD0, 0xFF, 0x01], at: 2)
        let s = try Self.read(bytes)
        #expect(s.segments.first?.name == "DQT")
        #expect(s.segments.first?.offset == 6)
    }

    @Test func notAJPEG() throws {
        for bytes: [UInt8] in [[], [0xFF], [0x89, 0x50, 0x4E, 0x47], [0, 0, 0, 0x18] + Array("ftypheic".utf8)] {
            let e = Self.parseError(bytes)
            #expect(e?.kind == .unsupported)
            #expect(e?.message.contains("not a JPEG") == true)
        }
    }

    @Test(.requires(.corpusFile("iphone-heic/IMG_2927.HEIC"), .corpusFile("iphone-heic/IMG_2929.HEIC")))
    func heicIsNotAJPEG() throws {
        for name in ["iphone-heic/IMG_2927.HEIC", "iphone-heic/IMG_2929.HEIC"] {
            #expect {
                _ = try JPEGStructure.read(FileSource(path: TestFiles.corpusFile(name)))
            } throws: { ($0 as? ParseError)?.kind == .unsupported && "\($0)".contains("not a JPEG") }
        }
    }

    @Test func badSegmentLengths() throws {
        let soi: [UInt8] = [0xFF, 0xD8]
        for length: [UInt8] in [[0, 0], [0, 1]] {
            let e = Self.parseError(soi + [0xFF, 0xE1] + length + [0, 0, 0, 0])
            #expect(e?.kind == .invalidValue)
            #expect(e?.offset == 4)
            #expect(e?.path == "JPEG/APP1")
        }
        // A length running past the end of the file.
        let huge = Self.parseError(soi + [0xFF, 0xE1, 0xFF, 0xFF, 1, 2, 3])
        #expect(huge?.kind == .truncated)
        #expect(huge?.offset == 2)
    }

    @Test func structuralErrors() throws {
        let soi: [UInt8] = [0xFF, 0xD8]
        #expect(Self.parseError(soi)?.kind == .truncated)                               // no SOS
        #expect(Self.parseError(soi + [0xFF, 0xD9])?.kind == .invalidValue)             // EOI first
        #expect(Self.parseError(soi + [0xFF, 0xD8])?.kind == .invalidValue)             // second SOI
        #expect(Self.parseError(soi + [0x12, 0x34])?.kind == .invalidValue)             // not a marker
        #expect(Self.parseError(soi + [0xFF, 0x00])?.kind == .invalidValue)             // stuffed zero
        #expect(Self.parseError(soi + [UInt8](repeating: 0xFF, count: 70_000))?.kind == .tooLarge) // endless fill
        #expect(Self.parseError(soi + [UInt8](repeating: 0xFF, count: 300))?.kind == .truncated)
    }

    @Test func segmentCountIsBounded() throws {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for _ in 0...JPEGStructure.maxSegments { bytes += [0xFF, 0xFE, 0x00, 0x02] }
        bytes += SyntheticJPEG().bytes.dropFirst(2)
        #expect(Self.parseError(bytes)?.kind == .tooLarge)
    }

    /// Every cut before the end of the SOS header throws a ParseError; every cut after it reads
    /// the same structure as the whole file.
    @Test func truncationAtEveryCutPoint() throws {
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [SyntheticJPEG.jfif(), (0xE1, Array("Exif".utf8) + [0, 0] + [UInt8](repeating: 7, count: 40))]
        let bytes = jpeg.bytes
        let whole = try Self.read(bytes)
        let sosEnd = Int(whole.scanHeader.endOffset)
        let dir = try TempDir()
        for cut in 0..<bytes.count {
            let path = try dir.write("cut.jpg", Array(bytes.prefix(cut)))
            do {
                let s = try JPEGStructure.read(FileSource(path: path))
                #expect(cut >= sosEnd, "cut \(cut) should not parse")
                #expect(s.segments == whole.segments)
            } catch let e as ParseError {
                #expect(cut < sosEnd, "cut \(cut): \(e)")
            }
        }
    }

    @Test(.enabled(if: TestFiles.hasFixture("still-exif-icc-xmp.jpg")))
    func fixtureSegments() throws {
        let s = try JPEGStructure.read(FileSource(path: TestFiles.fixture("still-exif-icc-xmp.jpg")))
        let ids = s.segments.filter { $0.isAPPn || $0.marker == 0xFE }.map { "\($0.name) \($0.identifier ?? "-")" }
        #expect(ids == ["APP0 JFIF", "APP1 Exif", "APP1 http://ns.adobe.com/xap/1.0/", "APP2 ICC_PROFILE", "COM -"])
        #expect(s.exifSegment != nil)
    }
}
