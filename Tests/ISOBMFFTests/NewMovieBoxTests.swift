import Foundation
import Testing
import BinaryIO
import PropertyBased
import TestSupport
@testable import ISOBMFF

/// The boxes a movie built from scratch needs, written then read back by the readers every
/// movie goes through.
@Suite("Boxes of a new movie: video sample entry, ctts, stss, mvhd, chunk offsets")
struct NewMovieBoxTests {
    @Test("an hvc1 entry reads back as the configuration it was written from", arguments: [nil, VideoCodecConfiguration.ColourDescription(primaries: 1, transfer: 1, matrix: 1, fullRange: nil)])
    func videoEntryRoundTrip(_ colour: VideoCodecConfiguration.ColourDescription?) throws {
        let config = VideoCodecConfiguration(codec: .hevc, width: 1920, height: 1080, decoderConfiguration: Array(1...40), colour: colour)
        let entry = try Support.parseAtom(SampleDescriptionHeader.atom(entries: [config.sampleEntryAtom()]).serialized())
        let read = try VideoCodecConfiguration(entry: try #require(entry.children?.first), path: "stsd/hvc1")
        #expect(read == config)
        #expect(try SampleEntry(try #require(entry.children?.first), handler: "vide", path: "hvc1").width == 1920)
    }

    /// The visual sample entry's fixed fields as ISO/IEC 14496-12 12.1.3 fixes them (players
    /// read "frames per sample" and the depth): data reference 1, 72 dpi both ways, data size
    /// 0, one frame per sample, an empty compressor name, depth 24, pre_defined -1.
    @Test func videoEntryFixedFields() throws {
        let payload = VideoCodecConfiguration(codec: .h264, width: 640, height: 480, decoderConfiguration: [1]).sampleEntryAtom().serialized()[8...]
        func u16(_ at: Int) -> Int { Int(payload[payload.startIndex + at]) << 8 | Int(payload[payload.startIndex + at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        #expect(payload.prefix(6).allSatisfy { $0 == 0 } && u16(6) == 1)
        #expect(payload.dropFirst(8).prefix(16).allSatisfy { $0 == 0 })
        #expect(u16(24) == 640 && u16(26) == 480)
        #expect(u32(28) == 0x0048_0000 && u32(32) == 0x0048_0000 && u32(36) == 0)
        #expect(u16(40) == 1, "frame count")
        #expect(payload.dropFirst(42).prefix(32).allSatisfy { $0 == 0 })
        #expect(u16(74) == 0x0018 && u16(76) == 0xFFFF)
    }

    @Test("ctts runs and stss numbers read back; every-sample-sync writes no stss")
    func tablesRoundTrip() throws {
        let ctts = CompositionOffsetBox(offsets: [40, 40, -20, 0, 0, 0])
        #expect(ctts.entries == [.init(count: 2, offset: 40), .init(count: 1, offset: -20), .init(count: 3, offset: 0)])
        #expect(try CompositionOffsetBox(ctts.atom(), path: "ctts") == ctts)
        #expect(SyncSampleTable(syncSamples: nil).atom() == nil)
        let track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 90, timescale: 600,
                                  samples: (0..<5).map { .init(bytes: [UInt8($0)], duration: 20, isSync: $0 % 3 == 0, compositionOffset: $0 == 1 ? 20 : 0) })
        let parsed = try Track(try Support.parseAtom(track.track(trackID: 1, movieTimescale: 600).atom().serialized()), index: 1, path: "trak")
        #expect(try SyncSampleTable(track: parsed).syncSamples == [0, 3])
        #expect(parsed.sampleTable.compositionOffsets == [.init(count: 1, offset: 0), .init(count: 1, offset: 20), .init(count: 3, offset: 0)])
        #expect(parsed.header.rotationDegrees == 90 && parsed.sampleTable.sampleCount == 5 && parsed.edits?.entries == [.init(duration: 100, mediaTime: 0, rate: 0x10000)])
    }

    /// The one edit of a new video track shows the media from the first sample presented (the
    /// least decode time plus composition offset, never before 0) for the whole media duration
    /// in movie ticks, rounded up: B-frame reordering shifts where the picture starts.
    @Test("a new video track's edit starts at its first presented sample and lasts its media, for any durations and offsets")
    func editFromFirstShown() async {
        await propertyCheck(count: 300, input: Gen.nearEnds(in: 1...40).array(of: 1...8), Gen.nearEnds(in: -40...80).array(of: 1...8),
                            Gen.nearEnds(in: 1...90000), Gen.nearEnds(in: 1...1000)) { durations, offsets, mediaScale, movieScale in await Support.failingOnThrow {
            let samples = durations.indices.map { i in
                NewVideoTrack.Sample(bytes: [UInt8(i)], duration: UInt32(durations[i]), isSync: i == 0, compositionOffset: Int32(offsets[i % offsets.count]))
            }
            let track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                      timescale: UInt32(mediaScale), samples: samples)
            let parsed = try Track(try Support.parseAtom(track.track(trackID: 1, movieTimescale: UInt32(movieScale)).atom().serialized()), index: 1, path: "trak")
            var decode = 0, firstShown = Int.max
            for (i, d) in durations.enumerated() { firstShown = min(firstShown, decode + offsets[i % offsets.count]); decode += d }
            let total = durations.reduce(0, +)
            let ticks = (total * movieScale + mediaScale - 1) / mediaScale
            #expect(parsed.edits?.entries == [.init(duration: UInt64(ticks), mediaTime: Int64(max(0, firstShown)), rate: 0x10000)],
                    "durations \(durations), offsets \(offsets), \(mediaScale) → \(movieScale)")
        } }
    }

    /// A made video track's `vmhd` is QuickTime's: version 0, flags 1 (no lean ahead),
    /// graphics mode 0x40 (dither copy), grey op colour; the iPhone's movies carry the same bytes.
    @Test("a new video track's vmhd holds QuickTime's header bytes, as the iPhone's movies do")
    func videoMediaHeader() throws {
        let expected: [UInt8] = [0, 0, 0, 1, 0, 0x40, 0x80, 0, 0x80, 0, 0x80, 0]
        let track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0, timescale: 600,
                                  samples: [.init(bytes: [1], duration: 20, isSync: true)])
        let parsed = try Track(try Support.parseAtom(track.track(trackID: 1, movieTimescale: 600).atom().serialized()), index: 1, path: "trak")
        #expect(parsed.atom.find("mdia", "minf", "vmhd")?.payload == expected)
        let iPhone = Support.corpusFile("iphone-movie/iphone15-livephoto.MOV")
        if FileManager.default.fileExists(atPath: iPhone) {
            let video = try #require(try MovieFile.open(path: iPhone).movie.mainVideoTrack)
            #expect(video.atom.find("mdia", "minf", "vmhd")?.payload == expected)
        }
    }

    /// A quarter turn given as any angle (past a whole turn, or negative) is written as the
    /// matrix of that angle within one turn: `tkhd` reads back the reduced angle, on either side.
    @Test("a new track's matrix reads back as its rotation reduced to one turn, for any number of turns")
    func rotationAnyTurns() async {
        await propertyCheck(count: 200, input: Gen.nearEnds(in: -40...40), Gen.nearEnds(in: 0...3)) { turns, quarter in
            let degrees = turns * 360 + quarter * 90
            let matrix = NewVideoTrack.matrix(rotationDegrees: degrees, width: 64, height: 48)
            let header = TrackHeader(flags: 0x0F, trackID: 1, duration: 0, matrix: matrix, fixedWidth: 64 << 16, fixedHeight: 48 << 16)
            #expect(header.rotationDegrees == quarter * 90, "\(degrees)°")
            #expect(matrix == NewVideoTrack.matrix(rotationDegrees: quarter * 90, width: 64, height: 48), "\(degrees)°")
        }
    }

    /// Only the four exact quarter-turn matrices are rotations: any one of a, b, c, d moved
    /// (by one, or by a whole 1.0) is another matrix (a mirror, a shear, a scale), read as 0.
    @Test("a quarter-turn matrix with one of a, b, c, d changed reads as no rotation")
    func nearRotationMatricesAreNone() async {
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 0...3), Gen.nearEnds(in: 0...3), Gen.nearEnds(in: 0...3)) { quarter, entry, change in
            var matrix = NewVideoTrack.matrix(rotationDegrees: quarter * 90, width: 64, height: 48)
            matrix[[0, 1, 3, 4][entry]] &+= [1, -1, 0x10000, -0x10000][change]
            let header = TrackHeader(flags: 0x0F, trackID: 1, duration: 0, matrix: matrix, fixedWidth: 64 << 16, fixedHeight: 48 << 16)
            #expect(header.rotationDegrees == 0, "\(quarter * 90)° with entry \(entry) changed: \(matrix)")
        }
    }

    @Test("a new mvhd reads back with its timescale, duration and next track ID")
    func movieHeader() throws {
        let header = MovieHeader(timescale: 600, duration: 1800, nextTrackID: 6)
        let read = try MovieHeader(header.atom(), path: "mvhd")
        #expect(read == header && read.timescale == 600 && read.duration == 1800 && read.nextTrackID == 6)
    }

    @Test("every chunk offset of a new movie points at its chunk's bytes")
    func chunkOffsets() throws {
        let dir = try TempDir()
        let track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0, timescale: 600,
                                  samples: (0..<3).map { .init(bytes: Array(repeating: UInt8(10 + $0), count: 5 + $0), duration: 20, isSync: true) })
        let other = NewVideoTrack(configuration: track.configuration, rotationDegrees: 0, timescale: 600, samples: [.init(bytes: [99, 98], duration: 60, isSync: true)])
        let image = try NewMovieImage(header: MovieHeader(timescale: 600, duration: 60, nextTrackID: 3),
                                      media: [.init(trak: track.track(trackID: 1, movieTimescale: 600).atom(), chunks: track.chunks),
                                              .init(trak: other.track(trackID: 2, movieTimescale: 600).atom(), chunks: other.chunks)], others: [])
        let path = dir.path("new.mov")
        try image.prepare(targetPath: path).commit()
        let file = try MovieFile.open(path: path)
        #expect(file.moovBeforeMedia && file.isQuickTime)
        #expect(try (0..<3).map { try file.sampleBytes(track: file.movie.tracks[0], index: $0) } == track.samples.map(\.bytes))
        #expect(try file.sampleBytes(track: file.movie.tracks[1], index: 0) == [99, 98])
    }
}
