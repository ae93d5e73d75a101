import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// Paths and helpers shared by the Live Photo tests.
enum Support {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repo.appendingPathComponent("Fixtures")
    static let corpus = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static var hasCorpus: Bool { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("README.md").path) }

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func corpusFile(_ name: String) -> String { corpus.appendingPathComponent(name).path }

    /// A fresh temporary directory, removed by the caller via `defer`.
    static func tempDir() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies fixtures into `dir` under new names and returns their paths.
    static func copy(_ source: String, to dir: URL, as name: String? = nil) throws -> String {
        let dest = dir.appendingPathComponent(name ?? URL(fileURLWithPath: source).lastPathComponent).path
        try? FileManager.default.removeItem(atPath: dest)
        try FileManager.default.copyItem(atPath: source, toPath: dest)
        // Corpus files are read-only; the copies are ours to write.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: dest)
        return dest
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Every sample's bytes, per track id, read through the sample tables.
    static func sampleBytes(_ path: String, tracks: Set<UInt32>? = nil) throws -> [UInt32: [UInt8]] {
        let file = try MovieFile.open(path: path)
        var out: [UInt32: [UInt8]] = [:]
        for track in file.movie.tracks where tracks?.contains(track.trackID) ?? !track.isStillImageTime {
            var all: [UInt8] = []
            for r in try track.sampleTable.sampleRanges() {
                all += try file.source.read(at: r.offset, count: Int(r.size))
            }
            out[track.trackID] = all
        }
        return out
    }

    /// The JPEG's bytes from the start of scan to the end of file (image data and trailer).
    static func scanData(_ path: String) throws -> [UInt8] {
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        return try source.read(at: structure.scanStart, count: Int(source.size - structure.scanStart))
    }

    /// Every segment other than the EXIF APP1, as bytes, in order.
    static func nonExifSegments(_ path: String) throws -> [[UInt8]] {
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        let exif = structure.exifSegment?.offset
        return try structure.segments.filter { $0.offset != exif }.map { try source.read(at: $0.offset, count: $0.totalLength) }
    }

    /// The absolute path of a command on PATH, or nil.
    static func tool(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Runs a command and returns (exit status, stdout, stderr).
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// Files left in `dir` whose names show a temporary file of ours.
    static func temporaries(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".livephoto-") }
    }
}
