import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// Independent readers (Debian's exiftool and ffprobe) must see what `pair` wrote.
@Suite("pair: cross-checked with exiftool and ffprobe")
struct CrossCheckTests {
    static let exiftool = Support.tool("exiftool")
    static let ffprobe = Support.tool("ffprobe")

    /// `exiftool -j -G1 -n` of one file as a dictionary.
    static func exif(_ path: String, _ extra: [String] = []) throws -> [String: Any] {
        let r = try Support.run(try Support.requireTool("exiftool"), ["-j", "-a", "-G1", "-n"] + extra + [path])
        guard r.status == 0 else { throw ReaderFailure(reader: "exiftool", file: path, result: r) }
        let list = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]]
        return list?.first ?? [:]
    }

    @Test("exiftool reads the identifier in both files and StillImageTime -1", .requires(.exiftool), arguments: ["movie-moov-last.mov", "movie-moov-first.mov", "movie-audio.mov", "movie-co64.mov", "movie-no-ftyp.mov"])
    func exiftoolSeesPair(_ movieName: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture(movieName), to: dir)
        let result = try PairOperation.run(still: still, movie: movie)
        let s = try Self.exif(still)
        let stillID = (s["Apple:MediaGroupUUID"] ?? s["Apple:ContentIdentifier"]) as? String
        #expect(stillID == result.identifier)
        let m = try Self.exif(movie, ["-ee"])
        #expect(m["Keys:ContentIdentifier"] as? String == result.identifier)
        let sit = m.first { $0.key.hasSuffix(":StillImageTime") }?.value
        #expect((sit as? Int) == -1, "StillImageTime \(String(describing: sit))")
    }

    @Test("exiftool: pairing changes no EXIF tag other than the MakerNote's identifier", .requires(.exiftool), arguments: ["still-exif-icc-xmp.jpg", "still-apple-makernote.jpg", "still-jpeg-trailer.jpg"])
    func exiftoolNoOtherChange(_ stillName: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture(stillName), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        var before = try Self.exif(still)
        _ = try PairOperation.run(still: still, movie: movie)
        var after = try Self.exif(still)
        for key in Array(before.keys) + Array(after.keys) where key.hasPrefix("System:") || key.hasPrefix("File:") || key == "SourceFile"
            || key.hasSuffix("MediaGroupUUID") || key.hasSuffix("ContentIdentifier") || key.hasPrefix("ExifTool:") {
            before[key] = nil; after[key] = nil
        }
        #expect(before.keys.sorted() == after.keys.sorted())
        for (key, value) in before { #expect("\(value)" == "\(after[key] ?? "missing")", "\(key) changed") }
    }

    @Test("ffprobe sees the identifier and a mebx data stream", .requires(.ffprobe), arguments: ["movie-moov-first.mov", "movie-audio.mov", "movie-mp4.mp4"])
    func ffprobeSeesPair(_ movieName: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture(movieName), to: dir)
        var options = PairOptions()
        options.stillTime = .seconds(1.2)
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        // The mebx sample is presented at the still time (ffprobe applies the edit list).
        let packets = try Support.run(Self.ffprobe!, ["-v", "error", "-select_streams", "d", "-show_entries", "packet=pts_time,size", "-of", "csv=p=0", result.movieOutput])
        let fields = packets.out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        #expect(fields.count == 2 && abs((Double(fields[0]) ?? -1) - 1.2) < 0.001 && fields[1] == "9", "mebx packet: \(packets.out)")
        let r = try Support.run(Self.ffprobe!, ["-v", "error", "-show_format", "-show_streams", "-of", "json", result.movieOutput])
        #expect(r.status == 0 && r.err.isEmpty, "ffprobe: \(r.err)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let tags = (doc["format"] as? [String: Any])?["tags"] as? [String: Any]
        #expect(tags?["com.apple.quicktime.content.identifier"] as? String == result.identifier)
        let streams = doc["streams"] as? [[String: Any]] ?? []
        #expect(streams.contains { $0["codec_type"] as? String == "data" && $0["codec_tag_string"] as? String == "mebx" })
        // The video decodes to the same frames as the original.
        if let ffmpeg = Support.reader("ffmpeg") {
            let a = try Support.run(ffmpeg, ["-v", "error", "-i", Support.fixture(movieName), "-map", "0:v", "-f", "md5", "-"])
            let b = try Support.run(ffmpeg, ["-v", "error", "-i", result.movieOutput, "-map", "0:v", "-f", "md5", "-"])
            #expect(a.out == b.out && !a.out.isEmpty)
        }
    }

    @Test("corpus: the iPhone 6 still keeps every MakerNote tag; the Samsung still (no MakerNote) is paired and keeps every other EXIF tag", .requires(.corpus))
    func corpusStills() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.corpusFile("iphone-jpeg/iphone6.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let beforeNote = try #require(try StillImageReader.read(path: still).appleMakerNote)
        let scan = try Support.scanData(still)
        let result = try PairOperation.run(still: still, movie: movie)
        let afterNote = try #require(try StillImageReader.read(path: still).appleMakerNote)
        #expect(afterNote.contentIdentifier == result.identifier)
        #expect(afterNote.entries.filter { $0.tag != 0x11 } == beforeNote.entries.filter { $0.tag != 0x11 })
        #expect(try Support.scanData(still) == scan)
        if Support.reader("exiftool") != nil {
            let apple = try Self.exif(still).filter { $0.key.hasPrefix("Apple:") && !$0.key.hasSuffix("MediaGroupUUID") }
            let original = try Self.exif(Support.corpusFile("iphone-jpeg/iphone6.jpg")).filter { $0.key.hasPrefix("Apple:") }
            #expect(apple.keys.sorted() == original.keys.sorted())
        }

        // This Samsung still has no MakerNote at all (exiftool agrees: no 0x927C in its ExifIFD),
        // so pairing loses nothing and must keep every EXIF tag. Always on a copy: the corpus is
        // never written, whatever the permissions let root do.
        let samsung = try Support.copy(Support.corpusFile("android-jpeg/samsung-sm-g960f.jpg"), to: dir)
        #expect(try StillImageReader.read(path: samsung).makerNote == .none)
        let movie2 = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        let samsungScan = try Support.scanData(samsung)
        let before = Self.exiftool != nil ? try Self.exif(samsung) : [:]
        let paired = try PairOperation.run(still: samsung, movie: movie2)
        #expect(try Support.scanData(samsung) == samsungScan)
        if Self.exiftool != nil {
            #expect(before["ExifIFD:MakerNote"] == nil && before.keys.contains { $0.hasPrefix("Samsung") } == false)
            var after = try Self.exif(samsung)
            #expect((after["Apple:MediaGroupUUID"] ?? after["Apple:ContentIdentifier"]) as? String == paired.identifier)
            var b = before
            for key in Array(b.keys) + Array(after.keys) where key.hasPrefix("System:") || key.hasPrefix("File:") || key.hasPrefix("Apple:") || key.hasPrefix("ExifTool:") || key == "SourceFile" {
                b[key] = nil; after[key] = nil
            }
            #expect(b.keys.sorted() == after.keys.sorted())
            for (key, value) in b { #expect("\(value)" == "\(after[key] ?? "missing")", "\(key) changed") }
        }
    }
}
