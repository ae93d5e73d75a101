import Foundation
import Testing
import TestSupport

/// `livephoto make --wallpaper` as a user runs it: usage errors, exit codes, JSON, the input
/// left byte for byte, `verify --wallpaper` on what it wrote, no overwrite.
@Suite("livephoto make --wallpaper command line")
struct MakeWallpaperCLITests {
    @Test("--start/--duration without --wallpaper, a duration outside 1 to 5 s, a value that is not decimal seconds, folders: exit 2, nothing written")
    func usage() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let m = try CLITests.copy("movie-moov-last.mov", to: dir)
        for (args, words) in [(["make", m, "--start", "1"], "with --wallpaper"), (["make", m, "--duration", "2"], "with --wallpaper"),
                              (["make", "--wallpaper", m, "--duration", "6"], "1 to 5"), (["make", "--wallpaper", m, "--duration", "0.5"], "1 to 5"),
                              (["make", "--wallpaper", m, "--start", "-1"], "--start"), (["make", "--wallpaper", m, "--start", "1e3"], "--start"),
                              (["make", "--wallpaper", dir.path], "not folders")] {
            let r = try CLITests.livephoto(args)
            #expect(r.status == 2 && r.err.contains(words), "\(args): \(r.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["movie-moov-last.mov"])
    }

    @Test("the camera movie: exit 0, JSON naming the new -wallpaper files, the input byte for byte, verify --wallpaper passes; again: refused, nothing replaced",
          .requires(.corpusFile(WallpaperCLITests.ios18 + ".MOV")))
    func cameraMovie() throws {
        let dir = try CLITests.scratch(), out = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: out) }
        let movie = dir.appendingPathComponent("IMG_3853.MOV").path
        try FileManager.default.copyItem(atPath: Support.corpusFile(WallpaperCLITests.ios18 + ".MOV"), toPath: movie)
        let before = try Support.bytes(movie)
        let r = try CLITests.livephoto(["make", "--wallpaper", "--json", movie, "-o", out.path])
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try CLITests.json(r.out) as? [String: Any])
        let still = try #require(json["still"] as? String), made = try #require(json["movieOutput"] as? String)
        #expect(still == out.appendingPathComponent("IMG_3853-wallpaper.JPG").path && made == out.appendingPathComponent("IMG_3853-wallpaper.MOV").path)
        #expect(json["status"] as? String == "made" && json["movieWrite"] as? String == "new-file")
        #expect(try Support.bytes(movie) == before)
        let verify = try CLITests.livephoto(["verify", "--wallpaper", still, made])
        #expect(verify.status == 0, "\(verify.out)\(verify.err)")
        let stillBytes = try Support.bytes(still)
        let again = try CLITests.livephoto(["make", "--wallpaper", movie, "-o", out.path])
        #expect(again.status != 0 && again.err.contains("never overwritten") && again.err.split(separator: "\n").count == 1, "\(again.err)")
        #expect(try Support.bytes(still) == stillBytes && Support.bytes(movie) == before)
    }

    /// AVFoundation's Live Photo movies put their still-image-time at 0, too early for a
    /// wallpaper (at least 0.2 s in): without a choice the middle frame is the still, one
    /// warning line says so, and the wallpaper verifies. A still the user chose that early is
    /// refused by name (exit 4, nothing written).
    @Test("a movie whose own still is at 0: the middle frame instead, with a warning; a chosen still at 0.1 s is refused, nothing written")
    func stillAtStart() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        #expect(try CLITests.livephoto(["make", "-q", "--still-time", "0", "-o", out.path, source]).status == 0)
        let movie = out.appendingPathComponent("clip.mov").path
        let listing = { try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() }
        let before = try listing()
        // 0.1 s is in the frame that starts at 0.067 s (15 fps): that frame is the still.
        let early = try CLITests.livephoto(["make", "--wallpaper", "--still-time", "0.1", movie])
        #expect(early.status == 4, "\(early.err)")
        #expect(early.err == "livephoto: \(movie): the still at 0.067 s is less than 0.200 s into the video; choose a later one with --still-time or --still-frame\n", "\(early.err)")
        #expect(try listing() == before)
        let r = try CLITests.livephoto(["make", "--wallpaper", "--json", movie])
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        let result = try #require(try CLITests.json(r.out) as? [String: Any])
        let warnings = result["warnings"] as? [String] ?? []
        #expect(warnings.first == "the movie's still-image-time (0.000 s) is less than 0.200 s into the video, too early for a wallpaper: "
                + "the still is the middle frame, at 1.000 s (choose another with --still-time or --still-frame)", "\(warnings)")
        #expect(try listing() == (before + ["clip-wallpaper.JPG", "clip-wallpaper.MOV"]).sorted())
        let verify = try CLITests.livephoto(["verify", "--json", out.appendingPathComponent("clip-wallpaper.JPG").path, out.appendingPathComponent("clip-wallpaper.MOV").path])
        #expect(verify.status == 0, "\(verify.out)")
        let text = try CLITests.livephoto(["make", "--wallpaper", "-o", dir.path, movie])
        #expect(text.status == 0 && text.err.hasPrefix("livephoto: \(movie): warning: the movie's still-image-time (0.000 s)"), "\(text.err)")
    }

    /// Each run is a new process: a part that depended on process state (a dictionary's hash
    /// order, a clock, a thread's timing) would make two runs differ.
    @Test("two runs with the same identifier write the same bytes (re-encoded video and the camera's setup included)")
    func sameBytesEveryRun() throws {
        let a = try CLITests.scratch(), b = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        for dir in [a, b] {
            let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
            let r = try CLITests.livephoto(["make", "--wallpaper", "--id", "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", movie])
            #expect(r.status == 0, "\(r.err)")
        }
        for name in ["clip-wallpaper.MOV", "clip-wallpaper.JPG"] {
            #expect(try Support.bytes(a.appendingPathComponent(name).path) == Support.bytes(b.appendingPathComponent(name).path), "\(name)")
        }
    }

    @Test("--still-format heic with a re-encode: a -wallpaper.HEIC at the new video's size that libheif decodes, bound to the new movie; the input unchanged",
          .requires(.ffprobe))
    func heicStillReencoded() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let before = try Support.bytes(movie)
        let r = try CLITests.livephoto(["make", "--wallpaper", "--still-format", "heic", "--json", movie])
        #expect(r.status == 0, "\(r.err)")
        let json = try #require(try CLITests.json(r.out) as? [String: Any])
        let still = dir.appendingPathComponent("clip-wallpaper.HEIC").path, made = dir.appendingPathComponent("clip-wallpaper.MOV").path
        #expect(json["still"] as? String == still && json["movieOutput"] as? String == made)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("clip-wallpaper.JPG").path))
        #expect(try Support.bytes(movie) == before)
        let verify = try CLITests.livephoto(["verify", "--wallpaper", "--strict", still, made])
        #expect(verify.status == 0, "\(verify.out)\(verify.err)")
        let size = try Support.ffprobeJSON(["-select_streams", "v:0", "-show_entries", "stream=width,height"], file: made)
        let stream = try #require((size["streams"] as? [[String: Any]])?.first)
        #expect(verify.out.contains("✓ still-decodes: decoded \(stream["width"] ?? "?")x\(stream["height"] ?? "?") (libheif)"), "\(verify.out)")
    }

    /// The first frame ffmpeg decodes from `movie` at `seconds`, as 8-bit grey.
    static func greyFrame(_ movie: String, at seconds: String) throws -> [UInt8] {
        let ffmpeg = try #require(Support.tool("ffmpeg"))
        let r = try Support.run(ffmpeg, ["-v", "error", "-ss", seconds, "-i", movie, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        try #require(r.status == 0, "ffmpeg: \(r.err)")
        return Array(r.outData)
    }

    @Test("--start chooses where the span begins: the new movie's first frame is the source's frame at that time, not the default span's",
          .requires(.ffmpeg))
    func startChoosesTheSpan() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let made = dir.appendingPathComponent("clip-wallpaper.MOV").path
        var firstFrames: [String: [UInt8]] = [:]
        for start in ["0", "1"] {
            let r = try CLITests.livephoto(["make", "--wallpaper", "-q", "--start", start, "--duration", "1", movie])
            #expect(r.status == 0, "\(r.err)")
            firstFrames[start] = try Self.greyFrame(made, at: "0")
            try FileManager.default.removeItem(atPath: made)
            try FileManager.default.removeItem(atPath: dir.appendingPathComponent("clip-wallpaper.JPG").path)
        }
        // Each first frame (re-encoded) is nearest the source's frame at its own start.
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Double {
            guard a.count == b.count, !a.isEmpty else { return .infinity }
            return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
        }
        let source0 = try Self.greyFrame(movie, at: "0"), source1 = try Self.greyFrame(movie, at: "1")
        #expect(distance(source0, source1) > 5, "the fixture's frames at 0 s and 1 s differ")
        let first0 = try #require(firstFrames["0"]), first1 = try #require(firstFrames["1"])
        #expect(distance(first0, source0) < distance(first0, source1), "--start 0")
        #expect(distance(first1, source1) < distance(first1, source0), "--start 1")
    }
}
