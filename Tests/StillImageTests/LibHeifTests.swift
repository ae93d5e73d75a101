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

    /// The HEVC stream of an encoded HEIC as Annex B: the parameter sets of its `hvcC`, then the
    /// NAL units at the start of its `mdat` up to the first slice (the one tile of a small image).
    static func annexB(_ heic: [UInt8]) throws -> [UInt8] {
        func u16(_ at: Int) -> Int { Int(heic[at]) << 8 | Int(heic[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let hvcC = try #require(heic.firstRange(of: Array("hvcC".utf8))).upperBound
        var out: [UInt8] = [], p = hvcC + 22   // numOfArrays
        let arrays = Int(heic[p]); p += 1
        for _ in 0..<arrays {
            let count = u16(p + 1); p += 3        // NAL unit type, then the count
            for _ in 0..<count { let n = u16(p); out += [0, 0, 0, 1] + heic[p + 2..<p + 2 + n]; p += 2 + n }
        }
        var q = try #require(heic.firstRange(of: Array("mdat".utf8))).upperBound
        while q + 4 < heic.count {
            let n = u32(q), type = heic[q + 4] >> 1 & 0x3F
            out += [0, 0, 0, 1] + heic[q + 4..<q + 4 + n]
            q += 4 + n
            if type < 32 { break }
        }
        return out
    }

    /// The colour the pixels were coded in travels in the HEVC stream's VUI (libheif writes no
    /// `colr` box for sRGB, as macOS expects): BT.709 primaries, the sRGB transfer, the BT.601
    /// matrix and full range, read back by ffprobe, an independent reader.
    @Test("an encoded still says its colour in the stream: BT.709 primaries, sRGB transfer, BT.601 matrix, full range", .requires(.ffprobe))
    func encodedColour() throws {
        let heic = try LibHeif.encode(rgb: Self.gradient(width: 64, height: 48), width: 64, height: 48, quality: 90)
        let dir = try TempDir()
        let stream = try dir.write("still.hevc", try Self.annexB(heic))
        let probe = try Support.ffprobeJSON(["-show_streams"], file: stream)
        let video = try #require((probe["streams"] as? [[String: Any]])?.first)
        #expect(video["codec_name"] as? String == "hevc" && video["width"] as? Int == 64)
        #expect(video["color_primaries"] as? String == "bt709", "\(video)")
        #expect(video["color_transfer"] as? String == "iec61966-2-1", "\(video)")
        #expect(video["color_space"] as? String == "smpte170m", "\(video)")
        #expect(video["color_range"] as? String == "pc", "\(video)")
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
