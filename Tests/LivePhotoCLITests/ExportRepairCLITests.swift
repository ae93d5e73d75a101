import Foundation
import Testing

/// Issue 21 through the binary: each export folder (`ExportFolders`) scanned, repaired by
/// `pair DIR` (`--by-time` where named) and checked by `verify DIR`.
@Suite("export repair: scan, pair DIR, pair --by-time DIR, verify DIR")
struct ExportRepairCLITests {
    static func records(_ out: String) throws -> [[String: Any]] {
        try out.split(separator: "\n").map { try #require(try CLITests.json(String($0)) as? [String: Any]) }
    }

    /// `pair` printed exactly the expected pairs, `verify DIR` passes, the files named untouched are.
    static func repaired(_ folder: ExportFolders.Folder, by pair: CLITests.Run, untouched: [String: [UInt8]]) throws {
        #expect(pair.status == 0, "\(pair.err)")
        let paired = pair.out.split(separator: "\n").filter { $0.hasPrefix("paired ") }.map { String($0.split(separator: " ")[1]) }
        #expect(paired.sorted() == folder.expected.map { folder.file($0.still) }.sorted(), "\(pair.out)")
        for e in folder.expected { #expect(pair.out.contains("paired \(folder.file(e.still)) + \(folder.file(e.pairedMovie)) "), "\(e)") }
        let verify = try CLITests.livephoto("verify", folder.path)
        #expect(verify.status == 0 && verify.out.split(separator: "\n").filter { $0.hasPrefix("✓ ") }.count == folder.expected.count, "\(verify.out)\(verify.err)")
        for (name, bytes) in untouched { #expect(try Support.bytes(folder.file(name)) == bytes, "\(name) untouched") }
    }

    static func snapshot(_ folder: ExportFolders.Folder) throws -> [String: [UInt8]] {
        try Dictionary(uniqueKeysWithValues: folder.untouched.map { ($0, try Support.bytes(folder.file($0))) })
    }

    @Test("Takeout: scan --json has one finding per file (motion-photo-without-video, candidates matched by name) and says what to run; pair DIR repairs; inspect says the video is missing")
    func takeout() throws {
        let folder = try ExportFolders.takeout()
        defer { folder.remove() }
        let scan = try CLITests.livephoto("scan", "--json", folder.path)
        #expect(scan.status == 0, "\(scan.err)")
        let records = try Self.records(scan.out)
        let named = records.flatMap { [$0["still"] as? String, $0["movie"] as? String].compactMap { $0 } }
        #expect(named.count == Set(named).count, "one finding per file")
        #expect(records.filter { $0["finding"] as? String == "candidate" }.allSatisfy { $0["matchedBy"] as? String == "name" })
        #expect(records.contains { $0["finding"] as? String == "motion-photo-without-video" && $0["still"] as? String == folder.file("PXL_20230603_090000000.MP.jpg") })
        #expect(scan.err.contains("1 motion-photo-without-video"), "\(scan.err)")
        #expect(scan.err.hasSuffix("next: livephoto pair \(folder.path)   (pairs 5 candidates matched by identifier or name)\n"), "\(scan.err)")

        let inspect = try CLITests.livephoto("inspect", folder.file("PXL_20230603_090000000.MP.jpg"))
        #expect(inspect.status == 0 && inspect.out.contains("  motion photo without its video: the XMP says Motion Photo but nothing follows the image"), "\(inspect.out)")
        let inspectJSON = try #require(try CLITests.json(try CLITests.livephoto("inspect", "--json", folder.file("PXL_20230602_080000000.MP.jpg")).out) as? [String: Any])
        #expect((inspectJSON["motionPhotoVideoMissing"] as? String)?.contains("does not point at an MP4") == true && inspectJSON["motionPhoto"] == nil)

        let untouched = try Self.snapshot(folder)
        try Self.repaired(folder, by: try CLITests.livephoto("pair", folder.path), untouched: untouched)
    }

    @Test("iCloud downloader: pair --by-time DIR pairs each rendition with its own movie and takes nothing across")
    func iCloud() throws {
        let folder = try ExportFolders.iCloud()
        defer { folder.remove() }
        let untouched = try Self.snapshot(folder)
        try Self.repaired(folder, by: try CLITests.livephoto("pair", "--by-time", folder.path), untouched: untouched)
    }

    @Test("capture time: scan names the candidate and the next command; pair DIR pairs nothing; pair --by-time DIR pairs the one match and leaves the ambiguous")
    func byTime() throws {
        let folder = try ExportFolders.byTime()
        defer { folder.remove() }
        let scan = try CLITests.livephoto("scan", folder.path)
        #expect(scan.status == 0)
        let rows = scan.out.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("candidate ") && $0.contains(folder.file("DSC_1000.JPG")) && $0.contains("pair --by-time") }, "\(scan.out)")
        #expect(rows.contains { $0.hasPrefix("capture-time-ambiguous ") && $0.contains("taken at the same moment as 2 movies: VID_A.mov, VID_B.mov") }, "\(scan.out)")
        #expect(scan.err.hasSuffix("next: livephoto pair --by-time \(folder.path)   (also pairs 2 matched by capture time only; check them first)\n"), "\(scan.err)")

        let untouched = try Self.snapshot(folder)
        let plain = try CLITests.livephoto("pair", folder.path)
        #expect(plain.status == 0 && !plain.out.contains("paired "), "\(plain.out)")
        #expect(plain.err.contains("1 ambiguous by capture time left alone, 2 matched by capture time only left alone (pair --by-time pairs them)"), "\(plain.err)")
        let byTime = try CLITests.livephoto("pair", "--by-time", folder.path)
        try Self.repaired(folder, by: byTime, untouched: untouched)
        #expect(byTime.err.contains("1 ambiguous by capture time left alone") && !byTime.err.contains("matched by capture time only"), "\(byTime.err)")

        let files = try CLITests.livephoto("pair", "--by-time", folder.file("DSC_1002.JPG"), folder.file("VID_far.mp4"))
        #expect(files.status == 2 && files.err.contains("--by-time matches files in folders"), "\(files.err)")
    }

    @Test("one still and its movie by name: scan's last line says to pair 1 candidate (singular); nothing to do: no next line")
    func oneCandidateNextStep() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
        _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let scan = try CLITests.livephoto("scan", dir.path)
        #expect(scan.status == 0 && scan.err.hasSuffix("next: livephoto pair \(dir.path)   (pairs 1 candidate matched by identifier or name)\n"), "\(scan.err)")
        #expect(try CLITests.livephoto("pair", "-q", dir.path).status == 0)
        let after = try CLITests.livephoto("scan", dir.path)
        #expect(after.status == 0 && !after.err.contains("next:"), "\(after.err)")
    }
}
