import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport

/// `verify --wallpaper` and `pair --wallpaper` on the corpus camera movies: the real pairs pass,
/// a plain `pair` output fails naming what is missing, and `pair --wallpaper` of a camera movie
/// stripped of its wallpaper structure restores the camera's structure box by box.
@Suite("Wallpaper: verify --wallpaper, pair --wallpaper, structure equal to the camera's")
struct WallpaperCLITests {
    static let ios18 = "iphone-livephoto-ios18/IMG_3853"
    static let iphone15 = "iphone-movie/iphone15-livephoto.MOV"
    static let cameraMovies = [ios18 + ".MOV", iphone15]

    /// A copy of a camera movie without its video-orientation, live-photo-info and
    /// still-image-time tracks and without the camera's top-level Live Photo keys; the
    /// identifier and every media byte stay.
    static func stripped(_ relative: String, in dir: URL, name: String = "IMG_1.MOV") throws -> String {
        let file = try MovieFile.open(path: Support.corpusFile(relative))
        let plan = MovieRewritePlan(file: file)
        let drop = file.movie.tracks.filter { $0.isStillImageTime || $0.declaresMetadataKey(LivePhotoInfoTrack.key) || $0.declaresMetadataKey(VideoOrientationTrack.key) }
        let gone = Set(drop.map { ObjectIdentifier($0.atom) })
        plan.moov.children?.removeAll { gone.contains(ObjectIdentifier($0)) }
        let keys = Set(LivePhotoMovieKeys.all.map(\.name))
        let kept = QuickTimeMetadata(items: try #require(file.movie.metadata).items.filter { !keys.contains($0.key) })
        if let i = plan.moov.children?.firstIndex(where: { $0.type == "meta" }) { plan.moov.children?[i] = kept.metaAtom() }
        let path = dir.appendingPathComponent(name).path
        let writer = try WholeFileMovieWriter.prepare(plan, targetPath: path)
        try writer.commit()
        return path
    }

    /// One line per track with what the camera's structure is made of: handler, sample entry
    /// format, declared keys with their data types and declaration boxes, sample count and,
    /// for the metadata tracks, the edit list shape (empty edits with their length).
    static func signature(_ path: String) throws -> [String] {
        let movie = try MovieFile.open(path: path).movie
        return try movie.tracks.map { t in
            var line = "\(t.handler.handlerType) \(t.codec?.description ?? "-") samples=\(t.sampleTable.sampleCount)"
            for key in t.sampleEntries.flatMap(\.metadataKeys) {
                let declaration = try t.metadataDeclaration(forKey: key.key)
                let boxes = (declaration?.boxes ?? []).map { box -> String in
                    switch box {
                    case .key: return "keyd"
                    case .dataType(let d): return "dtyp(\(d.namespace):\(d.wellKnownType.map(String.init) ?? String(decoding: d.value, as: UTF8.self)))"
                    case .other(let a): return a.type.description
                    }
                }
                line += " [\(key.localID) \(key.key) \(boxes.joined(separator: ","))]"
            }
            if t.handler.handlerType == "meta" {
                let edits = (t.edits?.entries ?? []).map { $0.mediaTime < 0 ? "empty" : "media@\($0.mediaTime)" }
                line += " edits=\(edits.joined(separator: ","))"
                if t.declaresMetadataKey(LivePhotoInfoTrack.key), let video = movie.mainVideoTrack {
                    line += t.sampleTable.timeToSample == video.sampleTable.timeToSample ? " stts=video" : " stts=own"
                }
            }
            return line
        }
    }

    static func sampleBytes(_ path: String, handlers: Set<FourCC>) throws -> [[UInt8]] {
        let file = try MovieFile.open(path: path)
        // The ranges once per track: an lpcm track has a sample per audio frame.
        return try file.movie.tracks.filter { handlers.contains($0.handler.handlerType) }.flatMap { track in
            try track.sampleTable.sampleRanges().map { try file.source.read(at: $0.offset, count: Int($0.size)) }
        }
    }

    /// The live-photo-info setup's `dims` and the still transform's reference dimensions.
    static func writtenSizes(_ path: String) throws -> [Float] {
        let file = try MovieFile.open(path: path)
        let dims = try #require(WallpaperStructure(file).livePhotoInfo.value?.setup?.dimensions)
        let still = try #require(file.movie.stillImageTimeTracks.first)
        let transform = try #require(try StillImageTransform.read(sample: try file.sampleBytes(track: still, index: 0), transformID: 2, dimensionsID: 3, path: "sample"))
        return [Float(dims.width), Float(dims.height), transform.width, transform.height]
    }

    @Test("the real iPhone pair passes verify --wallpaper; JSON has every wallpaper check passed", .requires(.corpusFile(ios18 + ".HEIC"), .corpusFile(ios18 + ".MOV")))
    func realPairPasses() throws {
        let still = Support.corpusFile(Self.ios18 + ".HEIC"), movie = Support.corpusFile(Self.ios18 + ".MOV")
        let text = try CLITests.livephoto("verify", "--wallpaper", still, movie)
        #expect(text.status == 0, "\(text.out)")
        #expect(text.out.contains("✓ wallpaper-live-photo-info: track 4: 42 samples, dims 1920x1440"))
        let json = try #require(try CLITests.json(try CLITests.livephoto("verify", "--wallpaper", "--json", still, movie).out) as? [String: Any])
        let checks = try #require(json["checks"] as? [[String: Any]]).filter { ($0["name"] as? String)?.hasPrefix("wallpaper-") == true }
        #expect(checks.count == 11 && checks.allSatisfy { $0["passed"] as? Bool == true })
    }

    @Test("a plain pair output fails verify --wallpaper with exit 1, naming what is missing; plain verify passes",
          .requires(.corpusFile(cameraMovies[1])))
    func plainPairFails() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.stripped(Self.iphone15, in: dir)
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "IMG_1.JPG")
        #expect(try CLITests.livephoto("pair", still, movie).status == 0)
        #expect(try CLITests.livephoto("verify", still, movie).status == 0)
        let run = try CLITests.livephoto("verify", "--wallpaper", still, movie)
        #expect(run.status == 1)
        for missing in ["✗ wallpaper-live-photo-info: no com.apple.quicktime.live-photo-info track", "✗ wallpaper-video-orientation: no com.apple.quicktime.video-orientation track",
                        "✗ wallpaper-still-keys: 1 key(s), needs still-image-time, transform and reference dimensions", "✗ wallpaper-movie-keys: missing com.apple.quicktime.live-photo.auto"] {
            #expect(run.out.contains(missing), "\(run.out)")
        }
        #expect(run.out.contains("✓ wallpaper-video: hvc1 8-bit SDR"))
        #expect(try CLITests.livephoto("verify", "--wallpaper", "/tmp", "/tmp").status == 2)
    }

    @Test("pair --wallpaper on a stripped camera movie restores the camera's structure; both verifies pass; media bytes kept",
          .requires(.corpusFile(cameraMovies[0]), .corpusFile(cameraMovies[1]), .ffprobe, .exiftool), arguments: cameraMovies)
    func restoresCameraStructure(_ relative: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let camera = Support.corpusFile(relative)
        let movie = try Self.stripped(relative, in: dir)
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "IMG_1.JPG")
        let cameraStill = try #require(try MovieFile.open(path: camera).movie.stillImageTimeTracks.first)
        let cameraTick = try #require(cameraStill.edits?.entries.first).duration
        let dry = try JSONOutputTests.object(try CLITests.livephoto("pair", "--wallpaper", "--dry-run", "--json", still, movie).out)
        #expect((dry["wallpaperAdded"] as? [String])?.prefix(3) == ["three-key still-image-time track", "live-photo-info track", "video-orientation track"])
        let run = try CLITests.livephoto("pair", "--wallpaper", "--still-time", String(Double(cameraTick) / 600), still, movie)
        #expect(run.status == 0, "\(run.err)")

        let ours = try Self.signature(movie), theirs = try Self.signature(camera)
        // The one-key track's tref (iOS 17 form) is not in the signature; the video-orientation
        // track's one sample spans the video here, the audio on the iOS 18 camera: edits shape only.
        #expect(ours == theirs)
        let (oursMedia, cameraMedia) = (try Self.sampleBytes(movie, handlers: ["vide", "soun"]), try Self.sampleBytes(camera, handlers: ["vide", "soun"]))
        #expect(oursMedia == cameraMedia)
        let oursStill = try #require(try MovieFile.open(path: movie).movie.stillImageTimeTracks.first)
        #expect(oursStill.edits?.entries == cameraStill.edits?.entries)
        // The setup's dims and the transform's reference dimensions: the stored frame, as the
        // camera writes them (its iPhone 15 movie is rotated 90° and says 1920x1440).
        #expect(try Self.writtenSizes(movie) == Self.writtenSizes(camera))

        #expect(try CLITests.livephoto("verify", still, movie).status == 0)
        let wallpaper = try CLITests.livephoto("verify", "--wallpaper", still, movie)
        #expect(wallpaper.status == 0, "\(wallpaper.out)")
        let probe = try Support.ffprobeJSON(["-show_streams"], file: movie)
        #expect((probe["streams"] as? [Any])?.count == 5)
        let tags = try ExifTool.tags(movie)
        #expect(tags.contains("Keys:LivePhotoAuto=1") && tags.contains("Keys:LivePhotoVitalityScoringVersion=4"), "\(tags)")
        // Again: nothing left to add, the movie is not written.
        let before = try Support.bytes(movie)
        let again = try CLITests.livephoto("pair", "--wallpaper", still, movie)
        let after = try Support.bytes(movie)
        #expect(again.status == 0 && after == before, "\(again.out)")
    }

    @Test("pair --wallpaper refuses a video that needs re-encoding (exit 4), names why, writes nothing")
    func refusesReencode() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_2.MOV")
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "IMG_2.JPG")
        let (movieBefore, stillBefore) = (try Support.bytes(movie), try Support.bytes(still))
        let run = try CLITests.livephoto("pair", "--wallpaper", still, movie)
        #expect(run.status == 4)
        #expect(run.err.contains("not wallpaper-grade: would have to re-encode the video (not done by pair): wallpaper-video"), "\(run.err)")
        let (movieAfter, stillAfter) = (try Support.bytes(movie), try Support.bytes(still))
        #expect(movieAfter == movieBefore && stillAfter == stillBefore)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("a damaged setup box: verify --wallpaper names it (exit 1), pair --wallpaper refuses (exit 4) and writes nothing",
          .requires(.corpusFile(ios18 + ".HEIC"), .corpusFile(ios18 + ".MOV")))
    func damagedSetup() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.copy(Support.corpusFile(Self.ios18 + ".MOV"), to: dir, as: "IMG_3.MOV")
        let still = try Support.copy(Support.corpusFile(Self.ios18 + ".HEIC"), to: dir, as: "IMG_3.HEIC")
        var bytes = try Support.bytes(movie)
        // `dims` (16 bytes) claims 255: it runs past its setup box.
        let dims = try #require((0..<(bytes.count - 4)).last { bytes[$0..<($0 + 4)].elementsEqual(Array("dims".utf8)) })
        #expect(Support.readU32(bytes, at: dims - 4) == 16)
        Support.putU32(255, at: dims - 4, in: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: movie))
        let verified = try CLITests.livephoto("verify", "--wallpaper", still, movie)
        #expect(verified.status == 1)
        #expect(verified.out.contains("✗ wallpaper-live-photo-info: unreadable: box 'dims' of 255 bytes does not fit its setup box"), "\(verified.out)")
        #expect(try CLITests.livephoto("verify", still, movie).status == 0)
        let paired = try CLITests.livephoto("pair", "--wallpaper", still, movie)
        #expect(paired.status == 4 && paired.err.contains("its live-photo-info track cannot be read"), "\(paired.err)")
        let after = try Support.bytes(movie)
        #expect(after == bytes)
    }
}
