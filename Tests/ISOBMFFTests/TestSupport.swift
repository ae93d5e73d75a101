import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF


/// The ISOBMFF tests' own helpers: fixture lists and the parser's internals. Paths, temporary
/// folders, box builders, processes and readers come from the shared `TestSupport`.
extension Support {
    static let movieFixtures = ["movie-moov-last.mov", "movie-moov-first.mov", "movie-audio.mov", "movie-co64.mov", "movie-mp4.mp4", "movie-no-ftyp.mov"]
    /// Same encode, four layouts: identical video sample bytes.
    static let sameEncodeFixtures = ["movie-moov-last.mov", "movie-moov-first.mov", "movie-co64.mov", "movie-no-ftyp.mov"]

    /// Opens `bytes` as a movie file (written to `dir`).
    static func open(_ bytes: [UInt8], in dir: URL, name: String = "movie.mov") throws -> MovieFile {
        try MovieFile.open(path: try write(bytes, in: dir, name: name))
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
}
