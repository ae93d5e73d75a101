import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// Issue 21: folders an export broke (`ExportFolders`), repaired by `pair DIR` into pairs that
/// `verify` passes, none across two Live Photos, the media bytes as they were.
@Suite("export repair: split-off Motion Photo videos, edited renditions, capture-time matching")
struct ExportRepairTests {
    /// The media of a file: a JPEG's scan data (and what follows), a HEIC's items but Exif, a
    /// movie's samples (still-image-time tracks aside).
    static func media(_ path: String) throws -> [UInt8] {
        switch try FileKind.detect(path: path) {
        case .jpeg: return try Support.scanData(path)
        case .heic:
            let file = try HEIFFile.open(path: path)
            return try file.locations.items.filter { $0.itemID != file.exifItemID }.sorted { $0.itemID < $1.itemID }
                .flatMap { try file.bytes(of: $0, maximum: Int.max) }
        default: return try Support.sampleBytes(path).sorted { $0.key < $1.key }.flatMap(\.value)
        }
    }

    /// Pairs `folder` (by time too when asked), then checks: exactly the expected pairs were
    /// made, `verify DIR` passes each, each has its own identifier, media bytes kept, the
    /// files named untouched are byte for byte as they were.
    static func repairAndCheck(_ folder: ExportFolders.Folder, byTime: Bool) throws {
        let media = try Dictionary(uniqueKeysWithValues: folder.expected.flatMap { [$0.still, $0.movie] }.map { ($0, try Self.media(folder.file($0))) })
        let untouched = try Dictionary(uniqueKeysWithValues: folder.untouched.map { ($0, try Support.bytes(folder.file($0))) })

        let (_, outcomes) = BatchOperations.pair(roots: [folder.path], options: PairOptions(), byTime: byTime, jobs: 2)
        #expect(outcomes.allSatisfy { $0.status == .paired }, "\(outcomes.filter { $0.status != .paired })")
        let made = outcomes.map { [PathComponents.lastComponent($0.still ?? ""), PathComponents.lastComponent($0.movie ?? "")] }.sorted { $0[0] < $1[0] }
        #expect(made == folder.expected.map { [$0.still, $0.pairedMovie] }.sorted { $0[0] < $1[0] })

        let (_, verified) = BatchOperations.verify(roots: [folder.path], strict: false, jobs: 2)
        let valid = verified.filter { $0.status == .valid }.map { [PathComponents.lastComponent($0.still ?? ""), PathComponents.lastComponent($0.movie ?? "")] }
        #expect(valid.sorted { $0[0] < $1[0] } == made, "\(verified.filter { $0.status != .valid })")
        // One identifier per Live Photo: an edited rendition keeps its original's (as Photos
        // exports them), no other two pairs share one.
        let photos = Dictionary(grouping: outcomes) { $0.identifier ?? "" }.mapValues { Set($0.map { Self.photo($0.still ?? "") }) }
        #expect(photos.values.allSatisfy { $0.count == 1 } && photos.count == Set(folder.expected.map { Self.photo($0.still) }).count, "\(photos)")
        for pair in folder.expected {
            #expect(try Self.media(folder.file(pair.still)) == media[pair.still], "\(pair.still): media kept")
            #expect(try Self.media(folder.file(pair.pairedMovie)) == media[pair.movie], "\(pair.pairedMovie): samples kept")
        }
        for (name, bytes) in untouched { #expect(try Support.bytes(folder.file(name)) == bytes, "\(name) untouched") }
    }

    /// The photo a still belongs to: its name without the extension, `IMG_E1` counted as `IMG_1`.
    static func photo(_ still: String) -> String {
        let stem = PathComponents.lastComponent(PathComponents.deletingExtension(still))
        return stem.hasPrefix("IMG_E") ? "IMG_" + stem.dropFirst(5) : stem
    }

    static func finding(_ scan: LibraryScan, _ folder: ExportFolders.Folder, still: String) -> LibraryFinding? {
        scan.findings.first { $0.still == folder.file(still) }
    }

    /// No file is the still or the movie of two findings.
    static func oneFindingPerFile(_ scan: LibraryScan) {
        let named = scan.findings.flatMap { [$0.still, $0.movie].compactMap { $0 } }
        #expect(named.count == Set(named).count, "\(named)")
    }

    @Test("Takeout: split-off .MP / .MP.MP4 videos are candidates of their stills; a Motion Photo without its video is its own finding")
    func takeoutScan() throws {
        let folder = try ExportFolders.takeout()
        defer { folder.remove() }
        let scan = LibraryScanner.scan([folder.path], jobs: 2)
        Self.oneFindingPerFile(scan)
        for pair in folder.expected {
            let f = try #require(Self.finding(scan, folder, still: pair.still), "\(pair.still)")
            #expect(f.finding == .candidate && f.movie == folder.file(pair.movie) && f.matchedBy == .name, "\(f)")
        }
        let split = try #require(Self.finding(scan, folder, still: "PXL_20230601_120000000.MP.jpg"))
        #expect(split.detail?.hasPrefix("a Motion Photo whose video is not in it, with its video split off beside it") == true)
        let lone = try #require(Self.finding(scan, folder, still: "PXL_20230603_090000000.MP.jpg"))
        #expect(lone.finding == .motionPhotoWithoutVideo && lone.movie == nil)
        #expect(lone.detail?.contains("nothing follows the image") == true, "\(lone.detail ?? "")")
        #expect(scan.count(.motionPhoto) == 0 && scan.count(.unreadable) == 0)
        #expect(scan.files.first { $0.path == folder.file("PXL_20230601_120000000.MP") }?.format == .mp4Movie, "a .MP is a movie by content")
    }

    @Test("inspect: a Motion Photo whose video is gone or whose directory is stale says so, and has no Motion Photo summary")
    func inspectMissingVideo() throws {
        let folder = try ExportFolders.takeout()
        defer { folder.remove() }
        let gone = try Inspector.inspect(path: folder.file("PXL_20230601_120000000.MP.jpg"))
        #expect(gone.motionPhoto == nil && gone.motionPhotoVideoMissing?.contains("nothing follows the image") == true)
        let stale = try Inspector.inspect(path: folder.file("PXL_20230602_080000000.MP.jpg"))
        #expect(stale.motionPhoto == nil && stale.motionPhotoVideoMissing?.contains("does not point at an MP4") == true, "\(stale)")
        let plain = try Inspector.inspect(path: folder.file("IMG_1002.JPG"))
        #expect(plain.motionPhoto == nil && plain.motionPhotoVideoMissing == nil)
    }

    @Test("Takeout: pair DIR makes a Live Photo of every pair, split-off videos too (as X.MP.MOV); sidecars and the lone Motion Photo untouched")
    func takeoutRepair() throws {
        let folder = try ExportFolders.takeout()
        defer { folder.remove() }
        try Self.repairAndCheck(folder, byTime: false)
        // Scanned again: every pair is paired, nothing left to do.
        let again = LibraryScanner.scan([folder.path], jobs: 2)
        #expect(again.candidates(byTime: true).isEmpty && again.count(.paired) == folder.expected.count)
    }

    @Test("Takeout: convert DIR makes a Live Photo of a Motion Photo's split-off video and its still, as new files named as conversions are; the inputs untouched; a rerun finds them",
          arguments: [false, true])
    func takeoutConvert(intoOutputFolder: Bool) throws {
        let folder = try ExportFolders.takeout()
        defer { folder.remove() }
        let inputs = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let before = try inputs.map { try Support.bytes(folder.file($0)) }
        var options = ConvertOptions()
        let out = intoOutputFolder ? folder.url.appendingPathComponent("out") : folder.url
        if intoOutputFolder {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            options.outputDirectory = out.path
        }
        let (_, results) = ConvertBatch.toLivePhotos(roots: [folder.path], options: options, jobs: 2)
        let converted = results.filter { $0.status == .converted }
        let lone = try #require(results.first { $0.status == .unreadable })
        #expect(converted.count == 2 && results.count == 3 && lone.input == folder.file("PXL_20230603_090000000.MP.jpg") && lone.exitCode == .unreadable)
        #expect(lone.error?.contains("a Motion Photo without its video: the XMP says Motion Photo but nothing follows the image") == true, "\(lone.error ?? "")")
        #expect(converted.map { PathComponents.lastComponent($0.input) }.sorted() == ["PXL_20230601_120000000.MP.jpg", "PXL_20230602_080000000.MP.jpg"])
        let written = ["PXL_20230601_120000000.MOV", "PXL_20230601_120000000.jpg", "PXL_20230602_080000000.MOV", "PXL_20230602_080000000.jpg"]
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: out.path)).subtracting(inputs + ["out"]).sorted() == written)
        for r in converted {
            let (still, movie) = (try #require(r.still), try #require(r.movie))
            #expect(try Verifier.verify(still: still, movie: movie, strict: false).valid)
            #expect(try Self.media(still) == Self.media(r.input) && Self.media(movie) == Self.media(try #require(r.inputMovie)))
            // The result reports the pair written: its identifier and its still time.
            var check = PairOptions()
            check.dryRun = true
            let written = try PairOperation.run(still: still, movie: movie, options: check)
            #expect(written.status == .alreadyPaired)
            #expect(r.identifier != nil && r.identifier == written.identifier, "\(String(describing: r.identifier))")
            #expect(r.stillTime == ReportedSeconds(exactly: written.stillTime), "\(String(describing: r.stillTime))")
        }
        #expect(try inputs.map { try Support.bytes(folder.file($0)) } == before)

        let (_, again) = ConvertBatch.toLivePhotos(roots: [folder.path], options: options, jobs: 2)
        #expect(again.map(\.status) == [.unreadable, .alreadyConverted, .alreadyConverted], "\(again)")
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: out.path)).subtracting(inputs + ["out"]).sorted() == written)
    }

    @Test("iCloud: IMG_E renditions pair with their own movies, never with the original's, by name or by time")
    func iCloudRepair() throws {
        let folder = try ExportFolders.iCloud()
        defer { folder.remove() }
        let scan = LibraryScanner.scan([folder.path], jobs: 2)
        Self.oneFindingPerFile(scan)
        #expect(scan.candidates(byTime: true).map { PathComponents.lastComponent($0.still ?? "") }.sorted() == folder.expected.map(\.still).sorted())
        #expect(scan.findings.allSatisfy { $0.still != folder.file("IMG_E2002.JPG") && $0.still != folder.file("IMG_E2003.JPG") })
        try Self.repairAndCheck(folder, byTime: true)
    }

    @Test("edited renditions sharing the original's identifier: each pairs with its own movie; alone, never across")
    func renditionsByIdentifier() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_3001.JPG")
        let movie = try Support.copy(Support.fixture("movie-audio.mov"), to: dir, as: "IMG_3001.MOV")
        _ = try PairOperation.run(still: still, movie: movie)
        // Photos' edited rendition keeps the Live Photo's identifier.
        try Support.copy(still, to: dir, as: "IMG_E3001.JPG")
        try Support.copy(movie, to: dir, as: "IMG_E3001.MOV")
        try Support.copy(still, to: dir, as: "IMG_E3002.JPG")
        try Support.copy(movie, to: dir, as: "IMG_3002.MOV")
        let scan = LibraryScanner.scan([dir.path], jobs: 2)
        let paired = scan.findings.filter { $0.finding == .paired }.map { [$0.still, $0.movie].compactMap { $0.map(PathComponents.lastComponent) } }
        #expect(paired.sorted { $0[0] < $1[0] } == [["IMG_3001.JPG", "IMG_3001.MOV"], ["IMG_E3001.JPG", "IMG_E3001.MOV"]])
        let lone = try #require(scan.findings.first { $0.still == dir.appendingPathComponent("IMG_E3002.JPG").path })
        #expect(lone.finding == .stillWithoutMovie && lone.detail?.contains("never paired across") == true, "\(lone)")
        let loneMovie = try #require(scan.findings.first { $0.movie == dir.appendingPathComponent("IMG_3002.MOV").path })
        #expect(loneMovie.finding == .movieWithoutStill && loneMovie.detail?.contains("edited rendition's still") == true, "\(loneMovie)")
        // Each names the identifier on its own side only: the other side is a different file.
        let id = try #require(lone.identifier)
        #expect(lone.stillIdentifier == id && lone.movieIdentifier == nil && lone.movie == nil, "\(lone)")
        #expect(loneMovie.identifier == id && loneMovie.movieIdentifier == id && loneMovie.stillIdentifier == nil && loneMovie.still == nil, "\(loneMovie)")
    }

    @Test("time: scan names the one still and movie taken at the same moment; pair DIR leaves them, pair --by-time pairs them; ambiguous ones left alone")
    func byTimeRepair() throws {
        let folder = try ExportFolders.byTime()
        defer { folder.remove() }
        let scan = LibraryScanner.scan([folder.path], jobs: 2)
        Self.oneFindingPerFile(scan)
        let candidate = try #require(Self.finding(scan, folder, still: "DSC_1000.JPG"))
        #expect(candidate.finding == .candidate && candidate.matchedBy == .captureTime && candidate.movie == folder.file("VID_20240102_030404.mp4"))
        let ambiguous = try #require(Self.finding(scan, folder, still: "DSC_1001.JPG"))
        #expect(ambiguous.finding == .captureTimeAmbiguous && ambiguous.matches == [folder.file("VID_A.mov"), folder.file("VID_B.mov")], "\(ambiguous)")
        #expect(Self.finding(scan, folder, still: "DSC_1002.JPG") == nil)
        let sidecar = try #require(Self.finding(scan, folder, still: "PHOTO_2000.jpg"), "no EXIF date: the Takeout sidecar's time")
        #expect(sidecar.matchedBy == .captureTime && sidecar.movie == folder.file("VID_sidecar.mov"))
        #expect(scan.candidates.isEmpty && scan.candidates(byTime: true).count == 2)
        #expect(scan.pairs.isEmpty, "verify DIR does not take a guess by time for a pair")

        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { try Support.bytes(folder.file($0)) }
        let (_, byDefault) = BatchOperations.pair(roots: [folder.path], options: PairOptions(), jobs: 2)
        #expect(byDefault.isEmpty, "nothing is paired by time unless asked")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { try Support.bytes(folder.file($0)) } == before)
        try Self.repairAndCheck(folder, byTime: true)
    }

    @Test("the same-moment rule: zones applied, the movie's start or middle within 2 s, mvhd only against a zoned still")
    func sameMomentRule() {
        let zoned = CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "+02:00")
        let local = CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: nil)
        func same(_ still: CaptureTime?, date: String? = nil, header: String? = nil, ms: Int64? = 3000) -> Bool {
            CaptureTimeMatch.sameMoment(still: still, movieCreationDate: CaptureTime.iso8601(date), movieHeader: CaptureTime.iso8601(header), movieMilliseconds: ms)
        }
        #expect(same(zoned, header: "2024-06-01T09:59:58Z"))
        #expect(same(zoned, header: "2024-06-01T10:00:02Z"), "2 s before the movie's start: the tolerance's edge is in")
        #expect(!same(zoned, header: "2024-06-01T10:00:03Z", ms: 0))
        #expect(!same(zoned, header: "2024-06-01T09:59:57Z", ms: 0))
        #expect(same(zoned, header: "2024-06-01T09:59:55Z", ms: 8000), "4 s into an 8 s movie: its middle")
        #expect(!same(zoned, header: "2024-06-01T12:00:00Z"), "a zone mistake is not the same moment")
        #expect(!same(local, header: "2024-06-01T10:00:00Z"), "a local time against UTC: unknown")
        #expect(same(local, date: "2024-06-01T12:00:01-0500"), "wall clock against the creationdate's own")
        #expect(same(zoned, date: "2024-06-01T11:00:01+0100"))
        #expect(!same(zoned, date: "2024-06-01T12:00:01+0100"))
        #expect(!same(nil, date: "2024-06-01T12:00:00+0200"))
    }
}
