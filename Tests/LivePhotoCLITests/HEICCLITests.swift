import Foundation
import Testing

@Suite("livephoto with HEIC stills")
struct HEICCLITests {
    @Test("pair, inspect --json and verify --strict on a HEIC: exit codes, JSON fields, not-checked decode")
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
        #expect(verified.out.contains("- still-decodes: not checked: no HEIC decoder is linked"))
        #expect(verified.out.contains("✓ aspect-ratio: still 320x240, video 320x240"))
        let json = try #require(try CLITests.json(try CLITests.livephoto("verify", "--strict", "--json", still, movie).out) as? [String: Any])
        let decode = (json["checks"] as? [[String: Any]])?.first { $0["name"] as? String == "still-decodes" }
        #expect(decode?["notChecked"] as? Bool == true && decode?["passed"] as? Bool == false)
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
}
