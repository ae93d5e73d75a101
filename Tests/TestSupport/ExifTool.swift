import Foundation
import Testing

/// Runs the reference reader `exiftool -a -G1 -s -n` and compares its output before and after
/// a rewrite. Tests that use it say `.requires(.exiftool)`.
public enum ExifTool {
    public static let path: String? = Support.tool("exiftool")
    public static var available: Bool { path != nil }

    /// exiftool's standard output for `arguments`. A missing exiftool cancels the test case
    /// (fails under `CI=true`); exiftool failing throws.
    public static func run(_ arguments: [String]) throws -> Data {
        let exiftool = try Support.requireTool("exiftool")
        let result = try Support.run(exiftool, arguments)
        guard result.status == 0 else { throw ReaderFailure(reader: "exiftool", file: arguments.last ?? "", result: result) }
        return result.outData
    }

    /// "Group:Tag=value" for each line, leaving out file-system facts and exiftool's version.
    public static func tags(_ file: String) throws -> [String] {
        let output = try run(["-a", "-G1", "-s", "-n", file])
        var result: [String] = []
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]"),
                  let colon = line.range(of: " : ") else { continue }
            let group = String(line[line.index(after: line.startIndex)..<close])
            let name = line[line.index(after: close)..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            let value = String(line[colon.upperBound...])
            if group == "System" || (group == "ExifTool" && name == "ExifToolVersion") { continue }
            result.append("\(group):\(name)=\(value)")
        }
        return result
    }

    /// Lines only in `before` and lines only in `after` (as multisets), with offset-only tags
    /// (the thumbnail's position inside EXIF) left out.
    public static func diff(before: [String], after: [String]) -> (removed: [String], added: [String]) {
        func counts(_ lines: [String]) -> [String: Int] {
            lines.filter { !$0.hasPrefix("IFD1:ThumbnailOffset=") }.reduce(into: [:]) { $0[$1, default: 0] += 1 }
        }
        let b = counts(before), a = counts(after)
        var removed: [String] = [], added: [String] = []
        for (k, n) in b where (a[k] ?? 0) < n { removed += Array(repeating: k, count: n - (a[k] ?? 0)) }
        for (k, n) in a where (b[k] ?? 0) < n { added += Array(repeating: k, count: n - (b[k] ?? 0)) }
        return (removed.sorted(), added.sorted())
    }
}
