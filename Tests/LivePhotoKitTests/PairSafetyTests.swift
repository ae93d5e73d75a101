import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

@Suite("pair: refusals and failures lose nothing")
struct PairSafetyTests {
    @Test("a foreign MakerNote is refused unless --replace-maker-note, in a --dry-run too")
    func foreignMakerNote() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-foreign-makernote.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(e?.reason.contains("Canon") == true)
        #expect(e?.reason.contains("--replace-maker-note") == true)
        #expect(e?.category == .refused)
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(movie) == mb)
        // A dry run says what a real run would do: refuse.
        var dryRun = PairOptions()
        dryRun.dryRun = true
        let dry = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie, options: dryRun) }
        #expect(dry?.category == .refused)
        #expect(dry?.reason == e?.reason)

        var options = PairOptions()
        options.replaceForeignMakerNote = true
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(try Inspector.inspect(path: still).still?.contentIdentifier == result.identifier)
        #expect(try Verifier.verify(still: still, movie: movie).valid)
    }

    @Test("files without write permission are refused, even for root, and left as they were")
    func readOnlyPermissions() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: movie)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(e?.path == movie)
        // EACCES: what anyone but root gets from the kernel, and what root gets from our check.
        #expect(e?.errno == .permissionDenied)
        #expect(e?.category == .refused)
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(movie) == mb)
        // A read-only directory refuses the whole-file rewrite of a moov-first movie (--faststart).
        let sub = dir.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let still2 = try Support.copy(Support.fixture("still-no-exif.jpg"), to: sub)
        let movie2 = try Support.copy(Support.fixture("movie-moov-first.mov"), to: sub)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sub.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sub.path) }
        var faststart = PairOptions()
        faststart.faststart = true
        let d = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still2, movie: movie2, options: faststart) }
        #expect(d?.errno == .permissionDenied && d?.category == .refused)
        #expect(Support.temporaries(in: sub).isEmpty)
    }

    /// The still is rewritten by a rename in its folder, which the kernel allows whatever the
    /// still's own mode: its write permission is checked by us, and only when it is the target.
    @Test("a read-only still is refused in place (its folder writable), and read as it is for -o DIR")
    func readOnlyStill() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: still)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(e?.path == still && e?.errno == .permissionDenied && e?.category == .refused, "\(String(describing: e))")
        #expect(e?.reason == "cannot write: read-only file (no write permission)", "\(e?.reason ?? "")")
        #expect(try Support.bytes(still) == sb && Support.bytes(movie) == mb)
        #expect(Support.temporaries(in: dir).isEmpty)
        // Into another folder, read-only inputs are only read: the pair is written, they stay.
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: movie)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        var options = PairOptions()
        options.outputDirectory = out.path
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.stillOutput == out.appendingPathComponent("still-no-exif.jpg").path)
        #expect(try Verifier.verify(still: result.stillOutput, movie: result.movieOutput).valid)
        #expect(try Support.bytes(still) == sb && Support.bytes(movie) == mb)
    }

    @Test("a movie appended to in place needs only its own write permission; one rewritten (--faststart) needs its folder's too")
    func movieFolderPermission() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let sub = dir.appendingPathComponent("ro")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: sub, as: "still-no-exif.mov")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sub.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sub.path) }
        let appended = try PairOperation.run(still: still, movie: movie)
        #expect(appended.movieOutput == movie && appended.movieWrite == .tailAppend)
        #expect(try Verifier.verify(still: still, movie: movie).valid)

        let still2 = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "second.jpg")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sub.path)
        let movie2 = try Support.copy(Support.fixture("movie-moov-first.mov"), to: sub, as: "second.mov")
        let before = try Support.bytes(still2), movieBefore = try Support.bytes(movie2)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sub.path)
        var faststart = PairOptions()
        faststart.faststart = true
        let refused = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still2, movie: movie2, options: faststart) }
        #expect(refused?.path == movie2 && refused?.errno == .permissionDenied && refused?.category == .refused)
        #expect(refused?.reason.hasSuffix("(in \(sub.path))") == true)
        #expect(try Support.bytes(still2) == before && Support.bytes(movie2) == movieBefore)
        #expect(Support.temporaries(in: sub).isEmpty && Support.temporaries(in: dir).isEmpty)
    }

    @Test("an interrupted tail append (new moov written, old not yet retired) is cleaned up by a rerun")
    func interruptedAppendRecovers() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let original = try Support.bytes(movie)

        // Simulate a crash between prepare (append + fsync) and commit (retire the old moov).
        let plan = MovieRewritePlan(file: try MovieFile.open(path: movie))
        try LivePhotoMovieEdit.apply(to: plan, identifier: "11111111-2222-3333-4444-555555555555", atMillisecond: 500)
        let tail = try TailAppendMovieWrite(plan)
        try tail.prepare()
        #expect(try Support.bytes(movie).count > original.count)
        // Still playable as the original: the first moov rules.
        #expect(try Inspector.inspect(path: movie).movie?.contentIdentifier == nil)

        // A read-only movie with leftovers is not touched, not even to clean up.
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: movie)
        let leftover = try Support.bytes(movie)
        let refused = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(refused?.errno == .permissionDenied)
        #expect(try Support.bytes(movie) == leftover)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: movie)

        let result = try PairOperation.run(still: still, movie: movie)
        let top = try TopLevelBoxes.scan(FileSource(path: movie))
        let originalMoov = try #require(try TopLevelBoxes.scan(FileSource(path: Support.fixture("movie-moov-last.mov"))).first("moov"))
        // The leftover append was cut: one retired moov, our marker, one appended sample mdat, one live moov.
        #expect(top.boxes.map(\.type.description) == ["ftyp", "wide", "mdat", "free", "free", "mdat", "moov"])
        #expect(top.all("free").first?.offset == originalMoov.offset)
        #expect(Array(try Support.bytes(movie).prefix(Int(originalMoov.offset))) == Array(original.prefix(Int(originalMoov.offset))))
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        #expect(try Inspector.inspect(path: movie).movie?.contentIdentifier == result.identifier)
    }

    @Test("a partial box someone else left after the moov is kept: the movie is rewritten with those bytes last")
    func foreignTornBoxKept() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let torn: [UInt8] = [0, 0, 0, 17, 0x6D, 0x64, 0x61, 0x74, 0, 0]   // mdat header promising 17 bytes, 2 written
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: movie))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(torn))
        try handle.close()
        let file = try MovieFile.open(path: movie)
        #expect(file.interruptedAppend == nil, "no marker of ours: not ours to cut")
        #expect(file.warnings.contains { $0.contains("someone's trailer") })
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieWrite == .rewrite, "appending behind bytes that are not a box would hide the new moov")
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        #expect(Array(try Support.bytes(movie).suffix(torn.count)) == torn, "the trailer stays, last")
        #expect(try Support.sampleBytes(movie) == (try Support.sampleBytes(Support.fixture("movie-moov-last.mov"))))
    }

    @Test("stale temporary files from an interrupted rewrite are removed by a rerun")
    func staleTemporariesRemoved() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "a.jpg")
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir, as: "a.mov")
        #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent(".a.mov.livephoto-AbC123").path, contents: Data([1, 2, 3])))
        #expect(FileManager.default.createFile(atPath: dir.appendingPathComponent(".a.jpg.livephoto-XyZ789").path, contents: Data([1, 2, 3])))
        _ = try PairOperation.run(still: still, movie: movie)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("a damaged movie fails before anything is written; no temporary file is left")
    func damagedMovieWritesNothing() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir)
        let movie = dir.appendingPathComponent("cut.mov").path
        let full = try Support.bytes(Support.fixture("movie-moov-first.mov"))
        #expect(FileManager.default.createFile(atPath: movie, contents: Data(full.prefix(full.count / 2))))
        let sb = try Support.bytes(still)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(e?.category == .unreadable)
        #expect(e?.path == movie)
        #expect(try Support.bytes(still) == sb)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("wrong kinds are named: a movie given as the still, text as the movie, HEIC still")
    func wrongKinds() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("notes.mov").path
        #expect(FileManager.default.createFile(atPath: text, contents: Data("hello, this is text\n".utf8)))
        let still = Support.fixture("still-no-exif.jpg"), movie = Support.fixture("movie-moov-last.mov")
        let a = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: movie, movie: still) }
        #expect(a?.reason.contains("is a movie") == true)
        let b = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: text) }
        #expect(b?.reason == "not a QuickTime or MP4 movie")
        let c = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: dir.appendingPathComponent("missing.mov").path) }
        #expect(c?.reason.contains("no such file") == true)
    }

    /// Whether this machine lets the tests mount a small tmpfs (root in a sandbox that allows it).
    static let canMountTmpfs: Bool = {
        guard let dir = mountTmpfs(size: "16k") else { return false }
        unmount(dir)
        return true
    }()

    /// Mounts a small tmpfs (root only); nil where mounting is not allowed.
    static func mountTmpfs(size: String) -> URL? {
        guard getuid() == 0, let mount = Support.tool("mount") else { return nil }
        guard let dir = try? Support.tempDir() else { return nil }
        guard let r = try? Support.run(mount, ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", dir.path]), r.status == 0 else { return nil }
        return dir
    }

    static func unmount(_ dir: URL) {
        if let umount = Support.tool("umount") { _ = try? Support.run(umount, [dir.path]) }
        try? FileManager.default.removeItem(at: dir)
    }

    @Test("disk full: a clear error, the originals intact, no temporary file left", .enabled(if: canMountTmpfs), arguments: ["movie-moov-first.mov", "movie-moov-last.mov"])
    func diskFull(_ movieName: String) throws {
        let dir = try #require(Self.mountTmpfs(size: "52k"))
        defer { Self.unmount(dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture(movieName), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(e?.errno == .noSpace)
        #expect(e?.category == .refused)
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(movie) == mb)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("read-only file system: a clear error and nothing changed", .enabled(if: canMountTmpfs))
    func readOnly() throws {
        let dir = try #require(Self.mountTmpfs(size: "1m"))
        defer { Self.unmount(dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        let mount = try #require(Support.tool("mount"))
        #expect(try Support.run(mount, ["-o", "remount,ro", dir.path]).status == 0)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie) }
        #expect(e?.errno == .readOnlyFileSystem)
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(movie) == mb)
    }
}
