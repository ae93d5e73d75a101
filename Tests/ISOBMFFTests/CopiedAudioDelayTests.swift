import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A source audio track that starts late (an empty edit, then the edit that shows media time 0,
/// as ffmpeg writes for `-itsoffset`): the copy for a span takes the samples shown in it, and a
/// span that starts before the audio does keeps the delay as an empty edit.
@Suite("Copied audio: a delayed source track")
struct CopiedAudioDelayTests {
    /// 3 s of video (movie timescale 1000) and 2.5 s of 8 kHz 16-bit PCM that starts at 0.5 s;
    /// the audio is a chirp, so a span moved by any whole number of samples has other bytes.
    static func delayedAudioMovie(in dir: TempDir) throws -> MovieFile {
        let ffmpeg = try #require(Support.tool("ffmpeg"))
        let path = dir.path("delayed.mov")
        let result = try Support.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x64:r=30:d=3",
                                              "-itsoffset", "0.5", "-f", "lavfi", "-i", "aevalsrc=sin(200*t*t):s=8000:d=2.5",
                                              "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast",
                                              "-c:a", "pcm_s16le", "-f", "mov", path])
        try #require(result.status == 0, "ffmpeg failed: \(String(decoding: result.errData, as: UTF8.self))")
        return try MovieFile.open(path: path)
    }

    static func audio(_ file: MovieFile) throws -> Track {
        let audio = file.movie.tracks.first { $0.isAudio }
        let track = try #require(audio)
        // What the test is about: the source delays its audio by an empty edit of 0.5 s.
        try #require(track.edits?.entries.first == .init(duration: 500, mediaTime: -1, rate: 0x10000))
        try #require(track.edits?.entries.dropFirst().first?.mediaTime == 0)
        try #require(file.movie.header.timescale == 1000 && track.mediaHeader.timescale == 8000)
        return track
    }

    /// The bytes of samples `range` of `track` (PCM: one sample a frame).
    static func bytes(_ track: Track, _ range: Range<Int>, in file: MovieFile) throws -> [UInt8] {
        try track.sampleTable.sampleRanges()[range].flatMap { try file.source.read(at: $0.offset, count: Int($0.size)) }
    }

    @Test("a span after the delay copies the samples shown in it: media time = movie time - delay", .requires(.ffmpeg))
    func spanAfterDelay() throws {
        let dir = try TempDir()
        let file = try Self.delayedAudioMovie(in: dir)
        let track = try Self.audio(file)
        // Movie time [1.0 s, 2.0 s) shows media time [0.5 s, 1.5 s): samples 4000..<12000.
        let made = try CopiedAudioTrack(track, in: file, start: 1000, end: 2000, movieTimescale: 600)
        let copy = try #require(made)
        let shown = try Self.bytes(track, 4000..<12000, in: file)
        #expect(copy.track.sampleCount == 8000)
        #expect(copy.track.timeToSample == [.init(count: 8000, delta: 1)], "one run: every copied sample, each one tick")
        #expect(copy.chunks == [shown])
        #expect(copy.track.edits == [.init(duration: 600, mediaTime: 0, rate: 0x10000)])
    }

    @Test("a span that starts before the audio keeps the rest of the delay as an empty edit", .requires(.ffmpeg))
    func spanBeforeDelay() throws {
        let dir = try TempDir()
        let file = try Self.delayedAudioMovie(in: dir)
        let track = try Self.audio(file)
        // Movie time [0.2 s, 1.2 s): the audio starts 0.3 s in (180 ticks of 600), samples 0..<5600.
        let made = try CopiedAudioTrack(track, in: file, start: 200, end: 1200, movieTimescale: 600)
        let copy = try #require(made)
        let shown = try Self.bytes(track, 0..<5600, in: file)
        #expect(copy.track.sampleCount == 5600)
        #expect(copy.chunks == [shown])
        #expect(copy.track.edits == [.init(duration: 180, mediaTime: -1, rate: 0x10000), .init(duration: 420, mediaTime: 0, rate: 0x10000)])
    }
    /// The same movie with the audio's media timescale set to 1 (each PCM sample then lasts a
    /// whole second, the timescale's smallest value): the span is counted in that timescale.
    @Test("a media timescale of 1: the samples that start in the span, counted in whole seconds", .requires(.ffmpeg))
    func wholeSecondMediaTimescale() throws {
        let dir = try TempDir()
        let source = try Self.delayedAudioMovie(in: dir)
        let mdhd = try #require(try Self.audio(source).atom.find("mdia", "mdhd"))
        let at = Int(try #require(mdhd.originalOffset)) + 8
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path("delayed.mov"))))
        try #require(bytes[at] == 0, "mdhd version 0: timescale at +12")
        bytes.replaceSubrange((at + 12)..<(at + 16), with: [0, 0, 0, 1])
        let file = try MovieFile.open(path: try dir.write("whole-seconds.mov", bytes))
        let track = try #require(file.movie.tracks.first { $0.isAudio })
        try #require(track.mediaHeader.timescale == 1)
        // Movie time [0 s, 3 s) with the audio 0.5 s late: media seconds [0, 2.5) start samples 0, 1 and 2.
        let made = try CopiedAudioTrack(track, in: file, start: 0, end: 3000, movieTimescale: 600)
        let copy = try #require(made)
        #expect(copy.track.sampleCount == 3)
        #expect(copy.track.timeToSample == [.init(count: 3, delta: 1)])
        #expect(copy.chunks == [try Self.bytes(track, 0..<3, in: file)])
        #expect(copy.track.edits == [.init(duration: 300, mediaTime: -1, rate: 0x10000), .init(duration: 1800, mediaTime: 0, rate: 0x10000)])
    }

    /// The audio's edits made all empty (0.5 s, then 1 s): no edit shows any of its media, so a
    /// player plays none of it, and a span copies nothing, wherever it lies.
    @Test("edits that are all empty show no sample: nothing is copied", .requires(.ffmpeg), arguments: [(0, 3000), (1000, 2000), (1600, 3000)])
    func onlyEmptyEdits(start: Int64, end: Int64) throws {
        let dir = try TempDir()
        let file = try Self.delayedAudioMovie(in: dir)
        let delayed = try Self.audio(file)
        let trak = delayed.atom
        trak.children?.removeAll { $0.type == "edts" }
        let empty = EditList(entries: [.init(duration: 500, mediaTime: -1, rate: 0x10000), .init(duration: 1000, mediaTime: -1, rate: 0x10000)])
        trak.children?.insert(Atom(type: "edts", children: [empty.atom()]), at: 1)
        let silent = try Track(trak, index: delayed.index, path: delayed.path)
        try #require(silent.edits?.entries.allSatisfy { $0.mediaTime < 0 } == true)
        #expect(try CopiedAudioTrack(silent, in: file, start: start, end: end, movieTimescale: 600) == nil)
        // The same span with the source's own edits (empty, then the media) copies samples.
        #expect(try CopiedAudioTrack(delayed, in: file, start: 1000, end: 2000, movieTimescale: 600) != nil)
    }

    /// Audio with no edit list plays its media from time 0 at the movie's start: a span from 0
    /// copies from the first sample on (a media origin of 1 would drop it).
    @Test("no edit list: a span from 0 copies from the first sample", .requires(.ffmpeg))
    func noEditList() throws {
        let dir = try TempDir()
        let file = try Self.delayedAudioMovie(in: dir)
        let delayed = try Self.audio(file)
        let trak = delayed.atom
        trak.children?.removeAll { $0.type == "edts" }
        let plain = try Track(trak, index: delayed.index, path: delayed.path)
        try #require(plain.edits == nil)
        // Movie time [0 s, 0.5 s) (the source counts 1000 a second): media time [0, 4000) of 8 kHz.
        let copy = try #require(try CopiedAudioTrack(plain, in: file, start: 0, end: 500, movieTimescale: 600))
        #expect(copy.track.sampleCount == 4000)
        #expect(copy.chunks == [try Self.bytes(plain, 0..<4000, in: file)])
    }

    /// The samples copied for a span are read into memory, at most 256 MiB: a span of exactly
    /// that passes the bound (and here fails only on the file, far smaller); a byte more is
    /// refused before any read.
    @Test("256 MiB of audio samples pass the bound; 256 MiB + 1 is refused as too large")
    func copiedBytesBound() throws {
        let source = try FileSource(path: Support.fixture("movie-mp4.mp4"))
        let half = UInt32(CopiedAudioTrack.maximumBytes / 2)
        let at: [(offset: UInt64, size: UInt32)] = [(offset: 0, size: half), (offset: UInt64(half), size: half)]
        let error = #expect(throws: ParseError.self) { _ = try CopiedAudioTrack.read(at[...], from: source, path: "moov/trak[2]") }
        #expect(error?.kind == .truncated, "\(String(describing: error))")
        let over = at + [(offset: UInt64(CopiedAudioTrack.maximumBytes), size: 1)]
        let tooLarge = #expect(throws: ParseError.self) { _ = try CopiedAudioTrack.read(over[...], from: source, path: "moov/trak[2]") }
        #expect(tooLarge?.kind == .tooLarge && tooLarge?.message == "268435457 bytes of samples in the span exceed the 256 MiB bound", "\(String(describing: tooLarge))")
    }
}
