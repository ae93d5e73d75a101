import Foundation
import Testing

/// `--files-from FILE` on the folder commands: the files listed, read as a walk of their
/// folders reads them.
@Suite("--files-from: lists of files instead of folders")
struct FilesFromCLITests {
    /// Runs a shell pipeline with `$LP` the livephoto binary and `$DIR` the folder.
    static func shell(_ script: String, dir: URL) throws -> CLITests.Run {
        try Support.run("/bin/sh", ["-c", script], env: ["LP": CLITests.binary, "DIR": dir.path])
    }

    /// a/IMG_0001.JPG + a/IMG_0001.MOV (a candidate), b/lonely.MOV, and a file that is neither.
    static func library() throws -> URL {
        let dir = try CLITests.scratch()
        for sub in ["a", "b"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true) }
        _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "a/IMG_0001.JPG")
        _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: "a/IMG_0001.MOV")
        _ = try CLITests.copy("movie-moov-first.mov", to: dir, as: "b/lonely.MOV")
        try Data("notes".utf8).write(to: dir.appendingPathComponent("a/notes.txt"))
        return dir
    }

    @Test("scan --files-from - reads standard input and prints the folder scan's JSON Lines; the next steps name the list")
    func stdinIsTheFolderScan() throws {
        let dir = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let walked = try CLITests.livephoto("scan", "--json", dir.path)
        let listed = try Self.shell("cd \"$DIR\" && find . -type f | \"$LP\" scan --json --files-from -", dir: dir)
        #expect(walked.status == 0 && listed.status == 0, "\(listed.err)")
        #expect(listed.out == walked.out)
        #expect(listed.out.contains("\"finding\":\"candidate\""))
        #expect(listed.err.contains("next: livephoto pair --files-from -"), "\(listed.err)")
    }

    @Test("--null reads find -print0: a name holding a newline is scanned; split at newlines it is not found (exit 3)")
    func nulSeparated() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG\n1.JPG")
        _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG\n1.MOV")
        let nul = try Self.shell("find \"$DIR\" -type f -print0 | \"$LP\" scan --json --files-from - --null", dir: dir)
        #expect(nul.status == 0, "\(nul.err)")
        let finding = try #require(try CLITests.json(nul.out) as? [String: Any])
        #expect(finding["finding"] as? String == "candidate")
        #expect(finding["still"] as? String == dir.path + "/IMG\n1.JPG")
        let lines = try Self.shell("find \"$DIR\" -type f | \"$LP\" scan --json --files-from -", dir: dir)
        #expect(lines.status == 3)
        #expect(lines.out.contains("\"finding\":\"unreadable\"") && !lines.out.contains("candidate"), "\(lines.out)")
    }

    @Test("pair, verify, make and convert take --files-from: the listed candidate is paired, then verifies")
    func everyFolderCommand() throws {
        let dir = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("a/IMG_0001.JPG\na/IMG_0001.MOV\nb/lonely.MOV\n".utf8).write(to: dir.appendingPathComponent("list.txt"))
        let pair = try Self.shell("cd \"$DIR\" && \"$LP\" pair --json --files-from list.txt", dir: dir)
        #expect(pair.status == 0, "\(pair.err)")
        #expect(pair.out.contains("\"status\":\"paired\""), "\(pair.out)")
        // The list's relative paths are taken against the working directory, as a walk's are.
        let verify = try Self.shell("cd \"$DIR\" && \"$LP\" verify --json --files-from list.txt", dir: dir)
        #expect(verify.status == 0, "\(verify.err)")
        #expect(verify.out.split(separator: "\n").count == 1 && verify.out.contains("\"status\":\"valid\""), "\(verify.out)")
        let make = try Self.shell("cd \"$DIR\" && \"$LP\" make --dry-run --files-from list.txt", dir: dir)
        #expect(make.status == 0, "\(make.err)")
        #expect(make.out.contains("would make") && make.out.contains("b/lonely.MOV"), "\(make.out)")
        let convert = try Self.shell("cd \"$DIR\" && \"$LP\" convert --to motion --dry-run --files-from list.txt", dir: dir)
        #expect(convert.status == 0, "\(convert.err)")
        #expect(convert.out.contains("would convert " + dir.path + "/a/IMG_0001.JPG"), "\(convert.out)")
    }

    @Test("a list that cannot be read exits 3 naming it; paths beside --files-from, --null alone and --wallpaper with a list are usage errors")
    func errors() throws {
        let dir = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("no-list.txt").path
        let unreadable = try CLITests.livephoto("scan", "--files-from", missing)
        #expect(unreadable.status == 3)
        #expect(unreadable.err == "livephoto: \(missing): no such file or directory\n")
        #expect(unreadable.out.isEmpty)
        for args in [["scan", dir.path, "--files-from", missing], ["pair", "--null", dir.path], ["verify", "--files-from", missing, "--wallpaper"],
                     ["pair", "--files-from", missing, "--id", "5F0C7C1E-3A0B-4F53-8E0F-2B0A5C9D1E77"], ["scan"]] {
            let run = try CLITests.livephoto(args)
            #expect(run.status == 2, "\(args): \(run.err)")
            #expect(run.err.hasPrefix("Error: "), "\(args): \(run.err)")
        }
    }
}
