import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

@Suite("scan, batch pair and batch verify")
struct LibraryTests {
    /// A small library with one of every finding:
    /// a/IMG_0001.JPG + a/IMG_0001.mov           candidate (extension case differs)
    /// a/IMG_0002.jpg + a/IMG_0002.MP4           candidate (MP4 from an export)
    /// b/IMG_0003.JPG + b/IMG_0003_HEVC.MOV      candidate (_HEVC suffix; only the still has an id)
    /// b/live.JPG + c/other-name.MOV             paired (by identifier, whatever the names)
    /// b/IMG_0005.JPG + b/IMG_0005.MOV           identifier-mismatch
    /// c/orphan.jpg                              still-without-movie (and, with b/IMG_0003.JPG, duplicate-identifier)
    /// c/lonely.mov                              movie-without-still
    /// c/IMG_0006.JPG + c/IMG_0006.MOV (junk)    unreadable movie
    struct Library {
        let root: URL
        var path: String { root.path }
        func file(_ name: String) -> String { root.appendingPathComponent(name).path }

        init() throws {
            root = try Support.tempDir()
            for sub in ["a", "b", "c"] { try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true) }
            let f = Support.fixture
            func put(_ fixture: String, _ name: String) throws { _ = try Support.copy(f(fixture), to: root, as: name) }
            try put("still-no-exif.jpg", "a/IMG_0001.JPG")
            try put("movie-moov-last.mov", "a/IMG_0001.mov")
            try put("still-exif-icc-xmp.jpg", "a/IMG_0002.jpg")
            try put("movie-mp4.mp4", "a/IMG_0002.MP4")
            try put("still-apple-makernote.jpg", "b/IMG_0003.JPG")
            try put("movie-audio.mov", "b/IMG_0003_HEVC.MOV")
            try put("still-no-exif.jpg", "b/live.JPG")
            try put("movie-moov-first.mov", "c/other-name.MOV")
            _ = try PairOperation.run(still: file("b/live.JPG"), movie: file("c/other-name.MOV"))
            try put("still-no-exif.jpg", "b/IMG_0005.JPG")
            try put("movie-co64.mov", "b/IMG_0005.MOV")
            var options = PairOptions()
            options.identifier = .fresh
            _ = try PairOperation.run(still: file("b/IMG_0005.JPG"), movie: file("b/IMG_0005.MOV"), options: options)
            // Break the pair: give the still another identifier.
            let other = try Support.copy(f("movie-no-ftyp.mov"), to: root, as: "scratch.mov")
            _ = try PairOperation.run(still: file("b/IMG_0005.JPG"), movie: other, options: options)
            try FileManager.default.removeItem(atPath: other)
            try put("still-apple-makernote.jpg", "c/orphan.jpg")
            try put("movie-moov-first.mov", "c/lonely.mov")
            var idOnly = PairOptions()
            idOnly.identifier = .given("AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")
            let lonelyStill = try Support.copy(f("still-no-exif.jpg"), to: root, as: "lonely-still.jpg")
            _ = try PairOperation.run(still: lonelyStill, movie: file("c/lonely.mov"), options: idOnly)
            try FileManager.default.removeItem(atPath: lonelyStill)
            try put("still-no-exif.jpg", "c/IMG_0006.JPG")
            #expect(FileManager.default.createFile(atPath: file("c/IMG_0006.MOV"), contents: Data("not a movie".utf8)))
            // Noise that scan must pass over: other files, hidden files.
            #expect(FileManager.default.createFile(atPath: file("a/notes.txt"), contents: Data("hello".utf8)))
            #expect(FileManager.default.createFile(atPath: file("a/.IMG_0001.mov.livephoto-AbC123"), contents: Data([0])))
        }

        func cleanup() { try? FileManager.default.removeItem(at: root) }
    }

    static func finding(_ scan: LibraryScan, still: String? = nil, movie: String? = nil) -> LibraryFinding? {
        scan.findings.first { (still == nil || $0.still == still) && (movie == nil || $0.movie == movie) }
    }

    @Test("scan reports every kind of finding, matching by identifier and by name")
    func scanFindings() throws {
        let lib = try Library()
        defer { lib.cleanup() }
        let scan = LibraryScanner.scan([lib.path], jobs: 2)
        #expect(scan.filesRead == 14)
        #expect(Self.finding(scan, still: lib.file("a/IMG_0001.JPG"))?.movie == lib.file("a/IMG_0001.mov"))
        #expect(Self.finding(scan, still: lib.file("a/IMG_0001.JPG"))?.finding == .candidate)
        #expect(Self.finding(scan, still: lib.file("a/IMG_0002.jpg"))?.movie == lib.file("a/IMG_0002.MP4"))
        let hevc = Self.finding(scan, still: lib.file("b/IMG_0003.JPG"))
        #expect(hevc?.movie == lib.file("b/IMG_0003_HEVC.MOV") && hevc?.finding == .candidate)
        #expect(hevc?.detail == "only the still has an identifier")
        let live = Self.finding(scan, still: lib.file("b/live.JPG"))
        #expect(live?.finding == .paired && live?.movie == lib.file("c/other-name.MOV"))
        let broken = Self.finding(scan, still: lib.file("b/IMG_0005.JPG"))
        #expect(broken?.finding == .identifierMismatch)
        #expect(broken?.stillIdentifier != nil && broken?.movieIdentifier != nil && broken?.stillIdentifier != broken?.movieIdentifier)
        #expect(Self.finding(scan, still: lib.file("c/orphan.jpg"))?.finding == .stillWithoutMovie)
        #expect(Self.finding(scan, movie: lib.file("c/lonely.mov"))?.finding == .movieWithoutStill)
        #expect(Self.finding(scan, movie: lib.file("c/IMG_0006.MOV"))?.finding == .unreadable)
        #expect(scan.count(.candidate) == 3)
        // b/IMG_0003.JPG and c/orphan.jpg are copies of one fixture: one identifier, two stills.
        let duplicate = scan.findings.first { $0.finding == .duplicateIdentifier }
        #expect(duplicate?.copies == [lib.file("b/IMG_0003.JPG"), lib.file("c/orphan.jpg")])
        #expect(scan.findings.count == 9)
    }

    @Test("scan: our own <stem>.MP.jpg is one motion-photo finding; copies pair inside their folder; duplicate-identifier names them")
    func copiesAndMotionPhotos() throws {
        let root = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        for sub in ["a", "b", "c"] { try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true) }
        let path = { (name: String) in root.appendingPathComponent(name).path }
        // a: a Live Photo and the Motion Photo converted from it (same identifier).
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: root, as: "a/IMG_0001.JPG")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: root, as: "a/IMG_0001.MOV")
        let pair = try PairOperation.run(still: path("a/IMG_0001.JPG"), movie: path("a/IMG_0001.MOV"))
        _ = try LivePhotoToMotionPhoto.run(still: path("a/IMG_0001.JPG"), movie: path("a/IMG_0001.MOV"))
        #expect(FileManager.default.fileExists(atPath: path("a/IMG_0001.MP.jpg")))
        // b: a Live Photo whose files are named apart; c: a copy of its movie alone, in a folder sorted before b's.
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: root, as: "b/still.JPG")
        _ = try Support.copy(Support.fixture("movie-moov-first.mov"), to: root, as: "b/movie.MOV")
        let other = try PairOperation.run(still: path("b/still.JPG"), movie: path("b/movie.MOV"))
        _ = try Support.copy(path("b/movie.MOV"), to: root, as: "a/movie.MOV")

        let scan = LibraryScanner.scan([root.path], jobs: 2)
        let kinds = scan.findings.map { "\($0.finding.rawValue) \($0.still ?? "-") \($0.movie ?? "-")" }
        #expect(scan.findings.count == 5, "\(kinds)")
        #expect(scan.findings.filter { $0.still == path("a/IMG_0001.MP.jpg") }.map(\.finding) == [.motionPhoto], "\(kinds)")
        #expect(Self.finding(scan, still: path("a/IMG_0001.JPG"))?.finding == .paired)
        #expect(Self.finding(scan, still: path("a/IMG_0001.JPG"))?.movie == path("a/IMG_0001.MOV"))
        // The still pairs with the movie in its own folder, not with the copy sorted first.
        #expect(Self.finding(scan, still: path("b/still.JPG"))?.movie == path("b/movie.MOV"))
        let lone = try #require(Self.finding(scan, movie: path("a/movie.MOV")))
        #expect(lone.finding == .movieWithoutStill && lone.detail == "every still carrying \(other.identifier) is paired with another copy")
        let duplicates = scan.findings.filter { $0.finding == .duplicateIdentifier }
        #expect(duplicates.count == 1 && duplicates.first?.identifier == other.identifier && other.identifier != pair.identifier)
        #expect(duplicates.first?.copies == [path("b/still.JPG"), path("a/movie.MOV"), path("b/movie.MOV")])
        #expect(duplicates.first?.detail == "\(other.identifier) is carried by 1 still and 2 movies: \(path("b/still.JPG")), \(path("a/movie.MOV")), \(path("b/movie.MOV"))")
        #expect(scan.count(.duplicateIdentifier) == 1 && scan.count(.stillWithoutMovie) == 0)
    }

    @Test("scan: a library of copies names eight in the duplicate-identifier detail and lists every one in copies")
    func manyCopies() throws {
        let root = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        // Copies of one still carrying an identifier, each with no movie.
        let names = (0..<20).map { String(format: "IMG_%04d.JPG", $0) }
        for name in names { _ = try Support.copy(Support.fixture("still-apple-makernote.jpg"), to: root, as: name) }
        let scan = LibraryScanner.scan([root.path], jobs: 2)
        let duplicate = try #require(scan.findings.first { $0.finding == .duplicateIdentifier })
        #expect(duplicate.copies == names.map { root.appendingPathComponent($0).path })
        let shown = names.prefix(8).map { root.appendingPathComponent($0).path }.joined(separator: ", ")
        #expect(duplicate.detail?.hasSuffix(": \(shown) and 12 more") == true, "\(duplicate.detail ?? "")")
    }

    @Test("batch pair pairs every candidate, leaves mismatches, reports the bad file and goes on")
    func batchPair() throws {
        let lib = try Library()
        defer { lib.cleanup() }
        let mismatchBefore = try Support.bytes(lib.file("b/IMG_0005.MOV"))
        let (_, outcomes) = BatchOperations.pair(roots: [lib.path], options: PairOptions(), jobs: 2)
        #expect(outcomes.filter { $0.status == .paired }.count == 3)
        let failed = outcomes.filter { $0.status == .failed }
        #expect(failed.count == 1)
        #expect(failed.first?.error == "\(lib.file("c/IMG_0006.MOV")): not a JPEG/HEIC still or a QuickTime/MP4 movie")
        #expect(try Support.bytes(lib.file("b/IMG_0005.MOV")) == mismatchBefore, "mismatched pairs are left alone")
        #expect(try Verifier.verify(still: lib.file("a/IMG_0001.JPG"), movie: lib.file("a/IMG_0001.mov")).valid)
        #expect(try Verifier.verify(still: lib.file("a/IMG_0002.jpg"), movie: lib.file("a/IMG_0002.MOV")).valid)
        #expect(try Verifier.verify(still: lib.file("b/IMG_0003.JPG"), movie: lib.file("b/IMG_0003_HEVC.MOV")).valid)
        #expect(try StillImageReader.read(path: lib.file("b/IMG_0003.JPG")).contentIdentifier == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19")
        #expect(BatchOperations.exitCode(outcomes, scan: LibraryScanner.scan([lib.path])) == .unreadable)

        // A second run finds nothing left to pair.
        let (rescan, again) = BatchOperations.pair(roots: [lib.path], options: PairOptions(), jobs: 1)
        #expect(again.filter { $0.status == .paired }.isEmpty)
        #expect(rescan.count(.paired) == 4)
    }

    @Test("batch verify checks every pair found, by identifier and by name")
    func batchVerify() throws {
        let lib = try Library()
        defer { lib.cleanup() }
        let (scan, outcomes) = BatchOperations.verify(roots: [lib.path], strict: false, jobs: 2)
        let pairs = outcomes.filter { $0.still != nil && $0.movie != nil }
        #expect(pairs.count == scan.pairs.count)
        #expect(pairs.count == 5)
        #expect(pairs.first { $0.still == lib.file("b/live.JPG") }?.status == .valid)
        let broken = pairs.first { $0.still == lib.file("b/IMG_0005.JPG") }
        #expect(broken?.status == .invalid && broken?.failedChecks == ["identifiers-equal"])
        #expect(outcomes.contains { $0.status == .failed && $0.movie == lib.file("c/IMG_0006.MOV") })
        #expect(BatchOperations.exitCode(outcomes, scan: scan) == .unreadable)
        #expect(BatchOperations.exitCode(outcomes.filter { $0.status != .failed }, scan: scan) == .invalidPair)
    }

    @Test("batch verify: warnings apart from failed checks; the full decode only with --strict")
    func batchVerifyLevels() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_1.JPG")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_1.MOV")
        _ = try PairOperation.run(still: still, movie: movie)
        let clean = BatchOperations.verify(roots: [dir.path], strict: false, jobs: 1).outcomes
        #expect(clean.count == 1 && clean[0].status == .valid && clean[0].failedChecks == [] && clean[0].warningChecks == [])
        // Cut the image data short: only the full decode can tell.
        let bytes = try Support.bytes(still)
        try Data(bytes.prefix(bytes.count - 4000)).write(to: URL(fileURLWithPath: still))
        let lenient = BatchOperations.verify(roots: [dir.path], strict: false, jobs: 1).outcomes
        #expect(lenient.first?.status == .valid && lenient.first?.warningChecks == [])
        let strict = BatchOperations.verify(roots: [dir.path], strict: true, jobs: 1).outcomes
        #expect(strict.first?.status == .invalid && strict.first?.failedChecks == ["still-decodes"] && strict.first?.exitCode == .invalidPair)
        // One pair on its own is always decoded, and the damage is a warning.
        #expect(try Verifier.verify(still: still, movie: movie).warnings.map(\.name.rawValue) == ["still-decodes"])
    }

    /// Jobs by default: one per processor, at least one (a process may be given none to
    /// count); for disk-bound work four per processor, at most 16.
    @Test(arguments: [(0, 1, 4), (1, 1, 4), (2, 2, 8), (3, 3, 12), (4, 4, 16), (5, 5, 16), (64, 64, 16)])
    func defaultJobCounts(processors: Int, jobs: Int, diskBound: Int) {
        #expect(ParallelWork.defaultJobs(processors: processors) == jobs)
        #expect(ParallelWork.diskBoundJobs(processors: processors) == diskBound)
    }

    @Test("parallel work keeps input order and runs as many jobs at once as it is given, never more")
    func parallelOrder() throws {
        let jobs = 4
        let state = NSCondition()
        var running = 0, mostAtOnce = 0, arrived = 0
        let out = ParallelWork.map(count: 500, jobs: jobs) { i -> Int in
            state.lock()
            running += 1; mostAtOnce = max(mostAtOnce, running)
            if i < jobs {
                // The first `jobs` items wait for one another: they all finish only when that
                // many run at once (the deadline only keeps a broken pool from hanging the suite).
                arrived += 1
                state.broadcast()
                let deadline = Date().addingTimeInterval(30)
                while arrived < jobs && state.wait(until: deadline) {}
            }
            running -= 1
            state.unlock()
            return i * 2
        }
        #expect(out == (0..<500).map { $0 * 2 })
        #expect(arrived == jobs && mostAtOnce == jobs, "\(mostAtOnce) jobs at once of \(jobs)")
        #expect(ParallelWork.map(count: 0, jobs: 4) { $0 }.isEmpty)
    }

    @Test("the progress line shows done/total, rate and time left; redrawn at most every 0.1 s, the last state always")
    func progressLine() throws {
        #expect(ProgressReporter.line(label: "scan", done: 500, total: 1000, elapsed: 0.25, width: 10)
                == "scan [#####-----] 500/1000  2000/s  0.2 s left")
        // Nothing done yet (no rate, nothing to say how long): no time is claimed; an empty total is done.
        #expect(ProgressReporter.line(label: "scan", done: 0, total: 1000, elapsed: 0, width: 10) == "scan [----------] 0/1000  0/s  0.0 s left")
        #expect(ProgressReporter.line(label: "scan", done: 0, total: 1000, elapsed: 3, width: 10) == "scan [----------] 0/1000  0/s  0.0 s left")
        #expect(ProgressReporter.line(label: "scan", done: 0, total: 0, elapsed: 1, width: 4) == "scan [####] 0/0  0/s  0.0 s left")
        // A clock the test moves: updates 0.04 s apart, so every third one is 0.1 s after the last drawn.
        let probe = ProgressProbe(label: "pair", at: Date(timeIntervalSince1970: 1_000_000))
        let p = probe.reporter
        p.start(total: 9)
        for i in 1...9 {
            p.update(done: i)
            probe.clock += 0.04
        }
        p.finish()
        let writes = probe.writes
        let drawn = writes.dropLast().map { $0.split(separator: " ")[2] }
        // 9/9 comes 0.08 s after 7/9: drawn because it is the last.
        #expect(drawn == ["1/9", "4/9", "7/9", "9/9"], "drawn: \(writes)")
        #expect(writes.last == "\r\u{1B}[K", "finish clears the line")
        #expect(ProgressReporter.forTerminal(label: "x", quiet: true) == nil)
    }

    /// Ten redraws a second: one exactly 0.1 s after the last is drawn, one sooner is not.
    @Test("an update exactly 0.1 s after the last drawn one is drawn")
    func progressRedrawEdge() {
        let probe = ProgressProbe(label: "scan", at: Date(timeIntervalSinceReferenceDate: 0))
        probe.reporter.start(total: 10)
        probe.reporter.update(done: 1)
        probe.clock = Date(timeIntervalSinceReferenceDate: 0.099)
        probe.reporter.update(done: 2)
        probe.clock = Date(timeIntervalSinceReferenceDate: 0.1)
        #expect(probe.clock.timeIntervalSince(Date(timeIntervalSinceReferenceDate: 0)) == 0.1)
        probe.reporter.update(done: 3)
        #expect(probe.writes.map { $0.split(separator: " ")[2] } == ["1/10", "3/10"], "\(probe.writes)")
    }

    @Test("a total raised while files are still being listed only grows: the line shows the largest")
    func progressTotalRaised() {
        let probe = ProgressProbe(label: "scan", at: Date(timeIntervalSince1970: 1_000_000))
        probe.reporter.start(total: 5)
        probe.reporter.raise(total: 12)
        probe.reporter.raise(total: 8)
        probe.clock += 1
        probe.reporter.update(done: 3)
        #expect(probe.writes.last.map { $0.split(separator: " ")[2] } == "3/12", "\(probe.writes)")
    }
}

/// A progress bar on a clock the test moves, and what it wrote.
final class ProgressProbe {
    var clock: Date
    var writes: [String] = []
    private let label: String
    private(set) lazy var reporter = ProgressReporter(label: label, now: { [unowned self] in self.clock }) { [unowned self] in self.writes.append($0) }

    init(label: String, at start: Date) { self.label = label; clock = start }
}
