import Foundation
import Testing
import ISOBMFF

/// Every file of the corpus, as a user would treat it: `inspect` reads it; `pair --new-id` on a
/// copy (with a partner of the other kind) changes nothing but the identifier (exiftool dumps),
/// keeps decoded pixels, media packets, the camera's still time and every box or segment it
/// did not write byte for byte; a Motion Photo also converts to a pair `verify` passes, whose
/// video packets are the embedded video's. Under `CI=true` a missing corpus fails the run.
@Suite("corpus: every real file, untouched but for the identifier")
struct CorpusWideTests {
    /// Every file in the corpus (README aside), by its path inside it.
    static let files: [String] = {
        let root = Support.corpus
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { !$0.hasSuffix("README.md") && !isDirectory(root.appendingPathComponent($0).path) }
            .sorted()
    }()

    static func isDirectory(_ path: String) -> Bool {
        var dir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &dir) && dir.boolValue
    }

    /// A partner for pairing: the file of the other kind with the same stem in the same folder
    /// (the corpus's real pairs), else a fixed corpus file of that kind.
    static func partner(of relative: String, isStill: Bool) -> String {
        let url = URL(fileURLWithPath: relative)
        let stem = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent().path
        let own = files.first { other in
            let o = URL(fileURLWithPath: other)
            return o.deletingLastPathComponent().path == folder && o.deletingPathExtension().lastPathComponent == stem && other != relative
                && ["mov", "mp4"].contains(o.pathExtension.lowercased()) == isStill
        }
        return own ?? (isStill ? "iphone-movie/iphone15-livephoto.MOV" : "iphone-jpeg/iphone6.jpg")
    }

    @Test("the corpus is there and lists every kind", .requires(.corpus))
    func corpusPresent() {
        #expect(Self.files.contains { $0.lowercased().hasSuffix(".heic") } && Self.files.contains { $0.lowercased().hasSuffix(".mov") })
        #expect(Self.files.count >= 12)
    }

    @Test("inspect, pair --new-id on copies: only the identifier changes", .requires(.corpus, .exiftool, .ffmpeg),
          arguments: CorpusWideTests.files)
    func pairNewIdentifier(relative: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inspected = try Self.inspect(Support.corpusFile(relative))
        let isStill = inspected["kind"] as? String == "still"
        let stillSource = isStill ? relative : Self.partner(of: relative, isStill: false)
        let movieSource = isStill ? Self.partner(of: relative, isStill: true) : relative
        let still = try Self.writableCopy(stillSource, to: dir)
        let movie = try Self.writableCopy(movieSource, to: dir)
        let before = try Snapshot(still: still, movie: movie)

        var arguments = ["pair", "--new-id", still, movie]
        if (try Self.inspect(still)["still"] as? [String: Any])?["makerNote"] as? String == "foreign" {
            // In place, a foreign MakerNote is refused unless asked, and the refusal changes nothing.
            let refused = try CLITests.livephoto(arguments)
            #expect(refused.status == 4, "\(relative): \(refused.err)")
            #expect(try Snapshot(still: still, movie: movie).files == before.files, "\(relative): a refused pair changed a file")
            arguments.insert("--replace-maker-note", at: 1)
        }
        let paired = try CLITests.livephoto(arguments)
        try #require(paired.status == 0, "\(relative): \(paired.err)")
        let verified = try CLITests.livephoto(["verify", still, movie])
        #expect(verified.status == 0, "\(relative): \(verified.out)")
        try before.expectOnlyIdentifierChanged(still: still, movie: movie, label: relative)
    }

    @Test("Motion Photos convert to pairs verify passes, with the embedded video's packets", .requires(.corpus, .ffmpeg),
          arguments: CorpusWideTests.files)
    func convertMotionPhotos(relative: String) throws {
        let source = Support.corpusFile(relative)
        guard try Self.inspect(source)["motionPhoto"] != nil else { return }
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Support.bytes(source)
        let converted = try CLITests.livephoto(["convert", "--json", source, "-o", dir.path])
        try #require(converted.status == 0, "\(relative): \(converted.err)")
        #expect(try Support.bytes(source) == original)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let movieName = try #require(outputs.first { $0.uppercased().hasSuffix(".MOV") })
        let stillName = try #require(outputs.first { !$0.uppercased().hasSuffix(".MOV") })
        let movie = dir.appendingPathComponent(movieName).path, still = dir.appendingPathComponent(stillName).path
        let verified = try CLITests.livephoto(["verify", still, movie])
        #expect(verified.status == 0, "\(relative): \(verified.out)")
        let embedded = dir.appendingPathComponent("embedded.mp4").path
        try Data(try Self.embeddedVideo(source, bytes: original)).write(to: URL(fileURLWithPath: embedded))
        #expect(try MediaPackets.hashes(movie, streams: "v") == MediaPackets.hashes(embedded, streams: "v"), "\(relative)")
    }

    static func inspect(_ path: String) throws -> [String: Any] {
        let r = try CLITests.livephoto(["inspect", "--json", path])
        try #require(r.status == 0, "inspect \(path): \(r.err)")
        return try #require(try CLITests.json(r.out) as? [String: Any])
    }

    static func writableCopy(_ relative: String, to dir: URL) throws -> String {
        let dest = dir.appendingPathComponent(URL(fileURLWithPath: relative).lastPathComponent).path
        try Data(try Support.bytes(Support.corpusFile(relative))).write(to: URL(fileURLWithPath: dest))
        return dest
    }

    /// The MP4 a Motion Photo carries: a Samsung HEIC's top-level `mpvd` payload, else what the
    /// JPEG's directory (or trailer) says, as exiftool extracts it.
    static func embeddedVideo(_ path: String, bytes: [UInt8]) throws -> [UInt8] {
        if let mpvd = ISOBoxes.topLevel(bytes).first(where: { $0.type == "mpvd" }) {
            let payload = Array(bytes[mpvd.payload])
            // One UI 6 puts only the MP4 there; older phones put `sefd` inside after it.
            return Array(payload.prefix(ISOBoxes.topLevel(payload).filter { $0.type != "sefd" }.last.map { $0.range.upperBound } ?? payload.count))
        }
        // The Google directory as exiftool lists it: the items after the primary fill the end
        // of the file in order (exiftool 12.57 has no MotionPhotoVideo tag to extract it).
        let exiftool = try Support.requireTool("exiftool")
        func list(_ tag: String) throws -> [String] {
            try Support.run(exiftool, ["-a", "-s3", "-" + tag, path]).out.split(separator: "\n").map(String.init)
        }
        let semantics = try list("DirectoryItemSemantic"), lengths = try list("DirectoryItemLength").compactMap(Int.init)
        guard semantics.count == lengths.count, let video = semantics.firstIndex(of: "MotionPhoto") else { throw NoEmbeddedVideo(path: path) }
        let start = bytes.count - lengths[video...].reduce(0, +)
        return Array(bytes[start..<start + lengths[video]])
    }
}

struct NoEmbeddedVideo: Error { let path: String }

/// What a pair must keep, read before it runs.
struct Snapshot {
    let files: [String: [UInt8]]
    let tags: [String: [String]]
    let pixels: [String: [String]]
    let packets: [String]
    let stillTime: Double?

    init(still: String, movie: String) throws {
        files = [still: try Support.bytes(still), movie: try Support.bytes(movie)]
        tags = [still: try ExifTool.tags(still), movie: try ExifTool.tags(movie)]
        pixels = [still: try Self.decodedPixels(still)]
        packets = try MediaPackets.hashes(movie, streams: "v|a")
        stillTime = try Self.stillTime(movie)
    }

    static func isHEIC(_ path: String) -> Bool { ["heic", "heif"].contains(URL(fileURLWithPath: path).pathExtension.lowercased()) }

    static func decodedPixels(_ path: String) throws -> [String] {
        isHEIC(path) ? try HEIFDecoder.digests(path) : try MediaPackets.decodedFrames(path)
    }

    static func stillTime(_ movie: String) throws -> Double? {
        let report = try CorpusWideTests.inspect(movie)
        return ((report["movie"] as? [String: Any])?["stillImageTime"] as? [String: Any])?["presentationTime"] as? Double
    }

    /// Tags whose value is the identifier: the only lines an exiftool dump may change.
    static let identifierTags: Set<String> = ["MediaGroupUUID", "ContentIdentifier"]

    func expectOnlyIdentifierChanged(still: String, movie: String, label: String) throws {
        for path in [still, movie] {
            let (removed, added) = ExifTool.diff(before: tags[path] ?? [], after: try ExifTool.tags(path))
            let allowed = { (line: String) -> Bool in
                let name = line.split(separator: "=", maxSplits: 1).first.map { String($0.split(separator: ":").last ?? "") } ?? ""
                // The replaced foreign MakerNote: exiftool's note that it could not read it goes with it.
                return Self.identifierTags.contains(name) || line.hasPrefix("ExifTool:Warning=[minor] Unrecognized MakerNotes")
                    // A HEIC's new Exif lives in an appended `mdat` (nothing of the file moves).
                    || (Self.isHEIC(path) && (line.hasPrefix("QuickTime:MediaDataSize=") || line.hasPrefix("QuickTime:MediaDataOffset=")))
            }
            #expect(removed.filter { !allowed($0) } == [], "\(label): \(path) lost tags")
            #expect(added.filter { !allowed($0) } == [], "\(label): \(path) gained tags")
            #expect(added.contains { Self.identifierTags.contains(String($0.split(separator: "=").first?.split(separator: ":").last ?? "")) },
                    "\(label): \(path) shows no new identifier")
        }
        #expect(try Self.decodedPixels(still) == pixels[still], "\(label): decoded pixels changed")
        #expect(try MediaPackets.hashes(movie, streams: "v|a") == packets, "\(label): media packets changed")
        #expect(try Self.stillTime(movie) == stillTime, "\(label): the still time moved")
        try expectUnwrittenBytesKept(still: still, movie: movie, label: label)
    }

    /// Boxes and segments pairing does not write come out byte for byte: a JPEG without its
    /// EXIF segment; a HEIC's top-level boxes but `meta`, and `meta`'s children but `iloc`; a
    /// movie's top-level boxes but `moov` (at their offsets) and every track and other `moov`
    /// child but `meta`/`udta`.
    func expectUnwrittenBytesKept(still: String, movie: String, label: String) throws {
        let oldStill = files[still] ?? [], newStill = try Support.bytes(still)
        if Self.isHEIC(still) {
            let old = ISOBoxes.topLevel(oldStill), new = ISOBoxes.topLevel(newStill)
            // The Exif item may be rewritten where it lies (inside `mdat`): those bytes are ours.
            let exifRanges = try Self.heifExifRanges(still: still, bytes: oldStill)
            for box in old where box.type != "meta" {
                let kept = box.range.upperBound <= newStill.count
                    && box.range.allSatisfy { i in newStill[i] == oldStill[i] || exifRanges.contains { $0.contains(i) } }
                #expect(kept, "\(label): HEIC \(box.type) at \(box.range.lowerBound) changed outside the Exif item")
            }
            let oldMeta = try #require(old.first { $0.type == "meta" }), newMeta = try #require(new.first { $0.type == "meta" })
            let oldChildren = ISOBoxes.children(oldStill, of: oldMeta, fullBox: true), newChildren = ISOBoxes.children(newStill, of: newMeta, fullBox: true)
            for child in oldChildren where child.type != "iloc" {
                #expect(newChildren.contains { $0.type == child.type && newStill[$0.range] == oldStill[child.range] }, "\(label): meta/\(child.type) changed")
            }
        } else {
            #expect(JPEGSegments.withoutExif(newStill) == JPEGSegments.withoutExif(oldStill), "\(label): JPEG bytes outside EXIF changed")
        }
        let oldMovie = files[movie] ?? [], newMovie = try Support.bytes(movie)
        let old = ISOBoxes.topLevel(oldMovie), new = ISOBoxes.topLevel(newMovie)
        for box in old where box.type != "moov" {
            #expect(box.range.upperBound <= newMovie.count && newMovie[box.range] == oldMovie[box.range], "\(label): movie \(box.type) at \(box.range.lowerBound) changed")
        }
        let oldMoov = try #require(old.first { $0.type == "moov" }), newMoov = try #require(new.first { $0.type == "moov" })
        let newChildren = ISOBoxes.children(newMovie, of: newMoov, fullBox: false)
        for child in ISOBoxes.children(oldMovie, of: oldMoov, fullBox: false) where child.type != "meta" && child.type != "udta" {
            #expect(newChildren.contains { $0.type == child.type && newMovie[$0.range] == oldMovie[child.range] }, "\(label): moov/\(child.type) changed")
        }
    }
}

extension Snapshot {
    /// Where the original HEIC's Exif item lies (absolute file ranges).
    static func heifExifRanges(still: String, bytes: [UInt8]) throws -> [Range<Int>] {
        let copy = still + ".before"
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let file = try HEIFFile.open(path: copy)
        guard let id = file.exifItemID, let location = file.locations.items.first(where: { $0.itemID == id }) else { return [] }
        return try file.dataRanges(of: location).map { Int($0.lowerBound)..<Int($0.upperBound) }
    }
}

/// Box boundaries read independently of the code under test (size, type, 64-bit size, size 0).
enum ISOBoxes {
    struct Box { let type: String; let range: Range<Int>; let payload: Range<Int> }

    static func topLevel(_ bytes: [UInt8]) -> [Box] { boxes(bytes, in: 0..<bytes.count) }

    static func children(_ bytes: [UInt8], of box: Box, fullBox: Bool) -> [Box] {
        let start = box.payload.lowerBound + (fullBox ? 4 : 0)
        return start <= box.payload.upperBound ? boxes(bytes, in: start..<box.payload.upperBound) : []
    }

    static func boxes(_ bytes: [UInt8], in range: Range<Int>) -> [Box] {
        var result: [Box] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            var size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            var header = 8
            if size == 1, at + 16 <= range.upperBound {
                size = bytes[at + 8..<at + 16].reduce(0) { $0 << 8 | Int($1) }
                header = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header, at + size <= range.upperBound else { break }
            result.append(Box(type: String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), range: at..<at + size, payload: at + header..<at + size))
            at += size
        }
        return result
    }
}

/// A JPEG's bytes with its EXIF APP1 segment cut out (marker walk up to SOS, independent of
/// the code under test).
enum JPEGSegments {
    static func withoutExif(_ bytes: [UInt8]) -> [UInt8] {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xDA { break }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let end = at + 2 + length
            guard end <= bytes.count else { break }
            if marker == 0xE1, bytes[(at + 4)...].starts(with: Array("Exif".utf8) + [0, 0]) {
                return Array(bytes[..<at]) + Array(bytes[end...])
            }
            at = end
        }
        return bytes
    }
}

/// ffmpeg's view of a file: per-packet hashes of chosen streams, decoded frames' hashes.
enum MediaPackets {
    /// `streams`: "v", "a" or "v|a" (the video and audio streams; timed metadata has no codec ffmpeg copies).
    static func hashes(_ path: String, streams: String) throws -> [String] {
        let maps = streams.split(separator: "|").flatMap { ["-map", "0:\($0)?"] }
        return try framemd5(path, maps + ["-c", "copy"])
    }

    /// The decoded image's hash (a JPEG still: every pixel as ffmpeg's decoder gives it).
    static func decodedFrames(_ path: String) throws -> [String] {
        try framemd5(path, ["-map", "0:v:0", "-frames:v", "1"])
    }

    static func framemd5(_ path: String, _ arguments: [String]) throws -> [String] {
        let ffmpeg = try Support.requireTool("ffmpeg")
        let r = try Support.run(ffmpeg, ["-v", "error", "-i", path] + arguments + ["-f", "framemd5", "-"])
        guard r.status == 0 else { throw ReaderFailure(reader: "ffmpeg", file: path, result: r) }
        return r.out.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }
}
