import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// The wallpaper movie is a new file, but the same capture: its `mvhd` and every track's `tkhd`
/// and `mdhd` carry the source movie's `mvhd` creation and modification times (the copied audio
/// track's `tkhd` keeps its own, copied as it was). It wrote none before, so a clip whose only
/// date was its header lost it.
@Suite("make --wallpaper: the source movie's dates")
struct WallpaperMovieDatesTests {
    /// 2024-01-02T03:04:05Z and an hour later, in seconds since 1904.
    static let creation: UInt64 = 3_787_009_445, modification: UInt64 = 3_787_013_045

    /// A 2 s H.264 + AAC clip whose mvhd says `creation` and `modification` (different, so a
    /// swap shows).
    static func datedClip(in dir: TempDir) throws -> String {
        let ffmpeg = try Support.requireTool("ffmpeg")
        let path = dir.path("dated.mov")
        let r = try Support.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x240:r=30:d=2", "-f", "lavfi", "-i", "sine=d=2",
                                         "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
                                         "-metadata", "creation_time=2024-01-02T03:04:05Z", path])
        try #require(r.status == 0, "ffmpeg: \(r.err)")
        // Set the mvhd modification time in place (version 0: after version/flags and creation).
        var bytes = try Support.bytes(path)
        let mvhd = try #require(try MovieFile.open(path: path).movie.moov.child("mvhd"))
        let payload = Int(try #require(mvhd.originalOffset)) + 8
        try #require(bytes[payload] == 0, "a version 0 mvhd")
        for i in 0..<4 { bytes[payload + 8 + i] = UInt8(truncatingIfNeeded: modification >> (24 - 8 * UInt64(i))) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let header = try MovieFile.open(path: path).movie.header
        try #require(header.creationTime == creation && header.modificationTime == modification)
        return path
    }

    @Test("mvhd and every new track's tkhd and mdhd carry the source's creation and modification times; exiftool reads them", .requires(.ffmpeg, .exiftool))
    func sourceDatesKept() throws {
        let dir = try TempDir(), out = try TempDir()
        let clip = try Self.datedClip(in: dir)
        let sourceAudio = try #require(try MovieFile.open(path: clip).movie.tracks.first(where: \.isAudio)).header
        let result = try MakeOperation.run(movie: clip, options: WallpaperMakeTests.options(out.url.path))
        let movie = try MovieFile.open(path: result.movieOutput).movie
        #expect(movie.header.creationTime == Self.creation && movie.header.modificationTime == Self.modification, "mvhd")
        #expect(movie.tracks.contains { $0.isAudio }, "the audio was copied")
        for track in movie.tracks {
            let media = try MediaHeader(try #require(track.atom.find("mdia", "mdhd")), path: "mdhd")
            #expect(media.creationTime == Self.creation && media.modificationTime == Self.modification,
                    "track \(track.trackID) mdhd: \(media.creationTime), \(media.modificationTime)")
            let expected = track.isAudio ? (sourceAudio.creationTime, sourceAudio.modificationTime) : (Self.creation, Self.modification)
            #expect(track.header.creationTime == expected.0 && track.header.modificationTime == expected.1,
                    "track \(track.trackID) tkhd: \(track.header.creationTime), \(track.header.modificationTime)")
        }
        let r = try Support.run(try Support.requireTool("exiftool"), ["-s3", "-d", "%Y-%m-%dT%H:%M:%S", "-QuickTime:CreateDate", "-QuickTime:ModifyDate", result.movieOutput])
        #expect(r.out.split(separator: "\n") == ["2024-01-02T03:04:05", "2024-01-02T04:04:05"], "exiftool: \(r.out)")
    }

    @Test("a source without dates gives a movie without dates (nothing invented)", .requires(.ffmpeg))
    func undatedStaysUndated() throws {
        let dir = try TempDir(), out = try TempDir()
        let clip = try MakeClips.generate(.init(name: "undated", codec: "h264", rate: 30), in: dir.url, duration: 2)
        try #require(try MovieFile.open(path: clip).movie.header.creationTime == 0)
        let result = try MakeOperation.run(movie: clip, options: WallpaperMakeTests.options(out.url.path))
        let times = try MovieDateTests.headerTimes(result.movieOutput)
        #expect(times.allSatisfy { $0.creation == 0 && $0.modification == 0 }, "\(times)")
    }
}
