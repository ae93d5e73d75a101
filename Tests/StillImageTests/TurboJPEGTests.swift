import BinaryIO
import Foundation
@testable import StillImage
import Testing

@Suite("libjpeg-turbo header and full decode")
struct TurboJPEGTests {
    static func header(_ bytes: [UInt8]) throws -> JPEGHeaderInfo {
        let dir = try TempDir()
        let source = try FileSource(path: try dir.write("t.jpg", bytes))
        return try TurboJPEG.header(of: source, structure: JPEGStructure.read(source))
    }

    /// Adobe's APP14 decides the colour space of a JPEG without JFIF (its transform flag: 0 is
    /// RGB or CMYK, 1 YCbCr, 2 YCCK), so the header given to libjpeg-turbo keeps it, whatever
    /// other APPn segments (Photoshop's APP13 here) are left out.
    @Test("Adobe APP14 decides RGB, YCbCr, CMYK or YCCK", arguments: [(3, 0, "RGB"), (3, 1, "YCbCr"), (4, 0, "CMYK"), (4, 2, "YCCK")])
    func adobeTransform(components: Int, transform: UInt8, colorSpace: String) throws {
        var jpeg = SyntheticJPEG()
        jpeg.sampling = Array(repeating: (1, 1), count: components)
        jpeg.leadingSegments = [(0xED, Array("Photoshop 3.0".utf8) + [0]),
                                (0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, transform])]
        #expect(try Self.header(jpeg.bytes).colorSpace == colorSpace)
    }

    @Test func syntheticSubsamplings() throws {
        let cases: [([(h: Int, v: Int)], String, String)] = [
            ([(1, 1)], "gray", "gray"),
            ([(1, 1), (1, 1), (1, 1)], "4:4:4", "YCbCr"),
            ([(2, 1), (1, 1), (1, 1)], "4:2:2", "YCbCr"),
            ([(2, 2), (1, 1), (1, 1)], "4:2:0", "YCbCr"),
            ([(1, 2), (1, 1), (1, 1)], "4:4:0", "YCbCr"),
            ([(4, 1), (1, 1), (1, 1)], "4:1:1", "YCbCr"),
        ]
        for (sampling, sub, cs) in cases {
            var jpeg = SyntheticJPEG()
            jpeg.width = 40; jpeg.height = 24
            jpeg.sampling = sampling
            jpeg.leadingSegments = [(0xE1, Array("Exif".utf8) + [0, 0]), (0xFE, [1, 2, 3])]
            #expect(try Self.header(jpeg.bytes) == JPEGHeaderInfo(width: 40, height: 24, subsampling: sub, colorSpace: cs))
            let dir = try TempDir()
            try TurboJPEG.decodeFully(path: dir.write("t.jpg", jpeg.bytes))
        }
    }

    /// A layout libjpeg-turbo has no name for (luma 3x1) is reported as "unknown" from our SOF parse.
    @Test func unnamedSubsampling() throws {
        var jpeg = SyntheticJPEG()
        jpeg.width = 48; jpeg.height = 8
        jpeg.sampling = [(3, 1), (1, 1), (1, 1)]
        let info = try Self.header(jpeg.bytes)
        #expect(info == JPEGHeaderInfo(width: 48, height: 8, subsampling: "unknown", colorSpace: "YCbCr"))
        let dir = try TempDir()
        try TurboJPEG.decodeFully(path: dir.write("odd.jpg", jpeg.bytes))
    }

    @Test(.enabled(if: TestFiles.hasFixture("still-exif-icc-xmp.jpg")))
    func fixtureHeaderAndDecode() throws {
        for name in ["still-exif-icc-xmp.jpg", "still-no-exif.jpg", "still-jpeg-trailer.jpg", "still-apple-makernote.jpg"] where TestFiles.hasFixture(name) {
            let source = try FileSource(path: TestFiles.fixture(name))
            let info = try TurboJPEG.header(of: source, structure: JPEGStructure.read(source))
            #expect(info == JPEGHeaderInfo(width: 320, height: 240, subsampling: "4:2:0", colorSpace: "YCbCr"))
            try TurboJPEG.decodeFully(path: TestFiles.fixture(name))
        }
    }

    @Test(.requires(.corpusFile("iphone-jpeg/iphone6.jpg")))
    func corpusHeaderAndDecode() throws {
        let source = try FileSource(path: TestFiles.corpusFile("iphone-jpeg/iphone6.jpg"))
        let info = try TurboJPEG.header(of: source, structure: JPEGStructure.read(source))
        #expect(info == JPEGHeaderInfo(width: 3264, height: 2448, subsampling: "4:2:0", colorSpace: "YCbCr"))
        try TurboJPEG.decodeFully(path: TestFiles.corpusFile("iphone-jpeg/iphone6.jpg"))
    }

    /// Cutting into the scan data leaves the headers readable but fails the full decode with
    /// libjpeg-turbo's message; the same holds for damaged scan bytes.
    @Test(.enabled(if: TestFiles.hasFixture("still-no-exif.jpg")))
    func fullDecodeCatchesDamage() throws {
        let bytes = try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))
        let dir = try TempDir()
        let scanStart = Int(try JPEGStructure.read(FileSource(path: TestFiles.fixture("still-no-exif.jpg"))).scanStart)
        for cut in [scanStart + 20, scanStart + 500, bytes.count / 2, bytes.count - 3] {
            let path = try dir.write("cut.jpg", Array(bytes.prefix(cut)))
            #expect(throws: ParseError.self) { try TurboJPEG.decodeFully(path: path) }
            #expect { try TurboJPEG.decodeFully(path: path) } throws: { "\($0)".contains("libjpeg-turbo") }
        }
        var damaged = bytes
        for i in stride(from: scanStart + 40, to: bytes.count - 100, by: 97) { damaged[i] = 0xFF; damaged[i + 1] = 0xD3 }
        let path = try dir.write("damaged.jpg", damaged)
        #expect(throws: ParseError.self) { try TurboJPEG.decodeFully(path: path) }
    }

    /// Damaged tables (a Huffman table whose counts overrun it, a quantisation table of an
    /// index past 3) stop libjpeg-turbo reading the headers, not us: the frame's facts come
    /// from our SOF parse, the library's reason is kept, and decoding still fails.
    @Test(arguments: [("DHT", 0xC4 as UInt8, "Bogus Huffman table definition"), ("DQT", 0xDB as UInt8, "Bogus DQT index")])
    func damagedTablesReadFromTheFrame(name: String, marker: UInt8, reason: String) throws {
        var bytes = try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))
        let structure = try JPEGStructure.read(FileSource(path: TestFiles.fixture("still-no-exif.jpg")))
        let table = try #require(structure.segments.first { $0.marker == marker }, "\(name)")
        let at = Int(table.payloadOffset)
        if marker == 0xC4 { for k in 1...16 { bytes[at + k] = 0xFF } } else { bytes[at] = 0x05 }
        let info = try Self.header(bytes)
        #expect(info.width == 320 && info.height == 240 && info.subsampling == "unknown" && info.colorSpace == "YCbCr")
        #expect(info.unreadByLibrary?.contains(reason) == true, "\(String(describing: info.unreadByLibrary))")
        let dir = try TempDir()
        let path = try dir.write("damaged.jpg", bytes)
        #expect(try StillImageReader.read(path: path).warnings == ["libjpeg-turbo cannot read the image's headers (\(info.unreadByLibrary ?? "")): it will not decode"])
        #expect { try TurboJPEG.decodeFully(path: path) } throws: { "\($0)".contains(reason) }
        // The named-layout fallback is no damage: an intact file has no reason.
        #expect(try Self.header(TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))).unreadByLibrary == nil)
    }

    @Test func hostileFrames() throws {
        let dir = try TempDir()
        // Zero width: libjpeg-turbo refuses the header.
        var zero = SyntheticJPEG()
        zero.width = 0
        #expect(throws: ParseError.self) { _ = try Self.header(zero.bytes) }
        #expect(throws: ParseError.self) { try TurboJPEG.decodeFully(path: dir.write("zero.jpg", zero.bytes)) }
        // A huge frame in a tiny file is refused before any decoder allocation.
        var huge = SyntheticJPEG()
        huge.width = 65000; huge.height = 65000
        let bytes = Array(huge.headerBytes) + [0, 0, 0xFF, 0xD9]
        #expect { try TurboJPEG.decodeFully(path: dir.write("huge.jpg", bytes)) } throws: { ($0 as? ParseError)?.kind == .tooLarge }
        // No frame header at all.
        let noFrame: [UInt8] = [0xFF, 0xD8] + SyntheticJPEG.segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0, 0xFF, 0xD9]
        #expect(throws: ParseError.self) { _ = try Self.header(noFrame) }
        #expect(throws: ParseError.self) { try TurboJPEG.decodeFully(path: dir.write("noframe.jpg", noFrame)) }
        // Not a JPEG at all.
        #expect(throws: ParseError.self) { try TurboJPEG.decodeFully(path: dir.write("x.jpg", Array("hello".utf8))) }
    }

    /// A frame of 1024 pixels per file byte is the most believed: a 1024x1024 frame in a file
    /// of exactly 1,024 bytes goes on to libjpeg-turbo (whose decode then fails on the missing
    /// data), in 1,023 bytes it is refused as too large before any decoder allocation.
    @Test("1,024 pixels per file byte go to the decoder; one byte fewer in the file is refused as too large")
    func pixelsPerFileByteBound() throws {
        let dir = try TempDir()
        var jpeg = SyntheticJPEG()
        jpeg.width = 1024; jpeg.height = 1024
        func file(size: Int) -> [UInt8] { jpeg.headerBytes + [UInt8](repeating: 0, count: size - jpeg.headerBytes.count - 2) + [0xFF, 0xD9] }
        #expect { try TurboJPEG.decodeFully(path: dir.write("at.jpg", file(size: 1024))) } throws: {
            ($0 as? ParseError)?.kind != .tooLarge && "\($0)".contains("libjpeg-turbo")
        }
        #expect { try TurboJPEG.decodeFully(path: dir.write("over.jpg", file(size: 1023))) } throws: {
            ($0 as? ParseError)?.kind == .tooLarge && "\($0)".contains("frame size 1024x1024 is too large for a 1023-byte file")
        }
    }

    /// Cut points through a synthetic file: header() and decodeFully() only ever throw ParseError.
    @Test func truncatedFilesNeverCrash() throws {
        var jpeg = SyntheticJPEG()
        jpeg.width = 64; jpeg.height = 64
        let bytes = jpeg.bytes
        let dir = try TempDir()
        for cut in 0..<bytes.count {
            let path = try dir.write("cut.jpg", Array(bytes.prefix(cut)))
            do { try TurboJPEG.decodeFully(path: path) } catch is ParseError {} catch { Issue.record("cut \(cut): \(error)") }
            do {
                let source = try FileSource(path: path)
                _ = try TurboJPEG.header(of: source, structure: JPEGStructure.read(source))
            } catch is ParseError {} catch { Issue.record("cut \(cut): \(error)") }
        }
    }
}
