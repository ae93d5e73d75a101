import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit
import BinaryIO

/// What the streaming scan keeps across folders (`IdentifierLedger`, `StreamingMatcher`): a
/// small key per file with an identifier, a folder held whole only when an open file in it
/// could meet another; and the findings still those of matching the whole library at once.
@Suite("streaming scan: only keys kept across folders, findings those of the whole library")
struct StreamingKeysTests {
    /// A library with many identifiers (mostly unique UUIDs in either case, a few copies across
    /// folders, a few that are not UUIDs), lone stills and lone movies, pairs, renditions,
    /// capture times, unreadable files and Motion Photos whose video is missing.
    static func library(seed: Int, count: Int, folders: Int, loneStillShare: Int) -> [ScannedFile] {
        var rng = SplitMix64(seed: UInt64(seed))
        func roll(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        func uuid() -> String {
            let text = (0..<2).map { _ in String(rng.next(), radix: 16).leftPadded(to: 16) }.joined()
            let t = Array(text)
            let formed = [String(t[0..<8]), String(t[8..<12]), String(t[12..<16]), String(t[16..<20]), String(t[20..<32])].joined(separator: "-")
            return roll(3) == 0 ? formed : formed.uppercased()
        }
        let shared = (0..<3).map { _ in uuid() } + ["not-a-uuid", "0BAD-ID"]
        var files: [ScannedFile] = [], paths = Set<String>()
        for n in 0..<count {
            let folder = "/lib/\(roll(folders))"
            let stem = roll(4) == 0 ? "IMG_E\(roll(6))" : "IMG_\(roll(max(1, count / 2)))"
            let id: String? = roll(5) == 0 ? nil : roll(6) == 0 ? shared[roll(shared.count)] : uuid()
            var group: [(still: Bool, id: String?)] = [(true, id)]
            if roll(100) >= loneStillShare { group = roll(3) == 0 ? [(false, id)] : [(true, id), (false, roll(8) == 0 ? uuid() : id)] }
            for (still, fileID) in group {
                let path = "\(folder)/\(stem).\(still ? ["JPG", "HEIC"][roll(2)] : ["MOV", "mp4"][roll(2)])"
                guard paths.insert(path).inserted else { continue }
                var f = ScannedFile(path: path, role: still ? .still : .movie, format: still ? .jpeg : .quickTimeMovie, identifier: fileID,
                                    stillImageTimeTracks: [1, 1, 1, 0, 2][roll(5)], error: roll(29) == 0 ? "damaged \(n)" : nil)
                f.captureTime = roll(3) == 0 ? nil : CaptureTime(wallClock: 1_704_161_045 + Int64(roll(40)), utcOffset: roll(4) == 0 ? nil : 3600)
                if !still, roll(3) == 0 { f.headerCreationTime = CaptureTime(wallClock: 1_704_157_445 + Int64(roll(40)), utcOffset: 0); f.durationMilliseconds = Int64(roll(4000)) }
                if still, roll(17) == 0 { f.motionVideoMissing = "the XMP's video length is past the file's end" }
                files.append(f)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The parts handed over, and the most files the matcher held whole at any time.
    static func streamed(_ files: [ScannedFile], window: Int) -> (parts: [ScannedFolder], heldMost: Int) {
        var parts: [ScannedFolder] = []
        let matcher = StreamingMatcher(window: window) { parts.append($0) }
        var heldMost = 0
        let byFolder = Dictionary(grouping: files) { PathComponents.directory(of: $0.path) }
        for folder in byFolder.keys.sorted() {
            matcher.folderRead(byFolder[folder]!)   // a key of the grouping
            heldMost = max(heldMost, matcher.heldFileCount)
        }
        matcher.finish()
        return (parts, heldMost)
    }

    @Test("for any library of unique and copied identifiers, lone stills and movies: the findings of matching every file at once, each file handed over once")
    func sameFindingsAsWholeLibrary() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...40), Gen.nearEnds(in: 1...6), Gen.nearEnds(in: 0...100)) { seed, count, folders, lone in
            let files = Self.library(seed: seed, count: count, folders: folders, loneStillShare: lone)
            let (parts, _) = Self.streamed(files, window: 1 + seed % 9)
            let findings = LibraryMatcher.sortedByFirstFile(parts.flatMap(\.findings))
            #expect(findings == LibraryMatcher.match(files), "seed \(seed), \(count) files, \(folders) folders, \(lone)% lone")
            #expect(parts.flatMap(\.files).map(\.path).sorted() == files.map(\.path), "seed \(seed)")
            // Each finding names files of its own part only (what the batch commands rely on).
            for part in parts {
                let inPart = Set(part.files.map(\.path))
                for f in part.findings where f.finding != .duplicateIdentifier {
                    #expect([f.still, f.movie].allSatisfy { $0.map(inPart.contains) ?? true }, "seed \(seed): \(f)")
                }
            }
        }
    }

    @Test("a library of lone stills: no file is held whole, the findings leave in parts of at most the window, and they are the whole library's")
    func loneStillsHoldOnlyKeys() async {
        await propertyCheck(count: 100, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...60), Gen.nearEnds(in: 1...8), Gen.nearEnds(in: 1...10)) { seed, count, folders, window in
            var rng = SplitMix64(seed: UInt64(seed))
            let files = (0..<count).map { n in
                ScannedFile(path: "/lib/\(Int(rng.next() % UInt64(folders)))/IMG_\(n).JPG", role: .still, format: .jpeg,
                            identifier: UUID().uuidString, stillImageTimeTracks: 0, error: nil)
            }.sorted { $0.path < $1.path }
            let (parts, heldMost) = Self.streamed(files, window: window)
            #expect(heldMost == 0, "seed \(seed)")
            #expect(parts.allSatisfy { $0.files.count <= window }, "seed \(seed): \(parts.map(\.files.count))")
            #expect(LibraryMatcher.sortedByFirstFile(parts.flatMap(\.findings)) == LibraryMatcher.match(files), "seed \(seed)")
        }
    }

    @Test("an identifier comes back from its key exactly as it was read: UUIDs in either case as 16 bytes, anything else as text")
    func identifierKeysRoundTrip() async {
        let samples = ["2F3C6C8A-6B1B-4C1E-9E2A-0D7A9B1C2D3E", "2f3c6c8a-6b1b-4c1e-9e2a-0d7a9b1c2d3e", "2F3c6c8a-6b1b-4c1e-9e2a-0d7a9b1c2d3e",
                       "2F3C6C8A6B1B4C1E9E2A0D7A9B1C2D3E", "2F3C6C8A-6B1B-4C1E-9E2A-0D7A9B1C2D3", "ZZ3C6C8A-6B1B-4C1E-9E2A-0D7A9B1C2D3E", "", "é"]
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            var ids = samples
            for _ in 0..<8 { ids.append(UUID().uuidString); ids.append(UUID().uuidString.lowercased()) }
            ids.shuffle(using: &rng)
            var ledger = IdentifierLedger()
            let files = ids.enumerated().map { ScannedFile(path: "/lib/IMG_\($0.offset).JPG", role: .still, format: .jpeg, identifier: $0.element, stillImageTimeTracks: 0, error: nil) }
            ledger.note(files) { _ in .deferred }
            var back: [String] = []
            ledger.forEachIdentifier { id, members in for m in members { back.append(ledger.identifier(id)); #expect(ledger.path(m) == files[m].path) } }
            #expect(back.sorted() == ids.sorted(), "seed \(seed)")
            #expect((0..<files.count).map { ledger.deferredFile($0) } == files)
        }
        #expect(IdentifierKey.uuid(samples[0]) != nil && IdentifierKey.uuid(samples[1]) != nil)
        #expect(samples[2...].allSatisfy { IdentifierKey.uuid($0) == nil }, "mixed case, no dashes, short, not hex: kept as text")
    }

    /// A deferred file is packed (presence in bits, values in place): every mix of present and
    /// absent capture time, zone, header time and duration, and any value, comes back as it went in.
    @Test("a deferred file gives back the same facts, present or absent")
    func deferredFactsRoundTrip() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            func time() -> CaptureTime? {
                Bool.random(using: &rng) ? nil : CaptureTime(wallClock: Int64.random(in: .min ... .max, using: &rng),
                                                             utcOffset: Bool.random(using: &rng) ? nil : Int64.random(in: .min ... .max, using: &rng))
            }
            var ledger = IdentifierLedger()
            let files = (0..<20).map { i -> ScannedFile in
                var f = ScannedFile(path: "/lib/IMG_\(i).MOV", role: .movie, format: .quickTimeMovie, identifier: UUID().uuidString,
                                    stillImageTimeTracks: Int.random(in: 0...3, using: &rng), error: nil)
                f.captureTime = time()
                f.headerCreationTime = time()
                f.durationMilliseconds = Bool.random(using: &rng) ? nil : Int64.random(in: .min ... .max, using: &rng)
                return f
            }
            ledger.note(files) { _ in .deferred }
            #expect((0..<files.count).map { ledger.deferredFile($0) } == files, "seed \(seed)")
        }
    }

    @Test("a key is 24 bytes")
    func keySize() {
        #expect(MemoryLayout<FileKey>.stride == 24)
    }

    /// A key places its name by one offset into the ledger's names: every file's path comes back
    /// from its key, whatever the folders (one met again after another, nested, the root, names
    /// of any length and bytes) and however they are noted (a folder at a time or file by file).
    @Test("every key gives back its file's path, across folders noted in any order")
    func pathsRoundTrip() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            let folders = ["/", "/lib/", "/lib/a/", "/lib/a/b/", "/lib/\u{E9}t\u{E9}/", "/x/" + String(repeating: "d", count: 300) + "/"]
            func name() -> String {
                let length = Int.random(in: 1...255, using: &rng)
                let letters = Array("aZ9_.-\u{E9}\u{1F600}")
                return String((0..<length).map { _ in letters[Int.random(in: letters.indices, using: &rng)] })
            }
            var ledger = IdentifierLedger()
            var noted: [ScannedFile] = []
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                let folder = folders[Int.random(in: folders.indices, using: &rng)]
                let batch = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                    ScannedFile(path: folder + name(), role: Bool.random(using: &rng) ? .still : .movie, format: .jpeg,
                                identifier: UUID().uuidString, stillImageTimeTracks: 0, error: nil)
                }
                ledger.note(batch) { _ in .paired }
                noted += batch
            }
            #expect((0..<noted.count).map(ledger.path) == noted.map(\.path), "seed \(seed)")
            #expect((0..<noted.count).map { ledger.key($0).role } == noted.map(\.role), "seed \(seed)")
        }
    }

    /// One UUID written in upper case by some files and in lower case by others is two
    /// identifiers (matching compares the text). Their keys differ only in case, and the ledger
    /// groups each identifier's keys by sorting: were case no part of the order, copies noted
    /// in an interleaved order (upper, lower, upper) would split into several groups and a
    /// cross-folder pair would be reported as lone files.
    @Test("one UUID in both cases across folders, noted interleaved: the findings of matching every file at once")
    func sameUUIDInBothCases() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 2...12), Gen.nearEnds(in: 1...4)) { seed, count, window in
            var rng = SplitMix64(seed: UInt64(seed))
            let upper = UUID().uuidString, lower = upper.lowercased()
            // One file a folder, so every one waits in the ledger for the others.
            let files = (0..<count).map { n in
                let still = Bool.random(using: &rng)
                return ScannedFile(path: "/lib/\(n)/IMG_\(Int.random(in: 0..<3, using: &rng)).\(still ? "JPG" : "MOV")", role: still ? .still : .movie,
                                   format: still ? .jpeg : .quickTimeMovie, identifier: Bool.random(using: &rng) ? upper : lower,
                                   stillImageTimeTracks: still ? 0 : 1, error: nil)
            }.sorted { $0.path < $1.path }
            let (parts, _) = Self.streamed(files, window: window)
            #expect(LibraryMatcher.sortedByFirstFile(parts.flatMap(\.findings)) == LibraryMatcher.match(files),
                    "seed \(seed): \(files.map { "\($0.path) \($0.identifier == upper ? "upper" : "lower")" })")
        }
    }

    /// The ledger groups keys by sorting them, so `<` must be an order (Comparable's contract):
    /// never `k < k`, and of two keys exactly one of `<`, `>`, `==` holds. Were copies of one
    /// lowercase UUID each "before" the other, the sort would be free to break the group.
    @Test("identifier keys are strictly ordered: irreflexive, and exactly one of <, >, == for any two, in either case or as text")
    func keysStrictlyOrdered() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max)) { seed in
            var rng = SplitMix64(seed: UInt64(seed))
            let base = UUID().uuidString, other = UUID().uuidString
            // Same value in both cases, another value, the value of a text index.
            var keys = [base, base.lowercased(), other, other.lowercased()].compactMap(IdentifierKey.uuid)
            keys += [IdentifierKey.text(0), .text(Int.random(in: 0...3, using: &rng)), IdentifierKey(high: 0, low: 0, isText: false, isLowercase: Bool.random(using: &rng))]
            for a in keys {
                #expect(!(a < a), "seed \(seed): \(a) before itself")
                for b in keys {
                    #expect([a < b, b < a, a == b].filter { $0 }.count == 1, "seed \(seed): \(a) and \(b)")
                }
            }
        }
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}
