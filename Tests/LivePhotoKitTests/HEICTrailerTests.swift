import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// Bytes after a HEIC's last box: someone's trailer is read past, reported and kept byte for
/// byte (last, by a whole-file write: appended boxes behind it would be out of readers' reach);
/// a torn append of ours is recognised by its marker and cut back to the exact original.
@Suite("HEIC: trailers after the last box, and torn appends of ours")
struct HEICTrailerTests {
    static let trailers: [String: [UInt8]] = [
        "3 zero bytes": [0, 0, 0],
        "a vendor record": Array("SEFH".utf8) + [0, 0, 0, 1, 0x20, 0x11, 0, 0] + Array("SEFT".utf8),
        "a box header longer than the file": [0, 0, 0x40, 0] + Array("abcd".utf8) + [1, 2, 3, 4, 5],
    ]

    @Test("someone's trailer: the file reads, inspect warns, pair keeps it last byte for byte (in place and -o DIR); dry run names the rewrite",
          arguments: trailers.keys.sorted(), [false, true])
    func trailerKept(_ name: String, outputDirectory: Bool) throws {
        let trailer = try #require(Self.trailers[name])
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Support.bytes(HEICPairTests.heicFixture)
        let still = dir.appendingPathComponent("IMG.HEIC").path
        try Data(original + trailer).write(to: URL(fileURLWithPath: still))
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG.MOV")

        let file = try HEIFFile.open(path: still)
        #expect(file.trailerOffset == UInt64(original.count) && file.interruptedAppend == nil)
        let report = try Inspector.inspect(path: still)
        #expect(report.warnings?.contains { $0.contains("someone's trailer") && $0.contains("\(trailer.count) bytes") } == true, "\(String(describing: report.warnings))")

        var options = PairOptions()
        options.identifier = .fresh
        if outputDirectory {
            options.outputDirectory = dir.appendingPathComponent("out").path
            try FileManager.default.createDirectory(atPath: options.outputDirectory!, withIntermediateDirectories: true)
        }
        options.dryRun = true
        let dry = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(dry.stillWrite == (outputDirectory ? .newFile : .rewrite))
        options.dryRun = false
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.stillWrite == dry.stillWrite)
        let written = try Support.bytes(result.stillOutput)
        #expect(Array(written.suffix(trailer.count)) == trailer, "the trailer stays last")
        let after = try HEIFFile.open(path: result.stillOutput)
        #expect(after.trailerOffset == UInt64(written.count - trailer.count))
        #expect(try StillReading.contentIdentifier(path: result.stillOutput) == result.identifier)
        #expect(try Verifier.verify(still: result.stillOutput, movie: result.movieOutput).valid)
        if outputDirectory { #expect(try Support.bytes(still) == original + trailer, "the original is untouched") }
    }

    @Test("a torn in-place Exif append of ours, cut at every byte: recognised from 4 bytes of its marker on and cut back to the original; fewer are a trailer")
    func tornAppendAtEveryCut() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG.HEIC")
        let original = try Support.bytes(still)
        let oldIdentifier = try StillReading.contentIdentifier(path: still)
        // Prepared (marker and new mdat appended, fsynced), never committed.
        let prepared = try HEICIdentifierWriter.prepare(sourcePath: still, targetPath: still, identifier: ContentIdentifier.random(),
                                                        replaceForeignMakerNote: false)
        _ = prepared
        let full = try Support.bytes(still)
        #expect(full.count > original.count + TailAppendMarker.size)
        let path = dir.appendingPathComponent("torn.heic").path
        for cut in original.count + 1...full.count {
            #expect(FileManager.default.createFile(atPath: path, contents: Data(full[..<cut])))
            let file = try HEIFFile.open(path: path)
            #expect(try StillReading.contentIdentifier(path: path) == oldIdentifier, "cut \(cut): the old Exif rules")
            if cut - original.count < 4 {
                #expect(file.interruptedAppend == nil && file.trailerOffset == UInt64(original.count), "cut \(cut)")
            } else {
                #expect(file.interruptedAppend?.start == UInt64(original.count) && file.interruptedAppend?.sizeZeroBoxOffset == nil, "cut \(cut)")
                #expect(file.trailerOffset == nil, "cut \(cut)")
                try InterruptedAppendRecovery.undo(path: path, try #require(file.interruptedAppend))
                #expect(try Support.bytes(path) == original, "cut \(cut): not the original again")
            }
        }
        // A pair over one torn file cuts the leftover first, then edits in place.
        #expect(FileManager.default.createFile(atPath: path, contents: Data(full[..<((original.count + full.count) / 2)])))
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "torn.mov")
        var options = PairOptions()
        options.identifier = .fresh
        let result = try PairOperation.run(still: path, movie: movie, options: options)
        #expect(result.stillWrite != .rewrite)
        let after = try HEIFFile.open(path: path)
        #expect(after.interruptedAppend == nil && after.trailerOffset == nil)
        #expect(Array(try Support.bytes(path).prefix(after.metaHeader.offset > 0 ? Int(after.metaHeader.offset) : 0))
                == Array(original.prefix(Int(after.metaHeader.offset))))
        #expect(try Verifier.verify(still: path, movie: movie).valid)
    }

    @Test("an item reaching into the bytes after the last box: the file was cut off, refused as truncated")
    func truncatedItemRefused() throws {
        let original = try Support.bytes(HEICPairTests.heicFixture)
        let file = try HEIFFile.open(path: HEICPairTests.heicFixture)
        let lastMdat = try #require(file.topLevel.all("mdat").last)
        #expect(lastMdat.offset > file.metaHeader.offset, "the fixture has its media after meta")
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cut.heic").path
        try Data(original[..<(original.count - 10)]).write(to: URL(fileURLWithPath: path))
        let e = #expect(throws: ParseError.self) { try HEIFFile.open(path: path) }
        #expect(e?.kind == .truncated)
    }
}
