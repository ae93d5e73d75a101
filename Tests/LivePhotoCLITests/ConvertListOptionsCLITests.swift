import Foundation
import Testing

/// `convert` takes a `--files-from` list as `scan`, `pair` and `verify` do: never beside folders
/// or files, and `--null` only with a list. Either mistake is a usage error (exit 2, one
/// "Error: " message), before any file is read or written.
@Suite("convert: --files-from and --null checked as the other commands check them")
struct ConvertListOptionsCLITests {
    @Test("convert with --null and no list, or a list beside a folder: exit 2, naming the option, nothing printed")
    func listOptionsMisused() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("list.txt").path
        try Data().write(to: URL(fileURLWithPath: list))
        let cases: [([String], String)] = [(["convert", "--null", dir.path], "Error: --null says how --files-from's list is separated; give --files-from FILE"),
                                           (["convert", "--files-from", list, dir.path], "Error: --files-from lists the files to work on; give no folders or files with it")]
        for (args, message) in cases {
            let run = try CLITests.livephoto(args)
            #expect(run.status == 2, "\(args): \(run.out)\(run.err)")
            #expect(run.err.hasPrefix(message), "\(args): \(run.err)")
            #expect(run.out.isEmpty, "\(args): \(run.out)")
        }
    }
}
