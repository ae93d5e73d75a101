import Foundation
import Testing
import TestSupport
import CFileCopy   // sys/xattr.h

/// The command line around the file system: kept times and --touch, hard links, -o DIR that
/// never overwrites, link loops in folders (names that are not valid UTF-8: ByteNameCLITests).
@Suite("livephoto and the file system")
struct FileSystemCLITests {
    static let old = Date(timeIntervalSince1970: 1_500_000_000)

    static func modificationDate(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }

    static func livephoto(_ arguments: [String]) throws -> CLITests.Run { try CLITests.livephoto(arguments) }

    @Test("pair keeps each file's modification time; --touch does not (one pair and folders)")
    func modificationTimes() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, touch) in [("kept", false), ("touched", true)] {
            let sub = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let still = try CLITests.copy("still-no-exif.jpg", to: sub, as: "a.jpg")
            let movie = try CLITests.copy("movie-moov-first.mov", to: sub, as: "a.mov")
            let still2 = try CLITests.copy("still-no-exif.jpg", to: sub, as: "b.jpg")
            let movie2 = try CLITests.copy("movie-moov-last.mov", to: sub, as: "b.mov")
            for path in [still, movie] { try FileManager.default.setAttributes([.modificationDate: Self.old], ofItemAtPath: path) }
            let r = try Self.livephoto(touch ? ["pair", "-q", "--touch", still, movie] : ["pair", "-q", still, movie])
            #expect(r.status == 0)
            for path in [still, movie] { #expect((try Self.modificationDate(path) == Self.old) == !touch, "\(path)") }

            try FileManager.default.removeItem(atPath: still); try FileManager.default.removeItem(atPath: movie)
            for path in [still2, movie2] { try FileManager.default.setAttributes([.modificationDate: Self.old], ofItemAtPath: path) }
            let batch = try Self.livephoto(touch ? ["pair", "-q", "--touch", sub.path] : ["pair", "-q", sub.path])
            #expect(batch.status == 0)
            for path in [still2, movie2] { #expect((try Self.modificationDate(path) == Self.old) == !touch, "\(path)") }
        }
    }

    @Test("a hard-linked file is refused with exit 4 and one line; --split-hard-links pairs the name given")
    func hardLinks() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "a.jpg")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "a.mov")
        try FileManager.default.linkItem(atPath: movie, toPath: dir.appendingPathComponent("backup.mov").path)
        let r = try CLITests.livephoto("pair", still, movie)
        #expect(r.status == 4)
        #expect(r.err == "livephoto: \(movie): has 2 hard links: pairing it in place would leave the other names with the old file; pass --split-hard-links to write a new file under this name only\n")
        let split = try CLITests.livephoto("pair", "--split-hard-links", "--json", still, movie)
        #expect(split.status == 0)
        #expect(split.out.contains("\"movieWrite\" : \"rewrite\""))
        #expect(try CLITests.livephoto("verify", "-q", still, movie).status == 0)
    }

    @Test("-o DIR twice: the same inputs are already paired; different inputs are refused with exit 4 (exists)")
    func outputDirectoryTwice() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), a = dir.appendingPathComponent("a"), b = dir.appendingPathComponent("b")
        for d in [out, a, b] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let stillA = try CLITests.copy("still-no-exif.jpg", to: a, as: "IMG.jpg"), movieA = try CLITests.copy("movie-moov-last.mov", to: a, as: "IMG.mov")
        let stillB = try CLITests.copy("still-exif-icc-xmp.jpg", to: b, as: "IMG.jpg"), movieB = try CLITests.copy("movie-audio.mov", to: b, as: "IMG.mov")
        #expect(try CLITests.livephoto("pair", "-q", "-o", out.path, stillA, movieA).status == 0)
        let written = try Data(contentsOf: out.appendingPathComponent("IMG.jpg"))
        let again = try CLITests.livephoto("pair", "-o", out.path, stillA, movieA)
        #expect(again.status == 0)
        #expect(again.out.hasPrefix("already paired"))
        let other = try CLITests.livephoto("pair", "-o", out.path, stillB, movieB)
        #expect(other.status == 4)
        #expect(other.err.split(separator: "\n").count == 1)
        #expect(other.err.contains("exists"))
        #expect(try Data(contentsOf: out.appendingPathComponent("IMG.jpg")) == written)
    }

    @Test("a symbolic link loop in a scanned folder gets a message that says so")
    func symlinkLoop() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("IMG.jpg").path, withDestinationPath: "IMG.jpg")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("again").path, withDestinationPath: ".")
        let r = try CLITests.livephoto("scan", dir.path)
        #expect(r.status == 3)
        #expect(r.out.contains("symbolic link loop"))
        #expect(r.err.contains("livephoto: \(dir.path)/again: symbolic link loop"))
    }

    @Test("linked still and movie: the targets are paired through the links, which stay links")
    func symbolicLinks() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real"), links = dir.appendingPathComponent("links")
        for d in [real, links] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        _ = try CLITests.copy("still-no-exif.jpg", to: real, as: "a.jpg")
        _ = try CLITests.copy("movie-moov-first.mov", to: real, as: "a.mov")
        for name in ["a.jpg", "a.mov"] {
            try FileManager.default.createSymbolicLink(atPath: links.appendingPathComponent(name).path, withDestinationPath: "../real/\(name)")
        }
        let r = try CLITests.livephoto("pair", "-q", links.appendingPathComponent("a.jpg").path, links.appendingPathComponent("a.mov").path)
        #expect(r.status == 0)
        for name in ["a.jpg", "a.mov"] {
            let type = try FileManager.default.attributesOfItem(atPath: links.appendingPathComponent(name).path)[.type] as? FileAttributeType
            #expect(type == .typeSymbolicLink, "\(name) is still a link")
        }
        #expect(try CLITests.livephoto("verify", "-q", real.appendingPathComponent("a.jpg").path, real.appendingPathComponent("a.mov").path).status == 0)
    }

    /// The mode of a new file: one derived from an input (an output in `-o DIR`, a conversion)
    /// takes the input's, like `cp -p` (README, Safety); one made from nothing the user had (the
    /// still `make` decodes, the files of `make --wallpaper`) gets what any program gives a new
    /// file, 0666 less the umask, never the 0600 of the temporary file it was written as.
    @Test("new files: from an input, its mode; made from a frame, 0666 less the umask (027 and 002)", arguments: [0o027, 0o002])
    func newFileModes(_ mask: Int) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "a.jpg"), movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "a.mov")
        let motion = try Support.write(OtherMakerLayouts.lg(try Support.bytes(CLITests.fixture("still-no-exif.jpg")), video: try Support.bytes(CLITests.fixture("movie-mp4.mp4"))),
                                       in: dir, name: "20240103.jpg")
        let clip = try CLITests.copy("movie-audio.mov", to: dir, as: "clip.mov"), source = try CLITests.copy("movie-moov-last.mov", to: dir, as: "wall.mov")
        let inputMode = 0o604   // no umask gives this: a copied mode is told apart from a computed one
        for input in [still, movie, motion, clip, source] { try FileManager.default.setAttributes([.posixPermissions: inputMode], ofItemAtPath: input) }
        let runs: [(args: [String], made: [String], mode: Int)] = [
            (["pair", "-q", "-o", out.path, still, movie], ["out/a.jpg", "out/a.mov"], inputMode),
            (["convert", "-q", motion], ["20240103_1.jpg", "20240103_1.MOV"], inputMode),
            (["make", "-q", clip], ["clip.JPG"], 0o666 & ~mask),
            (["make", "--wallpaper", "-q", source], ["wall-wallpaper.MOV", "wall-wallpaper.JPG"], 0o666 & ~mask),
        ]
        for run in runs {
            let before = Set(try FileManager.default.subpathsOfDirectory(atPath: dir.path))
            // The shell sets the umask for the one run, without touching this test process's.
            let r = try CLITests.run("/bin/sh", ["-c", "umask \(String(mask, radix: 8)); exec \"$0\" \"$@\"", CLITests.binary] + run.args)
            #expect(r.status == 0, "\(run.args): \(r.err)")
            let made = Set(try FileManager.default.subpathsOfDirectory(atPath: dir.path)).subtracting(before)
            #expect(made == Set(run.made), "\(run.args): \(made.sorted())")
            for name in made {
                let mode = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(name).path)[.posixPermissions] as? Int
                #expect(mode == run.mode, "\(run.args[0]) \(name): \(String(mode ?? 0, radix: 8)), not \(String(run.mode, radix: 8))")
            }
        }
    }

    @Test("root pairing another user's files leaves them that user's, with their mode and user.* attributes", .enabled(if: getuid() == 0))
    func ownership() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "a.jpg")
        let movie = try CLITests.copy("movie-moov-first.mov", to: dir, as: "a.mov")
        for path in [still, movie] {
            try FileManager.default.setAttributes([.ownerAccountID: 1234, .groupOwnerAccountID: 5678, .posixPermissions: 0o640], ofItemAtPath: path)
            #expect(setxattr(path, "user.test", "kept", 4, 0) == 0)
        }
        #expect(try CLITests.livephoto("pair", "-q", still, movie).status == 0)
        for path in [still, movie] {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect(attributes[.ownerAccountID] as? Int == 1234)
            #expect(attributes[.groupOwnerAccountID] as? Int == 5678)
            #expect(attributes[.posixPermissions] as? Int == 0o640)
            var value = [UInt8](repeating: 0, count: 16)
            #expect(getxattr(path, "user.test", &value, value.count) == 4)
            #expect(Array(value.prefix(4)) == Array("kept".utf8))
        }
    }
}
