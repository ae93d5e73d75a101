import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// `make` on a movie whose still is already there (it holds the movie's identifier) reports
/// the Live Photo as already made, with the still time its still-image-time track gives; when
/// that track is missing or its sample does not read, the time reported is 0, never another.
@Suite("make: already made, the still time from the still-image-time track or 0")
struct MakeAlreadyMadeStillTimeTests {
    enum Damage: String, CaseIterable, CustomStringConvertible {
        case trackRemoved, sampleUnreadable
        var description: String { rawValue }
    }

    /// clip.mov (moov-last fixture) paired in place with clip.JPG (the Apple MakerNote fixture,
    /// whose identifier the pair reuses) at frame 11.
    static func pairedClip(in dir: URL) throws -> (movie: String, still: String, paired: PairResult) {
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "clip.mov")
        let still = try Support.copy(Support.fixture("still-apple-makernote.jpg"), to: dir, as: "clip.JPG")
        var options = PairOptions()
        options.stillTime = .frame(11)
        return (movie, still, try PairOperation.run(still: still, movie: movie, options: options))
    }

    @Test("the track as written: its time; removed or unreadable: 0", arguments: Damage.allCases)
    func stillTimeOfAnExistingStill(_ damage: Damage) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (movie, still, paired) = try Self.pairedClip(in: dir)
        #expect(paired.identifier == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19")
        #expect(paired.stillTime > 0.5)

        let intact = try MakeOperation.run(movie: movie)
        #expect(intact.status == .alreadyMade && intact.still == still && intact.identifier == paired.identifier)
        #expect(abs(intact.stillTime - paired.stillTime) < 1e-9, "\(intact.stillTime) vs \(paired.stillTime)")

        let file = try MovieFile.open(path: movie)
        let track = try #require(file.movie.stillImageTimeTracks.first)
        var bytes = try Support.bytes(movie)
        switch damage {
        case .trackRemoved:
            #expect(file.moovHeader.offset + file.moovHeader.size == UInt64(bytes.count), "moov last: it may change size")
            file.movie.moov.children?.removeAll { $0 === track.atom }
            bytes = Array(bytes[..<Int(file.moovHeader.offset)]) + file.movie.moov.serialized()
        case .sampleUnreadable:
            // The sample's item atom says 100 bytes where 9 are: its value cannot be read.
            let sample = try #require(try track.sampleTable.sampleRanges().first)
            #expect(sample.size == 9 && bytes[Int(sample.offset) ..< Int(sample.offset) + 4] == [0, 0, 0, 9])
            bytes.replaceSubrange(Int(sample.offset) ..< Int(sample.offset) + 4, with: [0, 0, 0, 100])
        }
        try Data(bytes).write(to: URL(fileURLWithPath: movie))
        let damaged = try MovieFile.open(path: movie)
        #expect(damaged.movie.contentIdentifier == paired.identifier)
        #expect(damaged.movie.stillImageTimeTracks.isEmpty == (damage == .trackRemoved))

        let stillBytes = try Support.bytes(still), movieBytes = try Support.bytes(movie)
        let again = try MakeOperation.run(movie: movie)
        #expect(again.status == .alreadyMade && again.still == still && again.identifier == paired.identifier)
        #expect(again.stillTime == 0)
        #expect(try Support.bytes(still) == stillBytes && (try Support.bytes(movie)) == movieBytes, "nothing written")
    }
}
