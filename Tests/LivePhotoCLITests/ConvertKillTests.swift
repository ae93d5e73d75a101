import Foundation
import Testing
import BinaryIO

/// `convert` killed at every write step: no still ever stands under its name without its
/// movie, and the rerun cleans the temporary files and finishes the job under the same names
/// (no `_1` copies), with the bytes an uninterrupted run writes; a further run reports the job
/// already converted.
@Suite("safety: kills during convert", .requires(.python3))
struct ConvertKillTests {
    static let steps: [(WriteStep, Int)] = [(.convertStillWritten, 1), (.convertMovieWritten, 1), (.convertOutputLinked, 1),
                                            (.convertMoviePlaced, 1), (.convertOutputLinked, 2)]

    /// The generator's Motion Photos in a scratch folder; the one converted here.
    static func input() throws -> (dir: URL, path: String) {
        let dir = try CLITests.scratch()
        try ConvertCLITests.motionPhotos(in: dir)
        return (dir, dir.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path)
    }

    static func outputs(_ out: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).sorted()
    }

    @Test("Motion → Live: SIGKILL at every step leaves no still without its movie; the rerun completes with the uninterrupted bytes")
    func motionToLive() throws {
        let (dir, input) = try Self.input()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = ["PXL_20240101_120000000.MOV", "PXL_20240101_120000000.jpg"]
        let args = ["convert", "-q", "--id", SafetyTests.fixedID]
        let reference = dir.appendingPathComponent("reference")
        try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
        #expect(try SafetyTests.livephoto(args + ["-o", reference.path, input]).status == 0)
        #expect(Self.outputs(reference) == names)
        let expected = try names.map { try Support.bytes(reference.appendingPathComponent($0).path) }

        for (i, (step, count)) in Self.steps.enumerated() {
            let out = dir.appendingPathComponent("out-\(i)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let killed = try SafetyTests.livephoto(args + ["-o", out.path, input], env: ["LIVEPHOTO_FAULT_AT": "\(step.rawValue)@\(count)"])
            #expect(killed.signalled, "\(step)@\(count): not reached")
            let left = Self.outputs(out).filter { !$0.hasPrefix(".") }
            #expect(left.isEmpty || left == [names[0]] || left == names, "\(step)@\(count): \(left)")
            #expect(!left.contains(names[1]) || left.contains(names[0]), "\(step)@\(count): a still without its movie")

            let rerun = try SafetyTests.livephoto(args + ["-o", out.path, input])
            #expect(rerun.status == 0, "\(step)@\(count): \(rerun.err)")
            #expect(Self.outputs(out) == names, "\(step)@\(count): \(Self.outputs(out))")
            #expect(try names.map { try Support.bytes(out.appendingPathComponent($0).path) } == expected, "\(step)@\(count): not the uninterrupted bytes")
            let again = try SafetyTests.livephoto(["convert", "--json", "-o", out.path, input])
            #expect(again.status == 0 && SafetyTests.jsonObjects(again.out).first?["status"] as? String == "already-converted", "\(again.out)")
            #expect(Self.outputs(out) == names)
        }
    }

    @Test("killed with the movie placed, a rerun without --id takes the movie's identifier: a valid pair, no copies")
    func rerunAdoptsTheMoviesIdentifier() throws {
        let (dir, input) = try Self.input()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let killed = try SafetyTests.livephoto(["convert", "-q", "-o", out.path, input], env: ["LIVEPHOTO_FAULT_AT": WriteStep.convertMoviePlaced.rawValue])
        #expect(killed.signalled)
        #expect(Self.outputs(out).filter { !$0.hasPrefix(".") } == ["PXL_20240101_120000000.MOV"])
        #expect(!SafetyTests.temporaries(out).isEmpty, "the still's temporary file is left")
        let rerun = try SafetyTests.livephoto(["convert", "--json", "-o", out.path, input])
        #expect(rerun.status == 0 && SafetyTests.jsonObjects(rerun.out).first?["status"] as? String == "converted", "\(rerun.err)")
        #expect(Self.outputs(out) == ["PXL_20240101_120000000.MOV", "PXL_20240101_120000000.jpg"])
        let verify = try SafetyTests.livephoto(["verify", "-q", out.appendingPathComponent("PXL_20240101_120000000.jpg").path,
                                                out.appendingPathComponent("PXL_20240101_120000000.MOV").path])
        #expect(verify.status == 0, "\(verify.out)")
    }

    @Test("Live → Motion: killed before or after the link, the rerun leaves one <stem>.MP.jpg and no temporary file")
    func liveToMotion() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG_0009.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0009.MOV")
        #expect(try SafetyTests.livephoto(["pair", "-q", still, movie]).status == 0)
        let reference = dir.appendingPathComponent("reference")
        try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
        #expect(try SafetyTests.livephoto(["convert", "-q", "-o", reference.path, still, movie]).status == 0)
        let expected = try Support.bytes(reference.appendingPathComponent("IMG_0009.MP.jpg").path)
        for (i, step) in [WriteStep.convertMovieWritten, .convertOutputLinked].enumerated() {
            let out = dir.appendingPathComponent("out-\(i)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let killed = try SafetyTests.livephoto(["convert", "-q", "-o", out.path, still, movie], env: ["LIVEPHOTO_FAULT_AT": step.rawValue])
            #expect(killed.signalled, "\(step)")
            let rerun = try SafetyTests.livephoto(["convert", "--json", "-o", out.path, still, movie])
            #expect(rerun.status == 0, "\(step): \(rerun.err)")
            let status = SafetyTests.jsonObjects(rerun.out).first?["status"] as? String
            #expect(status == (step == .convertOutputLinked ? "already-converted" : "converted"), "\(step): \(rerun.out)")
            #expect(Self.outputs(out) == ["IMG_0009.MP.jpg"], "\(step): \(Self.outputs(out))")
            #expect(try Support.bytes(out.appendingPathComponent("IMG_0009.MP.jpg").path) == expected, "\(step)")
        }
    }

    /// The last step of a conversion syncs the outputs' file system (syncfs), which a network
    /// file system can fail. The outputs are complete under their names by then; the run says
    /// the sync failed, naming the output written last, with the refused code, and the input
    /// is as it was. (The fault hook stands in for the failing syncfs: no local file system
    /// here fails one.)
    @Test("a failed sync of the outputs: one error line naming the output, exit 4, the input unchanged (both directions)")
    func outputSyncFails() throws {
        let (dir, input) = try Self.input()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["LIVEPHOTO_FAULT_AT": WriteStep.convertOutputsSyncing.rawValue, "LIVEPHOTO_FAULT_SIGNAL": "EIO"]
        let before = try Support.bytes(input)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let motion = try SafetyTests.livephoto(["convert", "-q", "--id", SafetyTests.fixedID, "-o", out.path, input], env: env)
        let movie = out.appendingPathComponent("PXL_20240101_120000000.MOV").path
        #expect(motion.status == 4, "\(motion.status): \(motion.err)")
        let lines = motion.err.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(movie) && lines[0].contains("injected write failure"), "\(motion.err)")
        #expect(try Support.bytes(input) == before)

        // Live → Motion: the Motion Photo written is named.
        let still = out.appendingPathComponent("PXL_20240101_120000000.jpg").path
        let back = dir.appendingPathComponent("back")
        try FileManager.default.createDirectory(at: back, withIntermediateDirectories: true)
        let pairBefore = try [still, movie].map(Support.bytes)
        let live = try SafetyTests.livephoto(["convert", "-q", "-o", back.path, still, movie], env: env)
        #expect(live.status == 4, "\(live.status): \(live.err)")
        let written = back.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path
        let liveLines = live.err.split(separator: "\n")
        #expect(liveLines.count == 1 && liveLines[0].contains(written) && liveLines[0].contains("injected write failure"), "\(live.err)")
        #expect(try [still, movie].map(Support.bytes) == pairBefore)
    }

    /// A folder run syncs once for the batch: when that sync fails, every conversion of the
    /// batch is reported failed (refused, exit 4), naming its output; none is reported done.
    @Test("a failed sync of a folder's outputs: every conversion reported failed with its output named, exit 4")
    func folderOutputSyncFails() throws {
        let (dir, input) = try Self.input()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("two")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in [PathComponents.lastComponent(input), "MVIMG_20190101_101010.jpg"] {
            try FileManager.default.copyItem(atPath: dir.appendingPathComponent(name).path, toPath: folder.appendingPathComponent(name).path)
        }
        let env = ["LIVEPHOTO_FAULT_AT": WriteStep.convertOutputsSyncing.rawValue, "LIVEPHOTO_FAULT_SIGNAL": "EIO"]
        let run = try SafetyTests.livephoto(["convert", "--json", folder.path], env: env)
        #expect(run.status == 4, "\(run.status): \(run.err)")
        let records = try ConvertCLITests.lines(run.out)
        #expect(records.count == 2, "\(run.out)")
        for record in records {
            #expect(record["status"] as? String == "failed" && record["exitCode"] as? Int == 4, "\(record)")
            let error = try #require(record["error"] as? String)
            #expect(error.hasSuffix(": injected write failure: input/output error"), "\(error)")
            // The output named is the still the run wrote (in place, complete), not the input.
            let named = String(error.prefix { $0 != ":" })
            #expect(named.hasPrefix(folder.path + "/") && named.hasSuffix(".jpg") && named != record["input"] as? String, "\(error)")
            #expect(FileManager.default.fileExists(atPath: named), "\(named)")
        }
    }
}
