import Foundation
import Testing
import BinaryIO
import TestSupport
import PropertyBased
@testable import ISOBMFF

/// The camera's wallpaper structure as our readers see it in the corpus movies, our builders'
/// tracks read back by the same readers, and hostile live-photo-info payloads.
@Suite("Wallpaper structure: camera movies, built tracks, hostile setup and records")
struct WallpaperStructureTests {
    static let cameraMovies = ["iphone-livephoto-ios18/IMG_3853.MOV", "iphone-movie/iphone15-livephoto.MOV"]

    @Test("the camera movies read as the camera's structure", .requires(.corpusFile(cameraMovies[0]), .corpusFile(cameraMovies[1])), arguments: cameraMovies)
    func cameraStructure(_ relative: String) throws {
        let file = try MovieFile.open(path: Support.corpusFile(relative))
        let s = WallpaperStructure(file)
        let video = try #require(s.video)
        #expect(s.movieTimescale == 600 && video.codec == .hevc && video.bitDepth == 8 && video.isSDR && video.longSide == 1920)
        let info = try #require(s.livePhotoInfo.value)
        #expect(info.doubledDataType && info.timedLikeVideo && Int(info.sampleCount) == video.frameCount)
        #expect(info.setup?.setupDataVersion == 1)
        #expect(info.setup?.dimensions?.width == 1920 && info.setup?.dimensions?.height == 1440)
        #expect(info.firstRecord?.version == LivePhotoInfoRecord.cameraVersion)
        // The orientation the camera wrote in its track's one sample: upright, and rotated 90° (portrait).
        let orientation: [String: Int16] = ["iphone-livephoto-ios18/IMG_3853.MOV": 1, "iphone-movie/iphone15-livephoto.MOV": 6]
        #expect(s.videoOrientation.value == .some(orientation[relative]))
        #expect(s.stillTrack?.keys == StillImageTransform.cameraKeys)
        #expect(s.topLevelKeys.isSuperset(of: LivePhotoMovieKeys.all.filter(\.everyCamera).map(\.name)))
        // Every sample of the camera's track is a version 3 record whose counts add up to its size.
        let track = try #require(file.movie.metadataTracks(declaring: LivePhotoInfoTrack.key).first)
        for i in 0..<Int(track.sampleTable.sampleCount) {
            let items = try MetadataSampleItems.read(try file.sampleBytes(track: track, index: i), path: "sample")
            #expect(items.count == 1)
            #expect(try LivePhotoInfoRecord(items[0].value, path: "sample").version == 3)
        }
        // The still's sample: -1, then the transform and the reference dimensions the camera measured.
        let still = try #require(file.movie.stillImageTimeTracks.first)
        let transform = try #require(try StillImageTransform.read(sample: try file.sampleBytes(track: still, index: 0), transformID: 2, dimensionsID: 3, path: "sample"))
        #expect(transform.width == 1920 && transform.height == 1440 && transform.matrix.count == 9)
    }

    /// Byte for byte, so every run writes the same bytes (a dictionary serialized by Foundation
    /// comes out in a key order that changes from process to process).
    @Test("our setup's cfgv is the iOS 18.2 camera's, byte for byte", .requires(.corpusFile(cameraMovies[0])))
    func setupIsTheCameras() throws {
        let file = try MovieFile.open(path: Support.corpusFile(Self.cameraMovies[0]))
        let info = try #require(WallpaperStructure(file).livePhotoInfo.value)
        let camera = try #require(info.setup?.boxes.first)
        #expect(try LivePhotoInfoSetup(width: 1920, height: 1440).boxes == [camera, .dimensions(width: 1920, height: 1440)])
        guard case .configuration(let bytes) = camera else { Issue.record("the camera's first setup box is \(camera)"); return }
        #expect(bytes.count == 362 && bytes.starts(with: Array("bplist00".utf8)))
    }

    @Test("built tracks declare what the camera declares, in its order, and read back", .requires(.corpusFile(cameraMovies[0])))
    func builtTracksMatchCamera() throws {
        let file = try MovieFile.open(path: Support.corpusFile(Self.cameraMovies[0]))
        let movie = file.movie
        let video = try #require(movie.mainVideoTrack)
        let setup = try LivePhotoInfoSetup(width: 1920, height: 1440)
        let built = try #require(LivePhotoInfoTrack.makeTrack(trackID: 9, video: video, setup: setup))
        let ours = try Track(try Support.parseAtom(built.trak.serialized()), index: 1, path: "trak")
        let camera = try #require(movie.metadataTracks(declaring: LivePhotoInfoTrack.key).first)
        #expect(Self.boxTypes(try ours.metadataDeclaration(forKey: LivePhotoInfoTrack.key)) == Self.boxTypes(try camera.metadataDeclaration(forKey: LivePhotoInfoTrack.key)))
        #expect(Self.boxTypes(try ours.metadataDeclaration(forKey: LivePhotoInfoTrack.key)) == ["keyd", "dtyp", "sdpd", "setu", "ctps"])
        #expect(ours.sampleTable.timeToSample == camera.sampleTable.timeToSample && ours.sampleTable.sampleCount == camera.sampleTable.sampleCount)
        #expect(ours.edits?.entries == camera.edits?.entries && ours.mediaHeader.timescale == camera.mediaHeader.timescale)
        #expect(built.samples.count == 144 * Int(video.sampleTable.sampleCount))
        // Each sample: an 8-byte item header, then the neutral record: version 3, no entries,
        // every other byte zero (no motion claimed).
        let record = Array(built.samples[8..<144])
        let read = try LivePhotoInfoRecord(record, path: "s")
        #expect(read.version == 3 && read.entryCounts?.first == 0 && read.entryCounts?.second == 0)
        #expect(record == [3] + [UInt8](repeating: 0, count: 135) && record == LivePhotoInfoRecord.neutral())

        let orientation = VideoOrientationTrack.makeTrack(trackID: 10, video: video, movieTimescale: 600)
        let cameraOrientation = try #require(movie.metadataTracks(declaring: VideoOrientationTrack.key).first)
        let oursOrientation = try Track(try Support.parseAtom(orientation.trak.serialized()), index: 1, path: "trak")
        #expect(Self.boxTypes(try oursOrientation.metadataDeclaration(forKey: VideoOrientationTrack.key))
                == Self.boxTypes(try cameraOrientation.metadataDeclaration(forKey: VideoOrientationTrack.key)))
        #expect(oursOrientation.sampleEntries[0].metadataKeys.map(\.dataType) == cameraOrientation.sampleEntries[0].metadataKeys.map(\.dataType))
        #expect(orientation.samples == [0, 0, 0, 10, 0, 0, 0, 1, 0, 1])

        let transform = StillImageTransform(width: 1920, height: 1440)
        let still = StillImageTimeTrack.makeTrack(trackID: 11, videoTrackID: 1, movieTimescale: 600, stillTick: 540, sampleDuration: 1, wallpaper: transform)
        let oursStill = try Track(try Support.parseAtom(still.serialized()), index: 1, path: "trak")
        let cameraStill = try #require(movie.stillImageTimeTracks.first)
        #expect(oursStill.sampleEntries[0].metadataKeys == cameraStill.sampleEntries[0].metadataKeys)
        #expect(oursStill.edits?.entries == cameraStill.edits?.entries)
        let sample = StillImageTimeTrack.sample(wallpaper: transform)
        #expect(sample.count == 105)
        #expect(try StillImageTransform.read(sample: sample, transformID: 2, dimensionsID: 3, path: "s") == transform)
    }

    static func boxTypes(_ declaration: MetadataSampleEntry.KeyDeclaration?) -> [String] {
        (declaration?.boxes ?? []).map { box in
            switch box {
            case .key: return "keyd"
            case .dataType: return "dtyp"
            case .other(let atom): return atom.type.description
            }
        }
    }

    @Test("our setup box round-trips: cfgv is a binary property list of version 1, dims as given")
    func setupRoundTrip() throws {
        let setup = try LivePhotoInfoSetup(width: 1440, height: 1080)
        let read = try LivePhotoInfoSetup(payload: setup.atom().serialized().dropFirst(8).map { $0 }, path: "setu")
        #expect(read == setup)
        #expect(read.setupDataVersion == 1)
        #expect(read.dimensions?.width == 1440 && read.dimensions?.height == 1080)
    }

    static let hostileSetups: [([UInt8], String)] = [
        (Support.u32(0x100) + Array("cfgv".utf8) + [1, 2, 3], "setu/cfgv"),
        (Support.box("dims", [0, 0, 7, 128]), "setu/dims"),
        (Support.u32(4) + Array("dims".utf8), "setu/dims"),
        (Support.box("cfgv", []) + [0, 0, 0], "setu"),
    ]

    @Test("hostile setup boxes are typed errors naming the box", arguments: 0..<4)
    func hostileSetup(_ index: Int) {
        let (payload, path) = Self.hostileSetups[index]
        #expect {
            _ = try LivePhotoInfoSetup(payload: payload, path: "trak/mdia/minf/stbl/stsd/mebx/keys/setu")
        } throws: { error in
            guard let e = error as? ParseError else { return false }
            return e.path.hasSuffix(path) || e.path.contains(path + "/")
        }
    }

    @Test("hostile live-photo-info records: counts past the record, a short tail, a truncated header")
    func hostileRecords() throws {
        var huge = LivePhotoInfoRecord.neutral()
        huge[44] = 0xFF; huge[45] = 0xFF; huge[46] = 0xFF; huge[47] = 0x7F
        var tooLong = LivePhotoInfoRecord.neutral()
        tooLong.append(contentsOf: [0, 0, 0, 0])
        for bad in [huge, tooLong, Array(LivePhotoInfoRecord.neutral().prefix(30)), [3]] {
            #expect(throws: ParseError.self) { _ = try LivePhotoInfoRecord(bad, path: "trak sample 1") }
        }
        // Another version is kept as bytes, not refused.
        #expect(try LivePhotoInfoRecord([2, 0, 0, 0, 9], path: "s").entryCounts == nil)
        // An item whose size runs past its sample.
        #expect(throws: ParseError.self) { _ = try MetadataSampleItems.read([0, 0, 0, 200, 0, 0, 0, 1, 5], path: "s") }
        #expect(throws: ParseError.self) { _ = try MetadataSampleItems.read([0, 0, 0, 4, 0, 0, 0, 1], path: "s") }
        // Items that fill the sample exactly read; a stray byte to 3 after them is no item.
        let two: [UInt8] = [0, 0, 0, 9, 0, 0, 0, 1, 0xFF, 0, 0, 0, 10, 0, 0, 0, 2, 0, 6]
        #expect(try MetadataSampleItems.read(two, path: "s") == [.init(localKeyID: 1, value: [0xFF]), .init(localKeyID: 2, value: [0, 6])])
        #expect(try MetadataSampleItems.read([], path: "s") == [])
        // The smallest item is its header alone (a key with an empty value); one byte less is none.
        #expect(try MetadataSampleItems.read([0, 0, 0, 8, 0, 0, 0, 3], path: "s") == [.init(localKeyID: 3, value: [])])
        #expect(throws: ParseError.self) { _ = try MetadataSampleItems.read([0, 0, 0, 7, 0, 0, 0, 3], path: "s") }
        for stray in 1...3 {
            #expect(throws: ParseError.self, "\(stray) stray bytes") { _ = try MetadataSampleItems.read(two + [UInt8](repeating: 0, count: stray), path: "s") }
        }
    }

    @Test("random bytes never crash the setup, record and item readers")
    func randomBytes() {
        var rng = SplitMix64(seed: 22)
        for _ in 0..<2000 {
            let count = Int(rng.next() % 200)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if count > 8, rng.next() % 2 == 0 { bytes[0...3] = [0, 0, 0, UInt8(count)][...]; bytes[4...7] = ArraySlice(Array("dims".utf8)) }
            _ = try? LivePhotoInfoSetup(payload: bytes, path: "setu")
            _ = try? LivePhotoInfoRecord([3, 0, 0, 0] + bytes, path: "s")
            _ = try? MetadataSampleItems.read(bytes, path: "s")
        }
    }

    /// The video-orientation value is EXIF's orientation for the track's turn (1 upright,
    /// 6 a quarter turn clockwise, 3 a half turn, 8 three quarters), for a turn given in any
    /// number of whole turns either way; an angle that is no quarter turn is upright.
    @Test("video orientation: 1, 6, 3, 8 for 0°, 90°, 180°, 270° plus any whole turns; other angles 1")
    func orientationForAnyTurn() async {
        await propertyCheck(count: 200, input: Gen.nearEnds(in: -20...20), Gen.nearEnds(in: 0...3), Gen.nearEnds(in: 1...89)) { turns, quarter, off in
            #expect(VideoOrientationTrack.orientation(rotationDegrees: turns * 360 + quarter * 90) == [1, 6, 3, 8][quarter], "\(turns) turns + \(quarter * 90)°")
            #expect(VideoOrientationTrack.orientation(rotationDegrees: turns * 360 + quarter * 90 + off) == 1, "\(turns) turns + \(quarter * 90 + off)°")
        }
    }
}
