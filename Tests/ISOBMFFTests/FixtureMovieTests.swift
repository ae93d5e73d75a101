import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// What each generated movie fixture is known to be (see Fixtures/README.md).
struct FixtureExpectation: Sendable, CustomTestStringConvertible {
    var name: String
    var brand: FourCC?
    var moovBeforeMedia: Bool
    var topLevel: [FourCC]
    var handlers: [FourCC]
    var codecs: [FourCC]
    var co64: Bool

    var testDescription: String { name }

    static let all: [FixtureExpectation] = [
        .init(name: "movie-moov-last.mov", brand: "qt  ", moovBeforeMedia: false, topLevel: ["ftyp", "wide", "mdat", "moov"], handlers: ["vide"], codecs: ["avc1"], co64: false),
        .init(name: "movie-moov-first.mov", brand: "qt  ", moovBeforeMedia: true, topLevel: ["ftyp", "moov", "wide", "mdat"], handlers: ["vide"], codecs: ["avc1"], co64: false),
        .init(name: "movie-audio.mov", brand: "qt  ", moovBeforeMedia: false, topLevel: ["ftyp", "wide", "mdat", "moov"], handlers: ["vide", "soun"], codecs: ["avc1", "mp4a"], co64: false),
        .init(name: "movie-co64.mov", brand: "qt  ", moovBeforeMedia: false, topLevel: ["ftyp", "wide", "mdat", "moov"], handlers: ["vide"], codecs: ["avc1"], co64: true),
        .init(name: "movie-mp4.mp4", brand: "isom", moovBeforeMedia: false, topLevel: ["ftyp", "free", "mdat", "moov"], handlers: ["vide"], codecs: ["avc1"], co64: false),
        .init(name: "movie-no-ftyp.mov", brand: nil, moovBeforeMedia: false, topLevel: ["wide", "mdat", "moov"], handlers: ["vide"], codecs: ["avc1"], co64: false),
    ]
}

@Suite("Movie fixtures")
struct FixtureMovieTests {
    @Test("fixture parses with the known structure", arguments: FixtureExpectation.all)
    func structure(_ e: FixtureExpectation) throws {
        let file = try MovieFile.open(path: Support.fixture(e.name))
        #expect(file.majorBrand == e.brand)
        #expect(file.isQuickTime == (e.brand != "isom"))
        #expect(file.topLevel.boxes.map(\.type) == e.topLevel)
        #expect(file.moovBeforeMedia == e.moovBeforeMedia)
        #expect(file.topLevel.fileSize == file.source.size)
        #expect(file.topLevel.boxes.last?.end == file.source.size)
        if e.brand == "isom" { #expect(file.compatibleBrands.contains("isom")) }
        // Every compatible brand, the last included: the ftyp's bytes after major and minor, 4 at a time.
        if let ftyp = file.topLevel.first("ftyp") {
            let bytes = try Support.bytes(Support.fixture(e.name))
            let listed = Array(bytes[Int(ftyp.payloadOffset) + 8 ..< Int(ftyp.end)])
            #expect(!listed.isEmpty && file.compatibleBrands.flatMap { Array($0.description.utf8) } == listed)
        }

        let movie = file.movie
        #expect(movie.tracks.count == e.handlers.count)
        #expect(movie.tracks.map(\.handler.handlerType) == e.handlers)
        #expect(movie.tracks.map(\.codec) == e.codecs)
        #expect(movie.tracks.map(\.trackID) == Array(1...UInt32(e.handlers.count)))
        #expect(movie.tracks.map(\.index) == Array(1...e.handlers.count))
        #expect(movie.header.timescale == 1000)
        #expect(abs(movie.durationSeconds - 2.0) < 0.01)
        #expect(movie.header.nextTrackID == UInt32(e.handlers.count + 1))
        #expect(movie.stillImageTimeTracks.isEmpty)
        #expect(movie.contentIdentifier == nil)
        #expect(!movie.isFragmented)

        let video = try #require(movie.videoTracks.first)
        #expect(movie.videoTracks.count == 1)
        #expect(video.isVideo && !video.isAudio)
        #expect(video.sampleEntries.count == 1)
        #expect(video.sampleEntries.first?.width == 320)
        #expect(video.sampleEntries.first?.height == 240)
        #expect(video.header.width == 320 && video.header.height == 240)
        #expect(video.header.rotationDegrees == 0)
        #expect(video.mediaHeader.timescale == 15360)
        #expect(video.mediaHeader.duration == 30720)
        #expect(video.sampleTable.sampleCount == 30)
        #expect(video.sampleTable.sampleSizes.count == 30)
        #expect(video.sampleTable.mediaDuration == 30720)
        #expect(video.sampleTable.compositionOffsets.isEmpty == false, "x264 with B-frames writes ctts")
        #expect(video.sampleTable.chunkOffsets.is64Bit == e.co64)
        #expect(abs(video.durationSeconds(movieTimescale: movie.header.timescale) - 2.0) < 0.01)
        // The first displayed frame is at 0 (the edit list skips the B-frame delay).
        let first = try #require(video.firstSamplePresentationTime(movieTimescale: movie.header.timescale))
        #expect(abs(first) < 1e-6)
        let frames = video.framePresentationTimes(movieTimescale: movie.header.timescale)
        #expect(frames.count == 30)
        for (i, t) in frames.enumerated() { #expect(abs(t - Double(i) / 15) < 1e-6) }

        if let audio = movie.tracks.first(where: \.isAudio) {
            #expect(audio.mediaHeader.timescale == 22050)
            #expect(audio.sampleEntries.first?.width == nil)
            #expect(abs(Double(audio.mediaHeader.duration) / 22050 - 2.0) < 0.05)
            #expect(audio.sampleTable.chunkOffsets.offsets.count >= 1)
        }
    }

    @Test("fixture agrees with ffprobe", .requires(.ffprobe), arguments: FixtureExpectation.all)
    func matchesFFprobe(_ e: FixtureExpectation) throws {
        let path = Support.fixture(e.name)
        let json = try Support.ffprobeJSON(["-show_streams", "-show_format"], file: path)
        let file = try MovieFile.open(path: path)
        let streams = try #require(json["streams"] as? [[String: Any]])
        let format = try #require(json["format"] as? [String: Any])
        #expect(streams.count == file.movie.tracks.count)
        #expect(Int(format["nb_streams"] as? Int ?? -1) == file.movie.tracks.count)
        let formatDuration = try #require(Double(json: format["duration"]))
        #expect(abs(formatDuration - file.movie.durationSeconds) < 0.001)
        for (stream, track) in zip(streams, file.movie.tracks) {
            #expect(stream["codec_tag_string"] as? String == track.codec?.description)
            #expect(stream["id"] as? String == "0x\(String(track.trackID, radix: 16))")
            #expect(stream["codec_type"] as? String == (track.isVideo ? "video" : track.isAudio ? "audio" : "data"))
            #expect(Int(stream["nb_frames"] as? String ?? "") == Int(track.sampleTable.sampleCount))
            // ffprobe's stream duration is what the edit list presents (AAC priming is cut off).
            let duration = try #require(Double(json: stream["duration"]))
            let span = track.presentedSpan(movieTimescale: file.movie.header.timescale)
            #expect(abs(duration - (span.end - span.start)) < 0.001)
            #expect(abs(duration - track.durationSeconds(movieTimescale: file.movie.header.timescale)) < 0.001)
            if track.isVideo { #expect(abs(duration - Double(track.mediaHeader.duration) / Double(track.mediaHeader.timescale)) < 0.001) }
            #expect(stream["time_base"] as? String == "1/\(track.mediaHeader.timescale)")
            #expect((stream["tags"] as? [String: Any])?["handler_name"] as? String == track.handler.name)
            if track.isVideo {
                #expect(stream["width"] as? Int == track.sampleEntries.first?.width)
                #expect(stream["height"] as? Int == track.sampleEntries.first?.height)
            }
        }
    }
}
