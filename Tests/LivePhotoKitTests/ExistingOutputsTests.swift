import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// `pair -o DIR` run again with the same inputs finds its outputs already there: they are this
/// pair's output when the still is the input but for its EXIF (a JPEG's bytes outside APP1, a
/// HEIC's items but the Exif one) and the movie's samples are the input's. It reports them
/// already paired and writes nothing; outputs that differ anywhere else are refused.
@Suite("pair -o DIR again: the existing outputs")
struct ExistingOutputsTests {
    static let pairs: [(still: String, movie: String)] = [
        (Support.fixture("still-heic.heic"), Support.fixture("movie-moov-last.mov")),
        (Support.fixture("still-no-exif.jpg"), Support.fixture("movie-moov-last.mov")),
        (Support.fixture("still-exif-icc-xmp.jpg"), Support.fixture("movie-mp4.mp4")),
    ]
    static let iPhone = "iphone-livephoto-ios18/IMG_3853"

    /// The pair's inputs copied into a fresh folder, and its `out` folder; options writing there.
    static func prepare(_ pair: (still: String, movie: String), in dir: TempDir) throws -> (still: String, movie: String, options: PairOptions) {
        let still = try Support.copy(pair.still, to: dir.url), movie = try Support.copy(pair.movie, to: dir.url)
        var options = PairOptions()
        options.outputDirectory = dir.path("out")
        try FileManager.default.createDirectory(atPath: dir.path("out"), withIntermediateDirectories: true)
        return (still, movie, options)
    }

    /// Inputs that already form the pair (paired in place before) need no copy: `-o DIR` reports
    /// them where they are, both outputs the inputs themselves, and DIR stays empty.
    @Test("-o DIR on a pair already bound in place: both outputs are the inputs; DIR stays empty")
    func inputsAlreadyBound() throws {
        let dir = try TempDir()
        let (still, movie, options) = try Self.prepare((Support.fixture("still-exif-icc-xmp.jpg"), Support.fixture("movie-moov-last.mov")), in: dir)
        _ = try PairOperation.run(still: still, movie: movie)
        let before = try [still, movie].map(Support.bytes)
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .alreadyPaired && result.movieWrite == .none)
        #expect(result.stillOutput == still && result.movieOutput == movie, "\(result.stillOutput), \(result.movieOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("out")).isEmpty)
        #expect(try [still, movie].map(Support.bytes) == before)
    }

    @Test("a second run reports the pair already made and leaves every file as it was", arguments: pairs)
    func secondRun(_ pair: (still: String, movie: String)) throws {
        try Self.runTwice(pair)
    }

    @Test("the same for a current iPhone's pair (a HEIC grid, its gain map and depth)", .requires(.corpusFile(iPhone + ".HEIC"), .corpusFile(iPhone + ".MOV")))
    func secondRunOfIPhonePair() throws {
        // A given identifier: the camera's pair is already bound, and would be left where it is.
        try Self.runTwice((Support.corpusFile(Self.iPhone + ".HEIC"), Support.corpusFile(Self.iPhone + ".MOV")), identifier: .given("0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"))
    }

    static func runTwice(_ pair: (still: String, movie: String), identifier: PairOptions.IdentifierChoice = .automatic) throws {
        let dir = try TempDir()
        var (still, movie, options) = try prepare(pair, in: dir)
        options.identifier = identifier
        let first = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(first.status == .paired)
        let files = [still, movie, first.still, first.movie]
        let before = try files.map(Support.bytes)
        let again = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(again.status == .alreadyPaired && again.identifier == first.identifier, "\(again.status)")
        #expect(try files.map(Support.bytes) == before)
    }

    @Test("an output HEIC with one byte of its image changed is not this pair's output: refused, nothing written")
    func changedHEICImage() throws {
        let dir = try TempDir()
        let (still, movie, options) = try Self.prepare(Self.pairs[0], in: dir)
        let first = try PairOperation.run(still: still, movie: movie, options: options)
        let output = try HEIFFile.open(path: first.still)
        let primary = try #require(output.locations.item(output.primaryItemID))
        let at = try #require(try output.dataRanges(of: primary).first { !$0.isEmpty }).lowerBound
        var bytes = try Support.bytes(first.still)
        bytes[Int(at) + 1] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: first.still))
        let files = [still, movie, first.still, first.movie]
        let before = try files.map(Support.bytes)
        let error = #expect(throws: LivePhotoError.self) { _ = try PairOperation.run(still: still, movie: movie, options: options) }
        #expect(error?.category == .refused && error?.path == dir.path("out/still-heic.heic") && error?.reason == "already exists and is not this pair's output; remove it or choose another -o directory",
                "\(String(describing: error?.path)) \(first.still) \(String(describing: error?.reason))")
        #expect(try files.map(Support.bytes) == before)
    }

    @Test("stills of two kinds are never the same image; a JPEG and its copy with a scan byte changed are not either")
    func kindsAndScanBytes() throws {
        let dir = try TempDir()
        let jpeg = Support.fixture("still-no-exif.jpg")
        #expect(!ExistingOutputs.sameImageData(jpeg, Support.fixture("still-heic.heic")))
        #expect(ExistingOutputs.sameImageData(jpeg, try Support.copy(jpeg, to: dir.url, as: "copy.jpg")))
        var bytes = try Support.bytes(jpeg)
        bytes[bytes.count - 3] ^= 0x01   // in the entropy-coded data, before EOI
        #expect(!ExistingOutputs.sameImageData(jpeg, try dir.write("changed.jpg", bytes)))
    }
}
