import Foundation
import Testing

/// A current iPhone HEIC whose XMP item entry (`infe` of item 51) says version 4, a version
/// no reader defines yet: inspect, pair and verify work on it, and the entry's bytes are
/// carried as they were (lenient on read, exact on write).
@Suite("livephoto on a HEIC with an item entry of an unknown version")
struct UnreadItemEntryCLITests {
    static func flipped(into dir: URL) throws -> (path: String, entryAt: Int, bytes: [UInt8]) {
        var bytes = [UInt8](try Data(contentsOf: Support.corpus.appendingPathComponent("iphone-heic/IMG_2927.HEIC")))
        let infe = Array("infe".utf8)
        // The entry of item 51 (0x0033), version 2: type, version, flags, 16-bit id.
        let found: Int? = (0..<bytes.count - 10).first { (i: Int) -> Bool in
            Array(bytes[i..<i + 4]) == infe && bytes[i + 4] == 2 && bytes[i + 8] == 0 && bytes[i + 9] == 0x33
        }
        let at = try #require(found)
        bytes[at + 4] = 4
        let path = dir.appendingPathComponent("IMG_2927.HEIC").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let size = Int(Support.readU32(bytes, at: at - 4))
        return (path, at - 4, Array(bytes[at - 4..<at - 4 + size]))
    }

    @Test(.requires(.corpusFile("iphone-heic/IMG_2927.HEIC")))
    func inspectPairVerify() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, _, entry) = try Self.flipped(into: dir)
        let inspected = try CLITests.livephoto("inspect", still)
        #expect(inspected.status == 0, "\(inspected.err)")
        #expect(inspected.out.contains("  items: 50 (1 primary, 48 tile, 1 exif)"), "\(inspected.out)")
        #expect(inspected.out.contains("  1 item entry of infe version 4 not read (carried as stored)"), "\(inspected.out)")
        let json = try #require(try CLITests.json(try CLITests.livephoto("inspect", "--json", still).out) as? [String: Any])
        #expect((json["heif"] as? [String: Any])?["unreadEntryVersions"] as? [Int] == [4])

        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_2927.MOV")
        let paired = try CLITests.livephoto("pair", "--json", still, movie)
        #expect(paired.status == 0, "\(paired.err)")
        let after = [UInt8](try Data(contentsOf: URL(fileURLWithPath: still)))
        let kept = (0...(after.count - entry.count)).contains { Array(after[$0..<$0 + entry.count]) == entry }
        #expect(kept, "the version 4 entry is carried byte for byte")
        let verified = try CLITests.livephoto("verify", still, movie)
        #expect(verified.status == 0, "\(verified.out)\(verified.err)")
    }
}
