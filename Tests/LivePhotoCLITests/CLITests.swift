import Foundation
import Testing

/// The command line as a user runs it: exit codes, one-line errors on stderr, JSON on stdout.
@Suite("livephoto command line")
struct CLITests {
    static var repo: URL { Support.repo }
    static func fixture(_ name: String) -> String { Support.fixture(name) }
    static var corpus: URL { Support.corpus }

    /// The `livephoto` binary built beside the test bundle.
    static let binary: String = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [products, products.deletingLastPathComponent(), repo.appendingPathComponent(".build/debug")] {
            let p = candidate.appendingPathComponent("livephoto").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return repo.appendingPathComponent(".build/debug/livephoto").path
    }()

    typealias Run = ProcessResult

    static func livephoto(_ args: String...) throws -> Run { try livephoto(args) }

    static func livephoto(_ args: [String]) throws -> Run { try run(binary, args) }

    static func run(_ executable: String, _ arguments: [String]) throws -> Run { try Support.run(executable, arguments) }

    static func scratch() throws -> URL { try Support.tempDir() }

    static func copy(_ name: String, to dir: URL, as newName: String? = nil) throws -> String {
        let dest = dir.appendingPathComponent(newName ?? name).path
        try FileManager.default.copyItem(atPath: fixture(name), toPath: dest)
        return dest
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test("--help lists the commands and exit codes; --version prints the version")
    func help() throws {
        let help = try Self.livephoto("--help")
        #expect(help.status == 0)
        for word in ["inspect", "pair", "verify", "Exit codes"] { #expect(help.out.contains(word)) }
        // The exit codes, as ExitStatus numbers them (the help wraps its lines: spaces compared as one).
        let words = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Exit codes: 0 success; 1 not a valid Live Photo pair (verify); 2 usage error; 3 a file is missing, unreadable or not a still/movie; 4 refused or could not write."), "\(help.out)")
        let pairHelp = try Self.livephoto("pair", "--help")
        for option in ["--id", "--new-id", "--still-time", "--still-frame", "--output", "--dry-run", "--replace-maker-note", "--quiet", "--json"] {
            #expect(pairHelp.out.contains(option), "pair --help lacks \(option)")
        }
        let version = try Self.livephoto("--version")
        #expect(version.status == 0)
        let lines = version.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: ".").count == 3)
        #expect(lines.count == 5)
        #expect(lines.dropFirst().first?.hasPrefix("libexif ") == true)
        #expect(lines.dropFirst(2).first?.hasPrefix("libjpeg-turbo ") == true)
        #expect(lines.dropFirst().prefix(2).allSatisfy { $0.hasSuffix(")") && $0.contains(".so.") }, "the loaded shared objects are named: \(lines)")
        // libavcodec: the version the build's headers are from (pkg-config's here); not loaded.
        let avcodec = try #require(lines.dropFirst(3).first)
        #expect(avcodec.hasPrefix("libavcodec ") && avcodec.contains("libavcodec.so."))
        // libheif: likewise the header's version and the soname, not loaded.
        let heif = try #require(lines.last)
        #expect(heif.hasPrefix("libheif 1.") && heif.contains("(libheif.so.1, "), "\(heif)")
        let pkg = Process()
        pkg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        pkg.arguments = ["pkg-config", "--modversion", "libavcodec"]
        let out = Pipe()
        pkg.standardOutput = out
        pkg.standardError = FileHandle.nullDevice
        if (try? pkg.run()) != nil {
            let modversion = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            pkg.waitUntilExit()
            if pkg.terminationStatus == 0 { #expect(avcodec.hasPrefix("libavcodec \(modversion) "), "\(avcodec) vs pkg-config \(modversion)") }
        }
    }

    @Test("inspect: bad inputs give one line each, the good file is still reported, exit 3")
    func inspectBadInputs() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.mov").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let text = dir.appendingPathComponent("text.jpg").path
        #expect(FileManager.default.createFile(atPath: text, contents: Data("just text\n".utf8)))
        let movie = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("movie-moov-first.mov")))
        let cut = dir.appendingPathComponent("cut.mov").path
        #expect(FileManager.default.createFile(atPath: cut, contents: movie.prefix(movie.count / 2)))
        let missing = dir.appendingPathComponent("missing.jpg").path
        let good = Self.fixture("movie-moov-last.mov")

        let r = try Self.livephoto("inspect", missing, dir.path, empty, text, cut, good)
        #expect(r.status == 3)
        let lines = r.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "one line per bad file: \(lines)")
        #expect(lines.contains("livephoto: \(missing): no such file or directory"))
        #expect(lines.contains("livephoto: \(dir.path): is a directory"))
        #expect(lines.contains("livephoto: \(empty): empty file"))
        #expect(lines.contains("livephoto: \(text): not a JPEG/HEIC still or a QuickTime/MP4 movie"))
        #expect(lines.contains { $0.hasPrefix("livephoto: \(cut): truncated") })
        #expect(r.out.contains("\(good): QuickTime movie"))
    }

    @Test("inspect --json: one object for one file, an array for several, stable fields")
    func inspectJSON() throws {
        let one = try Self.livephoto("inspect", "--json", Self.fixture("movie-audio.mov"))
        #expect(one.status == 0)
        let object = try #require(try Self.json(one.out) as? [String: Any])
        #expect(object["kind"] as? String == "movie")
        let movie = try #require(object["movie"] as? [String: Any])
        #expect(movie["moovPosition"] as? String == "after-media")
        #expect((movie["tracks"] as? [Any])?.count == 2)

        let many = try Self.livephoto("inspect", "--json", Self.fixture("still-apple-makernote.jpg"), "/nonexistent.mov")
        #expect(many.status == 3)
        let array = try #require(try Self.json(many.out) as? [[String: Any]])
        #expect(array.count == 2)
        #expect((array[0]["still"] as? [String: Any])?["contentIdentifier"] as? String == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19")
        #expect(array[1]["error"] as? String == "no such file or directory")
    }

    @Test("pair: usage errors exit 2")
    func pairUsage() throws {
        let s = Self.fixture("still-no-exif.jpg"), m = Self.fixture("movie-moov-last.mov")
        for args in [["pair", s, m, "--id", "not-a-uuid"], ["pair", s, m, "--id", "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", "--new-id"],
                     ["pair", s, m, "--still-time", "1", "--still-frame", "2"], ["pair", s], ["pair", s, m, "--bogus"]] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Self.binary)
            p.arguments = args
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 2, "\(args)")
        }
        let r = try Self.livephoto("pair", s, m, "--id", "xyz")
        #expect(r.err.contains("not a UUID"))
    }

    /// Told by content, not by name: the error says which argument is wrong and what it is.
    @Test("pair with the arguments swapped, make on a still, or a file that is neither: one line naming the file and what it should be, exit 3, nothing written")
    func pairWrongKinds() throws {
        let dir = try TempDir()
        let still = try Support.copy(Self.fixture("still-no-exif.jpg"), to: dir.url, as: "a.jpg")
        let movie = try Support.copy(Self.fixture("movie-moov-last.mov"), to: dir.url, as: "a.mov")
        let text = try dir.write("notes.jpg", Array("not an image at all".utf8))
        let contents = { try dir.listing().map { ($0, try Support.bytes(dir.path($0))) } }
        let before = try contents()
        for (args, path, reason) in [([movie, still], movie, "is a movie; the first argument must be the still (JPEG or HEIC)"),
                                     ([still, still], still, "is a still image; the second argument must be the movie (QuickTime or MP4)"),
                                     ([text, movie], text, "not a JPEG or HEIC still"),
                                     ([still, text], text, "not a QuickTime or MP4 movie")] {
            let r = try Self.livephoto(["pair"] + args)
            #expect(r.status == 3, "\(args)")
            #expect(r.err == "livephoto: \(path): \(reason)\n", "\(args): \(r.err)")
        }
        // make takes movies only: its error says so without naming pair's arguments.
        for (path, reason) in [(still, "is a still image; a still is made from a movie (QuickTime or MP4)"), (text, "not a QuickTime or MP4 movie")] {
            let r = try Self.livephoto(["make", path])
            #expect(r.status == 3, "\(path)")
            #expect(r.err == "livephoto: \(path): \(reason)\n", "\(path): \(r.err)")
        }
        #expect(try contents().elementsEqual(before, by: ==), "nothing written, nothing left behind")
    }

    @Test("pair then verify: -q is silent, --json is parseable, exit codes 0/1/3/4")
    func pairAndVerify() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Self.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG_1.JPG")
        let movie = try Self.copy("movie-moov-first.mov", to: dir, as: "IMG_1.MOV")

        let before = try Self.livephoto("verify", still, movie)
        #expect(before.status == 1)
        #expect(before.out.contains("✗ still-identifier"))
        #expect(before.out.contains("NOT a valid Live Photo pair"))

        let quiet = try Self.livephoto("pair", "-q", still, movie, "--id", "0b5c2c38-4d3b-4e63-9a58-6c5a4c3b2a19")
        #expect(quiet.status == 0)
        #expect(quiet.out.isEmpty && quiet.err.isEmpty)

        let again = try Self.livephoto("pair", "--json", still, movie)
        let result = try #require(try Self.json(again.out) as? [String: Any])
        #expect(result["status"] as? String == "already-paired")
        #expect(result["identifier"] as? String == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19")

        let verify = try Self.livephoto("verify", "--strict", "--json", still, movie)
        #expect(verify.status == 0)
        let report = try #require(try Self.json(verify.out) as? [String: Any])
        #expect(report["valid"] as? Bool == true)
        #expect((report["checks"] as? [Any])?.count == 15)

        let silent = try Self.livephoto("verify", "-q", still, Self.fixture("movie-audio.mov"))
        #expect(silent.status == 1)
        #expect(silent.out.isEmpty)

        let missing = try Self.livephoto("verify", still, dir.appendingPathComponent("nope.mov").path)
        #expect(missing.status == 3)
        #expect(missing.err == "livephoto: \(dir.appendingPathComponent("nope.mov").path): no such file or directory\n")
    }

    @Test("verify levels: a warning prints '!' and exits 0; --strict makes it '✗' and exit 1; JSON carries level and strict")
    func verifyLevels() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Self.copy("still-no-exif.jpg", to: dir)
        let movie = try Self.copy("movie-moov-last.mov", to: dir)
        #expect(try Self.livephoto("pair", "-q", still, movie).status == 0)
        // Cut the image data short: the pair is still a Live Photo, but the still no longer decodes.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: still))
        try bytes.prefix(bytes.count - 4000).write(to: URL(fileURLWithPath: still))

        let lenient = try Self.livephoto("verify", still, movie)
        #expect(lenient.status == 0)
        #expect(lenient.out.contains("\n! still-decodes: "))
        #expect(lenient.out.hasSuffix("valid Live Photo pair (14 of 15 checks passed, 1 warning)\n"))

        let strict = try Self.livephoto("verify", "--strict", still, movie)
        #expect(strict.status == 1)
        #expect(strict.out.contains("\n✗ still-decodes: "))
        #expect(strict.out.hasSuffix("NOT a valid Live Photo pair (1 of 15 checks failed)\n"))

        let json = try #require(try Self.json(try Self.livephoto("verify", "--json", still, movie).out) as? [String: Any])
        #expect(json["valid"] as? Bool == true)
        let checks = try #require(json["checks"] as? [[String: Any]])
        let decode = try #require(checks.first { $0["name"] as? String == "still-decodes" })
        #expect(decode["passed"] as? Bool == false && decode["level"] as? String == "warning" && decode["strict"] as? Bool == true)
        let equal = try #require(checks.first { $0["name"] as? String == "identifiers-equal" })
        #expect(equal["level"] as? String == "error" && equal["strict"] as? Bool == false)
        let strictJSON = try #require(try Self.json(try Self.livephoto("verify", "--strict", "--json", still, movie).out) as? [String: Any])
        #expect(strictJSON["valid"] as? Bool == false)
        #expect((strictJSON["checks"] as? [[String: Any]])?.allSatisfy { $0["level"] as? String == "error" } == true)
    }

    @Test("pair --json names the movie write: tail-append for moov first and last, rewrite with --faststart (moov then first)")
    func movieWriteModes() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (movieName, faststart, expected) in [("movie-moov-first.mov", false, "tail-append"), ("movie-moov-last.mov", false, "tail-append"),
                                                 ("movie-moov-last.mov", true, "rewrite"), ("movie-moov-first.mov", true, "rewrite")] {
            let sub = dir.appendingPathComponent("\(movieName)-\(faststart)")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let still = try Self.copy("still-no-exif.jpg", to: sub, as: "IMG_1.JPG")
            let movie = try Self.copy(movieName, to: sub, as: "IMG_1.MOV")
            let r = faststart ? try Self.livephoto("pair", "--json", "--faststart", still, movie) : try Self.livephoto("pair", "--json", still, movie)
            #expect(r.status == 0, "\(r.err)")
            let result = try #require(try Self.json(r.out) as? [String: Any])
            #expect(result["movieWrite"] as? String == expected, "\(movieName) faststart=\(faststart)")
            let inspect = try #require(try Self.json(try Self.livephoto("inspect", "--json", movie).out) as? [String: Any])
            let position = (inspect["movie"] as? [String: Any])?["moovPosition"] as? String
            #expect(position == (faststart ? "before-media" : "after-media"), "\(movieName) faststart=\(faststart)")
            #expect(try Self.livephoto("verify", "-q", still, movie).status == 0)
        }
    }

    @Test("pair: a foreign MakerNote is refused with exit 4 and one line naming the maker")
    func pairRefused() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Self.copy("still-foreign-makernote.jpg", to: dir)
        let movie = try Self.copy("movie-moov-last.mov", to: dir)
        let r = try Self.livephoto("pair", still, movie)
        #expect(r.status == 4)
        #expect(r.err.split(separator: "\n").count == 1)
        #expect(r.err.hasPrefix("livephoto: \(still): "))
        #expect(r.err.contains("Canon") && r.err.contains("--replace-maker-note"))
        let ok = try Self.livephoto("pair", "--replace-maker-note", still, movie)
        #expect(ok.status == 0)
    }

    @Test("corpus: inspect reports the identifiers the corpus README lists", .requires(.corpus))
    func corpusInspect() throws {
        let jpg = Self.corpus.appendingPathComponent("avfoundation-pair/IMG.JPG").path
        let mov = Self.corpus.appendingPathComponent("avfoundation-pair/IMG.MOV").path
        let heic = Self.corpus.appendingPathComponent("iphone-heic/IMG_2927.HEIC").path
        let r = try Self.livephoto("inspect", jpg, mov, heic)
        #expect(r.status == 0)
        #expect(r.err.isEmpty)
        #expect(r.out.contains("\(heic): HEIC still, 3024x4032"))
        #expect(r.out.contains("primary item 49: grid of 48 tiles"))
        // The items line counts each role once per item, as `inspect --json` lists them.
        let json = try Self.livephoto("inspect", "--json", heic)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let items = try #require((object["heif"] as? [String: Any])?["items"] as? [[String: Any]])
        let roles = items.compactMap { $0["role"] as? String }
        let counted = ["primary", "tile", "exif", "xmp"].map { role in "\(roles.filter { $0 == role }.count) \(role)" }.joined(separator: ", ")
        #expect(roles.count == 51 && r.out.contains("  items: 51 (\(counted))"), "\(counted)")
        #expect(r.out.contains("content identifier: 1745E022-9712-43C7-B024-F308EC6413CB"))
        #expect(r.out.contains("content identifier: E5B787E0-7047-4A1A-9464-DCDFDAB14F25"))
        #expect(r.out.contains("content identifier: 83599CB7-66F5-4CE1-AE92-EEFD988AB08A"))
        #expect(r.out.contains("still-image-time: track 2 at 0.000 s, value 0"))
        let v = try Self.livephoto("verify", jpg, mov)
        #expect(v.status == 1)
        #expect(v.out.contains("✗ identifiers-equal: still E5B787E0-7047-4A1A-9464-DCDFDAB14F25, movie 83599CB7-66F5-4CE1-AE92-EEFD988AB08A"))
    }
}

@Suite("livephoto on folders")
struct FolderCLITests {
    @Test("scan --json prints JSON Lines; pair DIR and verify DIR summarise and set exit codes; no progress bar off a terminal")
    func folders() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("dcim")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        for i in 1...6 {
            _ = try CLITests.copy("still-exif-icc-xmp.jpg", to: sub, as: String(format: "IMG_%04d.JPG", i))
            _ = try CLITests.copy(i % 2 == 0 ? "movie-moov-first.mov" : "movie-moov-last.mov", to: sub, as: String(format: "IMG_%04d.MOV", i))
        }
        let scan = try CLITests.livephoto("scan", "--json", dir.path)
        #expect(scan.status == 0)
        let records = try scan.out.split(separator: "\n").map { try #require(try CLITests.json(String($0)) as? [String: Any]) }
        #expect(records.count == 6)
        #expect(records.allSatisfy { $0["finding"] as? String == "candidate" })
        #expect(scan.err.contains("6 candidate"))
        #expect(!scan.err.contains("\r"), "no progress bar when stderr is not a terminal")

        let pair = try CLITests.livephoto("pair", "--jobs", "2", dir.path)
        #expect(pair.status == 0)
        #expect(pair.out.split(separator: "\n").filter { $0.hasPrefix("paired ") }.count == 6)
        #expect(pair.err.contains("6 paired"))

        let verify = try CLITests.livephoto("verify", "--json", dir.path)
        #expect(verify.status == 0)
        let outcomes = try verify.out.split(separator: "\n").map { try #require(try CLITests.json(String($0)) as? [String: Any]) }
        #expect(outcomes.count == 6 && outcomes.allSatisfy { $0["status"] as? String == "valid" })

        // One broken pair: verify DIR exits 1; a junk movie: pair DIR reports it and exits 3.
        let junkStill = try CLITests.copy("still-no-exif.jpg", to: sub, as: "IMG_0099.JPG")
        #expect(FileManager.default.createFile(atPath: sub.appendingPathComponent("IMG_0099.MOV").path, contents: Data("junk".utf8)))
        let bad = try CLITests.livephoto("pair", "-q", dir.path)
        #expect(bad.status == 3)
        #expect(bad.out.isEmpty)
        #expect(bad.err.contains("livephoto: \(sub.appendingPathComponent("IMG_0099.MOV").path): not a JPEG/HEIC still or a QuickTime/MP4 movie"))
        try FileManager.default.removeItem(atPath: junkStill)
        try FileManager.default.removeItem(atPath: sub.appendingPathComponent("IMG_0099.MOV").path)
        try FileManager.default.removeItem(atPath: sub.appendingPathComponent("IMG_0001.JPG").path)
        _ = try CLITests.copy("still-no-exif.jpg", to: sub, as: "IMG_0001.JPG")
        let invalid = try CLITests.livephoto("verify", "-q", dir.path)
        #expect(invalid.status == 1)
        #expect(invalid.out.isEmpty && invalid.err.isEmpty)

        // Mixing files and folders, or --id with folders, is a usage error.
        #expect(try CLITests.livephoto("pair", dir.path, CLITests.fixture("movie-audio.mov")).status == 2)
        #expect(try CLITests.livephoto("pair", "--id", "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", dir.path).status == 2)
        #expect(try CLITests.livephoto("scan", dir.appendingPathComponent("missing").path).status == 3)
    }

    @Test("pair DIR -o OUT: each record and text line names the pair written (the still too), the inputs left as they were")
    func folderPairIntoOutputFolder() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let lib = dir.appendingPathComponent("lib"), out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let still = try CLITests.copy("still-no-exif.jpg", to: lib, as: "a.jpg")
        let movie = try CLITests.copy("movie-mp4.mp4", to: lib, as: "a.mp4")
        let before = try [Support.bytes(still), Support.bytes(movie)]
        let dry = try CLITests.livephoto("pair", "--dry-run", "--json", "-o", out.path, lib.path)
        #expect(dry.status == 0)
        let planned = try #require(try CLITests.json(dry.out) as? [String: Any])
        #expect(planned["status"] as? String == "dry-run")
        #expect(planned["still"] as? String == out.path + "/a.jpg" && planned["movie"] as? String == out.path + "/a.MOV")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)

        let json = try CLITests.livephoto("pair", "--json", "-o", out.path, lib.path)
        #expect(json.status == 0)
        let record = try #require(try CLITests.json(json.out) as? [String: Any])
        #expect(record["status"] as? String == "paired")
        #expect(record["still"] as? String == out.path + "/a.jpg" && record["movie"] as? String == out.path + "/a.MOV")
        #expect(try [Support.bytes(still), Support.bytes(movie)] == before)
        let verify = try CLITests.livephoto("verify", out.appendingPathComponent("a.jpg").path, out.appendingPathComponent("a.MOV").path)
        #expect(verify.status == 0)

        try FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let text = try CLITests.livephoto("pair", "-o", out.path, lib.path)
        #expect(text.status == 0)
        #expect(text.out.hasPrefix("paired \(out.path)/a.jpg + \(out.path)/a.MOV  ("))
    }

    @Test("pair: --still-time -1 and --still-time=-1 are the '0 or more' usage error (exit 2)")
    func negativeStillTime() throws {
        let s = CLITests.fixture("still-no-exif.jpg"), m = CLITests.fixture("movie-moov-last.mov")
        for args in [["pair", s, m, "--still-time", "-1"], ["pair", s, m, "--still-time=-1"], ["pair", "--still-time", "-1", s, m]] {
            let r = try CLITests.livephoto(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.err.contains("--still-time must be a number of seconds, 0 or more"), "\(args): \(r.err)")
            #expect(!r.err.contains("Missing value"))
        }
        let frame = try CLITests.livephoto(["pair", s, m, "--still-frame", "-1"])
        #expect(frame.status == 2)
        #expect(frame.err.contains("--still-frame must be 0 or more"))
    }

    @Test("pair: says what happened to the still-image-time track; a time at the video's end is refused (exit 4)")
    func stillImageTimeOutcome() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_2.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_2.MOV")
        let movieBytes = try Data(contentsOf: URL(fileURLWithPath: movie))

        // The fixture's video ends at 2 s: no frame is shown there.
        let end = try CLITests.livephoto(["pair", still, movie, "--still-time", "2"])
        #expect(end.status == 4)
        #expect(end.err.hasPrefix("livephoto: \(movie): still time 2.000 s lies outside the video (valid: 0.000 s up to, not including, 2.000 s)"))
        #expect(end.err.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == movieBytes)

        let added = try CLITests.livephoto(["pair", still, movie])
        #expect(added.status == 0)
        #expect(added.out.contains("  still-image-time: added\n"))
        let moved = try CLITests.livephoto(["pair", "--json", still, movie, "--still-frame", "3"])
        let json = try #require(try CLITests.json(moved.out) as? [String: Any])
        #expect(json["stillImageTime"] as? String == "moved")
        #expect(json["stillImageTimeNote"] == nil)
        #expect(json["stillTime"] as? Double == 0.2, "frame 3 of a 15 fps video starts at 0.2 s")
        let kept = try CLITests.livephoto(["pair", still, movie, "--new-id"])
        #expect(kept.out.contains("  still-image-time: kept\n"))
        #expect(kept.out.contains("  still time: 0.200 s\n"))
    }

    @Test("pair c.jpg c.mp4 twice: the second run finds c.MOV and says already paired (exit 0)")
    func mp4Rerun() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "c.jpg")
        let mp4 = try CLITests.copy("movie-mp4.mp4", to: dir, as: "c.mp4")
        let first = try CLITests.livephoto(["pair", still, mp4])
        #expect(first.status == 0)
        let second = try CLITests.livephoto(["pair", still, mp4])
        #expect(second.status == 0, "\(second.err)")
        #expect(second.out.hasPrefix("already paired: "))
        #expect(second.err.isEmpty)
        let fresh = try CLITests.livephoto(["pair", still, mp4, "--new-id"])
        #expect(fresh.status == 4)
        #expect(fresh.err.contains("already exists"))
    }

    @Test("pair DIR --json: each record carries stillImageTime")
    func batchStillImageTime() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
        _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let r = try CLITests.livephoto(["pair", "--json", dir.path])
        #expect(r.status == 0)
        let record = try #require(try CLITests.json(String(r.out.split(separator: "\n").first ?? "")) as? [String: Any])
        #expect(record["status"] as? String == "paired")
        #expect(record["stillImageTime"] as? String == "added")
    }
}
