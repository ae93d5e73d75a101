import Foundation
import Testing

/// A still whose EXIF is damaged on the way to the identifier (the Exif IFD pointer leads
/// past the data, the Apple MakerNote claims more entries than it holds): readers report the
/// image and say what does not read (`scan`, which is for identifiers, calls it unreadable);
/// `pair`, which must rewrite that EXIF, refuses (exit 3) and changes nothing.
@Suite("livephoto on a still with damaged EXIF")
struct DamagedExifCLITests {
    /// The fixture with `damage` applied to its bytes, as `name` in `dir`.
    static func damaged(_ fixture: String, in dir: URL, as name: String, _ damage: (inout [UInt8]) throws -> Void) throws -> String {
        let path = try CLITests.copy(fixture, to: dir, as: name)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try damage(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func offset(of text: String, in bytes: [UInt8]) throws -> Int {
        let needle = Array(text.utf8)
        return try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle })
    }

    /// The Exif IFD pointer (IFD0 tag 0x8769, big-endian in the fixture) set past the EXIF's end.
    static func exifIFDPastTheEnd(_ bytes: inout [UInt8]) throws {
        // The entry: tag 0x8769, type 4 (LONG).
        let entry: [UInt8] = [0x87, 0x69, 0x00, 0x04]
        let tag = try #require((0..<bytes.count - 12).first { Array(bytes[$0..<$0 + 4]) == entry })
        bytes.replaceSubrange(tag + 8..<tag + 12, with: [0x0F, 0xFF, 0xFF, 0xF0])
    }

    /// The Apple MakerNote's entry count ("Apple iOS\0", version, "MM", then the count) set to 0xFFFF.
    static func makerNoteCountTooLarge(_ bytes: inout [UInt8]) throws {
        let note = try offset(of: "Apple iOS", in: bytes)
        bytes.replaceSubrange(note + 14..<note + 16, with: [0xFF, 0xFF])
    }

    static func expectReportedAndRefused(_ still: String, _ movie: String, warning: String) throws {
        let inspected = try CLITests.livephoto("inspect", still)
        #expect(inspected.status == 0 && inspected.err.isEmpty, "\(inspected.err)")
        #expect(inspected.out.contains("content identifier: (none)"), "\(inspected.out)")
        #expect(inspected.out.contains("  warning: \(warning) does not parse, passed over: "), "\(inspected.out)")

        let verified = try CLITests.livephoto("verify", still, movie)
        #expect(verified.status == 1, "\(verified.err)")
        #expect(verified.out.contains("✗ still-identifier: \(warning) does not parse: "), "\(verified.out)")

        // A scan is for identifiers: the still is unreadable to it, with the reason.
        let scanned = try CLITests.livephoto("scan", "--json", (still as NSString).deletingLastPathComponent)
        #expect(scanned.out.contains("\"finding\":\"unreadable\"") && scanned.out.contains("\(warning) does not parse: "), "\(scanned.out)")

        let before = try [still, movie].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        // A Motion Photo does not need the identifier: the still converts, its EXIF carried as it
        // is, and the user is told why it has no identifier.
        let out = URL(fileURLWithPath: (still as NSString).deletingLastPathComponent).appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: out) }
        let converted = try CLITests.livephoto("convert", "--to", "motion", "-o", out.path, still, movie)
        #expect(converted.status == 0, "\(converted.err)")
        #expect(converted.err.contains("livephoto: \(still): warning: \(warning) does not parse: ")
                && converted.err.contains("; the still's EXIF is carried as it is"), "\(converted.err)")
        let asJSON = try CLITests.livephoto("convert", "--json", "--dry-run", "--to", "motion", "-o", out.path, still, movie)
        #expect(asJSON.out.contains("\(warning) does not parse: "), "\(asJSON.out)")
        try FileManager.default.removeItem(at: out)

        let paired = try CLITests.livephoto("pair", still, movie)
        #expect(paired.status == 3, "\(paired.out)")
        #expect(paired.err.hasPrefix("livephoto: \(still): ") && paired.err.split(separator: "\n").count == 1, "\(paired.err)")
        #expect(try [still, movie].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before, "nothing changed")
        let left = try FileManager.default.contentsOfDirectory(atPath: (still as NSString).deletingLastPathComponent)
        #expect(left.sorted() == [(still as NSString).lastPathComponent, (movie as NSString).lastPathComponent].sorted(), "\(left)")
    }

    @Test("JPEG: an Exif IFD pointer past the end")
    func jpegExifIFD() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Self.damaged("still-apple-makernote.jpg", in: dir, as: "IMG_0001.JPG", Self.exifIFDPastTheEnd)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        try Self.expectReportedAndRefused(still, movie, warning: "the EXIF ExifIFD")
        // IFD0 still reads: the camera is shown.
        #expect(try CLITests.livephoto("inspect", still).out.contains("camera: Apple iPhone 8"))
    }

    @Test("JPEG and HEIC: an Apple MakerNote with more entries than bytes")
    func makerNoteEntries() throws {
        for (fixture, name) in [("still-apple-makernote.jpg", "IMG_0002.JPG"), ("still-heic.heic", "IMG_0002.HEIC")] {
            let dir = try CLITests.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let still = try Self.damaged(fixture, in: dir, as: name, Self.makerNoteCountTooLarge)
            let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0002.MOV")
            try Self.expectReportedAndRefused(still, movie, warning: "the Apple MakerNote")
            #expect(try CLITests.livephoto("inspect", still).out.contains("MakerNote: apple"))
        }
    }
}
