import Foundation

/// Runs the reference reader `exiftool -a -G1 -s -n` and compares its output before and after
/// a rewrite. Tests that use it are disabled when exiftool is not installed.
enum ExifTool {
    static let path: String? = {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init) + ["/usr/bin"]
        return dirs.map { $0 + "/exiftool" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static var available: Bool { path != nil }

    /// exiftool's standard output for `arguments` (standard error dropped).
    static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return output
    }

    /// "Group:Tag=value" for each line, leaving out file-system facts and exiftool's version.
    static func tags(_ file: String) throws -> [String] {
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
    static func diff(before: [String], after: [String]) -> (removed: [String], added: [String]) {
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
