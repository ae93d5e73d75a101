import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// Real files from `../shared/corpus` (read in place, never copied). Without the corpus each
/// test shows as skipped (failed under CI=true).
@Suite("Real-world corpus")
struct CorpusTests {
    @Test("AVFoundation Live Photo movie", .requires(.corpusFile("avfoundation-pair/IMG.MOV")))
    func avfoundationMovie() throws {
        let path = Support.corpusFile("avfoundation-pair/IMG.MOV")
        let file = try MovieFile.open(path: path)
        #expect(file.majorBrand == "qt  ")
        #expect(file.topLevel.boxes.map(\.type) == ["ftyp", "wide", "mdat", "moov"])
        #expect(file.moovBeforeMedia == false)

        let movie = file.movie
        #expect(movie.contentIdentifier == "83599CB7-66F5-4CE1-AE92-EEFD988AB08A")
        #expect(movie.metadata?.item(forKey: Movie.contentIdentifierKey)?.typeIndicator == 1)
        #expect(movie.metadata?.item(forKey: Movie.contentIdentifierKey)?.namespace == "mdta")
        #expect(movie.userDataMetadata == nil)
        #expect(movie.tracks.count == 2)
        #expect(movie.videoTracks.count == 1)
        #expect(movie.videoTracks.first?.codec == "avc1")

        let still = movie.stillImageTimeTracks
        #expect(still.count == 1)
        let track = try #require(still.first)
        #expect(track.trackID == 2)
        #expect(track.handler.handlerType == "meta")
        #expect(track.handler.name == "Core Media Metadata")
        #expect(movie.videoTracks.first?.handler.name == "Core Media Video")
        #expect(track.codec == "mebx")
        #expect(track.references.isEmpty, "this AVFoundation file has no tref")
        #expect(track.atom.child("tref") == nil)
        #expect(track.mediaHeader.timescale == 1000)
        #expect(track.sampleTable.sampleCount == 1)
        let keys = track.sampleEntries.flatMap(\.metadataKeys)
        #expect(keys.count == 1)
        let key = try #require(keys.first)
        #expect(key.key == StillImageTimeTrack.key)
        #expect(key.namespace == "mdta")
        #expect(key.dataType == 65)
        #expect(key.localID == 1)

        let reading = try StillImageTimeTrack.read(track, in: file)
        #expect(reading.trackID == 2)
        #expect(reading.value == 0)
        let time = try #require(reading.presentationTime)
        #expect(time >= 0 && time <= movie.durationSeconds)
        #expect(abs(time) < 1e-9, "one edit presenting media 0 from 0 (ffprobe: pts_time 0)")
        let sample = try file.sampleBytes(track: track, index: 0)
        #expect(sample.count == 9)
        #expect(Array(sample.prefix(8)) == [0, 0, 0, 9, 0, 0, 0, 1])
    }

    @Test("AVFoundation movie agrees with ffprobe", .requires(.corpusFile("avfoundation-pair/IMG.MOV"), .ffprobe))
    func avfoundationFFprobe() throws {
        let path = Support.corpusFile("avfoundation-pair/IMG.MOV")
        let json = try Support.ffprobeJSON(["-show_streams", "-show_format"], file: path)
        let file = try MovieFile.open(path: path)
        let streams = try #require(json["streams"] as? [[String: Any]])
        #expect(streams.count == 2)
        #expect(streams.map { $0["codec_tag_string"] as? String } == file.movie.tracks.map { $0.codec?.description })
        let tags = (json["format"] as? [String: Any])?["tags"] as? [String: Any]
        #expect(tags?[Movie.contentIdentifierKey] as? String == file.movie.contentIdentifier)
        for (stream, track) in zip(streams, file.movie.tracks) {
            #expect(Int(stream["nb_frames"] as? String ?? "") == Int(track.sampleTable.sampleCount))
        }
    }

    static let heicFiles = ["iphone-heic/IMG_2927.HEIC", "iphone-heic/IMG_2929.HEIC"]

    @Test("a HEIC still is ISO-BMFF without moov: scanned, but refused as a movie",
          .requires(.corpusFile(heicFiles[0]), .corpusFile(heicFiles[1])), arguments: heicFiles)
    func heicIsNotAMovie(_ relative: String) throws {
        let path = Support.corpusFile(relative)
        let source = try FileSource(path: path)
        let top = try TopLevelBoxes.scan(source)
        let ftyp = try #require(top.boxes.first)
        #expect(ftyp.type == "ftyp")
        #expect(top.first("meta") != nil)
        #expect(top.first("moov") == nil)
        #expect(top.boxes.last?.end == source.size)
        let brand = try source.read(at: ftyp.payloadOffset, count: 4)
        #expect(FourCC(Support.readU32(brand, at: 0)) == "heic")

        let error = Support.expectParseError("HEIC opened as a movie") { _ = try MovieFile.open(path: path) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message.contains("moov") == true)
        #expect(error?.message.contains("heic") == true)
    }
}
