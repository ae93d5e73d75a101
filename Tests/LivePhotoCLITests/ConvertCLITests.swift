import Foundation
import Testing
import TestSupport

/// `livephoto convert` as a user runs it: outputs, JSON, folders, exit codes and error lines.
@Suite("livephoto convert", .requires(.python3))
struct ConvertCLITests {
    /// The synthetic Motion Photos, built by the committed generator into `dir`.
    static func motionPhotos(in dir: URL) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [CLITests.repo.appendingPathComponent("Fixtures/make_motion_photos.py").path, dir.path]
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0)
    }

    static func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try #require(try CLITests.json(String($0)) as? [String: Any]) }
    }

    @Test("convert MOTION writes a verified pair; --json is one document; bad files exit 3 with one line each")
    func motionToLive() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.motionPhotos(in: dir)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let input = dir.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path
        let r = try CLITests.livephoto("convert", "--json", "-o", out.path, "--id", "0b5c2c38-4d3b-4e63-9a58-6c5a4c3b2a19", input)
        #expect(r.status == 0, "\(r.err)")
        let doc = try #require(try CLITests.json(r.out) as? [String: Any])
        #expect(doc["status"] as? String == "converted" && doc["direction"] as? String == "motion-to-live")
        #expect(doc["identifier"] as? String == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19")
        #expect(doc["still"] as? String == out.appendingPathComponent("PXL_20240101_120000000.jpg").path)
        #expect(doc["movie"] as? String == out.appendingPathComponent("PXL_20240101_120000000.MOV").path)
        #expect(doc["variant"] as? String == "google-motion-photo" && abs((doc["stillTime"] as? Double ?? 0) - 1.0) < 1e-9)
        let verify = try CLITests.livephoto("verify", "-q", doc["still"] as! String, doc["movie"] as! String)
        #expect(verify.status == 0)

        // Again into the same folder: the pair made from this input is already there.
        let pairBytes = try [doc["still"] as! String, doc["movie"] as! String].map(Support.bytes)
        let again = try CLITests.livephoto("convert", "-o", out.path, input)
        #expect(again.status == 0 && again.out.hasPrefix("already converted \(input) -> "), "\(again.out)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["PXL_20240101_120000000.MOV", "PXL_20240101_120000000.jpg"])
        #expect(try [doc["still"] as! String, doc["movie"] as! String].map(Support.bytes) == pairBytes)
        // Another identifier asked for: not this pair; a suffix, never an overwrite.
        let other = try CLITests.livephoto("convert", "-q", "-o", out.path, "--id", "1b5c2c38-4d3b-4e63-9a58-6c5a4c3b2a19", input)
        #expect(other.status == 0 && other.out.isEmpty)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("PXL_20240101_120000000_1.MOV").path))

        let broken = dir.appendingPathComponent("broken")
        let bad = try CLITests.livephoto("convert", "-o", out.path, broken.appendingPathComponent("truncated.MP.jpg").path,
                                         broken.appendingPathComponent("trailer-without-video.jpg").path, input)
        #expect(bad.status == 3)
        let errors = bad.err.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors.contains { $0.hasPrefix("livephoto: \(broken.appendingPathComponent("truncated.MP.jpg").path): Container:Directory does not add up") })
        #expect(errors.contains { $0.hasPrefix("livephoto: \(broken.appendingPathComponent("trailer-without-video.jpg").path): a Samsung trailer without a MotionPhoto_Data record") })
        #expect(bad.out.contains("converted \(input)"), "the good file is still converted")

        #expect(try CLITests.livephoto("convert", "--id", "nope", input).status == 2)
        #expect(try CLITests.livephoto("convert", "--to", "motion", input).status == 2)
        #expect(try CLITests.livephoto("convert", dir.path, input).status == 2)
    }

    @Test("convert DIR: JSON Lines per conversion, scan reports motion-photo; --to motion turns the pairs into Motion Photos")
    func folders() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.motionPhotos(in: dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("broken"))
        let scan = try CLITests.livephoto("scan", "--json", dir.path)
        let findings = try Self.lines(scan.out)
        #expect(findings.filter { $0["finding"] as? String == "motion-photo" }.count == 6)
        #expect(findings.contains { ($0["detail"] as? String)?.hasPrefix("microvideo, video 2.000 s (20378 bytes), still at 0.400 s") == true })
        let micro = try #require(findings.first { ($0["still"] as? String)?.hasSuffix("MVIMG_20190101_101010.jpg") == true }?["motionPhoto"] as? [String: Any])
        #expect(micro["variant"] as? String == "microvideo" && micro["videoBytes"] as? Int == 20378)
        #expect(micro["presentationTime"] as? Double == 0.4 && abs((micro["videoSeconds"] as? Double ?? 0) - 2) < 1e-9)

        let dry = try CLITests.livephoto("convert", "--dry-run", "--json", dir.path)
        #expect(dry.status == 0)
        #expect(try Self.lines(dry.out).allSatisfy { $0["status"] as? String == "dry-run" })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".MOV") }.isEmpty)

        let live = try CLITests.livephoto("convert", "--json", "-j", "2", dir.path)
        #expect(live.status == 0, "\(live.err)")
        let records = try Self.lines(live.out)
        #expect(records.count == 6 && records.allSatisfy { $0["status"] as? String == "converted" })
        #expect(live.err.contains("6 converted"))
        let verify = try CLITests.livephoto("verify", "-q", dir.path)
        #expect(verify.status == 0)

        let motion = try CLITests.livephoto("convert", "--to", "motion", "--json", dir.path)
        #expect(motion.status == 0, "\(motion.err)")
        let made = try Self.lines(motion.out)
        #expect(made.count == 6 && made.allSatisfy { $0["direction"] as? String == "live-to-motion" && ($0["motionPhoto"] as? String)?.hasSuffix(".MP.jpg") == true })
        let rescan = try Self.lines(try CLITests.livephoto("scan", "--json", dir.path).out)
        #expect(rescan.filter { $0["finding"] as? String == "motion-photo" }.count == 12)
    }

    @Test("convert on the Pixel 3a Motion Photo (a Google MakerNote) converts by default, with one note line naming what the new still leaves out",
          .requires(.corpusFile("pixel-motion/PXL_20200710_061629144.MP.jpg")))
    func pixelWithAGoogleMakerNote() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = Support.corpusFile("pixel-motion/PXL_20200710_061629144.MP.jpg")
        let r = try CLITests.livephoto("convert", "-o", dir.path, input)
        #expect(r.status == 0, "\(r.err)")
        let notes = r.err.split(separator: "\n").filter { $0.contains("MakerNote") }
        #expect(notes == ["livephoto: \(input): warning: the Google MakerNote is not copied into the new still (its Apple MakerNote holds the identifier); PXL_20200710_061629144.MP.jpg keeps it"], "\(r.err)")
        let still = dir.appendingPathComponent("PXL_20200710_061629144.jpg").path, movie = dir.appendingPathComponent("PXL_20200710_061629144.MOV").path
        #expect(try CLITests.livephoto("verify", "-q", still, movie).status == 0)
        // `pair` on a still with a foreign MakerNote, in place, still refuses without --replace-maker-note.
        let copy = try CLITests.copy("still-foreign-makernote.jpg", to: dir, as: "IMG_0010.JPG")
        let moviecopy = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0010.MOV")
        let pair = try CLITests.livephoto("pair", copy, moviecopy)
        #expect(pair.status == 4 && pair.err.contains("--replace-maker-note"), "\(pair.err)")
    }

    @Test("a folder named x.MOV is not a movie (exit 3), a folder among files a usage error (exit 2), one line naming it; convert DIR counts unreadable files apart")
    func foldersAmongFilesAndUnreadableFiles() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG_0008.JPG")
        let folder = dir.appendingPathComponent("IMG_0008.MOV")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Named like a movie, the folder is taken as the movie it is named: not a file (exit 3).
        let r = try CLITests.livephoto("convert", still, folder.path)
        #expect(r.status == 3 && r.out.isEmpty)
        #expect(r.err == "livephoto: \(folder.path): is a directory (give \(folder.path)/ to walk it)\n", "\(r.err)")
        // A folder named otherwise, among files: a usage error naming it.
        let plain = dir.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        let mixed = try CLITests.livephoto("convert", still, plain.path)
        #expect(mixed.status == 2 && mixed.err == "livephoto: \(plain.path): is a folder; give files, or only folders\n", "\(mixed.err)")
        try FileManager.default.removeItem(at: plain)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["IMG_0008.JPG", "IMG_0008.MOV"])

        // Given as `x.MOV/`, the folder is walked, as for every `convert DIR`.
        try Data("not an image".utf8).write(to: folder.appendingPathComponent("broken.jpg"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("motion"), withIntermediateDirectories: true)
        try Self.motionPhotos(in: dir.appendingPathComponent("motion"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("motion/broken"))
        let input = dir.appendingPathComponent("motion/PXL_20240101_120000000.MP.jpg").path
        try FileManager.default.copyItem(atPath: input, toPath: folder.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path)
        let run = try CLITests.livephoto("convert", "--json", folder.path + "/")
        #expect(run.status == 3)
        let records = try Self.lines(run.out)
        #expect(records.map { $0["status"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") } == ["converted", "unreadable"])
        #expect(run.err.contains("convert: 1 to convert: 1 converted, 0 already converted, 0 dry-run, 0 failed; 1 unreadable (2 files read)"), "\(run.err)")
        #expect(run.err.contains("livephoto: \(folder.appendingPathComponent("broken.jpg").path): "))
    }

    /// Found by `make cli-fuzz`: with `--to motion`, two files are STILL MOVIE whatever the
    /// second holds; a movie too damaged to be told one was a usage error (exit 2, the usage
    /// text), and is now refused by name like any damaged input (exit 3, one line).
    @Test func damagedMovieToMotionIsRefusedByName() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-apple-makernote.jpg", to: dir, as: "IMG.JPG")
        let movie = dir.appendingPathComponent("IMG.mov").path
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: CLITests.fixture("movie-audio.mov"))))
        bytes.replaceSubrange(4..<8, with: Array("junk".utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: movie))
        let run = try CLITests.livephoto("convert", "--to", "motion", "-o", dir.path, still, movie)
        #expect(run.status == 3 && run.out.isEmpty, "\(run.err)")
        #expect(run.err == "livephoto: \(movie): not a QuickTime or MP4 movie\n", "\(run.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["IMG.JPG", "IMG.mov"])
    }

    @Test("convert STILL MOVIE writes <stem>.MP.jpg that exiftool reads as a Motion Photo")
    func liveToMotion() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG_0007.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0007.MOV")
        #expect(try CLITests.livephoto("pair", "-q", "--still-frame", "12", still, movie).status == 0)
        let r = try CLITests.livephoto("convert", "--json", still, movie)
        #expect(r.status == 0, "\(r.err)")
        let doc = try #require(try CLITests.json(r.out) as? [String: Any])
        let output = dir.appendingPathComponent("IMG_0007.MP.jpg").path
        #expect(doc["motionPhoto"] as? String == output)
        #expect(abs((doc["stillTime"] as? Double ?? 0) - 0.8) < 1e-9)
        guard let exiftool = Support.reader("exiftool") else { return }
        let read = try Support.run(exiftool, ["-s3", "-a", "-MotionPhoto", "-MotionPhotoVersion", "-MotionPhotoPresentationTimestampUs", "-DirectoryItemSemantic", "-Title", output])
        #expect(read.status == 0, "exiftool: \(read.err)")
        let text = read.out
        #expect(text.split(separator: "\n").map(String.init) == ["1", "1", "800000", "Primary", "MotionPhoto", "livephoto fixture"], "\(text)")
    }

    /// A still whose XMP segment is a packet reserved and never filled (only NULs and spaces):
    /// Live → Motion read it with XMLDocument, which crashed the process on no bytes. It reads as
    /// an empty packet and takes the Motion Photo properties.
    @Test("convert STILL MOVIE with a padding-only XMP packet: a Motion Photo that converts back", .requires(.exiftool))
    func liveToMotionWithAnEmptyXMPPacket() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try Support.bytes(Support.fixture("still-no-exif.jpg"))
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + [UInt8](repeating: 0x20, count: 40) + [UInt8](repeating: 0, count: 24)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let still = dir.appendingPathComponent("IMG_0008.JPG").path
        try Data(Array(plain[..<2]) + segment + Array(plain[2...])).write(to: URL(fileURLWithPath: still))
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0008.MOV")
        #expect(try CLITests.livephoto("pair", "-q", still, movie).status == 0)
        let r = try CLITests.livephoto("convert", "-q", still, movie)
        #expect(r.status == 0, "\(r.status): \(r.err)")
        let output = dir.appendingPathComponent("IMG_0008.MP.jpg").path
        let read = try Support.run(try Support.requireTool("exiftool"), ["-s3", "-a", "-MotionPhoto", "-DirectoryItemSemantic", output])
        #expect(read.out.split(separator: "\n").map(String.init) == ["1", "Primary", "MotionPhoto"], "\(read.out)")
        let back = dir.appendingPathComponent("back")
        try FileManager.default.createDirectory(at: back, withIntermediateDirectories: true)
        #expect(try CLITests.livephoto("convert", "-q", "-o", back.path, output).status == 0)
    }

    /// The new Motion Photo's `mpvd` would follow bytes that are not a box (kept, never cut):
    /// a box walk stops before it. Refused up front, naming the input, not as a read-back failure.
    @Test("convert --to motion with a HEIC that ends in a trailer or a cut-off box: exit 3, one line naming the still and its bytes, nothing written",
          arguments: [("trailer", Array("someone's trailer, not a box".utf8)), ("cut box", [0, 0, 1, 0] + Array("mpvd".utf8) + [UInt8](repeating: 7, count: 40))])
    func heicWithTrailerToMotion(_ what: String, _ tail: [UInt8]) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = dir.appendingPathComponent("IMG.HEIC").path
        try Data(try Support.bytes(CLITests.fixture("still-heic.heic")) + tail).write(to: URL(fileURLWithPath: still))
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let r = try CLITests.livephoto("convert", "--to", "motion", "-o", out.path, still, movie)
        #expect(r.status == 3, "\(what): \(r.err)")
        #expect(r.err.hasPrefix("livephoto: \(still): ends in \(tail.count) bytes that are not a box") && r.err.split(separator: "\n").count == 1, "\(what): \(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test("convert with Samsung HEIC Motion Photos: <stem>.HEIC + .MOV, back to <stem>.MP.HEIC; a lying mpvd exits 3 with one line and leaves nothing",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc"), "needs heif-enc"))
    func heicBothWays() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [CLITests.repo.appendingPathComponent("Fixtures/make_motion_photos.py").path, "--heic", dir.path]
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        let out = dir.appendingPathComponent("out"), back = dir.appendingPathComponent("back")
        for d in [out, back] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let r = try CLITests.livephoto("convert", "--json", "-o", out.path, dir.appendingPathComponent("20240606_101010.heic").path)
        #expect(r.status == 0, "\(r.err)")
        let doc = try #require(try CLITests.json(r.out) as? [String: Any])
        #expect(doc["variant"] as? String == "samsung-heic" && doc["still"] as? String == out.appendingPathComponent("20240606_101010.HEIC").path)
        #expect(try CLITests.livephoto("verify", "-q", doc["still"] as! String, doc["movie"] as! String).status == 0)
        let m = try CLITests.livephoto("convert", "-q", "--to", "motion", "-o", back.path, out.path)
        #expect(m.status == 0, "\(m.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: back.path) == ["20240606_101010.MP.HEIC"])

        let bad = dir.appendingPathComponent("broken/mpvd-no-ftyp.heic").path
        let e = try CLITests.livephoto("convert", "-o", back.path, bad)
        #expect(e.status == 3)
        let lines = e.err.split(separator: "\n").filter { $0.contains(bad) && !$0.hasPrefix("convert:") }
        #expect(lines.count == 1 && lines[0].contains("holds no MP4"), "\(e.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: back.path) == ["20240606_101010.MP.HEIC"], "nothing left behind")
    }
}
