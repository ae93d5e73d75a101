import Foundation
import Testing
import BinaryIO
import ISOBMFF
#if canImport(Glibc)
import Glibc
#endif

/// The guarantees of README "Safety" that need real processes: concurrent runs, signals,
/// `ulimit -f`, and a kill at every write step.
@Suite("safety: concurrency, signals, limits, kills")
struct SafetyTests {
    typealias Run = ProcessResult
    typealias Started = StartedProcess

    /// The binary under test; `LIVEPHOTO_TEST_BINARY` points the suite at another build
    /// (e.g. an older one, to see these tests fail there).
    static let binary = ProcessInfo.processInfo.environment["LIVEPHOTO_TEST_BINARY"].flatMap { $0.isEmpty ? nil : $0 } ?? CLITests.binary

    static func livephoto(_ args: [String], env: [String: String] = [:]) throws -> Run {
        try Started(binary, args, env: env).wait()
    }

    static func tool(_ name: String) -> String? { Support.tool(name) }

    static func bytes(_ path: String) -> [UInt8]? { (try? Data(contentsOf: URL(fileURLWithPath: path))).map { Array($0) } }

    static func temporaries(_ dir: URL) -> [String] { Support.temporaries(in: dir) }

    static func jsonObjects(_ text: String) -> [[String: Any]] {
        // `pair --json` on one pair prints one pretty document; on folders, one object per line.
        if let one = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] { return [one] }
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    // MARK: concurrency

    @Test("many concurrent pair runs (and a pair DIR) on the same files: one wins, all report its identifier; concurrent verify never sees a half state",
          arguments: ["movie-moov-last.mov", "movie-moov-first.mov", "movie-mp4.mp4"])
    func concurrentPairs(_ movieName: String) throws {
        let isMP4 = movieName.hasSuffix(".mp4")
        for _ in 0..<2 {
            let dir = try CLITests.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
            let input = try CLITests.copy(movieName, to: dir, as: isMP4 ? "IMG_0001.mp4" : "IMG_0001.MOV")
            let movie = dir.appendingPathComponent("IMG_0001.MOV").path   // in place, or the MP4's new QuickTime copy
            var pairs: [Started] = []
            var verifies: [Started] = []
            for i in 0..<8 {
                pairs.append(try Started(Self.binary, ["pair", "--json", "--wait", "120", still, input]))
                // (With an MP4, a folder run would see the .MOV appear beside it: single runs only.)
                if i == 3 && !isMP4 { pairs.append(try Started(Self.binary, ["pair", "--json", "--wait", "120", dir.path])) }
                if i % 2 == 0 && !isMP4 { verifies.append(try Started(Self.binary, ["verify", "--json", "--wait", "120", still, movie])) }
            }
            let pairRuns = pairs.map { $0.wait() }
            let verifyRuns = verifies.map { $0.wait() }

            for run in pairRuns { #expect(run.status == 0, "\(run.err)") }
            let records = pairRuns.flatMap { Self.jsonObjects($0.out) }
            let identifiers = Set(records.compactMap { $0["identifier"] as? String })
            #expect(identifiers.count == 1, "every run reports the winner's identifier: \(identifiers)")
            #expect(records.filter { $0["status"] as? String == "paired" }.count == 1, "exactly one run wrote")
            let final = try Self.livephoto(["verify", "--json", still, movie])
            #expect(final.status == 0)
            let report = try #require(Self.jsonObjects(final.out).first)
            #expect(identifiers == [report["stillIdentifier"] as? String ?? "-"])

            // A verify that ran during the commit saw the original pair or the paired one.
            for run in verifyRuns {
                let r = try #require(Self.jsonObjects(run.out).first, "\(run.err)")
                if run.status == 0 {
                    #expect(r["stillIdentifier"] as? String == report["stillIdentifier"] as? String)
                } else {
                    #expect(run.status == 1)
                    #expect(r["stillIdentifier"] == nil && r["movieIdentifier"] == nil, "half state seen: \(r)")
                }
            }
            #expect(Self.temporaries(dir).isEmpty)
        }
    }

    @Test("a run that cannot get the lock in time fails with one 'busy' line and exit 4; nothing changes")
    func busy() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir)
        let sb = Self.bytes(still), mb = Self.bytes(movie)
        let fd = open(movie, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)

        let pair = try Self.livephoto(["pair", "--wait", "0.3", still, movie])
        #expect(pair.status == 4)
        #expect(pair.err.split(separator: "\n").count == 1)
        #expect(pair.err.contains("livephoto: \(movie): busy"))
        #expect(Self.bytes(still) == sb && Self.bytes(movie) == mb)
        let verify = try Self.livephoto(["verify", "--wait", "0.3", still, movie])
        #expect(verify.status == 4)
        #expect(verify.err.contains("busy"))

        // Once the lock is released, the same command goes through.
        #expect(flock(fd, LOCK_UN) == 0)
        #expect(try Self.livephoto(["pair", "-q", "--wait", "0.3", still, movie]).status == 0)
        #expect(try Self.livephoto(["verify", "-q", still, movie]).status == 0)
    }

    // MARK: limits

    // ThreadSanitizer's own runtime faults (SIGBUS) in a process under RLIMIT_FSIZE, before our
    // code runs: `make sanitize` sets LIVEPHOTO_SANITIZER=thread, and the plain and ASan runs
    // still check this.
    @Test("ulimit -f: exit 4 with one line, not SIGXFSZ; both files as they were, no temporary left",
          .disabled(if: ProcessInfo.processInfo.environment["LIVEPHOTO_SANITIZER"] == "thread", "ThreadSanitizer's runtime faults under ulimit -f"),
          arguments: ["movie-moov-last.mov", "movie-moov-first.mov", "movie-mp4.mp4"])
    func fileSizeLimit(_ movieName: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir)
        let movie = try CLITests.copy(movieName, to: dir)
        let sb = Self.bytes(still), mb = Self.bytes(movie)
        // Room for the new still (12.5 KB), not for the movie (20 KB and growing).
        let blocks = (sb!.count + 2048) / 1024
        #expect(blocks * 1024 < mb!.count)
        // As from a login shell: SIGXFSZ at its default (a test runner may start us with it ignored).
        let env = try #require(Self.tool("env"))
        let run = try Started(env, ["--default-signal=XFSZ", "/bin/bash", "-c", "ulimit -f \(blocks); exec \"$0\" pair \"$1\" \"$2\"",
                                    Self.binary, still, movie]).wait()
        #expect(!run.signalled)
        #expect(run.status == 4, "\(run.status) \(run.err)")
        #expect(run.err.split(separator: "\n").count == 1)
        #expect(run.err.contains("file too large"))
        #expect(Self.bytes(still) == sb, "the committed still was put back")
        #expect(Self.bytes(movie) == mb)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("movie-mp4.MOV").path))
        #expect(Self.temporaries(dir).isEmpty)
    }

    /// The HEIC's new Exif is appended to it in place before the movie is written; the movie
    /// (a new .MOV, or a rewrite) then fails on the size limit, and the append must be undone:
    /// a refused run leaves the original HEIC byte for byte, not with an uncommitted tail.
    @Test("ulimit -f after a HEIC's in-place append: the movie fails, the HEIC is cut back to its bytes",
          .disabled(if: ProcessInfo.processInfo.environment["LIVEPHOTO_SANITIZER"] == "thread", "ThreadSanitizer's runtime faults under ulimit -f"),
          arguments: [("movie-mp4.mp4", ""), ("movie-moov-last.mov", "--faststart")])
    func fileSizeLimitAfterHEICAppend(_ movieName: String, _ option: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-heic.heic", to: dir)
        let movie = try CLITests.copy(movieName, to: dir)
        let sb = try #require(Self.bytes(still)), mb = try #require(Self.bytes(movie))
        // Room for the HEIC and its appended Exif (4.4 KB and under 1 KB), not for the movie (20 KB).
        let blocks = 12
        #expect(sb.count + 2048 < blocks * 1024 && blocks * 1024 < mb.count)
        let env = try #require(Self.tool("env"))
        let run = try Started(env, ["--default-signal=XFSZ", "/bin/bash", "-c", "ulimit -f \(blocks); exec \"$0\" pair --new-id $3 \"$1\" \"$2\"",
                                    Self.binary, still, movie, option]).wait()
        #expect(!run.signalled)
        #expect(run.status == 4 && run.err.split(separator: "\n").count == 1 && run.err.contains("file too large"), "\(run.status) \(run.err)")
        let after = try #require(Self.bytes(still))
        let restored = after == sb   // (a Bool: a failed expectation does not print the bytes)
        #expect(restored, "the HEIC's append was undone: \(after.count) bytes, \(sb.count) before")
        #expect(Self.bytes(movie) == mb)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("movie-mp4.MOV").path))
        #expect(Self.temporaries(dir).isEmpty)
    }

    /// A HEIC edited in place gets its new Exif appended, then `meta` patched to point at it.
    /// When the patch is written but its flush fails (a disk error), the old `meta` bytes go
    /// back and the append is cut: the run is refused and nothing has changed.
    @Test("an I/O error flushing a HEIC's patched meta: one line, exit 4, the HEIC and the movie as they were")
    func failedHEICMetaPatch() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-heic.heic", to: dir, as: "IMG.HEIC")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let sb = try #require(Self.bytes(still)), mb = try #require(Self.bytes(movie))
        let run = try Self.livephoto(["pair", "--id", Self.otherID, still, movie],
                                     env: ["LIVEPHOTO_FAULT_AT": WriteStep.stillMetaPatched.rawValue, "LIVEPHOTO_FAULT_SIGNAL": "EIO"])
        #expect(run.status == 4, "\(run.err)")
        #expect(run.err == "livephoto: \(still): injected write failure: input/output error\n", "\(run.err)")
        let after = try #require(Self.bytes(still))
        let restored = after == sb   // (a Bool: a failed expectation does not print the bytes)
        #expect(restored, "the HEIC as it was: \(after.count) bytes, \(sb.count) before")
        let movieKept = Self.bytes(movie) == mb
        #expect(movieKept, "the movie as it was")
        #expect(Self.temporaries(dir).isEmpty)
        // Nothing was left to recover: the same run then pairs.
        #expect(try Self.livephoto(["pair", "-q", "--id", Self.otherID, still, movie]).status == 0)
        #expect(try Self.livephoto(["verify", "-q", still, movie]).status == 0)
    }

    /// Whatever keeps the original still's backup name from being made (an I/O error, here
    /// injected) comes before anything visible: every prepared file is discarded (a JPEG's
    /// new still and movie, a HEIC's appended Exif), both files are as they were, nothing is
    /// left, and the same run then pairs.
    @Test("a failed backup of the still discards every prepared file: JPEG and HEIC as they were, nothing left",
          arguments: [("still-exif-icc-xmp.jpg", "IMG.JPG"), ("still-heic.heic", "IMG.HEIC")])
    func failedStillBackup(fixture: String, name: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy(fixture, to: dir, as: name)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let sb = try #require(Self.bytes(still)), mb = try #require(Self.bytes(movie))
        let run = try Self.livephoto(["pair", "--id", Self.otherID, still, movie],
                                     env: ["LIVEPHOTO_FAULT_AT": WriteStep.stillBackingUp.rawValue, "LIVEPHOTO_FAULT_SIGNAL": "EIO"])
        #expect(run.status == 4, "\(run.err)")
        #expect(run.err == "livephoto: \(still): injected write failure: input/output error\n", "\(run.err)")
        let stillKept = Self.bytes(still) == sb, movieKept = Self.bytes(movie) == mb
        #expect(stillKept && movieKept, "both files as they were")
        #expect(Self.temporaries(dir).isEmpty, "\(Self.temporaries(dir))")
        #expect(try Self.livephoto(["pair", "-q", "--id", Self.otherID, still, movie]).status == 0)
        #expect(try Self.livephoto(["verify", "-q", still, movie]).status == 0)
    }

    /// A temporary file of ours that cannot be locked before its rename (an I/O error, here
    /// injected, as `flock` can fail on a network file system): the error names the user's
    /// file, both files are as they were, nothing is left, and the same run then pairs.
    @Test("a failed lock on a new file discards every prepared file: the still and movie as they were, nothing left",
          arguments: [("movie-moov-first.mov", 1), ("movie-mp4.mp4", 2)])
    func failedReplacementLock(movieFixture: String, reach: Int) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
        let isMP4 = movieFixture.hasSuffix(".mp4")
        let movie = try CLITests.copy(movieFixture, to: dir, as: isMP4 ? "IMG.MP4" : "IMG.MOV")
        let sb = try #require(Self.bytes(still)), mb = try #require(Self.bytes(movie))
        // The still's new version is locked first; an MP4's new .MOV second.
        let run = try Self.livephoto(["pair", "--id", Self.otherID, still, movie],
                                     env: ["LIVEPHOTO_FAULT_AT": "\(WriteStep.replacementLocking.rawValue)@\(reach)", "LIVEPHOTO_FAULT_SIGNAL": "EIO"])
        let named = reach == 1 ? still : dir.appendingPathComponent("IMG.MOV").path
        #expect(run.status == 4, "\(run.err)")
        #expect(run.err == "livephoto: \(named): cannot lock its new version before the rename: input/output error\n", "\(run.err)")
        let stillKept = Self.bytes(still) == sb, movieKept = Self.bytes(movie) == mb
        #expect(stillKept && movieKept, "both files as they were")
        #expect(Self.temporaries(dir).isEmpty, "\(Self.temporaries(dir))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [still, movie].map { ($0 as NSString).lastPathComponent }.sorted())
        #expect(try Self.livephoto(["pair", "-q", "--id", Self.otherID, still, movie]).status == 0)
    }

    /// An identifier the HEIC fixture does not carry (it carries `fixedID`), so its Exif is edited.
    static let otherID = "11111111-2222-3333-4444-555555555555"

    /// Killed with the patch written but not flushed: the HEIC is paired (its `meta` points at
    /// the new Exif), the movie not yet; the same run completes the pair.
    @Test("killed after a HEIC's meta is patched: the HEIC reads as paired, and a rerun completes the movie")
    func killedAfterHEICMetaPatch() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-heic.heic", to: dir, as: "IMG.HEIC")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let mb = try #require(Self.bytes(movie))
        let run = try Self.livephoto(["pair", "--id", Self.otherID, still, movie], env: ["LIVEPHOTO_FAULT_AT": WriteStep.stillMetaPatched.rawValue])
        #expect(run.signalled, "\(run.status) \(run.err)")
        let inspected = try CLITests.json(try Self.livephoto(["inspect", "--json", still]).out) as? [String: Any]
        #expect((inspected?["still"] as? [String: Any])?["contentIdentifier"] as? String == Self.otherID)
        let movieKept = Self.bytes(movie) == mb
        #expect(movieKept, "the movie as it was")
        #expect(try Self.livephoto(["pair", "-q", "--id", Self.otherID, still, movie]).status == 0)
        #expect(try Self.livephoto(["verify", "-q", still, movie]).status == 0)
        #expect(Self.temporaries(dir).isEmpty)
    }

    @Test("an EXIF that would outgrow one APP1 (64 KB) is refused with exit 4, not 3", .requires(.exiftool))
    func exifOver64KB() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir)
        let exiftool = try #require(Self.tool("exiftool"))
        // A UserComment that fills the EXIF to just under the limit: the MakerNote tips it over.
        func exifSize() throws -> Int {
            let b = try #require(Self.bytes(still))
            var i = 2
            while i + 4 <= b.count, b[i] == 0xFF {
                let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
                if b[i + 1] == 0xE1 { return length - 2 }
                i += 2 + length
            }
            return 0
        }
        func setComment(_ n: Int) throws {
            let r = try Started(exiftool, ["-q", "-overwrite_original", "-UserComment=" + String(repeating: "a", count: n), still]).wait()
            #expect(r.status == 0, "\(r.err)")
        }
        try setComment(60000)
        try setComment(60000 + (65533 - (try exifSize())) - 8)
        #expect(try exifSize() <= 65533 && (try exifSize()) > 65533 - 40)
        let sb = Self.bytes(still), mb = Self.bytes(movie)
        let run = try Self.livephoto(["pair", still, movie])
        #expect(run.status == 4, "\(run.err)")
        #expect(run.err.contains("livephoto: \(still): the new EXIF would be"))
        #expect(run.err.contains("65533"))
        #expect(Self.bytes(still) == sb && Self.bytes(movie) == mb)
    }

    // MARK: signals

    @Test("SIGTERM during a batch: the pair in flight is finished, no new one started, summary printed, exit 143, no temporaries",
          arguments: ["movie-moov-last.mov", "movie-moov-first.mov"])
    func termDuringBatch(_ movieName: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var originals: [(still: String, movie: String, sb: [UInt8]?, mb: [UInt8]?)] = []
        for i in 1...12 {
            let s = try CLITests.copy("still-no-exif.jpg", to: dir, as: String(format: "IMG_%04d.JPG", i))
            let m = try CLITests.copy(movieName, to: dir, as: String(format: "IMG_%04d.MOV", i))
            originals.append((s, m, Self.bytes(s), Self.bytes(m)))
        }
        // The signal arrives (deterministically) in the middle of the third commit.
        let run = try Self.livephoto(["pair", "--json", "-j", "2", dir.path],
                                     env: ["LIVEPHOTO_FAULT_AT": "still-committed@3", "LIVEPHOTO_FAULT_SIGNAL": "TERM"])
        #expect(run.status == 143, "\(run.err)")
        #expect(!run.signalled)
        #expect(run.err.contains("interrupted by SIGTERM"))
        #expect(run.err.contains("pair: 12 candidates:"))
        let records = Self.jsonObjects(run.out)
        #expect(records.count == 12)
        let paired = Set(records.filter { $0["status"] as? String == "paired" }.compactMap { $0["still"] as? String })
        #expect(paired.count >= 3 && paired.count < 12, "the in-flight pairs finished, the rest were not started: \(paired.count)")
        #expect(records.allSatisfy { ["paired", "interrupted"].contains($0["status"] as? String ?? "") })
        for o in originals {
            if paired.contains(o.still) {
                #expect(try Self.livephoto(["verify", "-q", o.still, o.movie]).status == 0)
            } else {
                #expect(Self.bytes(o.still) == o.sb && Self.bytes(o.movie) == o.mb, "\(o.still) left as it was")
            }
        }
        #expect(Self.temporaries(dir).isEmpty)
    }

    @Test("SIGINT before a single pair's commit rolls it back: exit 130, files as they were, no temporaries",
          arguments: ["movie-moov-last.mov", "movie-moov-first.mov"])
    func intBeforeCommit(_ movieName: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir)
        let movie = try CLITests.copy(movieName, to: dir)
        let sb = Self.bytes(still), mb = Self.bytes(movie)
        let run = try Self.livephoto(["pair", still, movie], env: ["LIVEPHOTO_FAULT_AT": "still-prepared", "LIVEPHOTO_FAULT_SIGNAL": "INT"])
        #expect(run.status == 130)
        #expect(run.err.contains("interrupted by SIGINT; nothing was changed"))
        #expect(Self.bytes(still) == sb && Self.bytes(movie) == mb)
        #expect(Self.temporaries(dir).isEmpty)
        // During the commit, the pair is finished, then the exit code says it was interrupted.
        let late = try Self.livephoto(["pair", "-q", still, movie], env: ["LIVEPHOTO_FAULT_AT": "still-committed", "LIVEPHOTO_FAULT_SIGNAL": "INT"])
        #expect(late.status == 130)
        #expect(try Self.livephoto(["verify", "-q", still, movie]).status == 0)
        #expect(Self.temporaries(dir).isEmpty)
    }

    @Test("SIGINT sent while a pair waits for another run's lock ends the wait: exit 130, one line, nothing changed")
    func intWhileWaiting() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir)
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir)
        let sb = Self.bytes(still), mb = Self.bytes(movie)
        let fd = open(movie, O_RDONLY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let waiting = try Started(Self.binary, ["pair", "--wait", "60", still, movie])
        // The pair opens the files to lock them only after it has installed its handler.
        let fdDir = "/proc/\(waiting.process.processIdentifier)/fd"
        var opened = false
        for _ in 0..<3000 where !opened {
            let links = (try? FileManager.default.contentsOfDirectory(atPath: fdDir)) ?? []
            opened = links.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fdDir)/\($0)")) == movie }
            if !opened { usleep(10_000) }
        }
        #expect(opened)
        kill(waiting.process.processIdentifier, SIGINT)
        let run = waiting.wait()
        #expect(run.status == 130 && !run.signalled)
        #expect(run.err == "livephoto: \(still) + \(movie): interrupted by SIGINT; nothing was changed\n")
        #expect(Self.bytes(still) == sb && Self.bytes(movie) == mb)
        #expect(Self.temporaries(dir).isEmpty)
    }

    // MARK: kills

    static let fixedID = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"

    /// Whether `bytes` is `original` followed by an unfinished tail edit that readers ignore
    /// (the first `moov` still rules) and a rerun cuts.
    static func isOriginalWithRecoverableTail(_ path: String, original: [UInt8]) throws -> Bool {
        guard let b = bytes(path), b.count > original.count, Array(b.prefix(original.count)) == original else { return false }
        return try MovieFile.open(path: path).interruptedAppend?.start == UInt64(original.count)
    }

    @Test("SIGKILL at every write step: each file is its original or its paired form; rerunning completes the pair",
          arguments: ["movie-moov-last.mov", "movie-moov-first.mov", "movie-mp4.mp4"])
    func killAtEveryStep(_ movieName: String) throws {
        let isMP4 = movieName.hasSuffix(".mp4")
        let outputName = "IMG.MOV"   // in place for QuickTime; the new QuickTime copy of an MP4
        func setUp() throws -> (dir: URL, still: String, movie: String, output: String) {
            let dir = try CLITests.scratch()
            let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
            let movie = try CLITests.copy(movieName, to: dir, as: isMP4 ? "IMG.mp4" : "IMG.MOV")
            return (dir, still, movie, dir.appendingPathComponent(outputName).path)
        }
        // The paired form, from an uninterrupted run with the same arguments.
        let reference = try setUp()
        defer { try? FileManager.default.removeItem(at: reference.dir) }
        let originalStill = try #require(Self.bytes(reference.still))
        let originalMovie = try #require(Self.bytes(reference.movie))
        let refRun = try Self.livephoto(["pair", "--json", "--id", Self.fixedID, reference.still, reference.movie])
        #expect(refRun.status == 0)
        let movieWrite = Self.jsonObjects(refRun.out).first?["movieWrite"] as? String
        let pairedStill = try #require(Self.bytes(reference.still))
        let pairedMovie = try #require(Self.bytes(reference.output))

        var killed = 0
        for step in WriteStep.allCases {
            let t = try setUp()
            defer { try? FileManager.default.removeItem(at: t.dir) }
            let run = try Self.livephoto(["pair", "-q", "--id", Self.fixedID, t.still, t.movie], env: ["LIVEPHOTO_FAULT_AT": step.rawValue])
            if run.signalled { killed += 1 } else { #expect(run.status == 0, "\(step): \(run.err)") }

            let still = try #require(Self.bytes(t.still))
            #expect(still == originalStill || still == pairedStill, "\(step): the still is neither original nor paired")
            let stillPaired = still == pairedStill
            if isMP4 {
                #expect(Self.bytes(t.movie) == originalMovie, "\(step): the MP4 is never written")
                let output = Self.bytes(t.output)
                #expect(output == nil || output == pairedMovie, "\(step): the .MOV is partial")
                #expect(output == nil || stillPaired, "\(step): the movie is paired before the still")
            } else {
                let movie = try #require(Self.bytes(t.movie))
                let tail = try movieWrite == "tail-append" && Self.isOriginalWithRecoverableTail(t.movie, original: originalMovie)
                #expect(movie == originalMovie || movie == pairedMovie || tail, "\(step): the movie is neither original nor paired")
                #expect(movie != pairedMovie || stillPaired, "\(step): the movie is paired before the still")
                #expect(!tail || stillPaired, "\(step): the movie holds the new moov before the still is paired")
            }

            let rerun = try Self.livephoto(["pair", "-q", "--id", Self.fixedID, t.still, t.movie])
            #expect(rerun.status == 0, "\(step): rerun: \(rerun.err)")
            let verify = try Self.livephoto(["verify", "--json", t.still, t.output])
            #expect(verify.status == 0, "\(step): \(verify.out)")
            #expect(Self.jsonObjects(verify.out).first?["stillIdentifier"] as? String == Self.fixedID)
            #expect(Self.bytes(t.still) == pairedStill, "\(step)")
            #expect(Self.temporaries(t.dir).isEmpty, "\(step): \(Self.temporaries(t.dir))")
        }
        // Every path reaches at least: still prepared, backed up, committed, movie committed.
        #expect(killed >= 4)
    }
}
