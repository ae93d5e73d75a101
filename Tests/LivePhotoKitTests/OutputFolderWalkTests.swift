import Foundation
import Testing
import BinaryIO
@testable import LivePhotoKit

/// A folder command's output folder (`-o DIR`) inside a folder it walks is not walked: the run
/// writes there while the walk goes on, so what the walk saw of it depended on timing (the
/// scan `convert DIR -o DIR/out` reported, and `make`'s own output movie listed before its
/// still). Files already in the output folder show it is never entered, whatever the timing.
@Suite("folder commands do not walk their own output folder")
struct OutputFolderWalkTests {
    /// dir/a.jpg + a.mov, dir/sub/c.mov, dir/out/b.jpg + b.mov, dir/link → out.
    static func library() throws -> (dir: URL, out: URL) {
        let dir = try Support.tempDir()
        let fm = FileManager.default
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "a.jpg")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "a.mov")
        let sub = dir.appendingPathComponent("sub"), out = dir.appendingPathComponent("out")
        try fm.createDirectory(at: sub, withIntermediateDirectories: false)
        try fm.createDirectory(at: out, withIntermediateDirectories: false)
        _ = try Support.copy(Support.fixture("movie-moov-first.mov"), to: sub, as: "c.mov")
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: out, as: "b.jpg")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: out, as: "b.mov")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link").path, withDestinationPath: "out")
        return (dir, out)
    }

    static func listed(_ roots: [String], outputFolder: String?) -> [String] {
        var paths: [String] = []
        _ = DirectoryWalker.walk(roots, outputFolder: outputFolder) { paths += $0.files.map(\.path) }
        return paths
    }

    @Test("the output folder below a root is not entered, by its path or through a link; as a root, or when it is missing, everything is walked")
    func walk() throws {
        let (dir, out) = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mine = [dir.path + "/a.jpg", dir.path + "/a.mov", dir.path + "/sub/c.mov"]
        let outputs = [out.path + "/b.jpg", out.path + "/b.mov"]
        #expect(Self.listed([dir.path], outputFolder: out.path) == mine)
        #expect(Self.listed([dir.path], outputFolder: dir.appendingPathComponent("link").path) == mine)
        // Without one, `link` and `out` are one folder, walked once (under the first name).
        #expect(Self.listed([dir.path], outputFolder: nil) == mine.prefix(2) + [dir.path + "/link/b.jpg", dir.path + "/link/b.mov"] + mine.suffix(1))
        #expect(Self.listed([dir.path], outputFolder: dir.appendingPathComponent("missing").path).count == 5)
        // Output into the walked folder itself: it is listed whole before anything is written.
        #expect(Self.listed([dir.path], outputFolder: dir.path).count == 5)
        // Given as a root of its own, it is the user's input.
        #expect(Self.listed([dir.path, out.path], outputFolder: out.path) == mine + outputs)
        #expect(Self.listed([out.path], outputFolder: out.path) == outputs)
    }

    @Test("pair DIR -o DIR/out pairs what is outside out/ alone: a candidate already in out/ is not read")
    func pair() throws {
        let (dir, out) = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = PairOptions()
        options.outputDirectory = out.path
        let before = try Support.bytes(out.path + "/b.mov")
        let (scan, outcomes) = BatchOperations.pair(roots: [dir.path], options: options, jobs: 2)
        #expect(scan.files.map(\.path) == [dir.path + "/a.jpg", dir.path + "/a.mov", dir.path + "/sub/c.mov"])
        #expect(outcomes.map(\.still) == [out.path + "/a.jpg"] && outcomes.map(\.movie) == [out.path + "/a.mov"] && outcomes.map(\.status) == [.paired])
        #expect(try Support.bytes(out.path + "/b.mov") == before)
        // The pair written into out/: the outputs of this run, never its inputs.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["a.jpg", "a.mov", "b.jpg", "b.mov"])
    }

    @Test("make DIR -o DIR/out makes a still for the lone movie outside out/ alone")
    func make() throws {
        let (dir, out) = try Self.library()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.removeItem(at: out.appendingPathComponent("b.jpg"))   // out/b.mov: a lone movie
        var options = MakeOptions()
        options.outputDirectory = out.path
        let (scan, outcomes) = BatchOperations.make(roots: [dir.path], options: options, jobs: 2)
        #expect(!scan.files.map(\.path).contains { $0.hasPrefix(out.path + "/") })
        #expect(outcomes.map(\.movie) == [out.path + "/c.mov"] && outcomes.map(\.status) == [.made])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["b.mov", "c.JPG", "c.mov"])
    }

    @Test("convert DIR -o DIR/out: a Motion Photo already in out/ is not converted; --to motion leaves the pairs in out/ alone", .requires(.python3))
    func convert() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        _ = try Support.copy(dir.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path, to: out, as: "again.MP.jpg")
        var options = ConvertOptions()
        options.outputDirectory = out.path
        let toLive = ConvertBatch.toLivePhotos(roots: [dir.path], options: options, jobs: 2)
        #expect(!toLive.scan.files.map(\.path).contains { $0.hasPrefix(out.path + "/") })
        #expect(toLive.results.contains { $0.status == .converted } && !toLive.results.contains { $0.input.hasPrefix(out.path + "/") })
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("again.jpg").path))
        // out/ now holds Live Photo pairs: converting the library back into out/ finds none of them.
        let toMotion = ConvertBatch.toMotionPhotos(roots: [dir.path], options: options, jobs: 2)
        #expect(toMotion.scan.findings.allSatisfy { $0.finding != .paired } && toMotion.results.isEmpty)
    }
}
