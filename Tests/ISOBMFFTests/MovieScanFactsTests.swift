import Foundation
import Testing
import PropertyBased
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A scan reads a movie's facts over spans of its `moov` (`MovieScanFacts.read`) instead of
/// the editable tree (`MovieFile`). The two must never disagree: where the spans answer, the
/// tree opens and gives the same facts; where the tree refuses a file, the spans give no
/// answer (and the scan asks the tree, which words the error).
@Suite("scan facts: read over spans exactly as the movie opens")
struct MovieScanFactsTests {
    /// The tree's facts, or nil where it refuses the file (any error).
    static func treeFacts(_ path: String) -> MovieScanFacts? {
        (try? MovieFile.open(path: path)).map { MovieScanFacts($0.movie) }
    }

    static func spanFacts(_ path: String) throws -> MovieScanFacts? {
        MovieScanFacts.read(try FileSource(path: path))
    }

    /// A fixture made a Live Photo movie: an identifier and a date in `moov/meta`, a
    /// still-image-time track after the video (so spans read `mebx` keys and QuickTime metadata).
    static func liveMovie() throws -> [UInt8] {
        let original = try Support.bytes(Support.fixture("movie-moov-last.mov"))
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let moov = try Support.parseAtom(Array(original[Int(file.moovHeader.offset)...]), baseOffset: file.moovHeader.offset)
        var md = QuickTimeMetadata(items: [])
        md.setString("11111111-2222-3333-4444-555555555555", forKey: Movie.contentIdentifierKey)
        md.setString("2024-01-02T03:04:05+0100", forKey: Movie.creationDateKey)
        moov.children?.append(md.metaAtom())
        moov.children?.append(StillImageTimeTrack.makeTrack(trackID: 9, videoTrackID: 1, movieTimescale: file.movie.header.timescale, stillTick: 10, sampleDuration: 1))
        return Array(original[0..<Int(file.moovHeader.offset)]) + moov.serialized()
    }

    static let corpusMovies = ["iphone-livephoto-ios18/IMG_3853.MOV", "iphone-movie/iphone15-livephoto.MOV", "avfoundation-pair/IMG.MOV"]

    @Test("every fixture, corpus and synthetic Live Photo movie: the spans answer, with the tree's facts")
    func sameFactsAsTheTree() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths = Support.movieFixtures.map { Support.fixture($0) }
        paths.append(try Support.write(try Self.liveMovie(), in: dir, name: "live.mov"))
        paths += Self.corpusMovies.map(Support.corpusFile).filter { FileManager.default.fileExists(atPath: $0) }
        for path in paths {
            let tree = try #require(Self.treeFacts(path), "\(path) opens")
            #expect(try Self.spanFacts(path) == tree, "\(path)")
        }
        let live = try #require(Self.treeFacts(paths[Support.movieFixtures.count]))
        #expect(live.contentIdentifier == "11111111-2222-3333-4444-555555555555")
        #expect(live.creationDate == "2024-01-02T03:04:05+0100")
        #expect(live.stillImageTimeTracks == 1)
    }

    @Test("a damaged udta the tree keeps as bytes: the spans leave the movie to the tree, which opens it")
    func damageKeptAsBytesIsTheTreesToRead() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try Support.bytes(Support.fixture("movie-moov-last.mov"))
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let moov = try Support.parseAtom(Array(original[Int(file.moovHeader.offset)...]), baseOffset: file.moovHeader.offset)
        // A udta whose one child claims more bytes than the udta holds.
        moov.children?.append(Atom(type: "udta", payload: [0, 0, 0, 64] + Array("abcd".utf8) + [1, 2, 3, 4]))
        let path = try Support.write(Array(original[0..<Int(file.moovHeader.offset)]) + moov.serialized(), in: dir)
        let opened = try MovieFile.open(path: path)
        #expect(opened.warnings.contains { $0.contains("udta") }, "\(opened.warnings)")
        #expect(try Self.spanFacts(path) == nil)
    }

    /// 1 to 4 bytes of `moov` changed (half of them near a box start, where sizes, types,
    /// versions and counts live), or the file cut short.
    static func damage(_ bytes: [UInt8], moovOffset: Int, boxStarts: [Int], seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var damaged = bytes
        if rng.next() % 8 == 0 {
            return Array(damaged[0..<(moovOffset + Int(rng.next() % UInt64(damaged.count - moovOffset)))])
        }
        for _ in 0..<(1 + Int(rng.next() % 4)) {
            let at = rng.next() % 2 == 0 ? min(damaged.count - 1, boxStarts[Int(rng.next() % UInt64(boxStarts.count))] + Int(rng.next() % 20))
                : moovOffset + Int(rng.next() % UInt64(damaged.count - moovOffset))
            switch rng.next() % 4 {
            case 0: damaged[at] = 0xFF
            case 1: damaged[at] = 0
            default: damaged[at] ^= UInt8(1 + rng.next() % 255)
            }
        }
        return damaged
    }

    @Test("any damage to moov: where the spans answer the tree opens with the same facts; where the tree refuses, the spans do not answer")
    func neverDisagreeOnDamage() async throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var subjects: [(bytes: [UInt8], moovOffset: Int, starts: [Int])] = []
        for bytes in [try Support.bytes(Support.fixture("movie-moov-last.mov")), try Support.bytes(Support.fixture("movie-audio.mov")), try Self.liveMovie()] {
            let file = try Support.open(bytes, in: dir, name: "subject.mov")
            let starts = Support.allAtoms(file.movie.moov).compactMap { $0.atom.originalOffset.map { Int($0) } }
            subjects.append((bytes, Int(file.moovHeader.offset), starts))
        }
        let counts = Counts()
        await propertyCheck(count: 1500, input: Gen.uint64()) { seed in
            await Support.failingOnThrow {
                let subject = subjects[Int(seed % UInt64(subjects.count))]
                let damaged = Self.damage(subject.bytes, moovOffset: subject.moovOffset, boxStarts: subject.starts, seed: seed)
                let path = try Support.write(damaged, in: dir, name: "damaged-\(seed).mov")
                defer { try? FileManager.default.removeItem(atPath: path) }
                let tree = Self.treeFacts(path)
                let spans = try Self.spanFacts(path)
                if let spans {
                    #expect(tree == spans, "seed \(seed): the spans read \(spans), the tree \(String(describing: tree))")
                } else if tree != nil {
                    await counts.fellBack()
                }
                if tree == nil { await counts.refused() }
            }
        }
        // Both kinds of outcome were met, and the spans answered most files the tree opens.
        let (fellBack, refused) = await (counts.fallbacks, counts.refusals)
        #expect(refused > 100 && refused < 1400, "refused \(refused) of 1500")
        #expect(fellBack < (1500 - refused) / 2, "the spans left \(fellBack) of \(1500 - refused) readable files to the tree")
    }

    actor Counts {
        var fallbacks = 0, refusals = 0
        func fellBack() { fallbacks += 1 }
        func refused() { refusals += 1 }
    }
}
