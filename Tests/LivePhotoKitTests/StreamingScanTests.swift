import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit
import BinaryIO

/// The streaming scan (`LibraryScanner.stream`): folder by folder, the findings of matching
/// the whole library at once, and no more held than a window or one folder.
@Suite("streaming scan: per-folder findings equal the whole library's")
struct StreamingScanTests {
    /// A random library of up to `folders` folders: stills and movies sharing a few stems,
    /// identifiers from a pool of three (copies across folders), edited renditions, unreadable
    /// files, capture times near each other, movies with 0 to 2 still-image-time tracks.
    static func library(seed: Int, count: Int, folders: Int) -> [ScannedFile] {
        var rng = SplitMix64(seed: UInt64(seed))
        func pick<T>(_ options: [T]) -> T { options[Int(rng.next() % UInt64(options.count))] }
        let ids: [String?] = [nil, nil, "AAAA-1", "BBBB-2", "CCCC-3"]
        var paths = Set<String>()
        var files: [ScannedFile] = []
        for _ in 0..<count {
            let still = rng.next() % 2 == 0
            let stem = pick(["IMG_1", "IMG_2", "IMG_E1", "IMG_3", "X"])
            let path = "/lib/\(pick(Array(0..<folders)))/\(stem).\(still ? pick(["JPG", "HEIC"]) : pick(["MOV", "mp4"]))"
            guard paths.insert(path).inserted else { continue }
            var f = ScannedFile(path: path, role: still ? .still : .movie, format: still ? .jpeg : .quickTimeMovie,
                                identifier: pick(ids), stillImageTimeTracks: pick([1, 1, 0, 2]), error: rng.next() % 13 == 0 ? "damaged" : nil)
            f.captureTime = pick([nil, CaptureTime(wallClock: 1_704_161_045 + Int64(rng.next() % 4), utcOffset: 3600)])
            files.append(f)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The parts `StreamingMatcher` hands over when given `files` folder by folder in `order`.
    static func streamed(_ files: [ScannedFile], folderOrder reversed: Bool) -> [ScannedFolder] {
        var parts: [ScannedFolder] = []
        let matcher = StreamingMatcher { parts.append($0) }
        let byFolder = Dictionary(grouping: files) { PathComponents.directory(of: $0.path) }
        let folders = byFolder.keys.sorted()
        // The matcher sorts each folder itself: hand the files over in any order.
        for folder in reversed ? folders.reversed() : folders { matcher.folderRead(byFolder[folder]!.reversed()) }
        matcher.finish()
        return parts
    }

    @Test("for any library and folder order: the findings of matching every file at once, each file handed over once")
    func sameFindingsAsWholeLibrary() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...24), Gen.nearEnds(in: 1...4), Gen.bool) { seed, count, folders, reversed in
            let files = Self.library(seed: seed, count: count, folders: folders)
            let parts = Self.streamed(files, folderOrder: reversed)
            let findings = LibraryMatcher.sortedByFirstFile(parts.flatMap(\.findings))
            #expect(findings == LibraryMatcher.match(files), "seed \(seed), \(count) files, \(folders) folders")
            #expect(parts.flatMap(\.files).map(\.path).sorted() == files.map(\.path), "seed \(seed)")
            // Each part as `scan` prints it: files and findings in path order.
            for part in parts {
                #expect(part.files.map(\.path) == part.files.map(\.path).sorted(), "seed \(seed)")
                #expect(part.findings == LibraryMatcher.sortedByFirstFile(part.findings), "seed \(seed)")
            }
        }
    }

    @Test("a folder whose Live Photos pair inside it is handed over at once; a still whose movie is in a later folder waits for it")
    func finalFoldersLeaveAtOnce() throws {
        func file(_ path: String, _ id: String?) -> ScannedFile {
            let still = path.hasSuffix(".JPG")
            return ScannedFile(path: path, role: still ? .still : .movie, format: still ? .jpeg : .quickTimeMovie, identifier: id, stillImageTimeTracks: 1, error: nil)
        }
        var parts: [ScannedFolder] = []
        let matcher = StreamingMatcher { parts.append($0) }
        matcher.folderRead([file("/a/IMG_1.JPG", "ID-1"), file("/a/IMG_1.MOV", "ID-1"), file("/a/IMG_2.JPG", nil)])
        #expect(parts.count == 1 && parts[0].findings.map(\.finding) == [.paired])
        matcher.folderRead([file("/b/IMG_9.JPG", "ID-9")])
        #expect(parts.count == 1, "the still waits: its movie may come")
        matcher.folderRead([file("/c/IMG_8.MOV", "ID-9"), file("/c/IMG_1.JPG", "ID-1")])
        #expect(parts.count == 1)
        matcher.finish()
        // In path order of each finding's first file: the copies start at /a.
        let last = LibraryMatcher.sortedByFirstFile(parts.dropFirst().flatMap(\.findings))
        try #require(last.map(\.finding) == [.duplicateIdentifier, .paired, .stillWithoutMovie])
        #expect(last[0].copies == ["/a/IMG_1.JPG", "/c/IMG_1.JPG", "/a/IMG_1.MOV"])
        #expect(last[1].still == "/b/IMG_9.JPG" && last[1].movie == "/c/IMG_8.MOV")
        #expect(last[2].detail == "every movie carrying ID-1 is paired with another copy")
    }

    @Test("grouped work: each group handed on complete and in order, every item once, never more held than the window or one group")
    func groupedWork() async {
        await propertyCheck(count: 60, input: Gen.nearEnds(in: 0...40), Gen.nearEnds(in: 1...8), Gen.nearEnds(in: 1...50), Gen.int(in: 0...Int.max)) { groups, jobs, window, seed in
            var rng = SplitMix64(seed: UInt64(seed))
            let sizes = (0..<groups).map { _ in Int(rng.next() % 30) }
            let lock = NSLock()
            var handed: [[Int]] = [], heldMost = 0, held = 0, counts: [Int] = []
            GroupedWork.run(jobs: jobs, window: window, progress: { done in lock.lock(); counts.append(done); lock.unlock() }, produce: { hand in
                var next = 0
                for size in sizes {
                    let items = Array(next..<next + size)
                    next += size
                    hand(items)
                    lock.lock(); if size > 0 { held += size }; heldMost = max(heldMost, held); lock.unlock()
                }
            }, { (i: Int) -> Int in i * 2 }, finished: { results in
                lock.lock(); handed.append(results); held -= results.count; lock.unlock()
            })
            #expect(handed.map(\.count) == sizes.filter { $0 > 0 }, "seed \(seed)")
            #expect(handed.flatMap { $0 } == (0..<sizes.reduce(0, +)).map { $0 * 2 })
            #expect(heldMost <= max(window, sizes.max() ?? 0), "held \(heldMost), window \(window), sizes \(sizes)")
            // Progress counts every item done once: 1, 2, … up to all of them (in any order of the workers' calls).
            #expect(counts.sorted() == Array(0..<sizes.reduce(0, +)).map { $0 + 1 }, "progress \(counts)")
        }
    }
}
