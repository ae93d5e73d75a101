import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// A wallpaper movie built from scratch (`WallpaperMovie`) out of the camera movie's own HEVC
/// samples and audio: the camera's structure box by box, every wallpaper rule passed, and
/// ffprobe reading the same packets.
@Suite("Wallpaper movie built from scratch")
struct WallpaperMovieTests {
    static let camera = "iphone-livephoto-ios18/IMG_3853.MOV"

    /// The video samples of `file`'s main track as a `NewVideoTrack` (decode order, its timing).
    static func videoSamples(_ file: MovieFile) throws -> NewVideoTrack {
        let track = try #require(file.movie.mainVideoTrack)
        let table = track.sampleTable
        let ranges = try table.sampleRanges()
        let sync = try SyncSampleTable(track: track)
        let syncSet = sync.syncSamples.map(Set.init)
        var durations: [UInt32] = []
        for run in table.timeToSample { durations += Array(repeating: run.delta, count: Int(run.count)) }
        var offsets: [Int32] = []
        for run in table.compositionOffsets { offsets += Array(repeating: run.offset, count: Int(run.count)) }
        let samples = try ranges.enumerated().map { i, r in
            NewVideoTrack.Sample(bytes: try file.source.read(at: r.offset, count: Int(r.size)), duration: durations[i],
                                 isSync: syncSet?.contains(i) ?? true, compositionOffset: i < offsets.count ? offsets[i] : 0)
        }
        return NewVideoTrack(configuration: try track.videoCodecConfiguration(), rotationDegrees: track.header.rotationDegrees,
                             timescale: track.mediaHeader.timescale, samples: samples)
    }

    static func build(from source: MovieFile, to path: String, stillTick: Int64 = 540) throws {
        let video = try videoSamples(source)
        let audioTrack = source.movie.tracks.first(where: \.isAudio)
        let end = Int64(source.movie.header.duration)
        let audio = try audioTrack.flatMap { try CopiedAudioTrack($0, in: source, start: 0, end: end, movieTimescale: 600) }
        let movie = WallpaperMovie(video: video, audio: audio, stillTick: stillTick,
                                   metadata: [.init(key: Movie.contentIdentifierKey, typeIndicator: 1, value: Array("2B2F5F0E-1D6B-4B7A-9E1A-5C3E4D2A1B00".utf8))])
        let writer = try movie.image().prepare(targetPath: path)
        try writer.commit()
    }

    /// Every sample's bytes of `track`, in decode order, one after the other.
    static func sampleBytes(_ track: Track, in file: MovieFile) throws -> [UInt8] {
        try track.sampleTable.sampleRanges().flatMap { try file.source.read(at: $0.offset, count: Int($0.size)) }
    }

    /// The live-photo-info `dims` and the still transform's reference dimensions are the stored
    /// frame's size at every quarter turn, as the camera's portrait movie (rotated 90°, 1920x1440)
    /// writes them; the structure's displayed size swaps for 90 and 270, not for 0 or 180.
    @Test("live-photo-info dims and reference dimensions are the stored size at every quarter turn", .requires(.corpusFile(camera)), arguments: [0, 90, 180, 270])
    func dimsAreStoredSize(degrees: Int) throws {
        let dir = try TempDir()
        let source = try MovieFile.open(path: Support.corpusFile(Self.camera))
        var video = try Self.videoSamples(source)
        video.rotationDegrees = degrees
        let out = dir.path("wall.MOV")
        try WallpaperMovie(video: video, audio: nil, stillTick: 540, metadata: []).image().prepare(targetPath: out).commit()
        let built = try MovieFile.open(path: out)
        let structure = WallpaperStructure(built)
        guard case .found(let info) = structure.livePhotoInfo else {
            Issue.record("no live-photo-info track at \(degrees) degrees"); return
        }
        let (width, height) = (video.configuration.width, video.configuration.height)
        try #require(width != height)
        #expect(info.setup?.dimensions?.width == UInt32(width) && info.setup?.dimensions?.height == UInt32(height))
        let still = try #require(built.movie.stillImageTimeTracks.first)
        let transform = try #require(try StillImageTransform.read(sample: try built.sampleBytes(track: still, index: 0), transformID: 2, dimensionsID: 3, path: "sample"))
        #expect(transform.width == Float(width) && transform.height == Float(height))
        let facts = try #require(structure.video)
        #expect(facts.storedWidth == width && facts.storedHeight == height)
        let shown = degrees % 180 == 90 ? (height, width) : (width, height)
        #expect(facts.width == shown.0 && facts.height == shown.1, "displayed \(facts.width)x\(facts.height) at \(degrees) degrees")
    }

    @Test("built from the camera's samples: the camera's tracks, entries, keys, counts and edits", .requires(.corpusFile(camera)))
    func cameraStructure() throws {
        let dir = try TempDir()
        let source = try MovieFile.open(path: Support.corpusFile(Self.camera))
        let out = dir.path("wall.MOV")
        try Self.build(from: source, to: out)
        let built = try MovieFile.open(path: out)
        #expect(built.moovBeforeMedia && built.movie.header.timescale == 600)
        #expect(built.movie.contentIdentifier == "2B2F5F0E-1D6B-4B7A-9E1A-5C3E4D2A1B00")
        let ours = built.movie.tracks, theirs = source.movie.tracks
        #expect(ours.map(\.handler.handlerType) == theirs.map(\.handler.handlerType))
        // Track IDs 1 to 5 in order and the next one 6, as the camera numbers them.
        #expect(ours.map(\.header.trackID) == theirs.map(\.header.trackID) && ours.map(\.header.trackID) == Array(1...UInt32(ours.count)))
        #expect(built.movie.header.nextTrackID == source.movie.header.nextTrackID)
        #expect(ours.map { $0.sampleEntries.map(\.format) } == theirs.map { $0.sampleEntries.map(\.format) })
        #expect(ours.map { $0.sampleEntries.flatMap { $0.metadataKeys.map(\.key) } } == theirs.map { $0.sampleEntries.flatMap { $0.metadataKeys.map(\.key) } })
        #expect(ours.map(\.sampleTable.sampleCount) == theirs.map(\.sampleTable.sampleCount))
        #expect(ours[0].sampleTable.timeToSample == theirs[0].sampleTable.timeToSample && ours[0].sampleTable.compositionOffsets == theirs[0].sampleTable.compositionOffsets)
        #expect(try SyncSampleTable(track: ours[0]) == SyncSampleTable(track: theirs[0]))
        #expect(try ours[0].videoCodecConfiguration() == theirs[0].videoCodecConfiguration())
        #expect(ours[0].edits?.entries == theirs[0].edits?.entries)
        #expect(ours[1].sampleEntries.first.map { $0.format } == "lpcm" && ours[1].edits?.entries == theirs[1].edits?.entries)
        #expect(ours[4].edits?.entries == [.init(duration: 540, mediaTime: -1, rate: 0x10000), .init(duration: 1, mediaTime: 0, rate: 0x10000)])
        // Every video and audio sample byte for byte.
        for k in [0, 1] {
            #expect(try Self.sampleBytes(ours[k], in: built) == Self.sampleBytes(theirs[k], in: source))
        }
        let rules = WallpaperChecks.rules(WallpaperStructure(built))
        #expect(rules.filter { !$0.passed }.map(\.name) == [])
    }

    /// The iOS 17 camera's references (iOS 18 writes none; lock-screen wallpapers are reported to
    /// need them): video-orientation and live-photo-info `cdsc` + `cdep` to the video, the still
    /// track `cdsc`.
    static let iOS17Camera = "iphone-movie/iphone15-livephoto.MOV"

    @Test("the metadata tracks reference the video as the iOS 17 camera's do (tref cdsc, cdep)", .requires(.corpusFile(camera), .corpusFile(iOS17Camera)))
    func referencesAsTheIOS17Camera() throws {
        let dir = try TempDir()
        let out = dir.path("wall.MOV")
        try Self.build(from: MovieFile.open(path: Support.corpusFile(Self.camera)), to: out)
        let ours = try MovieFile.open(path: out).movie.tracks
        let theirs = try MovieFile.open(path: Support.corpusFile(Self.iOS17Camera)).movie.tracks
        #expect(ours.count == 5 && theirs.count == 5)
        #expect(ours.map(\.references) == theirs.map(\.references))
        #expect(ours[2].references == ["cdsc": [1], "cdep": [1]])
    }

    @Test("ffprobe reads the built movie's packets as the camera's", .requires(.corpusFile(camera), .ffprobe))
    func ffprobeReadsIt() throws {
        let dir = try TempDir()
        let source = try MovieFile.open(path: Support.corpusFile(Self.camera))
        let out = dir.path("wall.MOV")
        try Self.build(from: source, to: out)
        let args = ["-select_streams", "v:0", "-show_entries", "packet=pts,dts,size,flags"]
        let ours = try Support.ffprobeJSON(args, file: out)["packets"] as? [[String: Any]]
        let theirs = try Support.ffprobeJSON(args, file: Support.corpusFile(Self.camera))["packets"] as? [[String: Any]]
        #expect(ours?.count == 42)
        let fields = { (p: [String: Any]) in ["pts", "dts", "size", "flags"].map { "\(p[$0] ?? "-")" } }
        #expect(ours?.map(fields) == theirs?.map(fields))
        let format = try Support.ffprobeJSON(["-show_entries", "format_tags=com.apple.quicktime.content.identifier"], file: out)
        #expect("\(format)".contains("2B2F5F0E-1D6B-4B7A-9E1A-5C3E4D2A1B00"))
    }
}
