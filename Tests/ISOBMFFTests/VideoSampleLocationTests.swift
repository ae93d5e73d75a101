import Foundation
import Testing
import PropertyBased
import TestSupport
import BinaryIO
@testable import ISOBMFF

/// What `make` reads to decode one frame: the codec configuration, the sync samples, and which
/// sample is shown at a movie tick.
@Suite("Video sample location: avcC, stss, the sample shown at a tick")
struct VideoSampleLocationTests {
    @Test("the avc1 entry yields its avcC record, size and no colr", arguments: ["movie-moov-last.mov", "movie-mp4.mp4", "movie-co64.mov"])
    func codecConfiguration(_ name: String) throws {
        let file = try MovieFile.open(path: Support.fixture(name))
        let config = try file.movie.videoTracks[0].videoCodecConfiguration()
        #expect(config.codec == .h264 && config.format == "avc1")
        #expect(config.width == 320 && config.height == 240)
        #expect(config.decoderConfiguration.first == 1)   // AVCDecoderConfigurationRecord version 1
        #expect(config.decoderConfiguration.count > 7)
    }

    @Test("a visual sample entry cut short, or without its avcC, is a ParseError; other codecs are unsupported")
    func hostileEntries() throws {
        var prefix = [UInt8](repeating: 0, count: VideoCodecConfiguration.visualPrefixLength)
        prefix[25] = 64; prefix[27] = 48
        let avcC = Support.box("avcC", [1, 0x64, 0, 0x1F, 0xFF, 0xE0, 0])
        let good = Atom(type: "avc1", payload: prefix + avcC)
        #expect(try VideoCodecConfiguration(entry: good, path: "stsd/avc1").width == 64)
        for cut in [0, 10, 77, 78 + 4, prefix.count + avcC.count - 1] {
            let atom = Atom(type: "avc1", payload: Array((prefix + avcC).prefix(cut)))
            #expect(throws: ParseError.self, "cut at \(cut)") { _ = try VideoCodecConfiguration(entry: atom, path: "stsd/avc1") }
        }
        let overrun = Atom(type: "hvc1", payload: prefix + Support.u32(4096) + Array("hvcC".utf8) + [1, 2, 3])
        #expect(throws: ParseError.self) { _ = try VideoCodecConfiguration(entry: overrun, path: "stsd/hvc1") }
        do {
            _ = try VideoCodecConfiguration(entry: Atom(type: "mp4v", payload: prefix), path: "stsd/mp4v")
            Issue.record("mp4v accepted")
        } catch let e as ParseError {
            #expect(e.kind == .unsupported && e.message.contains("mp4v"))
        }
    }

    @Test("stss: the last sync sample at or before any sample")
    func syncSamples() async {
        await propertyCheck(input: Gen.nearEnds(in: 0...400)) { index in await Support.failingOnThrow {
            let table = SyncSampleTable(syncSamples: [0, 30, 60, 61, 200])
            let expected = [0, 30, 60, 61, 200].last { $0 <= index }
            #expect(table.syncSample(atOrBefore: index) == expected)
            #expect(SyncSampleTable(syncSamples: nil).syncSample(atOrBefore: index) == index)
        } }
        #expect(SyncSampleTable(syncSamples: [5]).syncSample(atOrBefore: 4) == nil)
    }

    @Test("the fixtures' stss lists sync samples in order, starting with the first", arguments: ["movie-moov-last.mov", "movie-moov-first.mov"])
    func fixtureSyncSamples(_ name: String) throws {
        let file = try MovieFile.open(path: Support.fixture(name))
        let sync = try SyncSampleTable(track: file.movie.videoTracks[0])
        #expect(sync.syncSamples?.first == 0)
    }

    @Test("the frame whose start is rounded up to a tick is the frame shown at that tick (B-frames, edit list)", arguments: ["movie-moov-last.mov", "movie-mp4.mp4"])
    func shownAtFrameStart(_ name: String) throws {
        let file = try MovieFile.open(path: Support.fixture(name))
        let video = file.movie.videoTracks[0]
        let timescale = file.movie.header.timescale
        let times = video.sampleTable.compositionTimes()
        let timing = FrameTiming(track: video, movieTimescale: timescale)
        #expect(!video.sampleTable.compositionOffsets.isEmpty, "the fixture has B-frames")
        let mediaStart = video.edits?.entries.first { $0.mediaTime >= 0 }?.mediaTime ?? 0
        let order = times.indices.sorted { times[$0] < times[$1] }
        for (n, sample) in order.enumerated() where times[sample] >= mediaStart {
            // Exact start on the movie timeline, rounded up to a tick: (ct - mediaStart) * movie / media.
            let numerator = (times[sample] - mediaStart) * Int64(timescale)
            let denominator = Int64(video.mediaHeader.timescale)
            let tick = (numerator + denominator - 1) / denominator
            let shown = timing.shownSample(atMovieTick: tick)
            #expect(shown?.sampleIndex == sample, "frame \(n) at tick \(tick)")
        }
        #expect(timing.shownSample(atMovieTick: -1) == nil)
    }

    @Test("random damage to a sample entry throws a ParseError or reads, never traps")
    func damagedEntries() async {
        var prefix = [UInt8](repeating: 0, count: VideoCodecConfiguration.visualPrefixLength)
        prefix[25] = 64; prefix[27] = 48
        let entry = prefix + Support.box("colr", Array("nclx".utf8) + [0, 1, 0, 1, 0, 1, 0x80]) + Support.box("avcC", [1, 0x64, 0, 0x1F, 0xFF, 0xE0, 0])
        await propertyCheck(input: Gen.nearEnds(in: 0...1_000_000)) { seed in await Support.failingOnThrow {
            var state = UInt64(seed) &* 6364136223846793005 &+ 1442695040888963407
            var bytes = entry
            for _ in 0..<4 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let at = Int(state >> 33) % bytes.count
                bytes[at] = UInt8(truncatingIfNeeded: state >> 17)
            }
            let cut = Int(state >> 40) % (bytes.count + 1)
            do {
                let config = try VideoCodecConfiguration(entry: Atom(type: "avc1", payload: Array(bytes.prefix(cut))), path: "stsd/avc1")
                #expect(!config.decoderConfiguration.isEmpty)
            } catch let e as ParseError {
                #expect(!e.message.isEmpty)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        } }
    }

    @Test("any tick maps to no sample or a real one")
    func anyTick() async throws {
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let video = file.movie.videoTracks[0]
        let count = Int(video.sampleTable.sampleCount)
        let timing = FrameTiming(track: video, movieTimescale: file.movie.header.timescale)
        await propertyCheck(input: Gen.nearEnds(in: -1000...100_000)) { tick in await Support.failingOnThrow {
            let shown = timing.shownSample(atMovieTick: Int64(tick))
            if let shown { #expect(shown.sampleIndex >= 0 && shown.sampleIndex < count) }
            if tick < 0 { #expect(shown == nil) }
        } }
    }
}
