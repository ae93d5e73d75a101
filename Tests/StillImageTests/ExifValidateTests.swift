import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// `exiftool -validate` before and after pairing: pairing adds no warning to any still, and
/// an IFD it creates carries the tags EXIF requires with the JPEG's true values.
@Suite("EXIF required tags (exiftool -validate cross-check)")
struct ExifValidateTests {
    static let id = "7D3A1C52-9B0E-4F61-8C2D-3E4F5A6B7C8D"

    /// The warnings of `exiftool -validate -warning -a` (one per line, the summary left out).
    static func validationWarnings(_ file: String) throws -> [String] {
        let output = try ExifTool.run(["-validate", "-warning", "-a", "-s3", file])
        // The first line is the verdict ("OK", "4 Warnings (2 minor)"); the rest are warnings.
        return String(decoding: output, as: UTF8.self).split(separator: "\n").dropFirst().map(String.init).sorted()
    }

    /// Every still in Fixtures/ and the corpus JPEGs (a missing one leaves a warning; fails under CI=true).
    static var stills: [String] {
        let fixtures = ((try? FileManager.default.contentsOfDirectory(atPath: TestFiles.fixtures.path)) ?? [])
            .filter { $0.lowercased().hasSuffix(".jpg") }.sorted().map(TestFiles.fixture)
        let corpus = Support.corpusFiles(["iphone-jpeg/iphone6.jpg", "iphone-jpeg/iphone7-small.jpg", "avfoundation-pair/IMG.JPG", "android-jpeg/samsung-sm-g960f.jpg"])
        return fixtures + corpus
    }

    @Test("pairing adds no exiftool -validate warning, for every fixture and corpus still", .requires(.exiftool))
    func noNewWarnings() throws {
        let stills = Self.stills
        #expect(stills.count >= 5, "the five fixture JPEGs at least")
        for source in stills {
            let dir = try TempDir()
            let r = try PairingCheck.pair(source, identifier: Self.id, replaceForeign: true, in: dir)
            let before = try Self.validationWarnings(source), after = try Self.validationWarnings(r.output)
            let added = after.filter { !before.contains($0) }
            #expect(added.isEmpty, "\(source): \(added)")
        }
    }

    @Test("a JPEG without EXIF gets IFD0 and an Exif IFD with the required tags and true values", .requires(.exiftool))
    func newExifCarriesRequiredTags() throws {
        let dir = try TempDir()
        let source = TestFiles.fixture("still-no-exif.jpg")
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        #expect(try Self.validationWarnings(r.output).isEmpty)
        try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: [
            "Apple:MediaGroupUUID=\(Self.id)", "File:ExifByteOrder=MM",
            "IFD0:XResolution=72", "IFD0:YResolution=72", "IFD0:ResolutionUnit=2", "IFD0:YCbCrPositioning=1",
            "ExifIFD:ExifVersion=0231", "ExifIFD:ComponentsConfiguration=1 2 3 0", "ExifIFD:FlashpixVersion=0100",
            "ExifIFD:ColorSpace=1", "ExifIFD:ExifImageWidth=320", "ExifIFD:ExifImageHeight=240",
        ])
    }

    /// JFIF units 1 (dots per inch) give EXIF ResolutionUnit 2, units 2 (dots per cm) give 3;
    /// the unit is JFIF's byte 7, whatever the density's high byte holds.
    @Test("JFIF density: dots per inch become EXIF unit 2, dots per cm unit 3, for densities below and above 256")
    func jfifDensityUnits() throws {
        let dir = try TempDir()
        let cases: [(units: UInt8, density: Int, exifUnit: UInt16)] = [(1, 96, 2), (2, 300, 3), (2, 40, 3)]
        for c in cases {
            var jpeg = SyntheticJPEG()
            let d: [UInt8] = [UInt8(c.density >> 8), UInt8(c.density & 0xFF)]
            jpeg.leadingSegments = [(0xE0, Array("JFIF\0".utf8) + [1, 1, c.units] + d + d + [0, 0])]
            let source = try dir.write("jfif-\(c.units)-\(c.density).jpg", jpeg.bytes)
            let facts = try RequiredExifTags.facts(FileSource(path: source), try JPEGStructure.read(FileSource(path: source)))
            #expect(facts.resolution?.x == UInt32(c.density) && facts.resolution?.y == UInt32(c.density) && facts.resolution?.unit == c.exifUnit,
                    "units \(c.units), density \(c.density)")
        }
    }

    /// ComponentsConfiguration: Y only for a greyscale frame, Y Cb Cr for three components.
    @Test("ComponentsConfiguration follows the frame's component count", arguments: [(1, [1, 0, 0, 0] as [UInt8]), (3, [1, 2, 3, 0])])
    func componentsConfiguration(components: Int, expected: [UInt8]) throws {
        let facts = RequiredExifTags.ImageFacts(width: 8, height: 8, components: components, resolution: nil, hasICCProfile: false)
        let field = try #require(RequiredExifTags.exifIFD(facts, bigEndian: true).first { $0.tag == RequiredExifTags.componentsConfiguration })
        #expect(field.value == expected)
    }

    @Test("resolution comes from JFIF, colour space from an ICC profile, dimensions from the frame")
    func trueValues() throws {
        let dir = try TempDir()
        var jpeg = SyntheticJPEG()
        jpeg.width = 40
        jpeg.height = 24
        // JFIF 1.01, units 1 (dots per inch), 300 x 300.
        jpeg.leadingSegments = [(0xE0, Array("JFIF\0".utf8) + [1, 1, 1, 0x01, 0x2C, 0x01, 0x2C, 0, 0]),
                                (0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1, 0, 0])]
        let source = try dir.write("jfif-icc.jpg", jpeg.bytes)
        let structure = try JPEGStructure.read(FileSource(path: source))
        let facts = try RequiredExifTags.facts(FileSource(path: source), structure)
        #expect(facts.resolution?.x == 300 && facts.resolution?.y == 300 && facts.resolution?.unit == 2)
        #expect(facts.hasICCProfile)
        let frame = try FrameHeader.read(FileSource(path: source), try #require(structure.frameSegment))
        #expect(facts.width == frame.width && facts.height == frame.height && facts.components == frame.components.count)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let payload = try FileSource(path: r.output).read(at: try #require(r.after.exifSegment).payloadOffset, count: r.after.exifSegment!.payloadLength)
        let tiff = try ExifTIFF(payload: payload)
        let colorSpace = try #require(tiff.entry(RequiredExifTags.colorSpace, in: .exif))
        #expect(tiff.scalarLong(colorSpace) == 0xFFFF)
        let width = try #require(tiff.entry(RequiredExifTags.pixelXDimension, in: .exif))
        #expect(tiff.scalarLong(width) == UInt32(frame.width))
        let xRes = try #require(tiff.entry(RequiredExifTags.xResolution, in: .ifd0))
        #expect(tiff.valueBytes(xRes).map(Array.init) == [0, 0, 0x01, 0x2C, 0, 0, 0, 1])
    }

    @Test("an EXIF with IFD0 and GPS only gets an Exif IFD with the required tags; IFD0 is left as it was", .requires(.exiftool))
    func newExifIFDCarriesRequiredTags() throws {
        let dir = try TempDir()
        let source = dir.path("ifd0-gps.jpg")
        try FileManager.default.copyItem(atPath: TestFiles.fixture("still-no-exif.jpg"), toPath: source)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExifTool.path!)
        process.arguments = ["-q", "-overwrite_original", "-IFD0:Make=Test", "-GPS:GPSLatitude=1.5", "-GPS:GPSLatitudeRef=N", source]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let before = try ExifTool.tags(source)
        #expect(!before.contains { $0.hasPrefix("ExifIFD:") }, "the source has no Exif IFD")
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        #expect(try Self.validationWarnings(r.output) == Self.validationWarnings(source))
        try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: [
            "Apple:MediaGroupUUID=\(Self.id)",
            "ExifIFD:ExifVersion=0231", "ExifIFD:ComponentsConfiguration=1 2 3 0", "ExifIFD:FlashpixVersion=0100",
            "ExifIFD:ColorSpace=1", "ExifIFD:ExifImageWidth=320", "ExifIFD:ExifImageHeight=240",
        ])
    }
}
