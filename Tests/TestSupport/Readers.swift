import Foundation
import Testing

extension Support {
    /// `ffprobe -v error <arguments> -of json <file>` as a dictionary. A missing ffprobe cancels
    /// the test case (fails under `CI=true`); ffprobe failing or printing something that is not
    /// JSON throws: that is a finding about the file, never "not installed".
    public static func ffprobeJSON(_ arguments: [String], file: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let ffprobe = try requireTool("ffprobe", sourceLocation: sourceLocation)
        let result = try run(ffprobe, ["-v", "error"] + arguments + ["-of", "json", file])
        guard result.status == 0 else { throw ReaderFailure(reader: "ffprobe", file: file, result: result) }
        guard let json = try JSONSerialization.jsonObject(with: result.outData) as? [String: Any] else {
            throw ReaderFailure(reader: "ffprobe", file: file, result: result)
        }
        return json
    }
}

/// An installed reader that failed on a file: a test failure with what it said.
public struct ReaderFailure: Error, CustomStringConvertible {
    public let reader: String
    public let file: String
    public let result: ProcessResult
    public init(reader: String, file: String, result: ProcessResult) { self.reader = reader; self.file = file; self.result = result }
    public var description: String { "\(reader) failed (exit \(result.status)) on \(file): \(result.err.prefix(500))" }
}

extension Double {
    /// A JSON number or numeric string as Double.
    public init?(json: Any?) {
        if let d = json as? Double { self = d; return }
        if let n = json as? NSNumber { self = n.doubleValue; return }
        if let s = json as? String, let d = Double(s) { self = d; return }
        return nil
    }
}
