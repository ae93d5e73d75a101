import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// Re-pairing a movie that already has a still-image-time track keeps the camera's track (its
/// time and extra keys are data), moves only its sample when a time is asked for, and adds a
/// track only when there is none that can be used.
@Suite("pair: an existing still-image-time track is kept or moved")
struct StillImageTimeKeepTests {
    static let iPhoneMovie = "iphone-movie/iphone15-livephoto.MOV"
    static let iphone = Support.corpusFile(iPhoneMovie)

    /// Writes `source` to `path` with `moov` moved in front of the media (chunk offsets shifted),
    /// by our own layout code: ffmpeg's faststart would drop the camera's metadata tracks.
    /// `edit` changes the `moov` tree first (a test's damage).
    static func writeMoovFirst(_ source: String, to path: String, edit: (Movie) -> Void = { _ in }) throws {
        let file = try MovieFile.open(path: source)
        let plan = MovieRewritePlan(file: file)
        edit(file.movie)
        var pieces: [MovieLayout.Piece] = file.topLevel.boxes.filter { $0.type == "ftyp" }.map { .copy($0) }
        pieces.append(.movie)
        pieces += file.topLevel.boxes.filter { $0.type != "ftyp" && $0.type != "moov" }.map { .copy($0) }
        let layout = try MovieLayout(pieces: pieces, base: 0, plan: plan)
        let writer = try AtomicFileWriter(targetPath: path)
        for piece in layout.pieces {
            if case .copy(let box) = piece { try writer.copy(from: file.source, offset: box.offset, count: box.size) }
            else { try writer.write(layout.bytes(of: piece, plan: plan)) }
        }
        try writer.sync()
        try writer.commit()
    }

    /// Every box of every track, by path: a leaf's payload, a container's type and fixed
    /// fields. Chunk offsets (`stco`/`co64`) are left out: they move with the media.
    static func trackBoxes(_ path: String) throws -> [String: [UInt8]] {
        let file = try MovieFile.open(path: path)
        var boxes: [String: [UInt8]] = [:]
        for track in file.movie.tracks {
            track.atom.visit(path: "trak[\(track.trackID)]") { atom, p in
                guard atom.type != "stco", atom.type != "co64" else { return }
                boxes[p] = atom.isContainer ? atom.type.bytes + atom.prefix : atom.payload
            }
        }
        return boxes
    }

    static func allSamples(_ path: String) throws -> [UInt32: [UInt8]] {
        let ids = Set(try MovieFile.open(path: path).movie.tracks.map(\.trackID))
        return try Support.sampleBytes(path, tracks: ids)
    }

    /// The movie in the layout asked for, in `dir`.
    static func iphoneMovie(_ layout: String, in dir: URL) throws -> String {
        if layout == "moov-first" {
            let path = dir.appendingPathComponent("IMG_first.MOV").path
            try writeMoovFirst(iphone, to: path)
            return path
        }
        return try Support.copy(iphone, to: dir, as: "IMG_last.MOV")
    }

    @Test("the iPhone 15 movie keeps its still-image-time track: only the identifier changes",
          .requires(.corpusFile(Self.iPhoneMovie)), arguments: ["as-is", "moov-first", "moov-first --faststart"])
    func iphoneKept(_ variant: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A moov-first movie is tail-edited like any other (its moov ends up last); with
        // --faststart it keeps its moov first: the moov (same size, only the identifier
        // changes) is written in place over itself and the `wide` box that follows it.
        let faststart = variant.hasSuffix("--faststart")
        let movie = try Self.iphoneMovie(faststart ? "moov-first" : variant, in: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let boxesBefore = try Self.trackBoxes(movie)
        let samplesBefore = try Self.allSamples(movie)
        let metaBefore = try #require(try MovieFile.open(path: movie).movie.metadata).items
        #expect(boxesBefore.keys.contains { $0.hasSuffix("/tref/cdep") }, "the camera's cdep references are there to be kept")

        var options = PairOptions()
        options.identifier = .fresh
        options.faststart = faststart
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .paired)
        #expect(result.stillImageTime == .kept)
        #expect(result.stillImageTimeNote == nil)
        #expect(result.stillTime == 820.0 / 600)
        #expect(result.movieWrite == (faststart ? MovieWriteMethod.growInPlace : .tailAppend))

        #expect(try Self.trackBoxes(movie) == boxesBefore, "a track box changed")
        #expect(try Self.allSamples(movie) == samplesBefore, "a sample byte changed")
        try MovieInvariants.check(original: Self.iphone, paired: movie, result: result)
        let file = try MovieFile.open(path: movie)
        #expect(file.movie.tracks.count == 5)
        #expect(file.moovBeforeMedia == faststart)
        let metaAfter = try #require(file.movie.metadata).items
        #expect(metaAfter.map(\.key) == metaBefore.map(\.key))
        for (before, after) in zip(metaBefore, metaAfter) where before.key != Movie.contentIdentifierKey {
            #expect(before == after, "moov/meta key \(before.key) changed")
        }
        #expect(file.movie.contentIdentifier == result.identifier)
        let track = try #require(file.movie.stillImageTimeTracks.first)
        #expect(track.sampleEntries.first?.metadataKeys.count == 3)
        #expect(try StillImageTimeTrack.read(track, in: file).value == -1)

        // A second run finds it paired.
        let again = try PairOperation.run(still: still, movie: movie)
        #expect(again.status == .alreadyPaired)
        #expect(again.stillImageTime == .kept)
        #expect(again.stillTime == 820.0 / 600)
    }

    @Test("the everyday repair: a JPEG that lost its identifier is paired with the camera's movie, which is not written at all",
          .requires(.corpusFile(Self.iPhoneMovie)))
    func iphoneRepairWritesOnlyTheStill() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.copy(Self.iphone, to: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let movieBytes = try Support.bytes(movie)
        let dry = try PairOperation.run(still: still, movie: movie, options: { var o = PairOptions(); o.dryRun = true; return o }())
        #expect(dry.movieWrite == .none && dry.stillImageTime == .kept)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.identifier == "7EF4936E-3840-45DC-BA67-70154919699F")
        #expect(result.status == .paired)
        #expect(result.movieWrite == .none)
        #expect(result.stillImageTime == .kept)
        #expect(result.stillTime == 820.0 / 600)
        #expect(try Support.bytes(movie) == movieBytes)
        #expect(try Inspector.inspect(path: still).still?.contentIdentifier == result.identifier)
        #expect(try PairOperation.run(still: still, movie: movie).status == .alreadyPaired)
    }

    @Test("--still-frame moves the camera's track: only its edit list and duration change",
          .requires(.corpusFile(Self.iPhoneMovie)), arguments: ["as-is", "moov-first"])
    func iphoneMoved(_ layout: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.iphoneMovie(layout, in: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let before = try MovieFile.open(path: movie)
        let oldTrack = try #require(before.movie.stillImageTimeTracks.first)
        let oldSampleEdit = try #require(oldTrack.edits?.entries.first { $0.mediaTime >= 0 })
        let boxesBefore = try Self.trackBoxes(movie)
        let samplesBefore = try Self.allSamples(movie)

        var options = PairOptions()
        options.stillTime = .frame(10)
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.stillImageTime == .moved)
        let file = try MovieFile.open(path: movie)
        let video = try #require(file.movie.videoTracks.first)
        let timing = FrameTiming(track: video, movieTimescale: 600)
        let track = try #require(file.movie.stillImageTimeTracks.first)
        #expect(file.movie.stillImageTimeTracks.count == 1)
        #expect(track.trackID == oldTrack.trackID)
        let tick = timing.startTick(ofFrame: 10)
        #expect(result.stillTime == Double(tick) / 600)
        #expect(track.edits?.entries == [EditList.Entry(duration: UInt64(tick), mediaTime: -1, rate: 0x10000), oldSampleEdit])
        #expect(track.header.duration == UInt64(tick) + oldSampleEdit.duration)
        #expect(FrameTiming(track: track, movieTimescale: 600).startTick(ofFrame: 0) == tick)
        #expect(timing.frame(containingMovieTick: tick) == 10)

        // Everything but the moved track's tkhd and elst is as it was.
        let prefix = "trak[\(track.trackID)]"
        var after = try Self.trackBoxes(movie)
        var expected = boxesBefore
        for key in [prefix + "/tkhd", prefix + "/edts/elst"] { after[key] = nil; expected[key] = nil }
        #expect(after == expected)
        #expect(try Self.allSamples(movie) == samplesBefore)

        // The same frame again: already paired; the default then keeps the moved track.
        #expect(try PairOperation.run(still: still, movie: movie, options: options).status == .alreadyPaired)
        let plain = try PairOperation.run(still: still, movie: movie)
        #expect(plain.status == .alreadyPaired)
        #expect(plain.stillTime == Double(tick) / 600)

        if let ffprobe = Support.reader("ffprobe") {
            let probe = try Support.run(ffprobe, ["-v", "error", "-select_streams", "d", "-show_entries", "stream=index,start_time", "-of", "csv=p=0", movie])
            let starts = probe.out.split(separator: "\n").compactMap { $0.split(separator: ",").last.flatMap { Double($0) } }
            #expect(starts.contains { abs($0 - Double(tick) / 600) < 1e-6 }, "ffprobe start times \(starts)")
        }
    }

    @Test("a track without an edit list is moved: an empty edit to the frame, then its whole media from its first composition time")
    func trackWithoutEditsMoved() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let paired = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "paired.MOV")
        _ = try PairOperation.run(still: still, movie: paired)
        let movie = dir.appendingPathComponent("IMG.MOV").path
        try Self.writeMoovFirst(paired, to: movie) { movie in
            for track in movie.stillImageTimeTracks { track.atom.children?.removeAll { $0.type == "edts" } }
        }
        let before = try MovieFile.open(path: movie).movie
        let oldTrack = try #require(before.stillImageTimeTracks.first)
        try #require(oldTrack.edits == nil)
        let mediaTicks = oldTrack.sampleTable.mediaDuration
        let mediaTimescale = UInt64(oldTrack.mediaHeader.timescale)

        var options = PairOptions()
        options.stillTime = .frame(10)
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.stillImageTime == .moved)
        let file = try MovieFile.open(path: movie)
        let movieTimescale = UInt64(file.movie.header.timescale)
        let tick = FrameTiming(track: try #require(file.movie.videoTracks.first), movieTimescale: file.movie.header.timescale).startTick(ofFrame: 10)
        let track = try #require(file.movie.stillImageTimeTracks.first)
        #expect(track.trackID == oldTrack.trackID)
        // The whole media in movie ticks, rounded up; shown from the first sample's time (0).
        let shown = (mediaTicks * movieTimescale + mediaTimescale - 1) / mediaTimescale
        #expect(track.edits?.entries == [EditList.Entry(duration: UInt64(tick), mediaTime: -1, rate: 0x10000),
                                         EditList.Entry(duration: shown, mediaTime: 0, rate: 0x10000)])
        #expect(track.header.duration == UInt64(tick) + shown)
        #expect(try PairOperation.run(still: still, movie: movie, options: options).status == .alreadyPaired)
    }

    @Test("Apple's AVFoundation movie (no tref) keeps its track, and a rerun is already paired",
          .requires(.corpusFile("avfoundation-pair/IMG.MOV")))
    func avfoundationKept() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.copy(Support.corpusFile("avfoundation-pair/IMG.MOV"), to: dir)
        let still = try Support.copy(Support.corpusFile("avfoundation-pair/IMG.JPG"), to: dir)
        let boxesBefore = try Self.trackBoxes(movie)
        let first = try PairOperation.run(still: still, movie: movie)
        #expect(first.status == .paired)
        #expect(first.stillImageTime == .kept)
        #expect(try Self.trackBoxes(movie) == boxesBefore)
        try MovieInvariants.check(original: Support.corpusFile("avfoundation-pair/IMG.MOV"), paired: movie, result: first)
        let track = try #require(try MovieFile.open(path: movie).movie.stillImageTimeTracks.first)
        #expect(track.references.isEmpty, "no tref is added to a kept track")
        let second = try PairOperation.run(still: still, movie: movie)
        #expect(second.status == .alreadyPaired)
        #expect(second.identifier == first.identifier)
    }

    @Test("a track whose sample lies outside the video is replaced, and the result says why")
    func outsideTrackReplaced() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "source.mov")
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        // A movie whose only still-image-time track sits at 5 s in a 2 s video.
        let plan = MovieRewritePlan(file: try MovieFile.open(path: source))
        try LivePhotoMovieEdit.apply(to: plan, identifier: "11111111-2222-3333-4444-555555555555", atMillisecond: 5000)
        let movie = dir.appendingPathComponent("movie.mov").path
        try WholeFileMovieWriter.prepare(plan, targetPath: movie).commit()

        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.stillImageTime == .added)
        #expect(result.stillImageTimeNote?.hasPrefix("replaced: track 2's sample at 5.000 s lies outside the video") == true, "\(result.stillImageTimeNote ?? "nil")")
        let file = try MovieFile.open(path: movie)
        #expect(file.movie.stillImageTimeTracks.count == 1)
        #expect(try Verifier.verify(still: still, movie: movie, strict: false).valid)
        #expect(abs(result.stillTime - 1) < 0.07)
    }

    @Test("several still-image-time tracks: the first is kept (or moved), the others removed and reported")
    func severalTracks() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "source.mov")
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        // Two tracks: at 0.5 s (first) and 1.5 s.
        let plan = MovieRewritePlan(file: try MovieFile.open(path: source))
        try LivePhotoMovieEdit.apply(to: plan, identifier: "11111111-2222-3333-4444-555555555555", atMillisecond: 500)
        let once = dir.appendingPathComponent("once.mov").path
        try WholeFileMovieWriter.prepare(plan, targetPath: once).commit()
        let plan2 = MovieRewritePlan(file: try MovieFile.open(path: once))
        let secondID = MovieTrackEdit.newTrackID(in: plan2.file.movie, removing: [])
        try StillImageTimeTrackEdit.add(trackID: secondID, at: 1500, sampleDuration: 66, video: plan2.file.movie.videoTracks[0], plan: plan2)
        let movie = dir.appendingPathComponent("movie.mov").path
        try WholeFileMovieWriter.prepare(plan2, targetPath: movie).commit()
        let tracks = try MovieFile.open(path: movie).movie.stillImageTimeTracks
        #expect(tracks.count == 2)

        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.stillImageTime == .kept)
        #expect(result.stillTime == Double(FrameTiming(track: tracks[0], movieTimescale: 1000).startTick(ofFrame: 0)) / 1000)
        #expect(result.stillImageTimeNote == "the movie had 2 still-image-time tracks; kept track \(tracks[0].trackID), removed track \(tracks[1].trackID)")
        let after = try MovieFile.open(path: movie).movie.stillImageTimeTracks
        #expect(after.map(\.trackID) == [tracks[0].trackID])
        #expect(try PairOperation.run(still: still, movie: movie).status == .alreadyPaired)
    }
}
