import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// The Pixel 3a XL Motion Photo of the corpus: a Google MakerNote where the Apple one goes,
/// presentation timestamp 0, and an MP4 with two video tracks (the 1024x768 motion and a
/// 2048x1536 one-frame still track at the still's moment).
@Suite(.requires(.corpusFile("pixel-motion/PXL_20200710_061629144.MP.jpg")))
struct PixelMotionPhotoTests {
    static let pixel = "pixel-motion/PXL_20200710_061629144.MP.jpg"

    static func embedded() throws -> MovieFile {
        try MovieFile(source: MotionPhotoReader.read(path: Support.corpusFile(pixel)).videoSource())
    }

    @Test func convertsByDefaultWithoutTheGoogleMakerNoteAndSaysSo() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = Support.corpusFile(Self.pixel)
        let before = try Support.bytes(input)
        var options = ConvertOptions()
        options.outputDirectory = dir.path
        let r = try MotionPhotoToLivePhoto.run(path: input, options: options)
        #expect(r.status == .converted)
        #expect(try Support.bytes(input) == before, "the input keeps its MakerNote")
        let notes = (r.warnings ?? []).filter { $0.contains("Google MakerNote") }
        #expect(notes.count == 1 && notes[0].contains("PXL_20200710_061629144.MP.jpg keeps it"), "\(r.warnings ?? [])")
        let still = try #require(r.still), movie = try #require(r.movie)
        #expect(try StillReading.read(path: still).info.makerNote == .apple)
        let report = try Verifier.verify(still: still, movie: movie, strict: false)
        #expect(report.valid && report.stillIdentifier == r.identifier && report.movieIdentifier == r.identifier)
        #expect(try ConvertedBefore.sameJPEGImage(still, as: MotionPhotoReader.read(path: input)), "the image bytes are the input's")
    }

    /// The motion track is chosen and described; the one-frame still track is kept byte for
    /// byte but disabled (players show every enabled video track); the still sits at the frame
    /// shown when the still track's frame is, since the timestamp says 0.
    @Test func twoVideoTracksGiveAPairThatPlaysTheMotion() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = ConvertOptions()
        options.outputDirectory = dir.path
        let r = try MotionPhotoToLivePhoto.run(path: Support.corpusFile(Self.pixel), options: options)
        let mp4 = try Self.embedded()
        #expect(mp4.movie.videoTracks.map(\.header.isEnabled) == [true, true], "both enabled in the camera's MP4")
        let written = try MovieFile.open(path: try #require(r.movie))
        let video = written.movie.videoTracks
        #expect(video.map(\.trackID) == [1, 2] && video.map(\.header.isEnabled) == [true, false])
        #expect(video.map(\.sampleTable.sampleCount) == [18, 1])
        let stillTrack = try #require(written.movie.stillImageTimeTracks.first)
        #expect(stillTrack.references["cdsc"] == [1], "the still-image-time track describes the motion")
        // Every track's samples, the disabled still track's included, are the MP4's.
        let original = try Support.sampleBytes(Self.embeddedPath(in: dir)), copied = try Support.sampleBytes(r.movie!)
        #expect(!original.isEmpty && original.allSatisfy { copied[$0.key] == $0.value })
        // The still track's frame is at 0.2813 s; the motion frame shown then starts at or before it.
        let frames = video[0].framePresentationTimes(movieTimescale: written.movie.header.timescale)
        let t = try #require(r.stillTime).seconds
        #expect(t > 0.2 && t <= 0.2813 && frames.contains { abs($0 - t) < 1e-6 } && !frames.contains { $0 > t && $0 <= 0.2813 }, "\(t)")
        #expect(r.warnings?.contains { $0.contains("presentation timestamp is 0") } == true)
        #expect(r.warnings?.contains { $0.contains("track 2 (2048x1536, 1 frame) kept but disabled") } == true, "\(r.warnings ?? [])")
        if let ffprobe = Support.reader("ffprobe") {
            let p = try Support.run(ffprobe, ["-v", "error", "-select_streams", "v", "-show_entries", "stream=width:stream_disposition=default", "-of", "csv=p=0", r.movie!])
            #expect(p.out.split(separator: "\n") == ["1024,1", "2048,0"], "\(p.out)")
        }
    }

    static func embeddedPath(in dir: URL) throws -> String {
        let photo = try MotionPhotoReader.read(path: Support.corpusFile(pixel))
        let path = dir.appendingPathComponent("embedded.mp4").path
        try Data(try photo.source.read(at: photo.video.offset, count: Int(photo.video.length))).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A movie whose still-image-time track describes a video track: that track is the motion,
    /// whatever its place or frame count.
    @Test func theTrackTheStillImageTimeTrackDescribesIsTheMotion() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mp4 = try Self.embedded()
        let stillTrack = try #require(mp4.movie.videoTracks.last)
        let plan = MovieRewritePlan(file: mp4)
        try LivePhotoMovieEdit.apply(to: plan, identifier: "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", atMillisecond: 300, video: stillTrack)
        let path = dir.appendingPathComponent("described.mov").path
        let writer = try AtomicFileWriter(targetPath: path)
        try MovieFileImage(plan).write(to: writer)
        try writer.commit()
        let written = try MovieFile.open(path: path)
        #expect(written.movie.stillImageTimeTracks.first?.references["cdsc"] == [stillTrack.trackID])
        let tracks = try #require(MotionPhotoVideoTracks(written.movie))
        #expect(tracks.motion.trackID == stillTrack.trackID && tracks.others.map(\.trackID) == [1])
        #expect(try #require(MotionPhotoVideoTracks(mp4.movie)).motion.trackID == 1, "without one: the first enabled track with several frames")
    }

    /// Timestamp 0 or none: the still track's moment (0.2813 s); a real timestamp wins over it.
    /// Decided in integers: the result is the frame shown at that moment, placed on its first tick.
    @Test(arguments: [nil, 0, 500_000] as [Int64?])
    func stillTimeFromTheStillTrackOnlyWithoutATimestamp(givenUs: Int64?) throws {
        let mp4 = try Self.embedded()
        let tracks = try #require(MotionPhotoVideoTracks(mp4.movie))
        #expect(tracks.motion.trackID == 1 && tracks.others.map(\.trackID) == [2])
        let stillMoment = try #require(tracks.stillFrameStart).seconds
        #expect(abs(stillMoment - 0.2813) < 0.0001)
        var warnings: [String] = []
        let (placed, start) = try MotionPhotoStillTime.resolve(presentationTimestampUs: givenUs, movie: mp4.movie, tracks: tracks, warnings: &warnings)
        let seconds = start.seconds
        let moment = (givenUs ?? 0) > 0 ? Double(givenUs!) / 1_000_000 : stillMoment
        let frames = tracks.motion.framePresentationTimes(movieTimescale: mp4.movie.header.timescale)
        let shown = try #require(frames.last { $0 <= moment + 1e-6 })
        #expect(abs(seconds - shown) < 1e-9 && shown > 0, "\(String(describing: givenUs)): \(seconds) vs \(shown)")
        let timing = FrameTiming(track: tracks.motion, movieTimescale: mp4.movie.header.timescale)
        #expect(timing.frame(containingMovieTick: placed.tick) == placed.frame, "the tick lies inside the frame")
        #expect(warnings.contains { $0.contains("one-frame still track") } == ((givenUs ?? 0) == 0))
    }

    /// A motion video delayed by a leading empty edit past the still track's moment (0.2813 s):
    /// no motion frame is shown yet at that moment, so the still goes to the first frame the
    /// video shows, at the end of the delay, never a later one.
    @Test(arguments: [nil, 0] as [Int64?])
    func stillTrackMomentBeforeADelayedVideoTakesItsFirstFrame(givenUs: Int64?) throws {
        let mp4 = try Self.embedded()
        let timescale = mp4.movie.header.timescale
        let trak = try #require(mp4.movie.moov.children("trak").first)
        let motion = try #require(mp4.movie.tracks.first)
        let delay = UInt64(timescale)   // one second, longer than the still track's moment
        var entries = motion.edits?.entries ?? []
        if entries.isEmpty { entries = [.init(duration: motion.header.duration, mediaTime: 0, rate: 0x10000)] }
        entries.insert(.init(duration: delay, mediaTime: -1, rate: 0x10000), at: 0)
        trak.children?.removeAll { $0.type == "edts" }
        trak.children?.insert(Atom(type: "edts", children: [EditList(entries: entries).atom()]), at: 1)
        let movie = try Movie(moov: mp4.movie.moov)
        let tracks = try #require(MotionPhotoVideoTracks(movie))
        #expect(tracks.motion.trackID == 1)
        let stillMoment = try #require(tracks.stillFrameStart)
        let timing = FrameTiming(track: tracks.motion, movieTimescale: timescale)
        let firstShown = timing.start(ofFrame: 0)
        #expect(stillMoment.seconds < 1 && firstShown.seconds >= 1, "the delay pushes every frame past the still moment")

        var warnings: [String] = []
        let (placed, start) = try MotionPhotoStillTime.resolve(presentationTimestampUs: givenUs, movie: movie, tracks: tracks, warnings: &warnings)
        #expect(placed.frame == 0 && start == firstShown)
        #expect(timing.frame(containingMovieTick: placed.tick) == 0 && placed.tick >= Int64(delay))
        #expect(warnings.contains { $0.contains("one-frame still track") })
    }

    /// A timestamp up to a second after the last frame's start is taken as inside the video (a
    /// last frame may be shown that long): no warning, the last frame. Only one more than a
    /// second past it is said to lie past the video; the still still goes to the last frame.
    @Test func onlyATimestampPastTheLastFrameIsSaidToLiePastTheVideo() throws {
        let mp4 = try Self.embedded()
        let tracks = try #require(MotionPhotoVideoTracks(mp4.movie))
        let timing = FrameTiming(track: tracks.motion, movieTimescale: mp4.movie.header.timescale)
        let last = timing.frameCount - 1
        try #require(last >= 2)
        let t = timing.start(ofFrame: last)
        let floorUs = Int64(t.numerator * 1_000_000 / t.scale), ceilUs = Int64((t.numerator * 1_000_000 + t.scale - 1) / t.scale)
        for (us, past) in [(ceilUs, false), (floorUs + 1_000_000, false), (ceilUs + 1_000_001, true), (ceilUs + 10_000_000, true)] {
            var warnings: [String] = []
            let (placed, _) = try MotionPhotoStillTime.resolve(presentationTimestampUs: us, movie: mp4.movie, tracks: tracks, warnings: &warnings)
            #expect(placed.frame == last, "\(us) µs")
            #expect(warnings.contains { $0.contains("lies past the video") } == past, "\(us) µs (the last frame starts at \(t.seconds) s): \(warnings)")
        }
        // An earlier frame's own start: that frame, no warning.
        let before = timing.start(ofFrame: last - 1)
        var warnings: [String] = []
        let (placed, _) = try MotionPhotoStillTime.resolve(presentationTimestampUs: Int64((before.numerator * 1_000_000 + before.scale - 1) / before.scale),
                                                          movie: mp4.movie, tracks: tracks, warnings: &warnings)
        #expect(placed.frame == last - 1 && warnings.isEmpty, "\(warnings)")
    }

    /// A damaged movie timescale (1 tick a second, no edit list): the last frame starts between
    /// two ticks and the video ends before the next, so no tick shows it. The still cannot be
    /// placed: the error says so and names the motion track where it is in the embedded video.
    @Test func aLastFrameNoTickShowsIsAnErrorNamingTheTrack() throws {
        let mp4 = try Self.embedded()
        let mvhd = try #require(mp4.movie.moov.child("mvhd"))
        var header = try MovieHeader(mvhd, path: "moov/mvhd")
        header.times.timescale = 1
        mvhd.payload = header.atom().payload
        let trak = try #require(mp4.movie.moov.children("trak").first)
        trak.children?.removeAll { $0.type == "edts" }
        let movie = try Movie(moov: mp4.movie.moov)
        let tracks = try #require(MotionPhotoVideoTracks(movie))
        let timing = FrameTiming(track: tracks.motion, movieTimescale: 1)
        let last = timing.frameCount - 1
        try #require(last > 0 && timing.frame(containingMovieTick: timing.startTick(ofFrame: last)) == nil,
                     "the last frame starts between two ticks and the video ends before the next one")

        var warnings: [String] = []
        let error = #expect(throws: ParseError.self) {
            _ = try MotionPhotoStillTime.resolve(presentationTimestampUs: 1_000_000_000, movie: movie, tracks: tracks, warnings: &warnings)
        }
        let offset = tracks.motion.offset
        #expect(offset > 0)
        #expect(try mp4.source.read(at: offset + 4, count: 4, path: "trak") == Array("trak".utf8), "the offset is the motion track's box")
        let start = String(format: "%.3f", timing.start(ofFrame: last).seconds)
        #expect(error?.description == "the embedded video shows no frame at its still time (\(start) s): its frames do not fill one tick of its timeline in \(tracks.motion.path) at offset \(offset)")
    }

    /// An edit list of one empty edit presents no frame at all: the error names the motion track.
    @Test func aVideoThatPresentsNoFrameIsAnErrorNamingTheTrack() throws {
        let mp4 = try Self.embedded()
        let trak = try #require(mp4.movie.moov.children("trak").first)
        trak.children?.removeAll { $0.type == "edts" }
        let empty = EditList(entries: [.init(duration: 1000, mediaTime: -1, rate: 0x10000)])
        trak.children?.insert(Atom(type: "edts", children: [empty.atom()]), at: 1)
        let movie = try Movie(moov: mp4.movie.moov)
        let tracks = try #require(MotionPhotoVideoTracks(movie))
        var warnings: [String] = []
        let error = #expect(throws: ParseError.self) {
            _ = try MotionPhotoStillTime.resolve(presentationTimestampUs: 0, movie: movie, tracks: tracks, warnings: &warnings)
        }
        #expect(error?.description == "the embedded video has no frames in \(tracks.motion.path) at offset \(tracks.motion.offset)")
        #expect(tracks.motion.offset > 0)
    }
}
