import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// libheif through CHeif: the primary image decodes to the pixels `heif-convert` gives (the
/// same library through its own program and PNG writer, read back by ffmpeg), and an encoded
/// HEIC reads back at its size with its EXIF.
@Suite("libheif: decode and encode")
struct LibHeifTests {
    /// `heif-convert` to PNG, then ffmpeg's PNG reader to raw 8-bit RGB.
    static func heifConvertRGB(_ path: String, in dir: TempDir) throws -> [UInt8] {
        let png = dir.path("decoded.png")
        let converted = try Support.run(try #require(Support.tool("heif-convert")), [path, png])
        try #require(converted.status == 0, "heif-convert \(path): \(converted.err)")
        let raw = try Support.run(try #require(Support.tool("ffmpeg")), ["-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        try #require(raw.status == 0, "ffmpeg \(png): \(raw.err)")
        return Array(raw.outData)
    }

    /// The corpus HEICs Debian's heif-convert (libheif 1.15) reads: tiled grids, one rotated 270°.
    @Test("the primary image decodes to heif-convert's size and pixels",
          .requires(.heifConvert, .ffmpeg, .ffprobe),
          arguments: ["iphone-heic/IMG_2927.HEIC", "iphone-heic/IMG_2929.HEIC", "samsung-motion/samsung-one-ui-6.heic"])
    func decodeMatchesHeifConvert(_ name: String) throws {
        try Support.require(.corpusFile(name))
        let path = Support.corpusFile(name)
        let decoded = try LibHeif.decodePrimary(Support.bytes(path), rgb: true)
        let dir = try TempDir()
        let reference = try Self.heifConvertRGB(path, in: dir)
        let probe = try Support.ffprobeJSON(["-show_streams"], file: dir.path("decoded.png"))
        let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
        #expect(stream["width"] as? Int == decoded.width && stream["height"] as? Int == decoded.height)
        let pixels = try #require(decoded.rgb)
        #expect(pixels.count == decoded.width * decoded.height * 3)
        let difference = Support.firstDifference(pixels, reference)
        #expect(difference == nil, "pixels differ from heif-convert's: \(difference ?? "")")
        // Decoding without the RGB conversion (what verify does) gives the same size.
        let sizeOnly = try LibHeif.decodePrimary(Support.bytes(path))
        #expect(sizeOnly.width == decoded.width && sizeOnly.height == decoded.height && sizeOnly.rgb == nil)
    }

    /// verify names the loaded libheif in its notes: the version of the library heif-info links too.
    @Test("the loaded libheif's version is the one heif-info reports", .requires(.heifInfo))
    func loadedVersionMatchesHeifInfo() throws {
        let info = try Support.run(try #require(Support.tool("heif-info")), ["--help"])
        let text = info.out + info.err
        let marker = try #require(text.range(of: "libheif version: "), "\(text)")
        let reported = text[marker.upperBound...].prefix { $0.isNumber || $0 == "." }
        #expect(!reported.isEmpty)
        #expect(LibHeif.loadedVersion == String(reported))
    }

    @Test("bytes that are not a HEIF file are refused with libheif's message")
    func notHEIF() {
        #expect(throws: LibHeif.Failure.self) { try LibHeif.decodePrimary(Array("not a heif file at all".utf8)) }
        #expect(throws: LibHeif.Failure.self) { try LibHeif.decodePrimary([]) }
    }

    /// A gradient: lossy coding keeps it close, so a wrong channel order or row stride shows.
    static func gradient(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height { for x in 0..<width { pixels += [UInt8(x * 255 / width), UInt8(y * 255 / height), 128] } }
        return pixels
    }

    @Test("an encoded RGB frame (down to one pixel a side) decodes back at its size and close to its pixels; its Exif item holds our TIFF",
          .requires(.heifInfo), arguments: [(64, 48), (33, 17), (1, 1), (1, 9), (9, 1)])
    func encodeRoundTrip(width: Int, height: Int) throws {
        let pixels = Self.gradient(width: width, height: height)
        let tiff = try TIFFExif.minimal(identifier: "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", width: width, height: height)
        let heic = try LibHeif.encode(rgb: pixels, width: width, height: height, quality: 90, exif: tiff)
        let back = try LibHeif.decodePrimary(heic, rgb: true)
        #expect(back.width == width && back.height == height)
        let decoded = try #require(back.rgb)
        let meanError = zip(decoded, pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) } / pixels.count
        // A side of one pixel shares its 4:2:0 chroma with the padding: a little further off.
        #expect(meanError <= (min(width, height) == 1 ? 8 : 4), "mean absolute error \(meanError)")
        let dir = try TempDir()
        let path = try dir.write("encoded.heic", heic)
        let info = try Support.run(try #require(Support.tool("heif-info")), [path])
        #expect(info.status == 0 && info.out.contains("image: \(width)x\(height)"), "\(info.out)\(info.err)")
        #expect(info.out.contains("Exif"), "heif-info lists the Exif block: \(info.out)")
        #expect(heic.firstRange(of: tiff) != nil, "the TIFF bytes are stored as given")
    }

    @Test("pixels that do not fill the size, no size, or a side past 65,536 are refused before libheif",
          arguments: [(0, 1, 0), (1, 0, 0), (2, 2, 11), (1, 1, 4), (65_537, 1, 65_537 * 3), (1, 65_537, 65_537 * 3)])
    func impossibleFrames(width: Int, height: Int, bytes: Int) {
        let error = #expect(throws: LibHeif.Failure.self) {
            try LibHeif.encode(rgb: [UInt8](repeating: 0, count: bytes), width: width, height: height, quality: 90)
        }
        #expect(error?.message == "\(bytes) bytes are not a \(width)x\(height) RGB image", "\(String(describing: error))")
    }

    /// 65,536 a side is ours to pass on: whatever libheif and its encoder make of it, the
    /// refusal is not ours.
    @Test("a side of exactly 65,536 is handed to libheif", arguments: [(65_536, 1), (1, 65_536)])
    func largestSidePassedOn(width: Int, height: Int) {
        let bytes = width * height * 3
        do {
            _ = try LibHeif.encode(rgb: [UInt8](repeating: 128, count: bytes), width: width, height: height, quality: 50)
        } catch let error as LibHeif.Failure {
            #expect(error.message != "\(bytes) bytes are not a \(width)x\(height) RGB image")
        } catch {
            Issue.record("\(error)")
        }
    }
}
