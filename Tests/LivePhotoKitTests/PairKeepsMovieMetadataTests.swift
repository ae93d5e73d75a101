import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// Re-pairing the camera's movie with a fresh identifier changes the identifier's value in
/// `moov/meta` and nothing else there: the reference readers see every other tag as before.
@Suite("pair: the movie's other metadata reads the same")
struct PairKeepsMovieMetadataTests {
    static let iPhoneMovie = "iphone-movie/iphone15-livephoto.MOV"

    /// Pairs a copy of the iPhone movie with a fresh identifier; returns (original, paired, identifier).
    static func pairedCopy(in dir: URL) throws -> (original: String, paired: String, identifier: String) {
        let original = Support.corpusFile(iPhoneMovie)
        let movie = try Support.copy(original, to: dir, as: "IMG.MOV")
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        var options = PairOptions()
        options.identifier = .fresh
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .paired)
        try MovieInvariants.check(original: original, paired: movie, result: result)
        return (original, movie, result.identifier)
    }

    @Test("moov/meta bytes: the original with the identifier's value replaced",
          .requires(.corpusFile(iPhoneMovie)))
    func metaBytes() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (original, paired, identifier) = try Self.pairedCopy(in: dir)
        let before = try #require(try MovieFile.open(path: original).movie.moov.child("meta")).serialized()
        let after = try #require(try MovieFile.open(path: paired).movie.moov.child("meta")).serialized()
        let oldID = Array("7EF4936E-3840-45DC-BA67-70154919699F".utf8)
        let at = try #require(before.indices.first { before[$0...].starts(with: oldID) })
        var expected = before
        expected.replaceSubrange(at..<at + oldID.count, with: Array(identifier.utf8))
        #expect(after == expected)
    }

    @Test("ffprobe's format tags and exiftool's QuickTime tags differ only in the identifier",
          .requires(.corpusFile(iPhoneMovie), .ffprobe, .exiftool))
    func readersSeeTheSameTags() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (original, paired, identifier) = try Self.pairedCopy(in: dir)

        func formatTags(_ file: String) throws -> [String: String] {
            let json = try Support.ffprobeJSON(["-show_format"], file: file)
            return ((json["format"] as? [String: Any])?["tags"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
        }
        var tagsBefore = try formatTags(original), tagsAfter = try formatTags(paired)
        #expect(tagsBefore.count > 5, "ffprobe shows the camera's tags")
        #expect(tagsAfter.removeValue(forKey: Movie.contentIdentifierKey) == identifier)
        #expect(tagsBefore.removeValue(forKey: Movie.contentIdentifierKey) == "7EF4936E-3840-45DC-BA67-70154919699F")
        #expect(tagsAfter == tagsBefore)

        func quickTimeTags(_ file: String) throws -> [String] {
            String(decoding: try ExifTool.run(["-a", "-G1", "-s", "-n", "-QuickTime:all", file]), as: UTF8.self)
                .split(separator: "\n").map(String.init)
                // Where media data sits is layout, not metadata: a tail-append adds an `mdat`.
                .filter { !$0.contains("MediaDataOffset") && !$0.contains("MediaDataSize") }
        }
        let diff = ExifTool.diff(before: try quickTimeTags(original), after: try quickTimeTags(paired))
        #expect(diff.removed.count == 1 && diff.removed.allSatisfy { $0.contains("7EF4936E-3840-45DC-BA67-70154919699F") }, "\(diff.removed)")
        #expect(diff.added.count == 1 && diff.added.allSatisfy { $0.contains(identifier) }, "\(diff.added)")
    }
}
