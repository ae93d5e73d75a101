import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
import TestSupport
@testable import LivePhotoKit

/// `make --wallpaper`: a complying camera movie's video copied into new files; the span
/// rules; re-encoded clips of every kind checked by `verify --wallpaper` and ffprobe.
@Suite("make --wallpaper")
struct WallpaperMakeTests {
    static func options(_ dir: String) -> MakeOptions {
        var o = MakeOptions()
        o.wallpaper = true
        o.outputDirectory = dir
        return o
    }

    @Test("a complying camera movie: new -wallpaper files, its video samples kept byte for byte, the input unchanged, verify --wallpaper passes",
          .requires(.corpusFile(WallpaperMovieTests.camera)), arguments: [false, true])
    func cameraMovieKept(intoFolder: Bool) throws {
        let dir = try TempDir(), out = try TempDir()
        let source = try Support.copy(Support.corpusFile(WallpaperMovieTests.camera), to: dir.url)
        let before = try Support.bytes(source)
        var options = Self.options(out.url.path)
        if !intoFolder { options.outputDirectory = nil }
        let result = try MakeOperation.run(movie: source, options: options)
        #expect(result.status == .made && result.movieWrite == .newFile)
        let stem = PathComponents.lastComponent(PathComponents.deletingExtension(source)) + "-wallpaper"
        #expect(result.movieOutput == (intoFolder ? out.path(stem + ".MOV") : dir.path(stem + ".MOV")))
        #expect(result.still == (intoFolder ? out.path(stem + ".JPG") : dir.path(stem + ".JPG")))
        #expect(try Support.bytes(source) == before)
        let still = try StillImageReader.read(path: result.still)
        let entry = try #require(try MovieFile.open(path: source).movie.mainVideoTrack?.videoCodecConfiguration())
        #expect(still.width == entry.width && still.height == entry.height)
        let report = try Verifier.verify(still: result.still, movie: result.movieOutput, wallpaper: true)
        #expect(report.valid && report.errors.isEmpty, "\(report.errors.map(\.detail))")
        let ours = try MovieFile.open(path: result.movieOutput), theirs = try MovieFile.open(path: source)
        let a = try #require(ours.movie.mainVideoTrack), b = try #require(theirs.movie.mainVideoTrack)
        #expect(try WallpaperMovieTests.sampleBytes(a, in: ours) == WallpaperMovieTests.sampleBytes(b, in: theirs))
        // Kept with its timing: durations, composition offsets (B-frame order), sync samples, edit.
        #expect(a.sampleTable.timeToSample == b.sampleTable.timeToSample && a.mediaHeader.timescale == b.mediaHeader.timescale)
        #expect(a.sampleTable.compositionOffsets == b.sampleTable.compositionOffsets && !b.sampleTable.compositionOffsets.isEmpty)
        #expect(try SyncSampleTable(track: a) == SyncSampleTable(track: b))
        #expect(a.edits?.entries == b.edits?.entries)
        // A second run finds the new files and refuses rather than overwrite them.
        let again = try #require(throws: LivePhotoError.self) { try MakeOperation.run(movie: source, options: options) }
        #expect(again.reason.contains("never overwritten"))
    }

    @Test("the span: 3 s around the still, at least 0.2 s before it, inside the video; too short or too early is refused")
    func span() throws {
        let s = try WallpaperMake.span(still: 2400, videoStart: 0, videoEnd: 4800, timescale: 600, path: "m")
        #expect(s == .init(start: 1500, end: 3300))
        let early = try WallpaperMake.span(still: 300, videoStart: 0, videoEnd: 4800, timescale: 600, path: "m")
        #expect(early == .init(start: 0, end: 1800))
        let late = try WallpaperMake.span(still: 4790, videoStart: 0, videoEnd: 4800, timescale: 600, path: "m")
        #expect(late == .init(start: 3000, end: 4800))
        let short = try WallpaperMake.span(still: 1000, videoStart: 0, videoEnd: 1500, timescale: 1000, path: "m")
        #expect(short == .init(start: 0, end: 1500))
        #expect(throws: LivePhotoError.self) { try WallpaperMake.span(still: 300, videoStart: 0, videoEnd: 599, timescale: 600, path: "m") }
        #expect(throws: LivePhotoError.self) { try WallpaperMake.span(still: 60, videoStart: 0, videoEnd: 4800, timescale: 600, path: "m") }
    }

    /// The new movie gives the ids in the camera's order (video 1, audio 2, then the metadata
    /// tracks), whatever the ids in the source: a source whose audio is track 1 must not give
    /// the new movie two tracks numbered 1.
    @Test("a source whose audio is track 1: track ids 1 to 5 once each (video 1, audio 2), next track id 6", .requires(.ffmpeg, .ffprobe))
    func trackIDsAreTheCameras() throws {
        let dir = try TempDir(), out = try TempDir()
        let clip = dir.path("audio-first.mov")
        let r = try Support.run(try Support.requireTool("ffmpeg"), ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=2",
                                                                    "-f", "lavfi", "-i", "sine=d=2", "-map", "1:a", "-map", "0:v",
                                                                    "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip])
        try #require(r.status == 0, "ffmpeg: \(r.err)")
        try #require(try MovieFile.open(path: clip).movie.tracks.first?.isAudio == true, "the source's track 1 is its audio")
        let result = try MakeOperation.run(movie: clip, options: Self.options(out.url.path))
        let movie = try MovieFile.open(path: result.movieOutput).movie
        #expect(movie.tracks.map(\.trackID) == [1, 2, 3, 4, 5])
        #expect(movie.tracks.first?.isVideo == true && movie.tracks.dropFirst().first?.isAudio == true)
        #expect(movie.header.nextTrackID == 6)
        let json = try Support.ffprobeJSON(["-show_entries", "stream=index,codec_type"], file: result.movieOutput)
        let types = (json["streams"] as? [[String: Any]] ?? []).compactMap { $0["codec_type"] as? String }
        #expect(types.prefix(2) == ["video", "audio"], "ffprobe: \(types)")
    }

    @Test("a clip too short for a wallpaper is refused with a one-line reason and nothing is written", .requires(.ffmpeg))
    func tooShortWritesNothing() throws {
        let dir = try TempDir(), out = try TempDir()
        let clip = try MakeClips.generate(.init(name: "short", codec: "h264", rate: 30), in: dir.url, duration: 0.5)
        let error = try #require(throws: LivePhotoError.self) { try MakeOperation.run(movie: clip, options: Self.options(out.url.path)) }
        #expect(error.reason.contains("needs at least 1 s"))
        #expect(try out.listing() == [])
        #expect(try dir.listing() == ["short.mov"])
    }

    static let clips: [MakeClips.Clip] = [
        .init(name: "h264-60fps-audio", codec: "h264", width: 1280, height: 720, rate: 60),
        .init(name: "portrait", codec: "h264", width: 360, height: 640, rate: 30),
        // Wider than 1920: the video and the still are scaled down together (to 1920x240).
        .init(name: "wide", codec: "h264", width: 2048, height: 256, rate: 30),
        .init(name: "rotated", codec: "h264", rate: 30, rotate: 90),
        .init(name: "hevc-10bit", codec: "hevc", pixelFormat: "yuv420p10le", rate: 30),
        .init(name: "vfr", codec: "h264", rate: 30, extraArguments: ["-vf", "setpts='if(lt(N,30),N/30,N/20)/TB'", "-fps_mode", "vfr"]),
    ]

    @Test("re-encoded clips pass verify --wallpaper and ffprobe reads them", .requires(.ffmpeg, .ffprobe), arguments: clips)
    func reencoded(_ clip: MakeClips.Clip) throws {
        let dir = try TempDir(), out = try TempDir()
        var path = try MakeClips.generate(clip, in: dir.url, duration: 4)
        if clip.name.hasSuffix("audio") {
            // The sound muxed beside the video as it is (ffmpeg's inputs come before the encoders).
            let muxed = dir.path("with-audio.mov")
            let r = try Support.run(MakeClips.ffmpeg!, ["-v", "error", "-i", path, "-f", "lavfi", "-i", "sine=frequency=440:duration=4",
                                                        "-c:v", "copy", "-c:a", "aac", "-shortest", muxed])
            #expect(r.status == 0, "\(r.err)")
            try FileManager.default.removeItem(atPath: path)
            path = muxed
        }
        let result: MakeResult
        do {
            result = try MakeOperation.run(movie: path, options: Self.options(out.url.path))
        } catch let error as LivePhotoError where error.reason.contains("not implemented") {
            // The encoder lane's interface without its encoder: nothing may be written.
            #expect(try out.listing() == [])
            Issue.record(Comment(rawValue: "skipped: \(error.reason)"), severity: .warning)
            try Test.cancel("the HEVC encoder is not merged yet")
        }
        #expect(result.movieOutput.hasSuffix("-wallpaper.MOV") && result.still.hasSuffix("-wallpaper.JPG"))
        // The still is the size of the new video, not of the source.
        let video = try #require(try MovieFile.open(path: result.movieOutput).movie.mainVideoTrack?.videoCodecConfiguration())
        let still = try StillImageReader.read(path: result.still)
        #expect(still.width == video.width && still.height == video.height, "still \(still.width)x\(still.height), video \(video.width)x\(video.height)")
        let report = try Verifier.verify(still: result.still, movie: result.movieOutput, wallpaper: true)
        #expect(report.valid && report.errors.isEmpty, "\(report.errors.map { "\($0.name): \($0.detail)" })")
        let probe = try Support.ffprobeJSON(["-show_entries", "stream=codec_name,codec_type"], file: result.movieOutput)
        let streams = probe["streams"] as? [[String: Any]] ?? []
        #expect(streams.first?["codec_name"] as? String == "hevc")
        #expect(streams.contains { $0["codec_type"] as? String == "audio" } == clip.name.contains("audio"))
        #expect(try dir.listing() == [PathComponents.lastComponent(path)])
    }
}
