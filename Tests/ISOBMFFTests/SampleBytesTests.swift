import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

@Suite("Sample bytes")
struct SampleBytesTests {
    /// Concatenated bytes of every sample of `track`, read through `FileSource`.
    static func sampleBytes(_ file: MovieFile, _ track: Track) throws -> [UInt8] {
        var out: [UInt8] = []
        for r in try track.sampleTable.sampleRanges(path: track.path) {
            out += try file.source.read(at: r.offset, count: Int(r.size))
        }
        return out
    }

    @Test("sample ranges add up and lie inside mdat", arguments: Support.movieFixtures)
    func rangesInsideMdat(_ name: String) throws {
        let file = try MovieFile.open(path: Support.fixture(name))
        let mdats = file.topLevel.all("mdat")
        #expect(mdats.count == 1)
        var all: [(offset: UInt64, size: UInt32)] = []
        for track in file.movie.tracks {
            let table = track.sampleTable
            let ranges = try table.sampleRanges(path: track.path)
            #expect(ranges.count == Int(table.sampleCount))
            let stszTotal = table.constantSampleSize != 0
                ? UInt64(table.constantSampleSize) * UInt64(table.sampleCount)
                : table.sampleSizes.reduce(UInt64(0)) { $0 + UInt64($1) }
            #expect(ranges.reduce(UInt64(0)) { $0 + UInt64($1.size) } == stszTotal)
            #expect(ranges.map(\.size) == (0..<Int(table.sampleCount)).map { table.size(ofSample: $0) })
            // Every chunk starts a run of samples.
            for offset in table.chunkOffsets.offsets { #expect(ranges.contains { $0.offset == offset }) }
            for r in ranges {
                let inside = mdats.contains { r.offset >= $0.payloadOffset && r.offset + UInt64(r.size) <= $0.end }
                #expect(inside, "sample at \(r.offset) (\(r.size) bytes) of \(track.path) is outside every mdat")
            }
            if track.isVideo {
                let bytes = try Self.sampleBytes(file, track)
                #expect(UInt64(bytes.count) == stszTotal)
                // AVC samples are length-prefixed NAL units (4-byte lengths): walking them lands exactly on each sample's end.
                for (i, r) in ranges.enumerated() {
                    let sample = try file.sampleBytes(track: track, index: i)
                    #expect(sample.count == Int(r.size))
                    var p = 0
                    while p + 4 <= sample.count { p += 4 + Int(Support.readU32(sample, at: p)) }
                    #expect(p == sample.count, "sample \(i) is not a sequence of length-prefixed NAL units")
                }
            }
            all += ranges
        }
        // Samples of different tracks never overlap.
        let sorted = all.sorted { $0.offset < $1.offset }
        for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(a.offset + UInt64(a.size) <= b.offset) }
        // Reading past the last sample is a typed error.
        let video = try #require(file.movie.videoTracks.first)
        Support.expectParseError("sample index out of range") { _ = try file.sampleBytes(track: video, index: Int(video.sampleTable.sampleCount)) }
        Support.expectParseError("sample over the maximum") { _ = try file.sampleBytes(track: video, index: 0, maximum: 1) }
    }

    @Test("the same encode in four layouts has identical sample bytes")
    func identicalAcrossLayouts() throws {
        var reference: [UInt8]? = nil
        var referenceSizes: [UInt32]? = nil
        var offsets: [[UInt64]] = []
        for name in Support.sameEncodeFixtures {
            let file = try MovieFile.open(path: Support.fixture(name))
            let video = try #require(file.movie.videoTracks.first)
            let bytes = try Self.sampleBytes(file, video)
            #expect(bytes.count > 10_000)
            if let reference {
                #expect(bytes == reference, "\(name) sample bytes differ from movie-moov-last.mov")
                #expect(video.sampleTable.sampleSizes == referenceSizes)
            } else {
                reference = bytes
                referenceSizes = video.sampleTable.sampleSizes
            }
            offsets.append(try video.sampleTable.sampleRanges().map(\.offset))
        }
        // The layouts really differ: the same samples sit at different file offsets.
        #expect(Set(offsets.map { $0.first ?? 0 }).count >= 3)
        // moov-last and co64 share a layout exactly.
        #expect(offsets[0] == offsets[2])
        // no-ftyp is moov-last with the 20-byte ftyp dropped.
        #expect(offsets[3] == offsets[0].map { $0 - 20 })
    }

    @Test("sample positions and sizes match ffprobe's packets", .requires(.ffprobe), arguments: Support.movieFixtures)
    func matchesFFprobePackets(_ name: String) throws {
        let path = Support.fixture(name)
        let json = try Support.ffprobeJSON(["-show_packets", "-show_entries", "packet=stream_index,pos,size,pts,dts"], file: path)
        let packets = try #require(json["packets"] as? [[String: Any]])
        let file = try MovieFile.open(path: path)
        for (index, track) in file.movie.tracks.enumerated() {
            let ours = try track.sampleTable.sampleRanges().map { "\($0.offset):\($0.size)" }
            let theirs = packets.filter { ($0["stream_index"] as? Int) == index }.map { "\($0["pos"] as? String ?? "?"):\($0["size"] as? String ?? "?")" }
            #expect(theirs.count == Int(track.sampleTable.sampleCount))
            #expect(ours == theirs, "\(name) track \(index + 1)")
            guard track.isVideo else { continue }
            // Timing: ffmpeg shifts times by the edit's media start; composition = decode + ctts.
            let shift = track.edits?.entries.first?.mediaTime ?? 0
            var decode: [Int64] = []
            var t: Int64 = 0
            for e in track.sampleTable.timeToSample { for _ in 0..<e.count { decode.append(t - shift); t += Int64(e.delta) } }
            let packetsOfTrack = packets.filter { ($0["stream_index"] as? Int) == index }
            #expect(packetsOfTrack.map { $0["dts"] as? Int } == decode.map { Optional(Int($0)) })
            #expect(packetsOfTrack.map { $0["pts"] as? Int } == track.sampleTable.compositionTimes().map { Optional(Int($0 - shift)) })
        }
    }
}
