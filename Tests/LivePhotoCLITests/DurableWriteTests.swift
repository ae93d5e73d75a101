import Foundation
import Testing
import TestSupport
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// What reaches the disk, and in what order, for every way `pair` and `make` write: a run
/// traced with strace must keep the rules of `WriteOrderTrace` (each file synced, temporaries
/// synced before they take their names, folders synced after, journals first, commit steps in
/// order). A kill cannot show these (the page cache survives it); a power loss would.
@Suite("safety: writes reach the disk in order")
struct DurableWriteTests {
    static let fixedID = "5B1C6C30-8E2A-4C0E-9D43-2F5A7E6B1D90"

    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var still: (fixture: String, name: String)
        /// A fixture, or nil for a movie made with ffmpeg with room after `moov`.
        var movie: (fixture: String?, name: String)
        var arguments: [String]
        var stillWrite: String
        var movieWrite: String
        /// Into a folder of its own (`-o DIR`) rather than in place.
        var intoFolder = false
    }

    static let cases: [Case] = [
        Case(description: "JPEG rewritten, movie tail-appended", still: ("still-exif-icc-xmp.jpg", "IMG.JPG"), movie: ("movie-moov-last.mov", "IMG.MOV"),
             arguments: ["pair"], stillWrite: "rewrite", movieWrite: "tail-append"),
        Case(description: "HEIC edited in place, movie rewritten --faststart", still: ("still-heic.heic", "IMG.HEIC"), movie: ("movie-moov-first.mov", "IMG.MOV"),
             arguments: ["pair", "--faststart"], stillWrite: "in-place", movieWrite: "rewrite"),
        Case(description: "JPEG rewritten, moov grown in place through a journal", still: ("still-no-exif.jpg", "IMG.JPG"), movie: (nil, "IMG.MOV"),
             arguments: ["pair", "--faststart"], stillWrite: "rewrite", movieWrite: "grow-in-place"),
        Case(description: "both new files in -o DIR", still: ("still-exif-icc-xmp.jpg", "IMG.JPG"), movie: ("movie-moov-last.mov", "IMG.MOV"),
             arguments: ["pair"], stillWrite: "new-file", movieWrite: "new-file", intoFolder: true),
    ]

    @Test("pair: every file synced, temporaries before their names (and before any commit), folders after, journal first, commit steps in order",
          .requires(.strace, .ffmpeg), arguments: cases)
    func pairWritesInOrder(_ c: Case) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy(c.still.fixture, to: dir, as: c.still.name)
        let movie = dir.appendingPathComponent(c.movie.name).path
        if let fixture = c.movie.fixture { _ = try CLITests.copy(fixture, to: dir, as: c.movie.name) } else { try GrowInPlaceKillTests.makePaddedMovie(movie) }
        var arguments = c.arguments + ["--json", "--id", Self.fixedID]
        if c.intoFolder {
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
            arguments += ["-o", out.path]
        }
        let (run, trace) = try Self.traced(arguments + [still, movie], in: dir)
        #expect(run.status == 0, "\(run.err)")
        let report = try #require(SafetyTests.jsonObjects(run.out).first)
        #expect(report["stillWrite"] as? String == c.stillWrite)
        #expect(report["movieWrite"] as? String == c.movieWrite)
        #expect(!trace.events.isEmpty)
        #expect(trace.violations(inputs: [still, movie]) == [])
        #expect(trace.unsyncedAtFirstNaming() == [], "every new file is synced before the commit names any")
        let counts = trace.temporarySyncCounts()
        #expect(counts.values.allSatisfy { $0 == 1 }, "one fsync per temporary file: \(counts)")
        #expect(counts.count == [c.stillWrite, c.movieWrite].filter { $0 == "rewrite" || $0 == "new-file" }.count, "\(counts)")
    }

    @Test("make: the new still and the paired movie reach the disk in order", .requires(.strace))
    func makeWritesInOrder() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-audio.mov", to: dir, as: "CLIP.MOV")
        let (run, trace) = try Self.traced(["make", "-q", "--id", Self.fixedID, movie], in: dir)
        #expect(run.status == 0, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("CLIP.JPG").path))
        #expect(trace.events.contains { if case .sync = $0 { return true }; return false })
        #expect(trace.violations(inputs: [movie]) == [])
    }

    /// `make --wallpaper` writes two new files and links each into place: both are on disk
    /// before either takes its name, and each name is made durable.
    @Test("make --wallpaper: the new movie and still are synced before either is named, then their folder", .requires(.strace))
    func wallpaperWritesInOrder() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let (run, trace) = try Self.traced(["make", "--wallpaper", "-q", "--id", Self.fixedID, movie], in: dir)
        #expect(run.status == 0, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("clip-wallpaper.MOV").path))
        #expect(trace.unsyncedAtFirstNaming() == [], "both new files synced before the first is named")
        #expect(trace.temporarySyncCounts().count == 2 && trace.temporarySyncCounts().values.allSatisfy { $0 == 1 }, "\(trace.temporarySyncCounts())")
        #expect(trace.violations(inputs: [movie]) == [])
    }

    /// `convert` writes new files only, each complete before it takes its name, and makes
    /// them durable with one `syncfs` once every output has its name, before it reports (not a
    /// flush per file): one call for one Motion Photo, and one for a folder of three.
    @Test("convert: inputs never written, one syncfs after the last output is named, for one file or a folder", .requires(.strace), arguments: [1, 3])
    func convertSyncsOnceAfterNaming(_ count: Int) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = try Support.bytes(Support.fixture("still-no-exif.jpg")), mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let inputs = try (1...count).map { try Support.write(OtherMakerLayouts.lg(jpeg, video: mp4), in: dir, name: "2024010\($0).jpg") }
        let (run, trace) = try Self.traced(["convert", "-q"] + (count == 1 ? inputs : [dir.path]), in: dir)
        #expect(run.status == 0, "\(run.err)")
        let outputs = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".MOV") }
        #expect(outputs.count == count, "\(outputs)")
        let touched = trace.events.flatMap { event -> [String] in
            switch event {
            case .write(let path, _), .truncate(let path), .unlink(let path): return [path]
            case .rename(let from, let to): return [from, to]
            default: return []
            }
        }
        #expect(Set(touched).isDisjoint(with: inputs), "an input was written")
        let syncs = trace.events.indices.filter { if case .syncFileSystem = trace.events[$0] { return true } else { return false } }
        let lastNamed = trace.events.lastIndex { if case .link = $0 { return true } else { return false } }
        #expect(syncs.count == 1, "\(syncs.count) syncfs calls")
        #expect(lastNamed != nil && (syncs.first ?? -1) > (lastNamed ?? Int.max), "the syncfs comes after every output has its name")
    }

    /// A HEIC edited in place whose read-back then fails (its last byte cut off) is put back:
    /// the undo (the old `meta` bytes back, the appended bytes cut off) keeps the same order as
    /// the edit, each step on disk before the next.
    @Test("pair, HEIC edited in place, read-back failed: the undo reaches the disk in order and leaves the HEIC as it was", .requires(.strace))
    func undoneHEICEditInOrder() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-heic.heic", to: dir, as: "IMG.HEIC")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let before = try Support.bytes(still)
        let (run, trace) = try Self.traced(["pair", "--id", "11111111-2222-3333-4444-555555555555", still, movie], in: dir,
                                           env: ["LIVEPHOTO_FAULT_AT": WriteStep.stillWritten.rawValue, "LIVEPHOTO_FAULT_SIGNAL": "CUT"])
        #expect(run.status == 4, "\(run.err)")
        #expect(try Support.bytes(still) == before)
        #expect(trace.events.contains(.truncate(path: still)), "the undo cut the appended bytes off")
        #expect(trace.violations(inputs: [still, movie]) == [])
    }

    /// Inputs on a tmpfs, outputs into a folder on the disk: the kernel copy refuses (EXDEV) and
    /// every byte goes through the writer's own writes. The new files must still be synced
    /// before they take their names.
    @Test("pair -o DIR across file systems: the new files are synced before their names", .requires(.strace),
          arguments: ["movie-moov-last.mov", "movie-mp4.mp4"])
    func crossFileSystemNewFiles(_ movieFixture: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var a = stat(), b = stat()
        guard stat("/dev/shm", &a) == 0, stat(dir.path, &b) == 0, a.st_dev != b.st_dev else {
            Issue.record(Comment(rawValue: "not checked: /dev/shm is not another file system"), severity: .warning); return
        }
        let inputs = URL(fileURLWithPath: "/dev/shm").appendingPathComponent("livephoto-durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: inputs) }
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: inputs, as: "IMG.JPG")
        // A QuickTime movie is rewritten with its edit; an MP4 becomes a new .MOV beside the still.
        let movie = try CLITests.copy(movieFixture, to: inputs, as: movieFixture.hasSuffix(".mp4") ? "IMG.MP4" : "IMG.MOV")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let (run, trace) = try Self.traced(["pair", "--json", "--id", Self.fixedID, "-o", out.path, still, movie], in: dir)
        #expect(run.status == 0, "\(run.err)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).sorted() == ["IMG.JPG", "IMG.MOV"])
        #expect(trace.violations(inputs: [still, movie]) == [])
        #expect(trace.unsyncedAtFirstNaming() == [], "every new file is synced before the commit names any")
    }

    /// `livephoto ARGS` under strace; its result and its calls on files under `dir`.
    static func traced(_ arguments: [String], in dir: URL, env: [String: String] = [:]) throws -> (ProcessResult, WriteOrderTrace) {
        let log = dir.appendingPathComponent("strace.log").path
        let strace = try Support.requireTool("strace")
        let run = try SafetyTests.Started(strace, WriteOrderTrace.straceArguments + ["-o", log, SafetyTests.binary] + arguments, env: env).wait()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        try FileManager.default.removeItem(atPath: log)
        return (run, WriteOrderTrace(strace: text, root: dir.path))
    }
}

/// The rules themselves notice each kind of misordering (so a clean trace above means something).
@Suite("WriteOrderTrace")
struct WriteOrderTraceTests {
    static func trace(_ lines: [String]) -> WriteOrderTrace {
        WriteOrderTrace(strace: lines.map { "100 " + $0 }.joined(separator: "\n"), root: "/r")
    }

    @Test func aCleanReplacementPasses() {
        let t = Self.trace([
            #"openat(AT_FDCWD</w>, "/r/.A.livephoto-x", O_RDWR|O_CREAT|O_EXCL, 0600) = 7</r/.A.livephoto-x>"#,
            #"pwrite64(7</r/.A.livephoto-x>, ""..., 878, 20) = 878"#,
            #"fsync(7</r/.A.livephoto-x>) = 0"#,
            #"rename("/r/.A.livephoto-x", "/r/A") = 0"#,
            #"openat(AT_FDCWD</w>, "/r", O_RDONLY|O_DIRECTORY) = 8</r>"#,
        ])
        #expect(t.events.count == 4)
        // "/r" is no folder here: its sync cannot be told from a file's, so only the rename's rule is checked.
        #expect(!t.violations(inputs: []).contains { $0.hasPrefix("synced before published") })
    }

    @Test func renameBeforeSyncIsCaughtWhenTheNameLasts() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = dir.path
        #expect(FileManager.default.createFile(atPath: r + "/A", contents: Data([1])))
        let lines = [
            "pwrite64(7<\(r)/.A.livephoto-x>, \"\"..., 878, 20) = 878",
            "rename(\"\(r)/.A.livephoto-x\", \"\(r)/A\") = 0",
            "fsync(7<\(r)/A>) = 0",
            "pwrite64(8<\(r)/.B.livephoto-y>, \"\"..., 878, 20) = 878",
            "link(\"\(r)/.B.livephoto-y\", \"\(r)/.B.backup\") = 0",
            "unlink(\"\(r)/.B.backup\") = 0",
            "unlink(\"\(r)/.B.livephoto-y\") = 0",
        ]
        let t = WriteOrderTrace(strace: lines.map { "100 " + $0 }.joined(separator: "\n"), root: r)
        let found = t.violations(inputs: [])
        #expect(found.contains("synced before published: \(r)/.A.livephoto-x named \(r)/A before it was synced (call 1)"))
        #expect(!found.contains { $0.contains(".B.") }, "a name gone at the end need not last: \(found)")
    }

    @Test func aCommitStepBeforeTheSyncIsCaught() {
        let t = Self.trace([
            #"pwrite64(7</r/M>, ""..., 945, 20329) = 945"#,
            #"pwrite64(7</r/M>, ""..., 4, 19252) = 4"#,
            #"fdatasync(7</r/M>) = 0"#,
        ])
        #expect(t.violations(inputs: ["/r/M"]) == ["steps in order: a commit step to /r/M before its earlier writes were synced (call 1)"])
        #expect(t.violations(inputs: []) == [], "only an input edited in place has commit steps")
    }

    @Test func aJournalNotOnDiskFirstIsCaught() {
        let lines = [
            #"openat(AT_FDCWD</w>, "/r/.M.livephoto-journal", O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0600) = 8</r/.M.livephoto-journal>"#,
            #"pwrite64(8</r/.M.livephoto-journal>, ""..., 1947, 0) = 1947"#,
            #"pwrite64(7</r/M>, ""..., 953, 20) = 953"#,
            #"unlink("/r/.M.livephoto-journal") = 0"#,
            #"fsync(7</r/M>) = 0"#,
        ]
        let found = Self.trace(lines).violations(inputs: ["/r/M"])
        #expect(found.contains("journal first: /r/M written before its journal's bytes were synced (call 2)"))
        #expect(found.contains("journal first: /r/M written before its journal's name was synced (call 2)"))
        #expect(found.contains("journal first: /r/.M.livephoto-journal removed before /r/M was synced (call 3)"))
    }

    @Test func unfinishedAndResumedCallsAreJoined() {
        let t = WriteOrderTrace(strace: [
            #"100 pwrite64(7</r/M>, ""..., 945, 20329 <unfinished ...>"#,
            #"101 fsync(9</r/N>) = 0"#,
            #"100 <... pwrite64 resumed>) = 945"#,
            #"100 pwrite64(7</r/M>, ""..., 10, 0) = -1 ENOSPC (No space left on device)"#,
        ].joined(separator: "\n"), root: "/r")
        #expect(t.events == [.sync(path: "/r/N"), .write(path: "/r/M", bytes: 945)])
    }

    @Test func aFileNeverSyncedIsCaught() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("A").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
        let t = WriteOrderTrace(strace: "100 pwrite64(7<\(file)>, \"\"..., 1, 0) = 1", root: dir.path)
        #expect(t.violations(inputs: []) == ["synced: \(file) was written and never synced"])
    }
}
