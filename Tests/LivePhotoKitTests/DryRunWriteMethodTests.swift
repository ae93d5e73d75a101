import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// `--dry-run` names how each file will be written, and the real run then writes it that way:
/// the still (JPEG rewrite; HEIC in place, tail append or rewrite) and the movie.
@Suite("pair --dry-run names the write methods the real run takes")
struct DryRunWriteMethodTests {
    enum Still: String, CaseIterable {
        case jpeg
        /// The new Exif fits the old item's space (padded).
        case heicFitting
        /// The new Exif is larger than the old item.
        case heicGrowing
        /// No Exif item: one is added, `meta` grows.
        case heicWithoutExif
    }

    static func inode(_ path: String) -> UInt64 {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_ino) : 0
    }

    func stillBytes(_ still: Still) throws -> [UInt8] {
        switch still {
        case .jpeg: return try Support.bytes(Support.fixture("still-no-exif.jpg"))
        case .heicFitting: return try HEIFRelayout(exifPadding: 64).build(from: HEIFFile.open(path: HEICPairTests.heicFixture))
        case .heicGrowing:
            // Exif without a MakerNote (big-endian TIFF, one empty IFD): the MakerNote is added.
            let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
            return try HEIFRelayout(exifReplacement: [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + tiff).build(from: HEIFFile.open(path: HEICPairTests.heicFixture))
        case .heicWithoutExif: return try HEIFRelayout(dropExif: true).build(from: HEIFFile.open(path: HEICPairTests.heicFixture))
        }
    }

    @Test("dry run's stillWrite and movieWrite equal the real run's, and the files show it",
          arguments: Still.allCases, ["movie-moov-last.mov", "movie-moov-first.mov"])
    func dryRunNamesTheRealMethods(_ kind: Still, movieName: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try stillBytes(kind)
        let still = dir.appendingPathComponent(kind == .jpeg ? "IMG.JPG" : "IMG.HEIC").path
        try Data(bytes).write(to: URL(fileURLWithPath: still))
        let movie = try Support.copy(Support.fixture(movieName), to: dir, as: "IMG.MOV")
        var options = PairOptions()
        options.identifier = .fresh
        options.dryRun = true
        let dry = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(try Support.bytes(still) == bytes, "a dry run writes nothing")
        let expected: StillWriteMethod = [.jpeg: .rewrite, .heicFitting: .inPlace, .heicGrowing: .tailAppend, .heicWithoutExif: .rewrite][kind]!
        #expect(dry.stillWrite == expected)

        let inode = Self.inode(still)
        options.dryRun = false
        let real = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(real.stillWrite == dry.stillWrite && real.movieWrite == dry.movieWrite)
        let size = try Support.bytes(still).count
        switch real.stillWrite {
        case .inPlace: #expect(Self.inode(still) == inode && size == bytes.count)
        case .tailAppend: #expect(Self.inode(still) == inode && size > bytes.count)
        case .rewrite: #expect(Self.inode(still) != inode)
        case .newFile, .none: Issue.record("\(real.stillWrite) for a still edited in place")
        }
        #expect(try Verifier.verify(still: still, movie: movie).valid)
    }

    @Test("-o DIR: the still is a new file, in the dry run and the real run")
    func outputDirectory() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG.HEIC")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG.MOV")
        var options = PairOptions()
        options.identifier = .fresh
        options.outputDirectory = dir.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: options.outputDirectory!, withIntermediateDirectories: true)
        options.dryRun = true
        #expect(try PairOperation.run(still: still, movie: movie, options: options).stillWrite == .newFile)
        options.dryRun = false
        #expect(try PairOperation.run(still: still, movie: movie, options: options).stillWrite == .newFile)
    }
}
