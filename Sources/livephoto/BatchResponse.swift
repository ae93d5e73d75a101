import Foundation
import LivePhotoKit

/// One `batch` response line: `{"errors": [...], "exitCode": n, "id": ..., "output": ...}`
/// (keys sorted, as every `--json` document), or `{"error": "...", "id": ...}` for a line
/// that is not a request (its id when it is an object with one, else null).
enum BatchResponse {
    static func answer(id: String, exitCode: Int32, captured: CapturedOutput) -> String {
        var line = CompactJSONObject()
        line.field("errors", errorLines(captured.standardError))
        line.field("exitCode", Int(exitCode))
        line.field("id", json: id)
        line.field("output", json: document(captured.standardOutput))
        return line.text
    }

    static func refusal(_ invalid: BatchRequest.Invalid) -> String {
        var line = CompactJSONObject()
        line.field("error", invalid.reason)
        line.field("id", json: invalid.id)
        return line.text
    }

    /// What the command wrote to stderr, a line each (the one-line errors, warnings, summaries).
    static func errorLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The command's stdout as one JSON value: its JSON document; an array of the records when
    /// it wrote JSON Lines; the text as a string when it wrote text (no `--json`, help); null
    /// when it wrote nothing.
    static func document(_ text: String) -> String {
        if text.allSatisfy(\.isWhitespace) { return "null" }
        if isJSON(text) { return JSONText.compact(text) }
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
        if lines.allSatisfy(isJSON) { return "[" + lines.map(JSONText.compact).joined(separator: ",") + "]" }
        return CompactJSONObject.string(text)
    }

    private static func isJSON(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    }
}

/// JSON text the commands already wrote, made one line without touching a value.
enum JSONText {
    /// `text` without the whitespace between tokens (strings are copied as they are).
    static func compact(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var inString = false, escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                continue
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
