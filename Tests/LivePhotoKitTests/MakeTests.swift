import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
import VideoFrames
@testable import LivePhotoKit

/// `make` against FFmpeg's own decode of the same frame, on clips generated with ffmpeg.
@Suite("make: the still is the video's frame")
struct MakeFrameTests {
    @Test("the still matches ffmpeg's decode of the frame (PSNR >= 40 dB), is exactly that frame, and verify --strict passes",
          .requires(.ffmpeg, .ffprobe), arguments: MakeClips.all)
    func stillMatchesFFmpeg(_ clip: MakeClips.Clip) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try MakeClips.generate(clip, in: dir)
        // A frame whose start is a whole number of milliseconds, so `ffmpeg -ss` lands on it too.
        let n = clip.rate == 30 ? 21 : 17
        var options = MakeOptions()
        options.stillTime = .frame(n)
        let result = try MakeOperation.run(movie: movie, options: options)
        #expect(result.status == .made)
        #expect(result.width == clip.width && result.height == clip.height)
        #expect(abs(result.stillTime - Double(n) / Double(clip.rate)) < 0.0015, "still time \(result.stillTime)")
        #expect(Support.temporaries(in: dir).isEmpty)

        let ours = try MakeClips.still(result.still, width: clip.width, height: clip.height, in: dir)
        let bySeek = try MakeClips.reference(clip, path: movie, seek: result.stillTime, in: dir)
        #expect(ours.psnr(bySeek) >= 40, "PSNR against ffmpeg -ss \(result.stillTime): \(ours.psnr(bySeek)) dB")
        // The same frame, not a neighbour: against frame n it matches, against n-1 and n+1 it does not.
        let exact = try MakeClips.reference(clip, path: movie, frame: n, in: dir)
        let before = try MakeClips.reference(clip, path: movie, frame: n - 1, in: dir)
        let after = try MakeClips.reference(clip, path: movie, frame: n + 1, in: dir)
        let (p, pb, pa) = (ours.psnr(exact), ours.psnr(before), ours.psnr(after))
        #expect(p >= 40 && pb < p - 10 && pa < p - 10, "frame \(n): \(p) dB; frame \(n - 1): \(pb) dB; frame \(n + 1): \(pa) dB")

        let report = try Verifier.verify(still: result.still, movie: result.movieOutput, strict: true)
        #expect(report.valid, "\(report.checks.filter { !$0.passed }.map { "\($0.name): \($0.detail)" })")
        #expect(try StillImageReader.contentIdentifier(path: result.still) == result.identifier)
        if clip.pixelFormat.contains("10") {
            #expect(result.warnings.contains { $0.contains("10-bit") && $0.contains("without tone mapping") })
        } else {
            #expect(result.warnings.isEmpty)
        }
    }

    /// Key frames every 8 frames; and every 2, where the first CRA is the second sample, so its
    /// leading picture is decoded from the very first sample.
    @Test("every frame of an open-GOP HEVC clip (CRA with leading pictures, B-frames) is the frame ffmpeg decodes",
          .requires(.ffmpeg, .ffprobe), arguments: ["keyint=8:min-keyint=8:open-gop=1:bframes=3", "keyint=2:min-keyint=2:open-gop=1:bframes=1"])
    func everyFrameOpenGOP(_ gop: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var clip = MakeClips.Clip(name: "open-gop", codec: "hevc", width: 320, height: 240)
        clip.extraArguments = ["-x265-params", "log-level=error:\(gop):scenecut=0"]
        let movie = try MakeClips.generate(clip, in: dir, duration: 1)
        for n in 0..<clip.rate {
            let (result, _) = try MakeCorpusTests.make(frame: n, of: movie, in: dir)
            let ours = try MakeClips.still(result.still, width: clip.width, height: clip.height, in: dir)
            let reference = try MakeClips.reference(clip, path: movie, frame: n, in: dir)
            #expect(ours.psnr(reference) >= 40, "frame \(n): \(ours.psnr(reference)) dB")
        }
    }

    /// 30 fps at Apple's 600 ticks (20-tick frames), 29.97 fps, and 30 fps at timescale 1000
    /// (33.33 ms frames): frames that start between two microseconds.
    static let tickClips: [MakeClips.Clip] = [
        MakeClips.Clip(name: "h264-30fps-600", codec: "h264", width: 320, height: 240, rate: 30,
                       extraArguments: ["-video_track_timescale", "600", "-movie_timescale", "600"]),
        MakeClips.Clip(name: "h264-29.97fps-600", codec: "h264", width: 320, height: 240, rate: 30,
                       extraArguments: ["-r", "30000/1001", "-movie_timescale", "600"]),
        MakeClips.Clip(name: "hevc-30fps-1000", codec: "hevc", width: 320, height: 240, rate: 30,
                       extraArguments: ["-video_track_timescale", "1000", "-movie_timescale", "1000"]),
    ]

    @Test("--still-frame N on frames that start between microseconds: the still is frame N and the still-image-time lies inside it (ffprobe's times)",
          .requires(.ffmpeg, .ffprobe), arguments: tickClips)
    func stillTimeInsideTheStillsFrame(_ clip: MakeClips.Clip) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try MakeClips.generate(clip, in: dir, duration: 1)
        let frames = try MakeCorpusTests.framePresentation(movie)
        let movieTimescale = try MovieFile.open(path: movie).movie.header.timescale
        let base = frames.base.split(separator: "/").compactMap { Int64($0) }
        try #require(base.count == 2)
        for n in [1, 4, 7] {
            let (result, tick) = try MakeCorpusTests.make(frame: n, of: movie, in: dir)
            // tick / movie timescale in [start_n, start_n+1) × base, compared exactly.
            let at = { (pts: Int64) in pts * base[0] * Int64(movieTimescale) }
            #expect(at(frames.starts[n]) <= tick * base[1] && tick * base[1] < at(frames.starts[n + 1]),
                    "\(clip), frame \(n): tick \(tick)/\(movieTimescale) is outside [\(frames.starts[n]), \(frames.starts[n + 1])) × \(frames.base)")

            let ours = try MakeClips.still(result.still, width: clip.width, height: clip.height, in: dir)
            let (p, pb, pa) = (try ours.psnr(MakeClips.reference(clip, path: movie, frame: n, in: dir)),
                               try ours.psnr(MakeClips.reference(clip, path: movie, frame: n - 1, in: dir)),
                               try ours.psnr(MakeClips.reference(clip, path: movie, frame: n + 1, in: dir)))
            #expect(p >= 40 && pb < p - 10 && pa < p - 10, "\(clip), frame \(n): \(p) dB; frame \(n - 1): \(pb) dB; frame \(n + 1): \(pa) dB")
        }
    }

    @Test("orientation: the still shown per its EXIF Orientation is the video as ffmpeg plays it (autorotated)",
          .requires(.ffmpeg, .ffprobe), arguments: MakeClips.all.filter { $0.rotate != nil })
    func orientationMatchesPlayback(_ clip: MakeClips.Clip) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try MakeClips.generate(clip, in: dir)
        var options = MakeOptions()
        options.stillTime = .frame(10)
        let result = try MakeOperation.run(movie: movie, options: options)
        #expect(result.orientation == (clip.rotate == 90 ? 8 : 6))
        #expect(try StillImageReader.read(path: result.still).orientation == result.orientation)
        let shown = try MakeClips.still(result.still, width: clip.width, height: clip.height, in: dir).oriented(result.orientation)
        // ffmpeg applies the display matrix when it decodes (its default autorotation).
        let vf = "select=eq(n\\,10),scale=in_color_matrix=\(clip.referenceMatrix):in_range=tv"
        let played = try MakeClips.decode(["-i", movie, "-vf", vf], width: clip.height, height: clip.width, in: dir)
        #expect(shown.psnr(played) >= 40, "\(shown.psnr(played)) dB")
    }
}

@Suite("make: EXIF, refusals, errors and folders")
struct MakeBehaviourTests {
    static let ffmpeg = MakeClips.ffmpeg
    static let exiftool = Support.tool("exiftool")

    static func plainClip(in dir: URL, name: String = "clip", extra: [String] = []) throws -> String {
        var clip = MakeClips.Clip(name: name, codec: "h264", width: 320, height: 240, rate: 15)
        clip.extraArguments = extra
        return try MakeClips.generate(clip, in: dir, duration: 1)
    }

    @Test("EXIF from the movie's keys: identifier, dates with zone, GPS, make/model/software; exiftool -validate is clean",
          .requires(.ffmpeg, .exiftool))
    func exifFromMovie() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.plainClip(in: dir, extra: [
            "-movflags", "use_metadata_tags",
            "-metadata", "com.apple.quicktime.make=Apple",
            "-metadata", "com.apple.quicktime.model=iPhone 12 Pro",
            "-metadata", "com.apple.quicktime.software=17.4.1",
            "-metadata", "com.apple.quicktime.creationdate=2024-05-06T07:08:09+0200",
            "-metadata", "com.apple.quicktime.location.ISO6709=+37.3349-122.0090+010.500/",
        ])
        let result = try MakeOperation.run(movie: movie)
        let r = try Support.run(Self.exiftool!, ["-j", "-a", "-G1", "-n", result.still])
        let tags = (try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])?.first ?? [:]
        #expect(tags["Apple:MediaGroupUUID"] as? String == result.identifier)
        #expect(tags["ExifIFD:DateTimeOriginal"] as? String == "2024:05:06 07:08:09")
        #expect(tags["ExifIFD:OffsetTimeOriginal"] as? String == "+02:00")
        #expect(tags["IFD0:Make"] as? String == "Apple")
        #expect(tags["IFD0:Model"] as? String == "iPhone 12 Pro")
        #expect("\(tags["IFD0:Software"] ?? "")" == "17.4.1")
        #expect(abs((tags["GPS:GPSLatitude"] as? Double ?? 0) - 37.3349) < 1e-4)
        #expect(abs((tags["GPS:GPSLongitude"] as? Double ?? 0) - 122.0090) < 1e-4 && tags["GPS:GPSLongitudeRef"] as? String == "W")
        #expect(abs((tags["Composite:GPSLongitude"] as? Double ?? 0) + 122.0090) < 1e-4)
        #expect(abs((tags["GPS:GPSAltitude"] as? Double ?? 0) - 10.5) < 1e-3)
        #expect(tags["ExifIFD:ExifImageWidth"] as? Int == 320 && tags["ExifIFD:ExifImageHeight"] as? Int == 240)
        #expect(tags["IFD0:Orientation"] as? Int == 1)
        // The fixed fields a camera JPEG carries, as exiftool reads them.
        let fixed = ["ExifIFD:ExifVersion": "0232", "ExifIFD:ComponentsConfiguration": "1 2 3 0", "ExifIFD:FlashpixVersion": "0100",
                     "ExifIFD:ColorSpace": "1", "IFD0:YCbCrPositioning": "1", "IFD0:ResolutionUnit": "2", "IFD0:XResolution": "72", "IFD0:YResolution": "72"]
        for (tag, value) in fixed { #expect("\(tags[tag] ?? "")" == value, "\(tag)") }
        let v = try Support.run(Self.exiftool!, ["-validate", "-warning", "-a", "-s3", result.still])
        #expect(v.out.trimmingCharacters(in: .whitespacesAndNewlines) == "OK", "exiftool -validate: \(v.out)")
        let m = try Support.run(Self.exiftool!, ["-j", "-a", "-G1", "-n", result.movieOutput])
        let movieTags = (try JSONSerialization.jsonObject(with: Data(m.out.utf8)) as? [[String: Any]])?.first ?? [:]
        #expect(movieTags["Keys:ContentIdentifier"] as? String == result.identifier)
    }

    @Test("HDR (PQ, BT.2020) HEVC: converted from the BT.2020 matrix, with warnings that no tone or gamut mapping is done",
          .requires(.ffmpeg))
    func hdrWarnings() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var clip = MakeClips.Clip(name: "pq", codec: "hevc", pixelFormat: "yuv420p10le", width: 320, height: 240, colourTag: nil)
        clip.extraArguments = ["-colorspace", "bt2020nc", "-color_primaries", "bt2020", "-color_trc", "smpte2084", "-color_range", "tv"]
        let movie = try MakeClips.generate(clip, in: dir, duration: 1)
        let result = try MakeOperation.run(movie: movie)
        #expect(result.colour == "BT.2020 limited range")
        #expect(result.warnings.contains { $0.contains("10-bit HDR (PQ)") && $0.contains("without tone mapping") }, "\(result.warnings)")
        #expect(result.warnings.contains { $0.contains("BT.2020 primaries") }, "\(result.warnings)")
    }

    @Test("without creationdate the capture date is mvhd's, in UTC", .requires(.ffmpeg, .exiftool))
    func mvhdDate() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.plainClip(in: dir, extra: ["-metadata", "creation_time=2023-03-04T05:06:07Z"])
        let result = try MakeOperation.run(movie: movie)
        let r = try Support.run(Self.exiftool!, ["-j", "-G1", "-DateTimeOriginal", "-CreateDate", "-ModifyDate", "-OffsetTimeOriginal",
                                                 "-OffsetTimeDigitized", "-OffsetTime", result.still])
        let tags = (try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])?.first ?? [:]
        // The capture time in every date tag readers look at (Photos, Google Photos, Lightroom).
        for tag in ["ExifIFD:DateTimeOriginal", "ExifIFD:CreateDate", "IFD0:ModifyDate"] {
            #expect(tags[tag] as? String == "2023:03:04 05:06:07", "\(tag): \(tags)")
        }
        for tag in ["ExifIFD:OffsetTimeOriginal", "ExifIFD:OffsetTimeDigitized", "ExifIFD:OffsetTime"] {
            #expect(tags[tag] as? String == "+00:00", "\(tag): \(tags)")
        }
    }

    /// The quantisation tables (DQT) of a still, in order: they depend only on the quality.
    static func quantisationTables(_ bytes: [UInt8], in dir: URL) throws -> [[UInt8]] {
        let path = dir.appendingPathComponent("dqt-\(UUID().uuidString).jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let source = try FileSource(path: path)
        return try JPEGStructure.read(source).segments.filter { $0.marker == 0xDB }.map { try source.read(at: $0.payloadOffset, count: $0.payloadLength) }
    }

    @Test("the default still is JPEG, quality 92 (as --help and the README say), 4:2:0", .requires(.ffmpeg))
    func defaultEncoding() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try MakeOperation.run(movie: try Self.plainClip(in: dir))
        #expect(result.still.hasSuffix(".JPG"))
        let made = try Self.quantisationTables(try Support.bytes(result.still), in: dir)
        let pixels = [UInt8](repeating: 128, count: 16 * 16 * 3)
        for quality in [91, 92, 93] {
            let reference = try Self.quantisationTables(try TurboJPEG.encode(rgb: pixels, width: 16, height: 16, quality: quality, subsampling: .yuv420), in: dir)
            #expect((made == reference) == (quality == 92), "quality \(quality)")
        }
        let info = try StillImageReader.read(path: result.still)
        #expect(info.subsampling == "4:2:0")
    }

    @Test("an MP4 made again: already made, with the still time of the .MOV it was paired into (beside it, or in -o DIR)",
          .requires(.ffmpeg), arguments: [false, true])
    func mp4MadeAgainReportsThePairedMovie(intoFolder: Bool) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var clip = MakeClips.Clip(name: "clip", codec: "h264", width: 320, height: 240, rate: 15)
        clip.container = "mp4"
        let movie = try MakeClips.generate(clip, in: dir, duration: 2)
        var options = MakeOptions()
        options.stillTime = .frame(20)
        if intoFolder {
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            options.outputDirectory = out.path
        }
        let first = try MakeOperation.run(movie: movie, options: options)
        #expect(first.movieOutput.hasSuffix("clip.MOV") && first.stillTime > 1)
        var plain = MakeOptions()
        plain.outputDirectory = options.outputDirectory
        let again = try MakeOperation.run(movie: movie, options: plain)
        #expect(again.status == .alreadyMade)
        #expect(again.movieOutput == first.movieOutput)
        #expect(again.identifier == first.identifier)
        #expect(again.stillTime == first.stillTime, "the paired .MOV's still-image time, not the MP4's (it has none)")
    }

    @Test("an existing still is never overwritten (refused), unless it is already this movie's still", .requires(.ffmpeg))
    func existingStill() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.plainClip(in: dir)
        let first = try MakeOperation.run(movie: movie)
        let stillBytes = try Support.bytes(first.still)
        let movieBytes = try Support.bytes(movie)
        let again = try MakeOperation.run(movie: movie)
        #expect(again.status == .alreadyMade)
        #expect(again.identifier == first.identifier)
        // The report describes the same video as the run that made the still.
        #expect(again.width == first.width && again.height == first.height && again.width > 0)
        #expect(again.codec == first.codec && again.orientation == first.orientation)
        #expect(try Support.bytes(first.still) == stillBytes && (try Support.bytes(movie)) == movieBytes)

        let other = try Self.plainClip(in: dir, name: "other")
        let foreign = dir.appendingPathComponent("other.JPG").path
        try FileManager.default.copyItem(atPath: Support.fixture("still-no-exif.jpg"), toPath: foreign)
        let before = try Support.bytes(other)
        #expect(throws: LivePhotoError.self) { _ = try MakeOperation.run(movie: other) }
        do { _ = try MakeOperation.run(movie: other) } catch let e as LivePhotoError {
            #expect(e.category == .refused && e.path == foreign && e.reason.contains("never overwritten"))
        }
        #expect(try Support.bytes(foreign) == Support.bytes(Support.fixture("still-no-exif.jpg")))
        #expect(try Support.bytes(other) == before)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("MP4 gets a new .MOV; -o DIR leaves the movie untouched; --dry-run writes nothing", .requires(.ffmpeg))
    func outputsLikePair() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mp4 = try Support.copy(Support.fixture("movie-mp4.mp4"), to: dir)
        let mp4Bytes = try Support.bytes(mp4)
        var dry = MakeOptions()
        dry.dryRun = true
        let planned = try MakeOperation.run(movie: mp4, options: dry)
        #expect(planned.status == .dryRun && planned.movieWrite == .newFile)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["movie-mp4.mp4"])

        let made = try MakeOperation.run(movie: mp4)
        #expect(made.movieOutput == dir.appendingPathComponent("movie-mp4.MOV").path)
        #expect(made.still == dir.appendingPathComponent("movie-mp4.JPG").path)
        #expect(try Support.bytes(mp4) == mp4Bytes)
        #expect(try Verifier.verify(still: made.still, movie: made.movieOutput, strict: true).valid)

        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let mov = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        let movBytes = try Support.bytes(mov)
        var toDir = MakeOptions()
        toDir.outputDirectory = out.path
        toDir.identifier = .given("5F0C7C1E-3A0B-4F53-8E0F-2B0A5C9D1E77")
        let copied = try MakeOperation.run(movie: mov, options: toDir)
        #expect(copied.still == out.appendingPathComponent("movie-moov-first.JPG").path)
        #expect(copied.movieOutput == out.appendingPathComponent("movie-moov-first.mov").path)
        #expect(copied.identifier == "5F0C7C1E-3A0B-4F53-8E0F-2B0A5C9D1E77")
        #expect(try Support.bytes(mov) == movBytes)
        #expect(try Verifier.verify(still: copied.still, movie: copied.movieOutput, strict: true).valid)
        #expect(Support.temporaries(in: dir).isEmpty && Support.temporaries(in: out).isEmpty)
    }

    @Test("a codec other than H.264/HEVC, or a damaged sample, is an error naming the file and frame (exit 3); nothing is written",
          .requires(.ffmpeg))
    func decodeErrors() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mpeg4 = dir.appendingPathComponent("mpeg4.mov").path
        _ = try Support.run(Self.ffmpeg!, ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=15:duration=1", "-c:v", "mpeg4", mpeg4])
        do { _ = try MakeOperation.run(movie: mpeg4); Issue.record("mpeg4 was accepted") } catch let e as LivePhotoError {
            #expect(e.category == .unreadable && e.path == mpeg4 && e.reason.contains("'mp4v' is not supported"))
        }

        let damaged = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "damaged.mov")
        let file = try MovieFile.open(path: damaged)
        let video = file.movie.videoTracks[0]
        let first = try video.sampleTable.sampleRanges()[0]
        var bytes = try Support.bytes(damaged)
        for i in Int(first.offset) + 8 ..< Int(first.offset) + Int(first.size) { bytes[i] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        var options = MakeOptions()
        options.stillTime = .frame(3)
        do { _ = try MakeOperation.run(movie: damaged, options: options); Issue.record("a damaged sample decoded") } catch let e as LivePhotoError {
            #expect(e.category == .unreadable && e.path == damaged)
            #expect(e.reason.contains("the frame at") && e.reason.contains("(sample "), "\(e.reason)")
        }
        #expect(try Support.bytes(damaged) == bytes)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["damaged.mov", "mpeg4.mov"])
    }

    @Test("make DIR: a still for every movie without one, in parallel; paired movies are left alone; a rerun finds nothing to do",
          .requires(.ffmpeg))
    func folder() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        let a = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "A.mov")
        let b = try Support.copy(Support.fixture("movie-mp4.mp4"), to: sub, as: "B_HEVC.mp4")
        let pairedStill = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "C.jpg")
        let pairedMovie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir, as: "C.mov")
        _ = try PairOperation.run(still: pairedStill, movie: pairedMovie)
        let pairedBytes = (try Support.bytes(pairedStill), try Support.bytes(pairedMovie))
        try Data("not a movie".utf8).write(to: dir.appendingPathComponent("D.mov"))

        let (_, outcomes) = BatchOperations.make(roots: [dir.path], options: MakeOptions(), jobs: 2)
        let made = outcomes.filter { $0.status == .made }
        #expect(Set(made.compactMap(\.still)) == [dir.appendingPathComponent("A.JPG").path, sub.appendingPathComponent("B.JPG").path])
        #expect(outcomes.filter { $0.status == .failed }.map(\.exitCode) == [.unreadable])
        #expect((try Support.bytes(pairedStill), try Support.bytes(pairedMovie)) == pairedBytes)
        #expect(try Verifier.verify(still: dir.appendingPathComponent("A.JPG").path, movie: a, strict: true).valid)
        #expect(try Verifier.verify(still: sub.appendingPathComponent("B.JPG").path, movie: sub.appendingPathComponent("B_HEVC.MOV").path, strict: true).valid)
        _ = b

        try FileManager.default.removeItem(at: dir.appendingPathComponent("D.mov"))
        let (_, rerun) = BatchOperations.make(roots: [dir.path], options: MakeOptions(), jobs: 2)
        #expect(rerun.allSatisfy { $0.status == .alreadyMade }, "\(rerun.map { "\($0.movie ?? ""): \($0.status)" })")
    }
}

@Suite("make: capture metadata parsing")
struct MovieCaptureMetadataTests {
    @Test("ISO 6709 in degrees, degrees-minutes and degrees-minutes-seconds")
    func iso6709() {
        let d = MovieCaptureMetadata.parseISO6709("+37.3349-122.0090+010.000/")
        #expect(d?.latitude == 37.3349 && d?.longitude == -122.0090 && d?.altitude == 10)
        let noAltitude = MovieCaptureMetadata.parseISO6709("-33.8688+151.2093/")
        #expect(noAltitude?.latitude == -33.8688 && noAltitude?.altitude == nil)
        let dm = MovieCaptureMetadata.parseISO6709("+4830.00-00215.00/")
        #expect(abs((dm?.latitude ?? 0) - 48.5) < 1e-9 && abs((dm?.longitude ?? 0) + 2.25) < 1e-9)
        let dms = MovieCaptureMetadata.parseISO6709("+403000-0741500/")
        #expect(abs((dms?.latitude ?? 0) - 40.5) < 1e-9 && abs((dms?.longitude ?? 0) + 74.25) < 1e-9)
        #expect(MovieCaptureMetadata.parseISO6709("") == nil)
        #expect(MovieCaptureMetadata.parseISO6709("+95.0+10.0/") == nil)
        // The poles and the antimeridian are places; a hair past them is not.
        #expect(MovieCaptureMetadata.parseISO6709("+90.0+180.0/").map { [$0.latitude, $0.longitude] } == [90, 180])
        #expect(MovieCaptureMetadata.parseISO6709("-90.0-180.0/").map { [$0.latitude, $0.longitude] } == [-90, -180])
        #expect(MovieCaptureMetadata.parseISO6709("+90.0001+0.0/") == nil && MovieCaptureMetadata.parseISO6709("+0.0-180.0001/") == nil)
        #expect(MovieCaptureMetadata.parseISO6709("garbage") == nil)
    }

    /// QuickTime user-data text atoms (`©mak`, `©mod`, `©swr`, `©xyz`: 16-bit length, 16-bit
    /// language, the text) are read exactly: all of the text, and nil when the length runs past.
    @Test("user-data text: make, model, software and location from the ©-atoms, exactly")
    func userDataText() throws {
        func text(_ type: UInt32, _ value: String, length: Int? = nil) -> Atom {
            let bytes = Array(value.utf8)
            let n = UInt16(length ?? bytes.count)
            return Atom(type: FourCC(type), payload: [UInt8(n >> 8), UInt8(n & 0xFF), 0x15, 0xC7] + bytes)
        }
        let moov = try MovieFile.open(path: Support.fixture("movie-moov-last.mov")).movie.moov
        moov.children?.removeAll { $0.type == "udta" || $0.type == "meta" }
        moov.children?.append(Atom(type: "udta", children: [text(0xA96D_616B, "Apple"), text(0xA96D_6F64, "iPhone 15", length: 10),
                                                            text(0xA973_7772, "17.5.1"), text(0xA978_797A, "+37.3349-122.0090/")]))
        let read = MovieCaptureMetadata(movie: try Movie(moov: moov))
        #expect(read.make == "Apple" && read.software == "17.5.1")
        #expect(read.model == nil, "a length past the atom's bytes: not read")
        #expect(read.location?.latitude == 37.3349 && read.location?.longitude == -122.0090)
    }

    @Test("Apple's creation dates keep their local time and zone")
    func creationDate() {
        func exif(_ text: String) -> [String?]? { CaptureTime.iso8601(text).map { [$0.exifDateTime, $0.exifOffset] } }
        #expect(exif("2024-01-02T03:04:05+0100") == ["2024:01:02 03:04:05", "+01:00"])
        #expect(exif("2024-01-02T03:04:05-08:00") == ["2024:01:02 03:04:05", "-08:00"])
        #expect(exif("2024-01-02T03:04:05.123Z") == ["2024:01:02 03:04:05", "+00:00"])
        #expect(exif("2024-13-02T03:04:05Z") == nil)
        #expect(exif("yesterday") == nil)
    }

    @Test("EXIF orientation from the track's rotation")
    func orientation() {
        #expect([0, 90, 180, 270, 45].map(MakeOperation.exifOrientation) == [1, 6, 3, 8, 1])
    }
}

@Suite("make: a real iPhone movie")
struct MakeCorpusTests {
    @Test("iPhone 15 Live Photo movie without its still: the camera's still time, identifier, rotation and every movie byte are kept; verify --strict passes",
          .requires(.corpus))
    func iphoneMovie() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.copy(Support.corpusFile("iphone-movie/iphone15-livephoto.MOV"), to: dir, as: "IMG_0001.MOV")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: movie)
        let movieBytes = try Support.bytes(movie)
        let result = try MakeOperation.run(movie: movie)
        #expect(result.status == .made)
        // The movie already marks this still: it is left exactly as the camera wrote it.
        #expect(result.movieWrite == .none)
        #expect(try Support.bytes(movie) == movieBytes)
        #expect(result.identifier == "7EF4936E-3840-45DC-BA67-70154919699F")
        #expect(abs(result.stillTime - 1.367) < 0.001, "\(result.stillTime)")
        // The still is encoded with the movie's identifier, so `pair` finds the two bound and
        // writes nothing: the file is the encoder's output as it came (no second EXIF edit).
        let file = try MovieFile.open(path: movie)
        let video = file.movie.videoTracks[0]
        let timing = FrameTiming(track: video, movieTimescale: file.movie.header.timescale)
        let stillTime = try PairStillTime.decide(MakeOptions().stillTime, existing: ExistingStillImageTime(file: file, videoTiming: timing),
                                                 timing: timing, movieTimescale: file.movie.header.timescale, path: movie)
        let frame = try StillFrameExtractor.extract(from: file, track: video, movieTick: stillTime.tick)
        let encoded = try MakeOperation.stillImage(frame, movie: file.movie, rotationDegrees: video.header.rotationDegrees,
                                                   identifier: result.identifier, options: MakeOptions(), path: result.still)
        #expect(try Support.bytes(result.still) == encoded.bytes)
        #expect(result.width == 1920 && result.height == 1440 && result.orientation == 6)
        #expect(result.colour == "BT.601 full range")
        #expect(result.warnings.contains { $0.contains("Display P3") })
        let report = try Verifier.verify(still: result.still, movie: movie, strict: true)
        #expect(report.valid, "\(report.checks.filter { !$0.passed }.map(\.name))")
        let info = try StillImageReader.read(path: result.still)
        #expect(info.make == "Apple" && info.model == "iPhone 15" && info.orientation == 6)
    }

    /// Video frame starts by ffprobe's packet times (in the stream's time base), in
    /// presentation order, and where the last frame ends.
    static func framePresentation(_ movie: String) throws -> (starts: [Int64], end: Int64, base: String) {
        let ffprobe = try #require(Support.tool("ffprobe"))
        let stream = try Support.run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=time_base", "-of", "csv=p=0", movie])
        let packets = try Support.run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts,duration", "-of", "csv=p=0", movie])
        let rows = packets.out.split(separator: "\n").map { $0.split(separator: ",").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) } }
            .filter { $0.count == 2 }.sorted { $0[0] < $1[0] }
        let last = try #require(rows.last)
        return (rows.map { $0[0] }, last[0] + last[1], stream.out.trimmingCharacters(in: CharacterSet(charactersIn: ", \n")))
    }

    /// `make --still-frame n -o DIR/frame<n>`: the result and the still-image-time tick written.
    static func make(frame n: Int, of movie: String, in dir: URL) throws -> (result: MakeResult, tick: Int64) {
        let out = dir.appendingPathComponent("frame\(n)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        var options = MakeOptions()
        options.stillTime = .frame(n)
        options.outputDirectory = out.path
        let result = try MakeOperation.run(movie: movie, options: options)
        let written = try MovieFile.open(path: result.movieOutput)
        let track = try #require(written.movie.stillImageTimeTracks.first)
        return (result, FrameTiming(track: track, movieTimescale: written.movie.header.timescale).startTick(ofFrame: 0))
    }

    @Test("iPhone 15 movie (600 ticks, 20-tick frames, then variable): make --still-frame N writes a still-image-time inside frame N",
          .requires(.corpus, .ffprobe))
    func everyFrameOfTheIPhoneMovie() throws {
        let movie = Support.corpusFile("iphone-movie/iphone15-livephoto.MOV")
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = try Self.framePresentation(movie)
        try #require(frames.base == "1/600" && frames.starts.count == 58, "\(frames)")
        // Decoding is ~0.5 s a frame: every frame that starts a third of a millisecond past one
        // (n = 1 mod 3, and the variable-rate 53 and 56, which seconds put a tick early), the first and the last.
        for n in [0, 53, 56, 57] + Array(stride(from: 1, to: 58, by: 3)) {
            let (result, tick) = try Self.make(frame: n, of: movie, in: dir)
            let end = n + 1 < frames.starts.count ? frames.starts[n + 1] : frames.end
            #expect(frames.starts[n] <= tick && tick < end, "frame \(n) is [\(frames.starts[n]), \(end)) ticks; the still-image-time is \(tick)")
            #expect(result.stillTime == Double(tick) / 600)
            try FileManager.default.removeItem(atPath: PathComponents.directory(of: result.still))
        }
    }
}
