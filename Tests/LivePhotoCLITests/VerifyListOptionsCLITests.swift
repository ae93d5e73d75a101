import Foundation
import Testing

/// `verify` takes its inputs as `pair` does: STILL MOVIE, folders, or a `--files-from` list, never
/// a list beside folders, and `--null` only with a list. Either mistake is a usage error (exit 2,
/// one "Error: " message), before any file is read.
@Suite("verify: --files-from and --null checked as pair checks them")
struct VerifyListOptionsCLITests {
    @Test("verify and pair with --null and no list, or a list beside a folder: exit 2, naming the option", arguments: ["verify", "pair"])
    func listOptionsMisused(_ command: String) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("list.txt").path
        try Data().write(to: URL(fileURLWithPath: list))
        let cases: [([String], String)] = [([command, "--null", dir.path], "Error: --null says how --files-from's list is separated; give --files-from FILE"),
                                           ([command, "--files-from", list, dir.path], "Error: --files-from lists the files to work on; give no folders or files with it")]
        for (args, message) in cases {
            let run = try CLITests.livephoto(args)
            #expect(run.status == 2, "\(args): \(run.out)\(run.err)")
            #expect(run.err.hasPrefix(message), "\(args): \(run.err)")
            #expect(run.out.isEmpty, "\(args): \(run.out)")
        }
    }
}
