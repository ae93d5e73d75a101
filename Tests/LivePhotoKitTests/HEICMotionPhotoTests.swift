import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// `convert` with Samsung HEIC Motion Photos (the MP4 in a top-level `mpvd` box) and HEIC Live
/// Photos: the still stays HEIC with every item but the XMP/Exif byte for byte, libheif decodes
/// the same pixels, exiftool and ffprobe read the results.
@Suite(.requires(.python3, .heifEnc))
struct HEICMotionPhotoTests {
    static func build() throws -> (dir: URL, manifest: [String: MotionPhotoFixtures.Entry]) { try MotionPhotoFixtures.build(heic: true) }

    static func outDir(_ dir: URL, _ name: String = "out") throws -> (URL, ConvertOptions) {
        let out = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        var options = ConvertOptions()
        options.outputDirectory = out.path
        return (out, options)
    }

    static func xmpText(_ path: String) throws -> String? {
        let file = try HEIFFile.open(path: path)
        return try HEICMotionPhoto.xmpItem(in: file).map { String(decoding: try file.itemBytes($0), as: UTF8.self) }
    }

    @Test func motionToLiveKeepsEveryItemAndThePixels() throws {
        let (dir, manifest) = try Self.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (out, options) = try Self.outDir(dir)
        let mp4Samples = try Support.sampleBytes(Support.fixture("movie-mp4.mp4"))
        for (name, frame) in [("20240606_101010.heic", 18), ("20240707_101010.heic", 15)] {
            let input = dir.appendingPathComponent(name).path
            let before = try Support.bytes(input)
            let entry = try #require(manifest[name])
            let r = try MotionPhotoToLivePhoto.run(path: input, options: options)
            #expect(try Support.bytes(input) == before, "inputs are never modified")
            let stem = String(name.dropLast(5))
            #expect(r.still == out.appendingPathComponent(stem + ".HEIC").path && r.movie == out.appendingPathComponent(stem + ".MOV").path)
            #expect(r.variant == .samsungHEIC && r.videoBytes == entry.video?[1])
            let still = try #require(r.still), movie = try #require(r.movie)
            // The still is the HEIF file before `mpvd`: no video box, every item but XMP and Exif byte for byte.
            let original = dir.appendingPathComponent("heif-" + name).path
            try Data(before.prefix(Int(entry.primary!))).write(to: URL(fileURLWithPath: original))
            #expect(try HEIFFile.open(path: still).topLevel.first("mpvd") == nil)
            let oldFile = try HEIFFile.open(path: original)
            let changed = Set([HEICMotionPhoto.xmpItem(in: oldFile), oldFile.exifItemID].compactMap { $0 })
            let oldItems = try HEICPairTests.itemBytes(original), newItems = try HEICPairTests.itemBytes(still)
            #expect(oldItems.count >= 3, "image, thumbnail, Exif (and XMP)")
            for (id, bytes) in oldItems where !changed.contains(id) { #expect(newItems[id] == bytes, "\(name): item \(id)") }
            if let a = try HEICPairTests.decoded(original, in: dir), let b = try HEICPairTests.decoded(still, in: dir) {
                #expect(a == b, "\(name): libheif decodes the same pixels")
            }
            // The XMP lost the Motion Photo properties and kept the rest.
            if let xmp = try Self.xmpText(still) {
                #expect(!xmp.contains("MotionPhoto") && !xmp.contains("Container:Directory") && xmp.contains("synthetic motion photo"), "\(xmp)")
            }
            let report = try Verifier.verify(still: still, movie: movie, strict: false)
            #expect(report.valid, "\(name): \(report.checks.filter { !$0.passed }.map(\.name))")
            #expect(report.stillIdentifier == r.identifier)
            #expect(abs((r.stillTime?.seconds ?? -1) - MotionPhotoConvertTests.frame(frame)) < 0.002, "\(name): \(r.stillTime?.seconds ?? -1)")
            #expect(try Support.sampleBytes(movie)[1] == mp4Samples[1], "the video samples are the MP4's")
            if entry.timestampUs == -1 { #expect(r.warnings?.contains { $0.contains("nearest the middle") } == true) }
            if name == "20240606_101010.heic" {
                #expect(r.warnings?.contains { $0.contains("the box is used") } == true, "lying XMP length: \(r.warnings ?? [])")
            }
            if let exiftool = Support.tool("exiftool") {
                let x = try Support.run(exiftool, ["-s3", "-MediaGroupUUID", "-MotionPhoto", still])
                #expect(x.out.trimmingCharacters(in: .whitespacesAndNewlines) == r.identifier, "exiftool: \(x.out)")
            }
            if let heifInfo = Support.tool("heif-info") {
                #expect(try Support.run(heifInfo, [still]).status == 0)
            }
            // The check run on every written still passes it, and refuses the input's still
            // (the HEIF before `mpvd`), whose XMP, when it has one, says Motion Photo.
            try HEICMotionPhotoStill.refuseMotionPhotoXMP(HEIFFile.open(path: still))
            if name == "20240606_101010.heic" {
                #expect(try Self.xmpText(original)?.contains("MotionPhoto") == true)
                #expect { try HEICMotionPhotoStill.refuseMotionPhotoXMP(HEIFFile.open(path: original)) } throws: {
                    "\($0)".contains("the written still's XMP still says Motion Photo")
                }
            }
        }
        #expect(Support.temporaries(in: out).isEmpty)
    }

    /// What the HEIC still was before the conversion used one temporary file: the still
    /// without the video written whole (its XMP edited), then `pair`'s HEIC writer from that
    /// file to a new one (the code the conversion ran then, which `pair` still runs).
    static func twoStepStill(_ input: String, identifier: String, in dir: URL) throws -> [UInt8] {
        let photo = try HEICMotionPhoto.read(source: FileSource(path: input))
        let unpaired = dir.appendingPathComponent("two-step-unpaired.heic").path
        let paired = dir.appendingPathComponent("two-step-paired.heic").path
        defer { try? FileManager.default.removeItem(atPath: unpaired); try? FileManager.default.removeItem(atPath: paired) }
        if let id = photo.xmpItemID, let xmp = photo.xmp, MotionPhotoToLivePhoto.removeVideo(from: xmp, keepingGainMap: false) {
            let edit = try HEIFItemEdit(file: photo.still, replacing: id, newItem: nil, data: xmp.xmlBytes(), allowInPlace: true)
            try HEIFWholeFileWriter.prepare(edit, targetPath: unpaired).commit()
        } else {
            try Data(try Support.bytes(input).prefix(Int(photo.mpvd.offset))).write(to: URL(fileURLWithPath: unpaired))
        }
        try HEICIdentifierWriter.prepare(sourcePath: unpaired, targetPath: paired, identifier: identifier, replaceForeignMakerNote: false).write.commit()
        return try Support.bytes(paired)
    }

    /// HEIC conversions write one temporary file per output and leave exactly their outputs;
    /// the still has the bytes the two-file path wrote, on the generator's Motion Photos and on
    /// synthetic layouts (no Exif item, so `meta` grows; Exif in `idat`; several extents; 8-byte
    /// fields...) followed by an `mpvd` box; and back to a Motion Photo, one file again.
    @Test func heicConversionsWriteOneFileWithTheTwoStepBytes() throws {
        let (dir, _) = try Self.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        var inputs = ["20240606_101010.heic", "20240707_101010.heic"].map { dir.appendingPathComponent($0).path }
        let mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let mpvd = HEICLiveToMotionPhoto.mpvdHeader(payloadSize: UInt64(mp4.count)) + mp4
        let source = try HEIFFile.open(path: HEICPairTests.heicFixture)
        for (i, layout) in HEIFRelayout.variants.enumerated() {
            let path = dir.appendingPathComponent("2024010\(i % 10)_10101\(i / 10).heic").path
            try Data(try layout.build(from: source) + mpvd).write(to: URL(fileURLWithPath: path))
            inputs.append(path)
        }
        let identifier = "0F9A7C4E-2B6D-4C1A-9E3F-5A8B7C6D4E21"
        for (i, input) in inputs.enumerated() {
            let (out, base) = try Self.outDir(dir, "live-\(i)")
            var options = base
            options.identifier = .given(identifier)
            let r = try MotionPhotoToLivePhoto.run(path: input, options: options)
            let stem = PathComponents.lastComponent(PathComponents.deletingExtension(input))
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out.path)) == [stem + ".HEIC", stem + ".MOV"], "\(input)")
            let still = try #require(r.still), movie = try #require(r.movie)
            #expect(try Support.bytes(still) == (try Self.twoStepStill(input, identifier: identifier, in: dir)), "\(input)")
            #expect(try StillReading.contentIdentifier(path: still) == identifier)

            let (back, backOptions) = try Self.outDir(dir, "motion-\(i)")
            let m = try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: backOptions)
            #expect(m.status == .converted)
            #expect(try FileManager.default.contentsOfDirectory(atPath: back.path) == [stem + ".MP.HEIC"], "\(input)")
        }
    }

    @Test func brokenHEICMotionPhotosGetOneLineErrorsAndLeaveNothing() throws {
        let (dir, _) = try Self.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (out, options) = try Self.outDir(dir)
        let reasons = ["mpvd-past-end.heic": "truncated", "mpvd-no-ftyp.heic": "holds no MP4",
                       "mpvd-not-last.heic": "not the last box (a 'free' box follows it)", "mpvd-truncated-video.heic": "the embedded video"]
        for (name, reason) in reasons {
            do {
                _ = try MotionPhotoToLivePhoto.run(path: dir.appendingPathComponent("broken/" + name).path, options: options)
                Issue.record("\(name) was converted")
            } catch let e as LivePhotoError {
                #expect(e.category == .unreadable, "\(name)")
                #expect(e.reason.contains(reason), "\(name): \(e.reason)")
                #expect(e.description.hasPrefix(dir.appendingPathComponent("broken/" + name).path) && !e.description.contains("\n"), "\(e.description)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "nothing left behind")
    }

    /// A HEIC without XMP gets an XMP item (`mime`, application/rdf+xml) describing the primary.
    @Test func liveToMotionAddsAnXMPItemWhenThereIsNone() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG_0003.HEIC")
        let movie = try Support.copy(Support.fixture("movie-audio.mov"), to: dir, as: "IMG_0003.MOV")
        let paired = try PairOperation.run(still: still, movie: movie)
        let original = try Support.bytes(still)
        let r = try LivePhotoToMotionPhoto.run(still: still, movie: movie)
        #expect(try Support.bytes(still) == original)
        let motion = try #require(r.motionPhoto)
        #expect(motion == dir.appendingPathComponent("IMG_0003.MP.HEIC").path && r.variant == .samsungHEIC)
        let file = try HEIFFile.open(path: motion)
        let xmpID = try #require(HEICMotionPhoto.xmpItem(in: file))
        #expect(file.itemInfo.entry(xmpID)?.contentType == "application/rdf+xml")
        #expect(file.references.targets(of: xmpID, type: "cdsc") == [file.primaryItemID])
        let oldItems = try HEICPairTests.itemBytes(still), newItems = try HEICPairTests.itemBytes(motion)
        for (id, bytes) in oldItems { #expect(newItems[id] == bytes, "item \(id)") }
        // The file ends with `mpvd` holding the MP4, which ffprobe reads.
        let photo = try HEICMotionPhoto.read(source: FileSource(path: motion))
        #expect(photo.mpvd.end == UInt64(try Support.bytes(motion).count) && photo.video.length == r.videoBytes)
        #expect(photo.presentationTimestampUs == Int64((paired.stillTime * 1e6).rounded(.up)))
        let mp4 = dir.appendingPathComponent("embedded.mp4").path
        try Data(try photo.source.read(at: photo.video.offset, count: Int(photo.video.length))).write(to: URL(fileURLWithPath: mp4))
        if let ffprobe = Support.tool("ffprobe") {
            let p = try Support.run(ffprobe, ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", mp4])
            #expect(p.status == 0 && p.out.contains("video") && p.err.isEmpty, "\(p.err)")
        }
        if let a = try HEICPairTests.decoded(still, in: dir), let b = try HEICPairTests.decoded(motion, in: dir) { #expect(a == b) }
        if let exiftool = Support.tool("exiftool") {
            let x = try Support.run(exiftool, ["-s3", "-MotionPhoto", "-MotionPhotoVersion", "-MotionPhotoPresentationTimestampUs", motion])
            #expect(x.out.split(separator: "\n").map(String.init) == ["1", "1", String(photo.presentationTimestampUs!)], "\(x.out)")
            // exiftool finds the video in `mpvd` on its own.
            #expect(try MotionPhotoFixtures.exiftoolBinary("MotionPhotoVideo", motion) == Support.bytes(mp4))
        }
    }

    /// A real iPhone HEIC (grid of tiles, XMP item) paired, then Live → Motion → Live → Motion:
    /// equal pairs, the same tiles, the same video packets and still time.
    @Test(.requires(.corpus))
    func corpusGridHEICRoundTrips() throws {
        let (dir, still, movie, paired) = try MotionPhotoFixtures.pairedCopies(still: Support.corpusFile("iphone-heic/IMG_2927.HEIC"), stillName: "IMG_2927.HEIC")
        defer { try? FileManager.default.removeItem(at: dir) }
        let motion = try LivePhotoToMotionPhoto.run(still: still, movie: movie)
        let motionPath = try #require(motion.motionPhoto)
        #expect(try Self.xmpText(motionPath)?.contains("MotionPhotoPresentationTimestampUs") == true)
        if let heifInfo = Support.tool("heif-info") { #expect(try Support.run(heifInfo, [motionPath]).status == 0) }

        let (back, options) = try Self.outDir(dir, "back")
        var withID = options
        withID.identifier = .given(paired.identifier)
        let live = try MotionPhotoToLivePhoto.run(path: motionPath, options: withID)
        #expect(live.still == back.appendingPathComponent("IMG_2927.HEIC").path)
        let report = try Verifier.verify(still: live.still!, movie: live.movie!, strict: false)
        #expect(report.valid && report.stillIdentifier == paired.identifier && report.movieIdentifier == paired.identifier)
        #expect(abs((live.stillTime?.seconds ?? -1) - paired.stillTime) < 0.001)
        let tiles = try HEICPairTests.itemBytes(still), again = try HEICPairTests.itemBytes(live.still!)
        let file = try HEIFFile.open(path: still)
        let changed = Set([HEICMotionPhoto.xmpItem(in: file), file.exifItemID].compactMap { $0 })
        #expect(tiles.count > 40)
        for (id, bytes) in tiles where !changed.contains(id) { #expect(again[id] == bytes, "item \(id)") }
        #expect(try Self.xmpText(live.still!).map { !$0.contains("MotionPhoto") } ?? false)

        // Motion → Live → Motion: the same video packets, the same time within a frame.
        let (rt, rtOptions) = try Self.outDir(dir, "rt")
        let motion2 = try LivePhotoToMotionPhoto.run(still: live.still!, movie: live.movie!, options: rtOptions)
        #expect(motion2.motionPhoto == rt.appendingPathComponent("IMG_2927.MP.HEIC").path)
        let a = try HEICMotionPhoto.read(source: FileSource(path: motionPath)), b = try HEICMotionPhoto.read(source: FileSource(path: motion2.motionPhoto!))
        if Support.tool("ffmpeg") != nil {
            var hashes: [[String]] = []
            for (i, photo) in [a, b].enumerated() {
                let mp4 = dir.appendingPathComponent("video-\(i).mp4").path
                try Data(try photo.source.read(at: photo.video.offset, count: Int(photo.video.length))).write(to: URL(fileURLWithPath: mp4))
                hashes.append(try MotionPhotoFixtures.packetHashes(mp4))
            }
            #expect(!hashes[0].isEmpty && hashes[0] == hashes[1], "the same video packets")
        }
        #expect(a.presentationTimestampUs == b.presentationTimestampUs)
        let items2 = try HEICPairTests.itemBytes(motion2.motionPhoto!)
        for (id, bytes) in tiles where !changed.contains(id) { #expect(items2[id] == bytes, "item \(id)") }
    }

    /// Folder mode picks HEIC Motion Photos and HEIC Live Photo pairs up.
    @Test func foldersConvertHEICBothWays() throws {
        let (dir, _) = try Self.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let src = dir.appendingPathComponent("src")
        try FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        _ = try Support.copy(dir.appendingPathComponent("20240606_101010.heic").path, to: src)
        let (live, options) = try Self.outDir(dir, "live")
        let toLive = ConvertBatch.toLivePhotos(roots: [src.path], options: options, jobs: 2)
        #expect(toLive.results.map(\.status) == [.converted], "\(toLive.results.map { $0.error ?? "" })")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: live.path)) == ["20240606_101010.HEIC", "20240606_101010.MOV"])
        let (motion, motionOptions) = try Self.outDir(dir, "motion")
        let toMotion = ConvertBatch.toMotionPhotos(roots: [live.path], options: motionOptions, jobs: 2)
        #expect(toMotion.results.map(\.status) == [.converted], "\(toMotion.results.map { $0.error ?? "" })")
        #expect(try FileManager.default.contentsOfDirectory(atPath: motion.path) == ["20240606_101010.MP.HEIC"])
        #expect(ConvertBatch.exitCode(toLive.results, scan: toLive.scan) == .ok)
        // scan reports the written one as a Motion Photo, with its presentation time.
        let summary = try #require(try MotionPhotoSummary.readHEIC(FileSource(path: motion.appendingPathComponent("20240606_101010.MP.HEIC").path)))
        #expect(summary.variant == .samsungHEIC && summary.presentationTime.map { abs($0 - 1.2) < 0.001 } == true)
    }
}
