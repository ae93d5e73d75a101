import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// `verify DIR` and `pair DIR` on the streaming scan: each folder's work is chosen from that
/// folder's part alone, and must be the work chosen from the whole library's findings.
@Suite("streamed verify/pair DIR: per-folder work equals the whole library's")
struct StreamedBatchTests {
    /// The selections `verify DIR` and `pair DIR` (with and without `--by-time`) make.
    static let selections: [(name: String, select: (LibraryScan) -> [LibraryFinding])] = [
        ("verify", { $0.pairs }),
        ("pair", { $0.candidates(byTime: false) + $0.pairsWithUndatedMovie }),
        ("pair --by-time", { $0.candidates(byTime: true) + $0.pairsWithUndatedMovie }),
    ]

    static func key(_ w: (still: String, movie: String)) -> String { w.still + "\u{0}" + w.movie }

    @Test("for any library and folder order: the pairs worked on and the unreadable files reported are those of the whole library, each once")
    func sameWorkAsWholeLibrary() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...24), Gen.nearEnds(in: 1...4), Gen.bool) { seed, count, folders, reversed in
            var files = StreamingScanTests.library(seed: seed, count: count, folders: folders)
            // Some movies without a date, so `pair`'s undated-movie work is chosen too.
            for i in files.indices where i % 3 == 0 && files[i].role == .movie { files[i].captureTime = nil }
            let whole = LibraryScan(findings: LibraryMatcher.match(files), filesRead: files.count, unreadableFolders: [], files: files)
            let parts = StreamingScanTests.streamed(files, folderOrder: reversed).map(LibraryScan.init)
            for (name, select) in Self.selections {
                let perFolder = parts.flatMap { BatchOperations.pairsToWork(select($0)) }.map(Self.key).sorted()
                let expected = BatchOperations.pairsToWork(select(whole)).map(Self.key).sorted()
                #expect(perFolder == expected, "\(name): seed \(seed), \(count) files, \(folders) folders")
            }
            let unreadable = parts.flatMap(BatchOperations.unreadableOutcomes).map { $0.error ?? "" }.sorted()
            #expect(unreadable == BatchOperations.unreadableOutcomes(whole).map { $0.error ?? "" }.sorted(), "seed \(seed)")
        }
    }

    @Test("the tally of the parts counts what the whole library's scan counts")
    func tallyOfPartsEqualsWhole() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...24), Gen.nearEnds(in: 1...4)) { seed, count, folders in
            let files = StreamingScanTests.library(seed: seed, count: count, folders: folders)
            let whole = LibraryScan(findings: LibraryMatcher.match(files), filesRead: files.count, unreadableFolders: [], files: files)
            var parts = BatchTally(), all = BatchTally()
            for part in StreamingScanTests.streamed(files, folderOrder: false) { parts.add(BatchPart(scan: LibraryScan(part), work: [])) }
            all.add(BatchPart(scan: whole, work: BatchOperations.unreadableOutcomes(whole)))
            #expect(parts.findings == all.findings, "seed \(seed)")
            #expect(parts.captureTimeOnlyCandidates == all.captureTimeOnlyCandidates, "seed \(seed)")
            // Each unreadable file is one outcome, counted once as an unreadable file, never as a pair.
            let unreadable = whole.findings.filter { $0.finding == .unreadable }.count
            #expect(all.unreadableFiles == unreadable && all.outcomeCount == unreadable && all.pairCount == 0, "seed \(seed)")
        }
    }

    @Test("a tally counts each pair worked on under its status, and each unreadable file once")
    func tallyCountsPairsAndUnreadableFiles() {
        var tally = BatchTally()
        let pair = { (name: String, status: BatchOutcome.Status) in BatchOutcome(still: name + ".JPG", movie: name + ".MOV", status: status, exitCode: .ok) }
        let unreadable = BatchOutcome(still: "d.JPG", movie: nil, status: .failed, error: "d.JPG: damaged", exitCode: .unreadable)
        tally.add(BatchPart(scan: LibraryScan(findings: [], filesRead: 4, unreadableFolders: [], files: []),
                            work: [pair("a", .valid), pair("b", .valid), pair("c", .invalid), unreadable]))
        #expect(tally.pairCount == 3 && tally.count(.valid) == 2 && tally.count(.invalid) == 1 && tally.count(.failed) == 0)
        #expect(tally.unreadableFiles == 1 && tally.outcomeCount == 4)
    }

    @Test("make DIR's movies and every folder command's work, chosen per part of a library of lone files and copies, are the whole library's")
    func makeAndConvertWorkAsWholeLibrary() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...40), Gen.nearEnds(in: 1...6), Gen.nearEnds(in: 0...100)) { seed, count, folders, lone in
            let files = StreamingKeysTests.library(seed: seed, count: count, folders: folders, loneStillShare: lone)
            let whole = LibraryScan(findings: LibraryMatcher.match(files), filesRead: files.count, unreadableFolders: [], files: files)
            let parts = StreamingKeysTests.streamed(files, window: 1 + seed % 9).parts.map(LibraryScan.init)
            let movies = { (s: LibraryScan) in BatchOperations.moviesWithoutStill(s.files, findings: s.findings) }
            #expect(parts.flatMap(movies).sorted() == movies(whole).sorted(), "make: seed \(seed)")
            let selections = Self.selections + [("convert --to motion", { $0.findings.filter { $0.finding == .paired } })]
            for (name, select) in selections {
                let perFolder = parts.flatMap { BatchOperations.pairsToWork(select($0)) + SplitMotionPhotoPairs.work($0) }.map(Self.key).sorted()
                let expected = (BatchOperations.pairsToWork(select(whole)) + SplitMotionPhotoPairs.work(whole)).map(Self.key).sorted()
                #expect(perFolder == expected, "\(name): seed \(seed), \(count) files, \(folders) folders")
            }
            let withoutVideo = parts.flatMap { $0.findings.filter { $0.finding == .motionPhotoWithoutVideo } }.compactMap(\.still).sorted()
            #expect(withoutVideo == whole.findings.filter { $0.finding == .motionPhotoWithoutVideo }.compactMap(\.still).sorted(), "seed \(seed)")
            let unreadable = parts.flatMap(BatchOperations.unreadableOutcomes).map { $0.error ?? "" }.sorted()
            #expect(unreadable == BatchOperations.unreadableOutcomes(whole).map { $0.error ?? "" }.sorted(), "seed \(seed)")
        }
    }
}
