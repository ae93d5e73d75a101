import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// `make --wallpaper`'s decisions about its source: only a video that fails a rule needing a
/// re-encode (or a new timeline) is re-encoded, missing structure alone is added around the
/// video's own samples; the source's metadata is kept but its identifier, which is replaced;
/// and a chosen start or length is never moved to fit the still, whose refusal says why.
@Suite("make --wallpaper: what is kept of the source, and a chosen span")
struct WallpaperMakeSourceAndSpanTests {
    /// The camera movie without its top-level Live Photo keys (tracks, samples and other keys kept).
    static func withoutCameraKeys(in dir: URL) throws -> String {
        let file = try MovieFile.open(path: Support.corpusFile(WallpaperMovieTests.camera))
        let plan = MovieRewritePlan(file: file)
        let keys = Set(LivePhotoMovieKeys.all.map(\.name))
        let kept = QuickTimeMetadata(items: try #require(file.movie.metadata).items.filter { !keys.contains($0.key) })
        let meta = try #require(plan.moov.children?.firstIndex { $0.type == "meta" })
        plan.moov.children?[meta] = kept.metaAtom()
        let path = dir.appendingPathComponent("IMG_1.MOV").path
        try WholeFileMovieWriter.prepare(plan, targetPath: path).commit()
        return path
    }

    @Test("a complying video missing only structure (the camera keys): its samples are copied, not re-encoded",
          .requires(.corpusFile(WallpaperMovieTests.camera)))
    func missingStructureKeepsTheVideo() throws {
        let dir = try TempDir(), out = try TempDir()
        let source = try Self.withoutCameraKeys(in: dir.url)
        let theirs = try MovieFile.open(path: source)
        let failed = WallpaperChecks.rules(WallpaperStructure(theirs)).filter { !$0.passed }
        try #require(failed.contains { $0.remedy == .structure } && !failed.contains { $0.remedy == .reencode || $0.remedy == .timeline },
                     "\(failed.map { "\($0.name): \($0.remedy)" })")
        let result = try MakeOperation.run(movie: source, options: WallpaperMakeTests.options(out.url.path))
        let ours = try MovieFile.open(path: result.movieOutput)
        let a = try #require(ours.movie.mainVideoTrack), b = try #require(theirs.movie.mainVideoTrack)
        #expect(try WallpaperMovieTests.sampleBytes(a, in: ours) == WallpaperMovieTests.sampleBytes(b, in: theirs))
        #expect(a.sampleTable.timeToSample == b.sampleTable.timeToSample)
    }

    @Test("the source's metadata items are kept with their values; its identifier is replaced by the new one, once",
          .requires(.corpusFile(WallpaperMovieTests.camera)))
    func metadataKeptButTheIdentifier() throws {
        let dir = try TempDir(), out = try TempDir()
        let source = try Support.copy(Support.corpusFile(WallpaperMovieTests.camera), to: dir.url)
        let result = try MakeOperation.run(movie: source, options: WallpaperMakeTests.options(out.url.path))
        let theirs = try #require(try MovieFile.open(path: source).movie.metadata).items
        let ours = try #require(try MovieFile.open(path: result.movieOutput).movie.metadata).items
        let ids = ours.filter { $0.key == Movie.contentIdentifierKey }
        #expect(ids.map(\.value) == [Array(result.identifier.utf8)])
        try #require(theirs.contains { $0.key == Movie.contentIdentifierKey } && theirs.count > 3)
        for item in theirs where item.key != Movie.contentIdentifierKey {
            #expect(ours.contains { $0.key == item.key && $0.value == item.value }, "\(item.key)")
        }
    }

    @Test("a chosen start and length are kept even when the still is then under 0.2 s inside: refused as not inside the span")
    func chosenStartIsNotMoved() throws {
        let e = try #require(throws: LivePhotoError.self) {
            try WallpaperMake.span(still: 1200, videoStart: 0, videoEnd: 4800, timescale: 600, start: 1100, length: 1200, path: "m")
        }
        #expect(e.reason.contains("is not at least 0.200 s inside the span"), "\(e.reason)")
    }

    @Test("a chosen length alone: the span starts 0.2 s before the still, however short")
    func chosenLengthStartsBeforeTheStill() throws {
        #expect(try WallpaperMake.span(still: 1200, videoStart: 0, videoEnd: 4800, timescale: 600, length: 200, path: "m") == .init(start: 1080, end: 1280))
    }

    @Test("a chosen start or length that leaves the still under 0.2 s inside: the span is named, not the video's start",
          arguments: [(Int64(1000), Int64(950) as Int64?, nil as Int64?), (1200, nil, 100)])
    func chosenSpanWithoutTheStill(still: Int64, start: Int64?, length: Int64?) throws {
        let e = try #require(throws: LivePhotoError.self) {
            try WallpaperMake.span(still: still, videoStart: 0, videoEnd: 4800, timescale: 600, start: start, length: length, path: "m")
        }
        #expect(e.reason.contains("is not at least 0.200 s inside the span"), "\(e.reason)")
        #expect(!e.reason.contains("into the video"), "\(e.reason)")
    }
}
