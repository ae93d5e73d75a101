import Foundation
import Testing

@Suite("livephoto with HEIC stills")
struct HEICCLITests {
    @Test("pair, inspect --json and verify on a HEIC: exit codes, JSON fields, decoded by libheif only under --strict")
    func heicPair() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-heic.heic", to: dir, as: "IMG_0001.HEIC")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let paired = try CLITests.livephoto("pair", "--json", "--new-id", still, movie)
        #expect(paired.status == 0, "\(paired.err)")
        let result = try #require(try CLITests.json(paired.out) as? [String: Any])
        let id = try #require(result["identifier"] as? String)

        let inspected = try CLITests.livephoto("inspect", "--json", still)
        #expect(inspected.status == 0)
        let report = try #require(try CLITests.json(inspected.out) as? [String: Any])
        #expect(report["format"] as? String == "heic")
        #expect((report["still"] as? [String: Any])?["contentIdentifier"] as? String == id)
        let heif = try #require(report["heif"] as? [String: Any])
        #expect((heif["primary"] as? [String: Any])?["type"] as? String == "hvc1")
        #expect((heif["items"] as? [[String: Any]])?.compactMap { $0["role"] as? String } == ["primary", "exif"])

        let verified = try CLITests.livephoto("verify", "--strict", still, movie)
        #expect(verified.status == 0)
        #expect(verified.out.contains("✓ still-decodes: decoded 320x240 (libheif)"))
        let plain = try CLITests.livephoto("verify", still, movie)
        #expect(plain.status == 0 && plain.out.contains("- still-decodes: not checked: a HEIC still is decoded (libheif) only under --strict"))
        #expect(verified.out.contains("✓ aspect-ratio: still 320x240, video 320x240"))
        let json = try #require(try CLITests.json(try CLITests.livephoto("verify", "--strict", "--json", still, movie).out) as? [String: Any])
        let decode = (json["checks"] as? [[String: Any]])?.first { $0["name"] as? String == "still-decodes" }
        #expect(decode?["notChecked"] == nil && decode?["passed"] as? Bool == true)
        #expect(json["valid"] as? Bool == true)
    }

    @Test("a damaged HEIC gets one line naming the file and exit 3; the file is unchanged")
    func damagedHEIC() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CLITests.fixture("still-heic.heic")))
        let still = dir.appendingPathComponent("cut.heic").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: still))
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir)
        let runs = [("inspect", try CLITests.livephoto("inspect", still)), ("pair", try CLITests.livephoto("pair", still, movie)),
                    ("verify", try CLITests.livephoto("verify", still, movie))]
        for (name, r) in runs {
            #expect(r.status == 3, "\(name): \(r.err)")
            #expect(r.err.hasPrefix("livephoto: \(still): ") && r.err.split(separator: "\n").count == 1, "\(name): \(r.err)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: still)) == bytes.prefix(bytes.count / 2))
    }

    @Test("inspect names each image beside the primary (thumbnail, HDR gain map) with its size, in text and JSON",
          .requires(.corpusFile("iphone-livephoto-ios18/IMG_3853.HEIC")))
    func auxiliaryImages() throws {
        let path = Support.corpusFile("iphone-livephoto-ios18/IMG_3853.HEIC")
        let text = try CLITests.livephoto("inspect", path)
        #expect(text.status == 0)
        #expect(text.out.contains("\n  auxiliary images: thumbnail 416x312, HDR gain map 2856x2142\n"), "\(text.out)")
        let json = try #require(try CLITests.json(try CLITests.livephoto("inspect", "--json", path).out) as? [String: Any])
        let items = try #require((json["heif"] as? [String: Any])?["items"] as? [[String: Any]])
        let thumbnail = items.first { $0["role"] as? String == "thumbnail" }
        #expect(thumbnail?["width"] as? Int == 416 && thumbnail?["height"] as? Int == 312)
        let gainMap = items.first { $0["role"] as? String == "auxiliary" }
        #expect(gainMap?["auxiliaryKind"] as? String == "hdr-gain-map" && gainMap?["width"] as? Int == 2856 && gainMap?["height"] as? Int == 2142)
    }
}
