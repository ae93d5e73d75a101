import Foundation
import Testing
import BinaryIO

/// `pair --faststart` growing `moov` into its padding, killed at every write step: each file
/// is its original or its paired form (a torn overwrite is put back from its journal by the
/// rerun), and rerunning completes the pair byte for byte as an uninterrupted run does.
@Suite("safety: kills during an in-place moov growth")
struct GrowInPlaceKillTests {
    static let ffmpeg = SafetyTests.tool("ffmpeg")

    /// A 1 s H.264 movie with `moov` first and 20,000 bytes reserved after it (ffmpeg's
    /// `-moov_size`): room for `--faststart` to grow `moov` in place.
    static func makePaddedMovie(_ path: String) throws {
        let made = try SafetyTests.Started(try #require(ffmpeg), ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "1",
                                                                   "-c:v", "libx264", "-pix_fmt", "yuv420p", "-moov_size", "20000", "-f", "mov", path]).wait()
        try #require(made.status == 0, "ffmpeg: \(made.err)")
    }

    @Test("SIGKILL at every write step of --faststart in place: original or paired form; a rerun completes",
          .requires(.ffmpeg))
    func killAtEveryStep() throws {
        let source = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: source) }
        let padded = source.appendingPathComponent("padded.mov").path
        try Self.makePaddedMovie(padded)

        func setUp() throws -> (dir: URL, still: String, movie: String) {
            let dir = try CLITests.scratch()
            let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
            let movie = dir.appendingPathComponent("IMG.MOV").path
            try FileManager.default.copyItem(atPath: padded, toPath: movie)
            return (dir, still, movie)
        }
        let args = ["pair", "--faststart", "--id", SafetyTests.fixedID]
        let reference = try setUp()
        defer { try? FileManager.default.removeItem(at: reference.dir) }
        let originalStill = try #require(SafetyTests.bytes(reference.still))
        let originalMovie = try #require(SafetyTests.bytes(reference.movie))
        let refRun = try SafetyTests.livephoto(args + ["--json", reference.still, reference.movie])
        #expect(refRun.status == 0)
        #expect(SafetyTests.jsonObjects(refRun.out).first?["movieWrite"] as? String == "grow-in-place")
        let pairedStill = try #require(SafetyTests.bytes(reference.still))
        let pairedMovie = try #require(SafetyTests.bytes(reference.movie))
        #expect(pairedMovie.count == originalMovie.count)

        var killedAt: [WriteStep] = []
        for step in WriteStep.allCases {
            let t = try setUp()
            defer { try? FileManager.default.removeItem(at: t.dir) }
            let run = try SafetyTests.livephoto(args + ["-q", t.still, t.movie], env: ["LIVEPHOTO_FAULT_AT": step.rawValue])
            if run.signalled { killedAt.append(step) } else { #expect(run.status == 0, "\(step): \(run.err)") }

            let still = try #require(SafetyTests.bytes(t.still))
            #expect(still == originalStill || still == pairedStill, "\(step): the still is neither original nor paired")
            let movie = try #require(SafetyTests.bytes(t.movie))
            let journal = OverwriteJournal.path(for: t.movie)
            if FileManager.default.fileExists(atPath: journal) {
                // Mid-overwrite: what the rerun does first (the journal put back) gives the original.
                #expect(still == pairedStill, "\(step): the movie was touched before the still was paired")
                let copyDir = try CLITests.scratch()
                defer { try? FileManager.default.removeItem(at: copyDir) }
                let copy = copyDir.appendingPathComponent("IMG.MOV").path
                try FileManager.default.copyItem(atPath: t.movie, toPath: copy)
                try FileManager.default.copyItem(atPath: journal, toPath: OverwriteJournal.path(for: copy))
                #expect(try OverwriteJournal.recover(target: copy) == .restored, "\(step)")
                #expect(SafetyTests.bytes(copy) == originalMovie, "\(step): the journal does not restore the original")
            } else {
                #expect(movie == originalMovie || movie == pairedMovie, "\(step): the movie is neither original nor paired")
                #expect(movie != pairedMovie || still == pairedStill, "\(step): the movie is paired before the still")
            }

            let rerun = try SafetyTests.livephoto(args + ["-q", t.still, t.movie])
            #expect(rerun.status == 0, "\(step): rerun: \(rerun.err)")
            #expect(SafetyTests.bytes(t.still) == pairedStill, "\(step)")
            #expect(SafetyTests.bytes(t.movie) == pairedMovie, "\(step): the rerun's movie differs from an uninterrupted run's")
            let verify = try SafetyTests.livephoto(["verify", "-q", t.still, t.movie])
            #expect(verify.status == 0, "\(step): \(verify.out)")
            #expect(SafetyTests.temporaries(t.dir).isEmpty, "\(step): \(SafetyTests.temporaries(t.dir))")
        }
        #expect(Set(killedAt).isSuperset(of: [.stillPrepared, .stillBackedUp, .stillCommitted, .movieJournaled, .movieOverwriting,
                                              .movieOverwritten, .movieCommitted]), "killed at \(killedAt)")
    }

    @Test("a write that fails mid-overwrite (an I/O error, not a kill): the old bytes go back, so does the still; one line names the movie; a rerun pairs",
          .requires(.ffmpeg))
    func failedOverwriteRestoresBoth() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = dir.appendingPathComponent("IMG.MOV").path
        try Self.makePaddedMovie(movie)
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
        let originalStill = try #require(SafetyTests.bytes(still)), originalMovie = try #require(SafetyTests.bytes(movie))
        let args = ["pair", "--faststart", "--id", SafetyTests.fixedID, still, movie]
        let failed = try SafetyTests.livephoto(args, env: ["LIVEPHOTO_FAULT_AT": WriteStep.movieOverwriting.rawValue, "LIVEPHOTO_FAULT_SIGNAL": "EIO"])
        #expect(!failed.signalled && failed.status != 0, "status \(failed.status)")
        let lines = failed.err.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("IMG.MOV") && lines[0].contains("injected write failure"), "\(failed.err)")
        // The half written over the old moov was put back, and the still that was already
        // paired went back to its original: the two still agree, as before the run.
        let movieRestored = SafetyTests.bytes(movie) == originalMovie, stillRestored = SafetyTests.bytes(still) == originalStill
        #expect(movieRestored, "the movie is not its original")
        #expect(stillRestored, "the still stayed paired with a movie that is not")
        #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: movie)))
        #expect(SafetyTests.temporaries(dir).isEmpty, "\(SafetyTests.temporaries(dir))")
        let rerun = try SafetyTests.livephoto(args + ["-q"])
        #expect(rerun.status == 0, "\(rerun.err)")
        #expect(try SafetyTests.livephoto(["verify", "-q", still, movie]).status == 0)
    }

    @Test("killed mid-overwrite, then pair DIR: the journal is put back and the folder pairs as an uninterrupted run does; --dry-run leaves it",
          .requires(.ffmpeg))
    func folderRunRestoresJournal() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = dir.appendingPathComponent("IMG.MOV").path
        try Self.makePaddedMovie(movie)
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
        let reference = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: reference) }
        let refMovie = reference.appendingPathComponent("IMG.MOV").path
        try FileManager.default.copyItem(atPath: movie, toPath: refMovie)
        let refStill = try CLITests.copy("still-exif-icc-xmp.jpg", to: reference, as: "IMG.JPG")
        let args = ["pair", "-q", "--faststart", "--id", SafetyTests.fixedID]
        #expect(try SafetyTests.livephoto(args + [refStill, refMovie]).status == 0)

        let killed = try SafetyTests.livephoto(args + [still, movie], env: ["LIVEPHOTO_FAULT_AT": WriteStep.movieOverwriting.rawValue])
        #expect(killed.signalled)
        let journal = OverwriteJournal.path(for: movie)
        #expect(FileManager.default.fileExists(atPath: journal))
        #expect(try SafetyTests.livephoto(["scan", "-q", dir.path]).status == 3, "the torn movie reads as damaged")

        let dry = try SafetyTests.livephoto(["pair", "-q", "--dry-run", dir.path])
        #expect(dry.status == 3 && FileManager.default.fileExists(atPath: journal), "a dry run changes nothing: \(dry.err)")

        let folder = try SafetyTests.livephoto(["pair", "-q", "--faststart", dir.path])
        #expect(folder.status == 0, "\(folder.err)")
        #expect(!FileManager.default.fileExists(atPath: journal))
        let sameStill = SafetyTests.bytes(still) == SafetyTests.bytes(refStill), sameMovie = SafetyTests.bytes(movie) == SafetyTests.bytes(refMovie)
        #expect(sameStill, "the folder run's still differs from an uninterrupted run's")
        #expect(sameMovie, "the folder run's movie differs from an uninterrupted run's")
        #expect(try SafetyTests.livephoto(["verify", "-q", dir.path]).status == 0)
        #expect(SafetyTests.temporaries(dir).isEmpty, "\(SafetyTests.temporaries(dir))")
    }

    @Test("killed mid-overwrite through a symbolic link: the journal is beside the real file, and a rerun through the link restores and pairs it",
          .requires(.ffmpeg))
    func killThroughSymbolicLink() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let movie = real.appendingPathComponent("IMG.MOV").path
        try Self.makePaddedMovie(movie)
        let link = dir.appendingPathComponent("IMG.MOV").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: movie)
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
        let args = ["pair", "-q", "--faststart", "--id", SafetyTests.fixedID, still, link]
        let killed = try SafetyTests.livephoto(args, env: ["LIVEPHOTO_FAULT_AT": WriteStep.movieOverwriting.rawValue])
        #expect(killed.signalled)
        #expect(FileManager.default.fileExists(atPath: OverwriteJournal.path(for: movie)), "the journal is beside the real file")
        #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: link)))
        // scan names the journal for the link as for the real file (it lies beside the target).
        let scanned = try SafetyTests.livephoto(["scan", dir.path])
        #expect(scanned.status == 3 && scanned.out.components(separatedBy: "journal beside it").count - 1 == 2, "\(scanned.out)")
        let rerun = try SafetyTests.livephoto(args)
        #expect(rerun.status == 0, "\(rerun.err)")
        #expect(try SafetyTests.livephoto(["verify", "-q", still, link]).status == 0)
        #expect(SafetyTests.temporaries(dir).isEmpty && SafetyTests.temporaries(real).isEmpty)
    }
    @Test("pair --faststart DIR killed at every write step: scan and verify name what the kill left (journal, still backup), the next pair DIR finishes the pair and leaves nothing",
          .requires(.ffmpeg))
    func folderKillAtEveryStep() throws {
        let source = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: source) }
        let padded = source.appendingPathComponent("padded.mov").path
        try Self.makePaddedMovie(padded)
        for step in WriteStep.allCases {
            let dir = try CLITests.scratch()
            defer { try? FileManager.default.removeItem(at: dir) }
            let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
            let movie = dir.appendingPathComponent("IMG.MOV").path
            try FileManager.default.copyItem(atPath: padded, toPath: movie)
            let killed = try SafetyTests.livephoto(["pair", "-q", "--faststart", "-j", "1", dir.path], env: ["LIVEPHOTO_FAULT_AT": step.rawValue])
            let journal = FileManager.default.fileExists(atPath: OverwriteJournal.path(for: movie))
            let left = SafetyTests.temporaries(dir)
            // scan names every leftover on the finding of its files until it is dealt with.
            try Self.expectScanNames(journal ? left + [PathComponents.lastComponent(OverwriteJournal.path(for: movie))] : left, in: dir, step: step)
            if journal || !left.isEmpty {
                // Whatever the files read as, verify does not call the pair finished.
                let verify = try SafetyTests.livephoto(["verify", still, movie])
                #expect(verify.status != 0, "\(step): verify passed over \(left)")
                if verify.status == 1 { #expect(verify.out.contains("interrupted-edit"), "\(step): \(verify.out)") }
            }
            let rerun = try SafetyTests.livephoto(["pair", "-q", "--faststart", dir.path])
            #expect(rerun.status == 0, "\(step) (killed: \(killed.signalled)): \(rerun.err)")
            #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: movie)), "\(step): the journal stayed")
            #expect(SafetyTests.temporaries(dir).isEmpty, "\(step): \(SafetyTests.temporaries(dir))")
            let verify = try SafetyTests.livephoto(["verify", "-q", still, movie])
            #expect(verify.status == 0, "\(step): \(verify.out)")
            try Self.expectScanNames([], in: dir, step: step)
        }
    }

    /// `scan --json DIR` (and its table) names each of `leftovers` in a finding's detail, with
    /// what deals with them; with none, no finding speaks of an interrupted edit.
    static func expectScanNames(_ leftovers: [String], in dir: URL, step: WriteStep) throws {
        let scan = try SafetyTests.livephoto(["scan", "--json", dir.path])
        #expect(scan.status == 0 || scan.status == 3, "\(step): \(scan.err)")   // 3: a torn movie is unreadable
        let findings = SafetyTests.jsonObjects(scan.out)
        let details = findings.compactMap { $0["detail"] as? String }.filter { $0.contains("interrupted") }
        let table = try SafetyTests.livephoto(["scan", dir.path]).out
        if leftovers.isEmpty {
            #expect(details.isEmpty, "\(step): \(details)")
            #expect(!table.contains("interrupted"), "\(step): \(table)")
            return
        }
        for name in leftovers {
            #expect(details.contains { $0.contains(name) && $0.contains("pair DIR") }, "\(step): \(name) not named: \(findings)")
            #expect(table.contains(name), "\(step): \(table)")
        }
    }
}
