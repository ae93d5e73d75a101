import Foundation
import LivePhotoKit
import BinaryIO

/// Printing for the command-line layer: results to stdout, one-line errors to stderr.
enum Console {
    static func error(_ message: String) {
        CommandOutput.write(PathText.printable(message.hasSuffix("\n") ? message : message + "\n"), to: .standardError)
    }

    /// `livephoto: <path>: <reason>`
    static func fileError(_ error: LivePhotoError) {
        Console.error("livephoto: \(error.path): \(oneLine(error.reason))")
    }

    /// `livephoto: <path>: warning: <text>`: an error's form, so one pattern reads both.
    static func warning(_ text: String, path: String) {
        Console.error("livephoto: \(path): warning: \(oneLine(text))")
    }

    static func oneLine(_ s: String) -> String { s.replacingOccurrences(of: "\n", with: " ") }

    static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return PathText.printable(json: String(decoding: data, as: UTF8.self))
    }

    /// One compact JSON object on one line (JSON Lines).
    static func jsonLine<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "null" }
        return PathText.printable(json: String(decoding: data, as: UTF8.self))
    }

    /// A progress bar on a terminal; none inside `batch`, whose requests print only what they answer.
    static func progress(_ label: String, quiet: Bool) -> ProgressReporter? {
        CommandOutput.isCaptured ? nil : ProgressReporter.forTerminal(label: label, quiet: quiet)
    }

    static func seconds(_ t: Double?) -> String { t.map { String(format: "%.3f s", $0) } ?? "-" }


    /// Reports an error about a file and returns its exit code.
    static func report(_ error: Error, path: String) -> ExitStatus {
        let e = LivePhotoError.wrap(error, path: path)
        fileError(e)
        return e.category
    }
}
