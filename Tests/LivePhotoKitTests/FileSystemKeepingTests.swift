import Foundation
import Testing
import BinaryIO
import CFileCopy
import ISOBMFF
@testable import LivePhotoKit

/// What the file system holds beside the bytes: owner, group, mode, extended attributes,
/// times, links. Every write path is covered: the still (temporary file + rename), a moov-last
/// movie (tail append), a moov-first movie (whole rewrite), an MP4 (new .MOV), and -o DIR.
@Suite("pair keeps what the file system holds beside the bytes")
struct FileSystemKeepingTests {
    static let isRoot = getuid() == 0
    /// The movie fixtures, one per write path.
    static let movies = ["movie-moov-last.mov", "movie-moov-first.mov", "movie-mp4.mp4"]

    static func setAttribute(_ path: String, _ name: String, _ value: String) throws {
        let bytes = Array(value.utf8)
        let r = bytes.withUnsafeBytes { setxattr(path, name, $0.baseAddress, $0.count, 0) }
        if r != 0 { throw ParseError(.io, "setxattr \(name) on \(path): \(FileSource.describe(errno))") }
    }

    static func attribute(_ path: String, _ name: String) -> String? {
        try? FileMetadata.read(path: path).extendedAttributes
            .first { $0.name == Array(name.utf8) }.map { String(decoding: $0.value, as: UTF8.self) }
    }

    static func attributeBytes(_ path: String, _ name: String) -> [UInt8]? {
        try? FileMetadata.read(path: path).extendedAttributes.first { $0.name == Array(name.utf8) }?.value
    }

    /// Gives `path` a POSIX ACL (user 1234 may read) in its xattr form: version 2, then
    /// (tag, permissions, id) entries for the owner, user 1234, the group, the mask, others.
    /// Where the file system has no ACLs this does nothing, and the test checks the rest.
    static func setAccessControlList(_ path: String) {
        var bytes: [UInt8] = [2, 0, 0, 0]
        func entry(_ tag: UInt16, _ perm: UInt16, _ id: UInt32) {
            bytes += [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(perm & 0xFF), UInt8(perm >> 8)]
            bytes += [UInt8(id & 0xFF), UInt8(id >> 8 & 0xFF), UInt8(id >> 16 & 0xFF), UInt8(id >> 24)]
        }
        entry(0x01, 6, UInt32.max); entry(0x02, 4, 1234); entry(0x04, 4, UInt32.max); entry(0x10, 4, UInt32.max); entry(0x20, 0, UInt32.max)
        _ = bytes.withUnsafeBytes { setxattr(path, "system.posix_acl_access", $0.baseAddress, $0.count, 0) }
    }

    static func info(_ path: String) -> stat {
        var st = stat()
        _ = stat(path, &st)
        return st
    }

    static func lstatMode(_ path: String) -> mode_t {
        var st = stat()
        _ = lstat(path, &st)
        return st.st_mode & S_IFMT
    }

    static func setTimes(_ path: String, access: Int, modification: Int) throws {
        let times = [timespec(tv_sec: access, tv_nsec: 0), timespec(tv_sec: modification, tv_nsec: 0)]
        guard utimensat(AT_FDCWD, path, times, 0) == 0 else { throw ParseError(.io, "utimensat: \(FileSource.describe(errno))") }
    }

    /// A pair copied into `dir` (as `clip.jpg` + `clip.<ext>`).
    static func pairFiles(movie: String, in dir: URL) throws -> (still: String, movie: String) {
        let still = try Support.copy(Support.fixture("still-apple-makernote.jpg"), to: dir, as: "clip.jpg")
        let ext = URL(fileURLWithPath: movie).pathExtension
        return (still, try Support.copy(Support.fixture(movie), to: dir, as: "clip.\(ext)"))
    }

    @Test("owner, group, mode and extended attributes are kept on every file written, in place and with -o DIR",
          .enabled(if: isRoot), arguments: movies, [false, true])
    func ownershipModeAndAttributes(_ movieName: String, outputDirectory: Bool) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.pairFiles(movie: movieName, in: dir)
        for path in [still, movie] {
            #expect(chown(path, 1234, 5678) == 0)
            #expect(chmod(path, 0o640) == 0)
            try Self.setAttribute(path, "user.test", "kept \(path)")
            try Self.setAttribute(path, "trusted.test", "root only")
            Self.setAccessControlList(path)
        }
        let acl = Self.attributeBytes(still, "system.posix_acl_access")
        var options = PairOptions()
        if outputDirectory {
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            options.outputDirectory = out.path
        }
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .paired)
        for (output, input) in [(result.stillOutput, still), (result.movieOutput, movie)] {
            let st = Self.info(output)
            #expect(st.st_uid == 1234, "owner of \(output)")
            #expect(st.st_gid == 5678, "group of \(output)")
            #expect(st.st_mode & 0o7777 == 0o640, "mode of \(output)")
            #expect(Self.attribute(output, "user.test") == "kept \(input)")
            #expect(Self.attribute(output, "trusted.test") == "root only")
            if let acl { #expect(Self.attributeBytes(output, "system.posix_acl_access") == acl, "ACL of \(output)") }
        }
        #expect(try Verifier.verify(still: result.stillOutput, movie: result.movieOutput).valid)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("each written file keeps its original's access and modification times; --touch gives new ones",
          arguments: movies, [false, true])
    func modificationTime(_ movieName: String, touch: Bool) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.pairFiles(movie: movieName, in: dir)
        let access = 1_600_000_000, modification = 1_500_000_000   // 2020 and 2017
        try Self.setTimes(still, access: access, modification: modification)
        try Self.setTimes(movie, access: access + 1, modification: modification + 1)
        var options = PairOptions()
        options.touch = touch
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .paired)
        for (output, offset) in [(result.stillOutput, 0), (result.movieOutput, 1)] {
            let st = Self.info(output)
            if touch {
                #expect(st.st_mtim.tv_sec > modification + 1_000_000, "\(output) has a new modification time")
            } else {
                #expect(st.st_mtim.tv_sec == modification + offset, "modification time of \(output)")
                #expect(st.st_atim.tv_sec == access + offset, "access time of \(output)")
            }
        }
    }

    @Test("symbolic links: the link targets are paired, and the links stay links", arguments: movies)
    func symbolicLinks(_ movieName: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real"), links = dir.appendingPathComponent("links")
        for d in [real, links] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let (still, movie) = try Self.pairFiles(movie: movieName, in: real)
        let stillLink = links.appendingPathComponent("clip.jpg").path
        let movieLink = links.appendingPathComponent(URL(fileURLWithPath: movie).lastPathComponent).path
        try FileManager.default.createSymbolicLink(atPath: stillLink, withDestinationPath: "../real/clip.jpg")
        try FileManager.default.createSymbolicLink(atPath: movieLink, withDestinationPath: "../real/" + URL(fileURLWithPath: movie).lastPathComponent)

        let result = try PairOperation.run(still: stillLink, movie: movieLink)
        #expect(result.status == .paired)
        #expect(Self.lstatMode(stillLink) == S_IFLNK)
        #expect(Self.lstatMode(movieLink) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: stillLink) == "../real/clip.jpg")
        // The real files carry the identifier (an MP4 becomes a new .MOV beside the name given).
        #expect(try Inspector.inspect(path: still).still?.contentIdentifier == result.identifier)
        #expect(try Verifier.verify(still: still, movie: result.movieOutput).valid)
        #expect(try Verifier.verify(still: stillLink, movie: result.movieOutput).valid)
        if movieName.hasSuffix(".mov") {
            #expect(result.movieOutput == movieLink)
            #expect(try Verifier.verify(still: still, movie: movie).valid)
        }
        #expect(Support.temporaries(in: real).isEmpty && Support.temporaries(in: links).isEmpty)
        // A rerun through the links finds the pair made.
        #expect(try PairOperation.run(still: stillLink, movie: movieLink).status == .alreadyPaired)
    }

    @Test("hard links: a hard-linked still or movie is refused unless --split-hard-links, which splits both the same way",
          arguments: ["movie-moov-last.mov", "movie-moov-first.mov"], ["still", "movie"])
    func hardLinks(_ movieName: String, linked: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.pairFiles(movie: movieName, in: dir)
        let original = linked == "still" ? still : movie
        let other = dir.appendingPathComponent("other-name." + URL(fileURLWithPath: original).pathExtension).path
        #expect(link(original, other) == 0)
        let stillBytes = try Support.bytes(still), movieBytes = try Support.bytes(movie)

        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(e?.category == .refused)
        #expect(e?.path == original)
        #expect(e?.reason.contains("hard links") == true)
        #expect(e?.reason.contains("--split-hard-links") == true)
        #expect(try Support.bytes(still) == stillBytes && Support.bytes(movie) == movieBytes)

        var options = PairOptions()
        options.splitHardLinks = true
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .paired)
        // A linked movie is rewritten, never appended to, so the other name keeps the old file.
        if linked == "movie" { #expect(result.movieWrite == .rewrite) } else { #expect(result.movieWrite == .tailAppend) }
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        #expect(try Support.bytes(other) == (linked == "still" ? stillBytes : movieBytes))
        #expect(Self.info(original).st_nlink == 1)
    }

    @Test("-o DIR: a rerun with the same inputs is already paired; other inputs never overwrite the outputs")
    func outputDirectoryNeverOverwrites() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        for d in [out, a, b] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let stillA = try Support.copy(Support.fixture("still-no-exif.jpg"), to: a, as: "clip.jpg")
        let movieA = try Support.copy(Support.fixture("movie-moov-last.mov"), to: a, as: "clip.mov")
        let stillB = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: b, as: "clip.jpg")
        let movieB = try Support.copy(Support.fixture("movie-audio.mov"), to: b, as: "clip.mov")
        var options = PairOptions()
        options.outputDirectory = out.path

        let first = try PairOperation.run(still: stillA, movie: movieA, options: options)
        #expect(first.status == .paired)
        let written = (try Support.bytes(first.stillOutput), try Support.bytes(first.movieOutput))

        let again = try PairOperation.run(still: stillA, movie: movieA, options: options)
        #expect(again.status == .alreadyPaired)
        #expect(again.identifier == first.identifier)
        #expect(again.stillOutput == first.stillOutput && again.movieOutput == first.movieOutput)

        for (still, movie) in [(stillB, movieB), (stillB, movieA), (stillA, movieB)] {
            let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie, options: options) }
            #expect(e?.category == .refused)
            #expect(e?.reason.contains("exists") == true)
        }
        // A fresh identifier asked for is not what the outputs hold: refused too.
        options.identifier = .fresh
        #expect(throws: LivePhotoError.self) { try PairOperation.run(still: stillA, movie: movieA, options: options) }
        #expect(try Support.bytes(first.stillOutput) == written.0)
        #expect(try Support.bytes(first.movieOutput) == written.1)
        #expect(Support.temporaries(in: out).isEmpty)
    }

    @Test("an MP4's .MOV: a rerun is already paired; a .MOV from another movie is refused, not overwritten")
    func mp4OutputNeverOverwrites() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "clip.jpg")
        let mp4 = try Support.copy(Support.fixture("movie-mp4.mp4"), to: dir, as: "clip.mp4")
        let first = try PairOperation.run(still: still, movie: mp4)
        #expect(try PairOperation.run(still: still, movie: mp4).status == .alreadyPaired)

        let other = try Support.copy(Support.fixture("movie-audio.mov"), to: dir, as: "clip.MOV")
        let otherBytes = try Support.bytes(other)
        #expect(other == first.movieOutput)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: mp4) }
        #expect(e?.category == .refused)
        #expect(e?.reason.contains("exists") == true)
        #expect(try Support.bytes(other) == otherBytes)
    }
}
