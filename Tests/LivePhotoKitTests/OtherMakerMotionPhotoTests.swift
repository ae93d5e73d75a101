import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// Other makers' motion photos, each built in code from its published layout
/// (`OtherMakerLayouts`), read, reported with their maker, and converted.
@Suite(.requires(.ffmpeg))
struct OtherMakerMotionPhotoTests {
    static let jpeg: [UInt8] = (try? Support.bytes(Support.fixture("still-no-exif.jpg"))) ?? []
    static let mp4: [UInt8] = (try? Support.bytes(Support.fixture("movie-mp4.mp4"))) ?? []

    static func write(_ bytes: [UInt8], _ name: String) throws -> (dir: URL, path: String) {
        let dir = try Support.tempDir()
        return (dir, try Support.write(bytes, in: dir, name: name))
    }

    static func videoBytes(_ photo: MotionPhoto) throws -> [UInt8] { try photo.source.read(at: photo.video.offset, count: Int(photo.video.length)) }

    /// Converts `path` into `dir/out` and checks the pair: valid, its movie's samples the MP4's.
    static func convertsToValidPair(_ path: String, in dir: URL) throws -> ConvertResult {
        var options = ConvertOptions()
        options.outputDirectory = dir.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: options.outputDirectory!, withIntermediateDirectories: true)
        let before = try Support.bytes(path)
        let r = try MotionPhotoToLivePhoto.run(path: path, options: options)
        #expect(try Support.bytes(path) == before, "the input is never modified")
        #expect(r.status == .converted)
        let still = try #require(r.still), movie = try #require(r.movie)
        let report = try Verifier.verify(still: still, movie: movie, strict: false)
        #expect(report.valid, "\(report.errors.map(\.name))")
        #expect(try MotionPhotoFixtures.packetHashes(movie) == MotionPhotoFixtures.packetHashes(Support.fixture("movie-mp4.mp4")),
                "the movie's video packets are the MP4's, byte for byte (ffmpeg reads both)")
        return r
    }

    @Test func oppoIsReadByVideoLengthNotTheDirectoryItem() throws {
        let trailer = Array("jxrs".utf8) + [UInt8](repeating: 0x20, count: 186)
        let (dir, path) = try Self.write(OtherMakerLayouts.oppo(Self.jpeg, video: Self.mp4, trailer: trailer), "IMG20240101120000.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.maker == .oppo && photo.variant == .google && photo.location == .containerDirectory)
        #expect(photo.video.length == UInt64(Self.mp4.count) && photo.video.end == photo.source.size - UInt64(trailer.count))
        #expect(try Self.videoBytes(photo) == Self.mp4)
        let summary = try #require(try MotionPhotoSummary.read(FileSource(path: path)))
        #expect(summary.maker == .oppo && summary.videoBytes == UInt64(Self.mp4.count) && summary.detail.hasSuffix("maker oppo"))
        _ = try Self.convertsToValidPair(path, in: dir)
    }

    @Test(arguments: [0, 20378 + 191, Int(Int32.max)])
    func oppoVideoLengthThatDoesNotFitIsAVideoMissing(_ stated: Int) throws {
        let (dir, path) = try Self.write(OtherMakerLayouts.oppo(Self.jpeg, video: Self.mp4, trailer: [UInt8](repeating: 0x20, count: 190), videoLength: stated), "IMG.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: MotionPhotoVideoMissing.self) { try MotionPhotoReader.read(path: path) }
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.findings.map(\.finding) == [.motionPhotoWithoutVideo])
    }

    @Test func xiaomiKeepsItsSecondXMPAndWatermarkInTheStill() throws {
        let watermark = Self.jpeg
        let (dir, path) = try Self.write(OtherMakerLayouts.xiaomi(Self.jpeg, video: Self.mp4, watermark: watermark), "IMG_20240101_120000.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.maker == .xiaomi && photo.variant == .microVideo && photo.location == .microVideoOffset)
        #expect(try Self.videoBytes(photo) == Self.mp4 && photo.video.offset == photo.imageEnd + UInt64(watermark.count))
        #expect(photo.presentationTimestampUs == 400_000, "read from the second packet, the one naming Google's namespace")
        let r = try Self.convertsToValidPair(path, in: dir)
        let still = try Support.bytes(try #require(r.still))
        let text = String(decoding: still, as: UTF8.self)
        #expect(text.contains("MiCamera:XMPMeta"), "the MiCamera packet is kept")
        #expect(!text.contains("MicroVideoOffset"), "the Google packet lost its video properties")
        #expect(Array(still.suffix(watermark.count)) == watermark, "the watermark image still follows the primary image")
    }

    /// A Samsung trailer locates the video; the one packet naming Google's namespaces holds no
    /// Motion Photo flag (only the timestamp). It is still the packet read: its timestamp is the
    /// still's time, and the converted still's XMP loses the video property.
    @Test func samsungTrailerWithAGooglePacketWithoutTheFlag() throws {
        let xmp = OtherMakerLayouts.xmpSegment(attributes: #"GCamera:MotionPhotoPresentationTimestampUs="250000""#)
        let header = SamsungSEFTrailer.recordHeader(type: SamsungSEFTrailer.motionPhotoDataType, name: SamsungSEFTrailer.motionPhotoDataName)
        let still = OtherMakerLayouts.inserting(xmp, into: Self.jpeg)
        let trailer = SamsungSEFTrailer.directoryAndFooter(records: [(type: SamsungSEFTrailer.motionPhotoDataType, back: UInt32(header.count + Self.mp4.count),
                                                                      length: UInt32(header.count + Self.mp4.count))])
        let (dir, path) = try Self.write(still + header + Self.mp4 + trailer, "20240101_120000.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.variant == .samsung && photo.location == .samsungTrailer && photo.maker == .samsung)
        #expect(try Self.videoBytes(photo) == Self.mp4)
        #expect(photo.presentationTimestampUs == 250_000, "the Google packet's timestamp, though it has no MotionPhoto flag")
        let segment = try #require(photo.structure.segments.first { $0.isAPP(1) })
        #expect(photo.xmpSegmentOffset == segment.offset)
        let r = try Self.convertsToValidPair(path, in: dir)
        let text = String(decoding: try Support.bytes(try #require(r.still)), as: UTF8.self)
        #expect(text.contains("http://ns.google.com/photos/1.0/camera/") && !text.contains("MotionPhotoPresentationTimestampUs"),
                "the packet is kept, without the video's timestamp")
    }

    @Test func lgIsAnMP4RightAtTheEOI() throws {
        let (dir, path) = try Self.write(OtherMakerLayouts.lg(Self.jpeg, video: Self.mp4), "20240101_120000.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.maker == .lg && photo.variant == .mp4AfterImage && photo.location == .afterImageEnd)
        #expect(try photo.imageEnd == UInt64(Self.jpeg.count) && Self.videoBytes(photo) == Self.mp4)
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.findings.map(\.finding) == [.motionPhoto] && scan.findings.first?.motionPhoto?.maker == .lg)
        let r = try Self.convertsToValidPair(path, in: dir)
        #expect(r.variant == .mp4AfterImage)
    }

    /// An `ftyp` box at the EOI of a file that is not a video: a still with a trailer, never a
    /// Motion Photo, never unreadable.
    @Test(arguments: [
        Support.ftyp("mp42") + [UInt8](repeating: 0x5A, count: 40),                     // junk after the ftyp box
        [0x7F, 0xFF, 0xFF, 0xFF] + Array("ftypmp42".utf8),                                 // a box longer than the file
        Support.ftyp("mp42") + Support.box("free", [0, 0, 0, 0]),                   // a movie with no moov
    ])
    func ftypAtTheEOIOfAFileThatIsNotAVideo(_ trailer: [UInt8]) throws {
        let (dir, path) = try Self.write(Self.jpeg + trailer, "20240101_120000.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: NotAMotionPhoto.self) { try MotionPhotoReader.read(path: path) }
        #expect(try MotionPhotoSummary.read(FileSource(path: path)) == nil)
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.findings.allSatisfy { $0.finding != .unreadable && $0.finding != .motionPhoto })
        #expect(throws: LivePhotoError.self) { try MotionPhotoToLivePhoto.run(path: path) }
    }

    @Test func anMP4AfterTheEOIButNotAtItIsNotAnLGFile() throws {
        let (dir, path) = try Self.write(Self.jpeg + [0, 0, 0, 0] + Self.mp4, "20240101_120000.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: NotAMotionPhoto.self) { try MotionPhotoReader.read(path: path) }
    }

    @Test(arguments: ["mp4", "MP4", "Mp4"])
    func vivoStillAndItsVideoBesideAreOneLivePhoto(_ ext: String) throws {
        let id = "1704110400123"
        let (dir, still) = try Self.write(OtherMakerLayouts.vivo(Self.jpeg, jsonID: id, albumID: id), "IMG_20240101_120000.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.write(Self.mp4, in: dir, name: "IMG_20240101_120000." + ext)
        let trailer = try #require(try VivoLivePhotoTrailer.read(FileSource(path: still)))
        #expect(trailer.albumIdentifier == id && trailer.jsonIdentifier == id && trailer.offset == UInt64(Self.jpeg.count))
        let summary = try #require(try MotionPhotoSummary.read(FileSource(path: still)))
        #expect(summary.maker == .vivo && summary.variant == .sidecarVideo && summary.sidecarVideo == movie && summary.videoBytes == UInt64(Self.mp4.count))
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.findings.count == 1)
        let finding = try #require(scan.findings.first)
        #expect(finding.finding == .motionPhoto && finding.still == still && finding.movie == movie && finding.motionPhoto?.maker == .vivo)
        #expect(scan.candidates.map(\.still) == [still], "pair DIR pairs it")
        let r = try Self.convertsToValidPair(still, in: dir)
        #expect(r.variant == .sidecarVideo && r.inputMovie == movie)
    }

    @Test func vivoPairDIRPairsTheStillWithItsVideo() throws {
        let (dir, still) = try Self.write(OtherMakerLayouts.vivo(Self.jpeg, jsonID: "42", albumID: "42"), "IMG_1.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.write(Self.mp4, in: dir, name: "IMG_1.MP4")
        let (_, outcomes) = BatchOperations.pair(roots: [dir.path], options: PairOptions(), jobs: 1)
        #expect(outcomes.map(\.status) == [.paired])
        let report = try Verifier.verify(still: still, movie: outcomes.first?.movie ?? movie, strict: false)
        #expect(report.valid, "\(report.errors.map(\.name))")
    }

    @Test func vivoConvertDIRConvertsOnce() throws {
        let (dir, still) = try Self.write(OtherMakerLayouts.vivo(Self.jpeg, jsonID: "7", albumID: "7"), "IMG_7.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Support.write(Self.mp4, in: dir, name: "IMG_7.mp4")
        var options = ConvertOptions()
        options.outputDirectory = dir.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: options.outputDirectory!, withIntermediateDirectories: true)
        let (_, results) = ConvertBatch.toLivePhotos(roots: [dir.path], options: options, jobs: 1)
        #expect(results.map(\.status) == [.converted] && results.first?.input == still)
    }

    @Test func vivoTrailerWhoseIdsDisagreeIsAPlainStill() throws {
        let (dir, still) = try Self.write(OtherMakerLayouts.vivo(Self.jpeg, jsonID: "111", albumID: "222"), "IMG_2.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Support.write(Self.mp4, in: dir, name: "IMG_2.mp4")
        #expect(try MotionPhotoSummary.read(FileSource(path: still)) == nil)
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.findings.map(\.finding) == [.candidate], "matched by name as any still and movie")
        let error = #expect(throws: LivePhotoError.self) { try MotionPhotoToLivePhoto.run(path: still) }
        #expect(error?.description == "\(still): a vivo trailer whose ids disagree (com.android.camera.livephoto 111, cameralbum 222): not read as a Live Photo")
    }

    @Test func vivoWithoutItsVideoIsAMotionPhotoWithoutVideo() throws {
        let (dir, still) = try Self.write(OtherMakerLayouts.vivo(Self.jpeg, jsonID: "9", albumID: "9"), "IMG_9.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.findings.map(\.finding) == [.motionPhotoWithoutVideo])
        let error = #expect(throws: LivePhotoError.self) { try MotionPhotoToLivePhoto.run(path: still) }
        #expect(error?.description == "\(still): a vivo Live Photo (id 9) whose video, IMG_9.mp4, is not beside it")
    }

    @Test func aVivoTrailerWithoutTheLivePhotoKeyIsAPlainStill() throws {
        let (dir, still) = try Self.write(OtherMakerLayouts.vivo(Self.jpeg, jsonID: nil, albumID: "5"), "IMG_5.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try MotionPhotoSummary.read(FileSource(path: still)) == nil)
        #expect(LibraryScanner.scan([dir.path], jobs: 1).findings.isEmpty)
    }
}

extension OtherMakerMotionPhotoTests {
    /// A still cut short (no EOI) whose last bytes are not an EOI is walked for an MP4 at its
    /// end and found to have none: a plain still, not an unreadable file.
    @Test func aStillCutShortIsAPlainStill() throws {
        let (dir, path) = try Self.write(Array(Self.jpeg.prefix(Self.jpeg.count - 4000)), "IMG_1.JPG")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: NotAMotionPhoto.self) { try MotionPhotoReader.read(path: path) }
        #expect(LibraryScanner.scan([dir.path], jobs: 1).findings.allSatisfy { $0.finding != .unreadable })
    }
}
