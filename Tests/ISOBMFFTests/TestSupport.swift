import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// Paths, temporary files, box builders and reference-tool helpers shared by the ISOBMFF tests.
enum Support {
    /// The repository root, found from this file (symlinks resolved, so a private package that
    /// links `Tests/ISOBMFFTests` still finds the real repository).
    static let repoRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String { repoRoot.appendingPathComponent("Fixtures/\(name)").path }

    /// `<repo>/../shared/corpus`, or nil when absent (a fresh clone has no `../shared`).
    static let corpusRoot: String? = {
        let path = repoRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus").standardizedFileURL.path
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue ? path : nil
    }()

    static func corpusFile(_ relative: String) -> String? {
        guard let root = corpusRoot else { return nil }
        let path = root + "/" + relative
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    static let movieFixtures = ["movie-moov-last.mov", "movie-moov-first.mov", "movie-audio.mov", "movie-co64.mov", "movie-mp4.mp4", "movie-no-ftyp.mov"]
    /// Same encode, four layouts: identical video sample bytes.
    static let sameEncodeFixtures = ["movie-moov-last.mov", "movie-moov-first.mov", "movie-co64.mov", "movie-no-ftyp.mov"]

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A fresh private directory (tests run in parallel).
    static func tempDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("isobmff-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ bytes: [UInt8], in dir: URL, name: String = "movie.mov") throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Opens `bytes` as a movie file (written to `dir`).
    static func open(_ bytes: [UInt8], in dir: URL, name: String = "movie.mov") throws -> MovieFile {
        try MovieFile.open(path: try write(bytes, in: dir, name: name))
    }

    // MARK: box building

    static func box(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(8 + payload.count)); w.fourCC(type); w.append(payload)
        return w.bytes
    }

    static func largeBox(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(1); w.fourCC(type); w.u64(UInt64(16 + payload.count)); w.append(payload)
        return w.bytes
    }

    static func uuidBox(_ userType: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(24 + payload.count)); w.fourCC("uuid"); w.append(userType); w.append(payload)
        return w.bytes
    }

    static func u32(_ v: UInt32) -> [UInt8] { var w = ByteWriter(); w.u32(v); return w.bytes }

    static func putU32(_ v: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        for i in 0..<4 { bytes[offset + i] = UInt8((v >> UInt32(24 - 8 * i)) & 0xFF) }
    }

    static func readU32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// A minimal `ftyp`.
    static func ftyp(_ brand: FourCC = "qt  ") -> [UInt8] {
        var w = ByteWriter(); w.fourCC(brand); w.u32(0x200); w.fourCC(brand)
        return box("ftyp", w.bytes)
    }

    /// Parses a whole in-memory box (e.g. a `moov`) as MovieFile does.
    static func parseAtom(_ bytes: [UInt8], baseOffset: UInt64 = 0) throws -> Atom {
        var reader = ByteReader(bytes, baseOffset: baseOffset)
        return try AtomParser.parseBox(&reader, limit: baseOffset + UInt64(bytes.count), parentPath: "", parentType: nil, siblingIndex: nil, depth: 0)
    }

    /// Header length of a parsed atom as it sits in the file.
    static func headerLength(_ atom: Atom) -> Int { 8 + (atom.userType == nil ? 0 : 16) + (atom.usedLargeSize ? 8 : 0) }

    /// Every atom of a tree with its path.
    static func allAtoms(_ root: Atom) -> [(atom: Atom, path: String)] {
        var out: [(Atom, String)] = []
        root.visit { out.append(($0, $1)) }
        return out
    }

    /// Offsets where top-level boxes start, walking 32/64-bit sizes until one does not fit.
    static func topLevelStarts(_ bytes: [UInt8]) -> Set<UInt64> {
        var starts: Set<UInt64> = []
        var offset = 0
        while offset < bytes.count {
            starts.insert(UInt64(offset))
            guard bytes.count - offset >= 8 else { break }
            var size = UInt64(readU32(bytes, at: offset))
            if size == 1 {
                guard bytes.count - offset >= 16 else { break }
                size = UInt64(readU32(bytes, at: offset + 8)) << 32 | UInt64(readU32(bytes, at: offset + 12))
            } else if size == 0 {
                break
            }
            guard size >= 8, size <= UInt64(bytes.count - offset) else { break }
            offset += Int(size)
        }
        return starts
    }

    // MARK: errors

    /// Runs `body`, which must throw a `ParseError`; returns it. Any other error, or none, is a failure.
    @discardableResult
    static func expectParseError(_ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> ParseError? {
        do {
            try body()
            Issue.record("expected a ParseError: \(what())", sourceLocation: sourceLocation)
        } catch let error as ParseError {
            return error
        } catch {
            Issue.record("expected a ParseError, got \(type(of: error)): \(error) — \(what())", sourceLocation: sourceLocation)
        }
        return nil
    }

    // MARK: reference tools

    /// An executable on PATH, or nil.
    static func tool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for dir in path.split(separator: ":") {
            let candidate = String(dir) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static let ffprobe: String? = tool("ffprobe")

    /// Runs a tool and returns its standard output (nil when it fails).
    static func run(_ executable: String, _ arguments: [String]) throws -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }

    /// `ffprobe -of json` output as a dictionary.
    static func ffprobeJSON(_ arguments: [String], file: String) throws -> [String: Any]? {
        guard let ffprobe else { return nil }
        guard let data = try run(ffprobe, ["-v", "error"] + arguments + ["-of", "json", file]) else { return nil }
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }
}

/// A small seeded PRNG (SplitMix64), so fuzz-style tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Double {
    /// A JSON number or numeric string as Double.
    init?(json: Any?) {
        if let d = json as? Double { self = d; return }
        if let n = json as? NSNumber { self = n.doubleValue; return }
        if let s = json as? String, let d = Double(s) { self = d; return }
        return nil
    }
}
