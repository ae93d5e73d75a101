import Foundation
import Testing
import TestSupport

/// `livephoto make` as a user runs it: exit codes, one-line errors, JSON.
@Suite("livephoto make command line")
struct MakeCLITests {
    @Test("make: usage errors exit 2")
    func usage() throws {
        let m = CLITests.fixture("movie-moov-last.mov")
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for args in [["make", m, "--quality", "0"], ["make", m, "--subsampling", "422"], ["make", m, "--still-format", "png"], ["make", m, "--still-time", "1", "--still-frame", "2"],
                     ["make", m, "--id", "nope"], ["make", m, m, "--id", "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"], ["make", dir.path, m], ["make"]] {
            let r = try CLITests.livephoto(args)
            #expect(r.status == 2, "\(args): \(r.err)")
        }
        #expect(try CLITests.livephoto(["make", "--help"]).out.contains("--subsampling"))
    }

    /// The luma sampling factors (SOFn's first component) and the first quantizer of the first
    /// DQT table, walked from a JPEG's segments.
    static func jpegEncoding(_ path: String) throws -> (lumaSampling: UInt8, firstQuantizer: UInt8) {
        let b = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var at = 2, sampling: UInt8?, quantizer: UInt8?
        while at + 4 <= b.count, b[at] == 0xFF, b[at + 1] != 0xDA {
            let marker = b[at + 1], length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            if marker == 0xDB, quantizer == nil, at + 5 < b.count { quantizer = b[at + 5] }
            if (0xC0...0xC2).contains(marker), at + 11 < b.count { sampling = b[at + 11] }
            at += 2 + length
        }
        return (try #require(sampling), try #require(quantizer))
    }

    @Test("make --subsampling and --quality reach the JPEG encoder: 4:4:4 or 4:2:0 luma sampling, quality 100's unit quantizers")
    func subsamplingAndQuality() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var encodings: [String: (lumaSampling: UInt8, firstQuantizer: UInt8)] = [:]
        for (name, args) in [("default", [String]()), ("444", ["--subsampling", "444"]), ("420", ["--subsampling", "420"]), ("q100", ["--quality", "100"])] {
            let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "\(name).mov")
            let made = try CLITests.livephoto(["make"] + args + [movie])
            #expect(made.status == 0, "\(args): \(made.err)")
            encodings[name] = try Self.jpegEncoding(dir.appendingPathComponent("\(name).JPG").path)
        }
        #expect(encodings["444"]?.lumaSampling == 0x11, "4:4:4: luma 1x1 like the chroma")
        #expect(encodings["420"]?.lumaSampling == 0x22, "4:2:0: luma 2x2")
        #expect(encodings["q100"]?.firstQuantizer == 1, "quality 100: every quantizer 1")
        #expect((encodings["default"]?.firstQuantizer ?? 0) > 1, "the default quality is below 100")
    }

    /// A warning has an error's form (`livephoto: <path>: warning: ...`, as convert's) on
    /// stderr; with --json it is in the JSON only.
    @Test("make on a Display P3 clip: the gamut warning on stderr in an error's form; with --json only in the JSON", .requires(.ffmpeg))
    func warningForm() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = dir.appendingPathComponent("p3.mov").path
        let ffmpeg = try #require(Support.tool("ffmpeg"))
        let made = try SafetyTests.Started(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30", "-t", "1", "-c:v", "libx264",
                                                    "-pix_fmt", "yuv420p", "-color_primaries", "smpte432", "-colorspace", "bt709", "-color_trc", "bt709", movie]).wait()
        try #require(made.status == 0, "ffmpeg: \(made.err)")
        let warning = "Display P3 primaries written as sRGB without gamut mapping"

        let json = try CLITests.livephoto(["make", "--dry-run", "--json", movie])
        #expect(json.status == 0 && json.err.isEmpty, "\(json.err)")
        let object = try #require(try CLITests.json(json.out) as? [String: Any])
        #expect(object["warnings"] as? [String] == [warning])

        let text = try CLITests.livephoto(["make", movie])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.err == "livephoto: \(movie): warning: \(warning)\n", "\(text.err)")
        #expect(try CLITests.livephoto(["make", "-q", movie]).err.isEmpty)
    }

    @Test("make DIR: the summary counts each outcome, those that did not happen as 0; a second run counts them already made")
    func folderSummary() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: "a.mov")
        _ = try CLITests.copy("movie-moov-first.mov", to: dir, as: "b.mov")
        let first = try CLITests.livephoto("make", "-j", "1", dir.path)
        #expect(first.status == 0, "\(first.err)")
        #expect(first.err.contains("make: 2 movies without a still: 2 made, 0 already made, 0 dry-run, 0 failed; 0 Live Photos already there"), "\(first.err)")
        let second = try CLITests.livephoto("make", "-j", "1", dir.path)
        #expect(second.status == 0, "\(second.err)")
        #expect(second.err.contains("movies without a still: 0 made,"), "\(second.err)")
        #expect(second.err.contains("2 Live Photos already there"), "\(second.err)")
    }

    /// A second make finds the still made: its result reports that still's size and
    /// orientation (read from it, JPEG or HEIC), as the run that made it did.
    @Test(arguments: ["jpeg", "heic"])
    func alreadyMadeReportsTheStill(format: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let made = try #require(try CLITests.json(CLITests.livephoto("make", "--still-format", format, "--json", movie).out) as? [String: Any])
        let again = try #require(try CLITests.json(CLITests.livephoto("make", "--still-format", format, "--json", movie).out) as? [String: Any])
        #expect(made["status"] as? String == "made" && again["status"] as? String == "already-made")
        for key in ["width", "height", "orientation", "identifier", "still"] {
            #expect(again[key] as? NSObject == made[key] as? NSObject, "\(key): \(String(describing: again[key])) vs \(String(describing: made[key]))")
        }
        #expect(made["width"] as? Int == 320)
    }

    /// The still found may be of another size than the video (one paired with it by hand):
    /// the result gives the still's own size (the iPhone 7's 8x8), not the video's.
    @Test(.requires(.corpusFile("iphone-jpeg/iphone7-small.jpg")))
    func alreadyMadeReportsAStillOfAnotherSize() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let still = dir.appendingPathComponent("clip.JPG").path
        try Data(contentsOf: URL(fileURLWithPath: Support.corpusFile("iphone-jpeg/iphone7-small.jpg"))).write(to: URL(fileURLWithPath: still))
        #expect(try CLITests.livephoto("pair", "-q", still, movie).status == 0)
        let again = try #require(try CLITests.json(CLITests.livephoto("make", "--json", movie).out) as? [String: Any])
        #expect(again["status"] as? String == "already-made")
        #expect(again["width"] as? Int == 8 && again["height"] as? Int == 8, "\(again)")
    }

    @Test("make --still-format heic --json: writes <stem>.HEIC, reports it, and verify --strict passes the pair")
    func heicStill() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let made = try CLITests.livephoto("make", "--still-format", "heic", "--json", movie)
        #expect(made.status == 0, "\(made.err)")
        let result = try #require(try CLITests.json(made.out) as? [String: Any])
        let still = dir.appendingPathComponent("clip.HEIC").path
        #expect(result["still"] as? String == still)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("clip.JPG").path))
        let verified = try CLITests.livephoto("verify", "--strict", still, movie)
        #expect(verified.status == 0, "\(verified.out)")
        #expect(verified.out.contains("✓ still-decodes: decoded 320x240 (libheif)"), "\(verified.out)")
    }

    @Test("make, pair, verify, convert x.MOV where x.MOV is a folder: one line naming it, exit 3, nothing written; x.MOV/ and a folder named otherwise are folders")
    func folderNamedLikeAMovie() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["x.MOV", "y.mp4"] {
            let folder = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            for args in [["make", folder.path], ["make", "-o", dir.path, folder.path], ["pair", folder.path], ["verify", folder.path], ["convert", folder.path]] {
                let r = try CLITests.livephoto(args)
                #expect(r.status == 3, "\(args): \(r.err)")
                #expect(r.err == "livephoto: \(folder.path): is a directory (give \(folder.path)/ to walk it)\n", "\(args): \(r.err)")
                #expect(r.out.isEmpty)
            }
            // With the slash, the same folder is walked (empty: nothing to do).
            let walked = try CLITests.livephoto(["make", folder.path + "/"])
            #expect(walked.status == 0 && walked.err.contains("(0 files read)"), "\(walked.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
        let plain = dir.appendingPathComponent("clips")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: false)
        _ = try CLITests.copy("movie-moov-last.mov", to: plain, as: "IMG_0001.MOV")
        let batch = try CLITests.livephoto(["make", "--dry-run", plain.path])
        #expect(batch.status == 0, "\(batch.err)")
        #expect(batch.out.contains("would make \(plain.appendingPathComponent("IMG_0001.JPG").path)"), "\(batch.out)")
    }

    @Test("-o DIR that is missing or not a folder: pair, make and convert refuse it with one line in the same words, exit 4, nothing written")
    func outputDirectoryCheck() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-apple-makernote.jpg", to: dir, as: "IMG_0001.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let file = dir.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let bytes = [try Data(contentsOf: URL(fileURLWithPath: still)), try Data(contentsOf: URL(fileURLWithPath: movie))]
        for (output, reason) in [(dir.appendingPathComponent("missing").path, "no such directory"), (file.path, "not a directory")] {
            for args in [["pair", "-o", output, still, movie], ["make", "-o", output, movie], ["convert", "-o", output, still, movie]] {
                let r = try CLITests.livephoto(args)
                #expect(r.status == 4, "\(args): \(r.err)")
                #expect(r.err == "livephoto: \(output): \(reason)\n", "\(args): \(r.err)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        #expect([try Data(contentsOf: URL(fileURLWithPath: still)), try Data(contentsOf: URL(fileURLWithPath: movie))] == bytes)
    }

    @Test("--jobs and --wait out of range (-1, 0, not a number) on every command that has them: exit 2, naming the option and its range",
          arguments: ["pair", "make", "convert", "verify", "scan"])
    func optionRanges(command: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var cases: [([String], String)] = [(["--jobs", "-1"], "'--jobs <N>': give a whole number, 1 or more"), (["-j", "-1"], "'-j <N>': give a whole number, 1 or more"),
                                          (["--jobs=0"], "'--jobs <N>': give a whole number, 1 or more"), (["-j", "two"], "'-j <N>': give a whole number, 1 or more")]
        if command == "pair" || command == "verify" {
            cases += [(["--wait", "-1"], "'--wait <SECONDS>': give a number of seconds, 0 or more"), (["--wait=inf"], "'--wait <SECONDS>': give a number of seconds, 0 or more")]
        }
        for (option, message) in cases {
            let r = try CLITests.livephoto([command] + option + [dir.path])
            #expect(r.status == 2, "\(command) \(option): \(r.err)")
            #expect(r.err.hasPrefix("Error: The value '\(option.last!.split(separator: "=").last!)' is invalid for \(message)\n"), "\(command) \(option): \(r.err)")
        }
        // In range: accepted.
        #expect(try CLITests.livephoto([command, "--jobs", "1", "-q", dir.path]).status == 0)
    }

    @Test("make: --json, then exit 4 for a still that is not the movie's, exit 3 for a missing or bad movie, -q silent")
    func exitCodes() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let r = try CLITests.livephoto(["make", "--json", "--still-frame", "3", movie])
        #expect(r.status == 0, "\(r.err)")
        let object = try CLITests.json(r.out) as? [String: Any]
        #expect(object?["status"] as? String == "made")
        #expect(object?["still"] as? String == dir.appendingPathComponent("IMG_0001.JPG").path)
        #expect((object?["identifier"] as? String)?.count == 36)
        #expect(object?["width"] as? Int == 320 && object?["movieWrite"] as? String == "tail-append")
        #expect(try CLITests.livephoto(["verify", "--strict", "-q", dir.appendingPathComponent("IMG_0001.JPG").path, movie]).status == 0)

        let again = try CLITests.livephoto(["make", "-q", movie])
        #expect(again.status == 0 && again.out.isEmpty && again.err.isEmpty)

        let other = try CLITests.copy("movie-moov-first.mov", to: dir, as: "IMG_0002.MOV")
        _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0002.JPG")
        let refused = try CLITests.livephoto(["make", other])
        #expect(refused.status == 4)
        #expect(refused.err.hasPrefix("livephoto: \(dir.appendingPathComponent("IMG_0002.JPG").path): already exists"), "\(refused.err)")
        #expect(refused.err.split(separator: "\n").count == 1)

        let missing = try CLITests.livephoto(["make", dir.appendingPathComponent("none.mov").path])
        #expect(missing.status == 3)
        let notMovie = try CLITests.livephoto(["make", CLITests.fixture("still-no-exif.jpg")])
        #expect(notMovie.status == 3)
    }

    @Test("make DIR: JSON Lines per movie, summary on stderr, exit 3 when a movie is unreadable")
    func folder() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: "A.mov")
        _ = try CLITests.copy("movie-mp4.mp4", to: dir, as: "B.mp4")
        try Data("junk".utf8).write(to: dir.appendingPathComponent("C.mov"))
        let r = try CLITests.livephoto(["make", "--json", "-j", "2", dir.path])
        #expect(r.status == 3, "\(r.err)")
        let lines = r.out.split(separator: "\n").compactMap { try? CLITests.json(String($0)) as? [String: Any] }
        #expect(lines.count == 3)
        #expect(lines.filter { $0["status"] as? String == "made" }.count == 2)
        #expect(r.err.contains("C.mov"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("A.JPG").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("B.MOV").path))
    }
}
