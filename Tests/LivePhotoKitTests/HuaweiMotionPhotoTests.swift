import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
import TestSupport
@testable import LivePhotoKit

/// Huawei/Honor moving photos: files laid out by hand from OpenHarmony's description
/// (`[image][video][cinemagraph?][VERSION 20][PLAY 20][LIVE 20]`) read by `convert` and `scan`,
/// `convert --huawei` written then read back (and by exiftool, ffprobe), and hostile trailers refused.
@Suite struct HuaweiMotionPhotoTests {
    static func field(_ text: String) -> [UInt8] { Array(text.utf8) + [UInt8](repeating: 0x20, count: 20 - text.utf8.count) }

    /// A still fixture, then movie-audio.mov, then the fields, written by hand (not by our writer).
    static func huaweiFile(in dir: URL, name: String = "IMG_20240101_120000.jpg", coverMs: Int, cinemagraph: [UInt8]? = nil,
                           live: String? = nil, play: String? = nil) throws -> (path: String, image: [UInt8], video: [UInt8]) {
        let image = try Support.bytes(Support.fixture("still-no-exif.jpg"))
        let video = try Support.bytes(Support.fixture("movie-audio.mov"))
        let block = cinemagraph.map { $0 + [0, 0, 0, UInt8($0.count + 4)] } ?? []
        let version = cinemagraph == nil ? "v2_f35" : "v2_f35_c"
        let n = video.count + 20 + block.count
        let bytes = image + video + block + field(version) + field(play ?? "\(max(0, coverMs - 600)):\(coverMs)") + field(live ?? "LIVE_\(n)")
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, image, video)
    }

    @Test(arguments: [false, true])
    func huaweiFileConvertsToALivePhotoAtTheCoverTime(cinemagraph: Bool) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, image, video) = try Self.huaweiFile(in: dir, coverMs: 1000, cinemagraph: cinemagraph ? Array("mask".utf8) : nil)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.variant == .huawei && photo.location == .huaweiTrailer)
        #expect(photo.video == .init(offset: UInt64(image.count), length: UInt64(video.count)))
        #expect(photo.presentationTimestampUs == 1_000_000)

        let live = try MotionPhotoToLivePhoto.run(path: path)
        #expect(live.variant == .huawei && live.status == .converted)
        let report = try Verifier.verify(still: live.still!, movie: live.movie!, strict: false)
        #expect(report.valid && report.stillIdentifier == live.identifier && report.movieIdentifier == live.identifier)
        // movie-audio.mov's frames: the still is the frame shown at 1.000 s, which starts at or before it.
        let seconds = try #require(live.stillTime?.seconds)
        #expect(seconds <= 1.0 && seconds > 1.0 - 1.0 / 10, "\(seconds)")
        #expect(try MotionPhotoFixtures.imageData(live.still!) == MotionPhotoFixtures.imageData(path))
        let a = try Support.sampleBytes(Support.fixture("movie-audio.mov")), b = try Support.sampleBytes(live.movie!)
        #expect(a[1] == b[1] && a[2] == b[2], "video and audio samples unchanged")
    }

    @Test func scanReportsAHuaweiMotionPhoto() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, _, video) = try Self.huaweiFile(in: dir, coverMs: 500)
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        let finding = try #require(scan.findings.first { $0.still == path })
        #expect(finding.finding == .motionPhoto)
        #expect(finding.motionPhoto?.variant == .huawei && finding.motionPhoto?.maker == .huawei && finding.motionPhoto?.videoBytes == UInt64(video.count))
        #expect(finding.motionPhoto?.presentationTime == 0.5)
    }

    /// The cover time is milliseconds made microseconds: the largest count that fits is exact,
    /// one more gives no cover time (a warning), never an overflow.
    @Test(arguments: [(Int64.max / 1000, Int64.max / 1000 * 1000), (Int64.max / 1000 + 1, nil)] as [(Int64, Int64?)])
    func coverTimeAtTheEdgeOfMicroseconds(coverMs: Int64, us: Int64?) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, _, _) = try Self.huaweiFile(in: dir, coverMs: 0, play: "0:\(coverMs)")
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.variant == .huawei)
        #expect(photo.presentationTimestampUs == us)
        #expect(photo.warnings.contains { $0.contains("gives no cover time") } == (us == nil), "\(photo.warnings)")
    }

    /// N not a number, N past the file, N that lands on no MP4, a `_c` size past the video:
    /// one error naming the file and the reason; nothing written beside it.
    @Test(arguments: [("LIVE_12x4", "is not a number"), ("LIVE_99999999", "points before the start of the file"),
                      ("LIVE_1000", "no 'ftyp' box")])
    func hostileTrailersAreRefused(live: String, says: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, _, _) = try Self.huaweiFile(in: dir, coverMs: 500, live: live)
        let before = try Support.bytes(path)
        let error = #expect(throws: LivePhotoError.self) { try MotionPhotoToLivePhoto.run(path: path) }
        #expect(error?.description.contains(path) == true && error?.description.contains(says) == true, "\(String(describing: error))")
        #expect(try Support.bytes(path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [URL(fileURLWithPath: path).lastPathComponent])
    }

    @Test func cinemagraphSizePastTheVideoIsRefused() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, _, _) = try Self.huaweiFile(in: dir, coverMs: 500, cinemagraph: [0xFF, 0xFF, 0xFF])
        var bytes = try Support.bytes(path)
        bytes.replaceSubrange(bytes.count - 64 ..< bytes.count - 60, with: [0x7F, 0, 0, 0])
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: LivePhotoError.self) { try MotionPhotoToLivePhoto.run(path: path) }
        #expect(error?.description.contains("cinemagraph block size") == true, "\(String(describing: error))")
    }

    // MARK: Live → Motion (--huawei)

    /// A paired still-exif-icc-xmp.jpg + movie-audio.mov in a fresh folder, converted with `--huawei`.
    static func huaweiMotionPhoto() throws -> (dir: URL, still: String, movie: String, paired: PairResult, result: ConvertResult) {
        let (dir, still, movie, paired) = try MotionPhotoFixtures.pairedCopies(still: Support.fixture("still-exif-icc-xmp.jpg"), stillName: "IMG_0003.JPG")
        var options = ConvertOptions()
        options.gallery = .huawei
        return (dir, still, movie, paired, try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options))
    }

    /// The fields as the description says, the video where N puts it (the MP4 we made, its
    /// samples the movie's), our reader agrees, and back to a Live Photo at the same frame.
    @Test func huaweiOutputHasTheFieldsAndReadsBack() throws {
        let (dir, _, movie, paired, r) = try Self.huaweiMotionPhoto()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try #require(r.motionPhoto)
        #expect(r.variant == .huawei)
        let bytes = try Support.bytes(output)
        let fields = stride(from: 60, to: 0, by: -20).map { String(decoding: bytes[bytes.count - $0 ..< bytes.count - $0 + 20], as: UTF8.self) }
        let words = fields.map { $0.trimmingCharacters(in: .whitespaces) }
        let coverMs = Int((paired.stillTime * 1000).rounded(.up))
        #expect(words[0].hasPrefix("v3_f") && words[1] == "\(max(0, coverMs - 600)):\(coverMs)", "\(fields)")
        let n = try #require(Int(words[2].dropFirst(5)))
        #expect(words[2].hasPrefix("LIVE_") && UInt64(n) == r.videoBytes! + 20)
        let start = bytes.count - 40 - n
        #expect(String(decoding: bytes[start + 4 ..< start + 8], as: UTF8.self) == "ftyp")

        let photo = try MotionPhotoReader.read(path: output)
        #expect(photo.variant == .huawei && photo.video == .init(offset: UInt64(start), length: r.videoBytes!))
        let mp4 = dir.appendingPathComponent("extracted.mp4").path
        try MotionPhotoFixtures.extractVideo(photo, to: mp4)
        let movieVideo = try #require(try MovieFile.open(path: movie).movie.videoTracks.first?.trackID)
        #expect(try Support.sampleBytes(mp4)[movieVideo] == Support.sampleBytes(movie)[movieVideo])

        let back = dir.appendingPathComponent("back")
        try FileManager.default.createDirectory(at: back, withIntermediateDirectories: true)
        var options = ConvertOptions()
        options.outputDirectory = back.path
        let live = try MotionPhotoToLivePhoto.run(path: output, options: options)
        #expect(abs((live.stillTime?.seconds ?? -1) - paired.stillTime) < 0.001, "the same frame: \(String(describing: live.stillTime)) vs \(paired.stillTime)")
    }

    /// Independent readers: exiftool validates the output without a warning the still did not
    /// already have; ffprobe and ffmpeg read the video N points at with the same packets.
    @Test(.requires(.exiftool), .requires(.ffprobe))
    func huaweiOutputIsCleanForExiftoolAndFFmpeg() throws {
        let (dir, still, movie, _, r) = try Self.huaweiMotionPhoto()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try #require(r.motionPhoto)
        let warnings = { (file: String) in
            String(decoding: try ExifTool.run(["-validate", "-warning", "-a", "-s3", file]), as: UTF8.self).split(separator: "\n").dropFirst().map(String.init)
        }
        let added = Set(try warnings(output)).subtracting(try warnings(still))
        #expect(added.isEmpty, "\(added)")
        let mp4 = dir.appendingPathComponent("extracted.mp4").path
        try MotionPhotoFixtures.extractVideo(try MotionPhotoReader.read(path: output), to: mp4)
        let probe = try Support.ffprobeJSON(["-show_streams"], file: mp4)
        #expect((probe["streams"] as? [[String: Any]])?.contains { $0["codec_type"] as? String == "video" } == true)
        #expect(try MotionPhotoFixtures.packetHashes(mp4) == MotionPhotoFixtures.packetHashes(movie))
    }

    @Test func huaweiRefusesAHEICStill() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-heic.heic"), to: dir, as: "IMG_0004.HEIC")
        let movie = try Support.copy(Support.fixture("movie-audio.mov"), to: dir, as: "IMG_0004.MOV")
        var options = ConvertOptions()
        options.gallery = .huawei
        let error = #expect(throws: LivePhotoError.self) { try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options) }
        #expect(error?.description.contains("--huawei writes a JPEG Motion Photo") == true, "\(String(describing: error))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["IMG_0004.HEIC", "IMG_0004.MOV"])
    }
}
