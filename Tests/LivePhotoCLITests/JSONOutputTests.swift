import Foundation
import Testing

/// The JSON every command prints is a contract scripts read: these pin each record's key set
/// and the spelling of every status, kind and format (typed enums inside, the same text out).
@Suite("JSON output: keys and values")
struct JSONOutputTests {
    static let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try object(String($0)) }
    }

    /// A folder with a pair to make (`IMG_1`), a pair whose still has a foreign MakerNote
    /// (`IMG_3`, refused), a lone movie (`CLIP`) and a file that is not an image (`BAD.JPG`).
    static func library() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (from, to) in [("still-apple-makernote.jpg", "IMG_1.JPG"), ("movie-moov-last.mov", "IMG_1.MOV"),
                           ("still-foreign-makernote.jpg", "IMG_3.JPG"), ("movie-moov-first.mov", "IMG_3.MOV")] {
            try FileManager.default.copyItem(atPath: CLITests.fixture(from), toPath: dir.appendingPathComponent(to).path)
        }
        try Data("junk\n".utf8).write(to: dir.appendingPathComponent("BAD.JPG"))
        return dir
    }

    @Test("pair --json: one document with its keys; already paired on the rerun")
    func pairDocument() throws {
        let dir = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = dir.appendingPathComponent("IMG_1.JPG").path, movie = dir.appendingPathComponent("IMG_1.MOV").path
        let keys: Set<String> = ["still", "movie", "stillOutput", "movieOutput", "identifier", "stillTime", "status", "movieWrite", "stillWrite", "stillImageTime"]

        let dry = try CLITests.livephoto("pair", "--json", "--dry-run", "--id", Self.id.lowercased(), still, movie)
        #expect(dry.status == 0, "\(dry.err)")
        let planned = try Self.object(dry.out)
        #expect(Set(planned.keys) == keys)
        #expect(planned["status"] as? String == "dry-run" && planned["movieWrite"] as? String == "tail-append" && planned["stillWrite"] as? String == "rewrite")
        #expect(planned["identifier"] as? String == Self.id && planned["stillImageTime"] as? String == "added")
        // The text names both methods too.
        let text = try CLITests.livephoto("pair", "--dry-run", still, movie).out
        #expect(text.contains("would write: \(still) (rewrite)") && text.contains("would write: \(movie) (tail-append)"), "\(text)")

        let first = try Self.object(try CLITests.livephoto("pair", "--json", "--id", Self.id, still, movie).out)
        #expect(Set(first.keys) == keys)
        #expect(first["status"] as? String == "paired" && first["movieWrite"] as? String == "tail-append" && first["stillWrite"] as? String == "rewrite")
        #expect(first["still"] as? String == still && first["movieOutput"] as? String == movie)

        let again = try Self.object(try CLITests.livephoto("pair", "--json", still, movie).out)
        #expect(again["status"] as? String == "already-paired" && again["movieWrite"] as? String == "none" && again["stillWrite"] as? String == "none")
        #expect(again["stillImageTime"] as? String == "kept" && again["identifier"] as? String == Self.id)
    }

    @Test("pair, verify and make on a folder: JSON Lines with status and a numeric exitCode")
    func batchLines() throws {
        let dir = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pair = try CLITests.livephoto("pair", "--json", "-j", "1", dir.path)
        #expect(pair.status == 3)
        let records = try Self.lines(pair.out)
        let byStill = Dictionary(uniqueKeysWithValues: records.map { (($0["still"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } ?? "", $0) })
        #expect(Set(byStill.keys) == ["BAD.JPG", "IMG_1.JPG", "IMG_3.JPG"])
        let bad = try #require(byStill["BAD.JPG"]), paired = try #require(byStill["IMG_1.JPG"]), refused = try #require(byStill["IMG_3.JPG"])
        #expect(Set(bad.keys) == ["still", "status", "error", "exitCode"])
        #expect(bad["status"] as? String == "failed" && bad["exitCode"] as? Int == 3)
        #expect(Set(paired.keys) == ["still", "movie", "status", "identifier", "stillTime", "stillImageTime", "exitCode"])
        #expect(paired["status"] as? String == "paired" && paired["exitCode"] as? Int == 0 && paired["stillImageTime"] as? String == "added")
        #expect(refused["status"] as? String == "failed" && refused["exitCode"] as? Int == 4)

        let verify = try Self.lines(try CLITests.livephoto("verify", "--json", "-j", "1", dir.path).out)
        let valid = try #require(verify.first { ($0["still"] as? String)?.hasSuffix("IMG_1.JPG") == true })
        #expect(Set(valid.keys) == ["still", "movie", "status", "identifier", "failedChecks", "warningChecks", "exitCode"])
        #expect(valid["status"] as? String == "valid" && valid["exitCode"] as? Int == 0)
        let invalid = try #require(verify.first { ($0["still"] as? String)?.hasSuffix("IMG_3.JPG") == true })
        #expect(invalid["status"] as? String == "invalid" && invalid["exitCode"] as? Int == 1)

        try FileManager.default.copyItem(atPath: CLITests.fixture("movie-audio.mov"), toPath: dir.appendingPathComponent("CLIP.MOV").path)
        let make = try Self.lines(try CLITests.livephoto("make", "--json", "-j", "1", dir.path).out)
        let made = try #require(make.first { ($0["movie"] as? String)?.hasSuffix("CLIP.MOV") == true })
        #expect(Set(made.keys) == ["still", "movie", "status", "identifier", "stillTime", "exitCode"])
        #expect(made["status"] as? String == "made" && made["exitCode"] as? Int == 0)
    }

    @Test("inspect --json: kind, format, makerNote and moovPosition as before")
    func inspectValues() throws {
        let r = try CLITests.livephoto("inspect", "--json", CLITests.fixture("still-apple-makernote.jpg"), CLITests.fixture("still-foreign-makernote.jpg"),
                                       CLITests.fixture("still-no-exif.jpg"), CLITests.fixture("still-heic.heic"), CLITests.fixture("movie-moov-first.mov"), CLITests.fixture("movie-mp4.mp4"))
        #expect(r.status == 0, "\(r.err)")
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [[String: Any]])
        #expect(reports.map { $0["kind"] as? String } == ["still", "still", "still", "still", "movie", "movie"])
        #expect(reports.map { $0["format"] as? String } == ["jpeg", "jpeg", "jpeg", "heic", "quicktime", "mp4"])
        let stills = reports.prefix(3).map { $0["still"] as? [String: Any] }
        #expect(stills.map { $0?["makerNote"] as? String } == ["apple", "foreign", "none"])
        #expect(stills[1]?["makerNoteMaker"] as? String == "Canon")
        let movies = reports.suffix(2).map { $0["movie"] as? [String: Any] }
        #expect(movies.map { $0?["moovPosition"] as? String } == ["before-media", "after-media"])
        #expect(reports.allSatisfy { $0["warnings"] == nil })
    }

    @Test("make and convert --json --dry-run: statuses, movieWrite, variant and exitCode spelled as before")
    func makeAndConvert() throws {
        let dir = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = dir.appendingPathComponent("CLIP.MOV").path
        try FileManager.default.copyItem(atPath: CLITests.fixture("movie-audio.mov"), toPath: clip)
        let make = try Self.object(try CLITests.livephoto("make", "--json", "--dry-run", "--id", Self.id, clip).out)
        #expect(make["status"] as? String == "dry-run" && make["movieWrite"] as? String == "tail-append" && make["identifier"] as? String == Self.id)
        let convert = try Self.object(try CLITests.livephoto("convert", "--json", "--dry-run", dir.appendingPathComponent("IMG_1.JPG").path,
                                                             dir.appendingPathComponent("IMG_1.MOV").path).out)
        #expect(convert["direction"] as? String == "live-to-motion" && convert["status"] as? String == "dry-run")
        #expect(convert["variant"] as? String == "google-motion-photo" && convert["exitCode"] as? Int == 0)
    }

    @Test("--id is checked while parsing: not a UUID is a usage error (exit 2) for pair, make and convert")
    func badIdentifier() throws {
        let still = CLITests.fixture("still-no-exif.jpg"), movie = CLITests.fixture("movie-moov-last.mov")
        for args in [["pair", "--id", "nope", still, movie], ["make", "--id", "12", movie], ["convert", "--id", "xyz", still]] {
            let r = try CLITests.livephoto(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.err.contains("not a UUID (8-4-4-4-12 hexadecimal digits)"), "\(args): \(r.err)")
            #expect(r.out.isEmpty)
        }
    }

    @Test("inspect prints the reader's lenient fallbacks: a udta whose contents are not boxes is a warning, in text and JSON")
    func lenientWarnings() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-warn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // moov is the fixture's last box: grow it by a udta whose one child claims 100 bytes.
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: CLITests.fixture("movie-moov-last.mov"))))
        let moovAt = 19248
        #expect(Array(bytes[(moovAt + 4)..<(moovAt + 8)]) == Array("moov".utf8))
        let udta: [UInt8] = [0, 0, 0, 20] + Array("udta".utf8) + [0, 0, 0, 100] + Array("junk".utf8) + [1, 2, 3, 4]
        let size = UInt32(bytes.count - moovAt + udta.count)
        bytes.replaceSubrange(moovAt..<(moovAt + 4), with: [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)])
        bytes += udta
        let movie = dir.appendingPathComponent("odd.mov").path
        try Data(bytes).write(to: URL(fileURLWithPath: movie))

        let text = try CLITests.livephoto("inspect", movie)
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.contains("  warning: moov/udta at offset \(bytes.count - udta.count) does not parse as boxes, kept as bytes"))
        let json = try Self.object(try CLITests.livephoto("inspect", "--json", movie).out)
        let warnings = try #require(json["warnings"] as? [String])
        #expect(warnings.count == 1 && warnings[0].hasPrefix("moov/udta at offset"))
        // Pairing keeps the odd udta byte for byte.
        let still = dir.appendingPathComponent("odd.jpg").path
        try FileManager.default.copyItem(atPath: CLITests.fixture("still-no-exif.jpg"), toPath: still)
        #expect(try CLITests.livephoto("pair", "-q", still, movie).status == 0)
        let paired = try Self.object(try CLITests.livephoto("inspect", "--json", movie).out)
        #expect((paired["warnings"] as? [String])?.count == 1)
    }
}
