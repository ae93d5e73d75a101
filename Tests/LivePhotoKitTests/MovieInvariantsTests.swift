import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// `MovieInvariants` after pairing every fixture and corpus movie, in the ways pairing can go:
/// a fresh identifier, a still near the movie's end, a whole-file rewrite, a movie whose
/// `udta/meta` carries the identifier too.
@Suite("pair: movie invariants on every fixture and corpus movie")
struct MovieInvariantsTests {
    static let fixtureMovies = ["movie-moov-last.mov", "movie-moov-first.mov", "movie-audio.mov", "movie-co64.mov", "movie-mp4.mp4", "movie-no-ftyp.mov"]
    static let corpusMovies = ["avfoundation-pair/IMG.MOV", "iphone-movie/iphone15-livephoto.MOV"]

    /// How a movie is paired.
    enum Way: String, CaseIterable, CustomTestStringConvertible {
        /// A still without an identifier: the movie's is reused, or a fresh one is made.
        case automatic
        /// `--id`-less fresh identifier forced, still in the middle.
        case fresh
        /// The still one tick before the movie's end: the sample must be cut to end with the movie.
        case lastTick = "last tick"
        /// `--faststart`: the whole file is rewritten with moov in front.
        case faststart
        var testDescription: String { rawValue }
    }

    /// Pairs a copy of `source` with a still that has no identifier and checks the invariants.
    static func pairAndCheck(_ source: String, way: Way) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(source, to: dir)
        var options = PairOptions()
        switch way {
        case .automatic: break
        case .fresh: options.identifier = .fresh
        case .lastTick:
            let header = try MovieFile.open(path: movie).movie.header
            options.identifier = .fresh
            options.stillTime = .seconds(Double(header.duration - 1) / Double(header.timescale))
        case .faststart: options.faststart = true
        }
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .paired)
        try MovieInvariants.check(original: source, paired: result.movieOutput, result: result)
    }

    @Test("fixture movies", arguments: fixtureMovies, Way.allCases)
    func fixtures(_ name: String, _ way: Way) throws {
        try Self.pairAndCheck(Support.fixture(name), way: way)
    }

    @Test("corpus movies", .requires(.corpusFile(corpusMovies[0]), .corpusFile(corpusMovies[1])), arguments: corpusMovies, Way.allCases)
    func corpus(_ relative: String, _ way: Way) throws {
        try Self.pairAndCheck(Support.corpusFile(relative), way: way)
    }

    @Test("a movie with the identifier in udta/meta too (as ffmpeg writes it) gets the new one in both", .requires(.ffmpeg), arguments: Way.allCases)
    func userDataIdentifier(_ way: Way) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = dir.appendingPathComponent("udta-id.mov").path
        let ffmpeg = try Support.requireTool("ffmpeg")
        let made = try Support.run(ffmpeg, ["-v", "error", "-i", Support.fixture("movie-moov-last.mov"), "-map", "0", "-c", "copy",
                                            "-movflags", "use_metadata_tags",
                                            "-metadata", "\(Movie.contentIdentifierKey)=0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", source])
        try #require(made.status == 0, "ffmpeg: \(made.err)")
        let movie = try MovieFile.open(path: source).movie
        try #require(movie.userDataMetadata?.stringValue(forKey: Movie.contentIdentifierKey) != nil, "ffmpeg wrote the identifier into udta/meta")
        var way = way
        if way == .automatic { way = .fresh }  // the automatic choice would keep the movie's identifier: nothing to update
        try Self.pairAndCheck(source, way: way)
    }

    @Test("a movie that ends inside its last frame: a still on that frame is cut to end with the movie")
    func stillOnAFrameThatOutlastsTheMovie() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The fixture with mvhd's duration one tick short of the video's end.
        let source = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "short.mov")
        let file = try MovieFile.open(path: source)
        let mvhd = try #require(file.movie.moov.child("mvhd"))
        try #require(mvhd.payload.first == 0, "a version 0 mvhd")
        let video = try #require(file.movie.videoTracks.first)
        let timing = FrameTiming(track: video, movieTimescale: file.movie.header.timescale)
        let shortened = UInt32(timing.endTick - 1)
        var bytes = try Support.bytes(source)
        // size, type, version/flags, creation and modification time, timescale: then the duration.
        Support.putU32(shortened, at: Int(try #require(mvhd.originalOffset)) + 8 + 4 + 4 + 4 + 4, in: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        try #require(try MovieFile.open(path: source).movie.header.duration == UInt64(shortened))

        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(source, to: dir, as: "paired.mov")
        var options = PairOptions()
        options.stillTime = .frame(timing.frameCount - 1)
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        try MovieInvariants.check(original: source, paired: movie, result: result)
    }
}
