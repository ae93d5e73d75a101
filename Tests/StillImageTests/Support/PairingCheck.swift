import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// Runs `StillIdentifierWriter.prepare` + commit into a temporary file and checks the
/// properties every paired still must have against its source.
enum PairingCheck {
    struct Result {
        let output: String
        let before: JPEGStructure
        let after: JPEGStructure
    }

    static func pair(_ source: String, identifier: String, replaceForeign: Bool = false, in dir: TempDir) throws -> Result {
        let output = dir.path("paired-" + URL(fileURLWithPath: source).lastPathComponent)
        let writer = try StillIdentifierWriter.prepare(sourcePath: source, targetPath: output, identifier: identifier, replaceForeignMakerNote: replaceForeign)
        #expect(!TestFiles.exists(output), "nothing reaches the target before commit")
        try writer.commit()
        let result = Result(output: output, before: try JPEGStructure.read(FileSource(path: source)),
                            after: try JPEGStructure.read(FileSource(path: output)))
        try checkInvariants(source: source, result: result, identifier: identifier)
        return result
    }

    /// Scan bytes (SOS..EOF, trailer included) identical; non-EXIF segments identical and in
    /// order; exactly one EXIF APP1 added or replaced; tag 17 reads back.
    static func checkInvariants(source: String, result: Result, identifier: String) throws {
        let old = try TestFiles.bytes(source), new = try TestFiles.bytes(result.output)
        #expect(old[Int(result.before.scanStart)...] == new[Int(result.after.scanStart)...], "scan data and trailer are copied verbatim")
        let oldOthers = try segmentBytes(old, result.before.segments.filter { $0 != result.before.exifSegment })
        let newOthers = try segmentBytes(new, result.after.segments.filter { $0 != result.after.exifSegment })
        #expect(oldOthers == newOthers, "every non-EXIF segment byte for byte, in order")
        #expect(result.after.segments.count == result.before.segments.count + (result.before.exifSegment == nil ? 1 : 0))
        let info = try StillImageReader.read(path: result.output)
        #expect(info.contentIdentifier == identifier)
        #expect(info.makerNote == .apple)
    }

    static func segmentBytes(_ file: [UInt8], _ segments: [JPEGSegment]) throws -> [[UInt8]] {
        segments.map { Array(file[Int($0.offset)..<Int($0.endOffset)]) }
    }

    /// The Apple MakerNote of a JPEG (nil when absent or not Apple's).
    static func appleNote(_ path: String) throws -> AppleMakerNote? { try StillImageReader.read(path: path).appleMakerNote }

    /// exiftool before/after: only `removed` and `added` may differ (offsets excepted).
    static func expectExifToolDiff(_ source: String, _ output: String, removed: [String], added: [String],
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let d = ExifTool.diff(before: try ExifTool.tags(source), after: try ExifTool.tags(output))
        #expect(d.removed == removed.sorted(), sourceLocation: sourceLocation)
        #expect(d.added == added.sorted(), sourceLocation: sourceLocation)
    }
}
