import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// The camera's top-level Live Photo keys that `pair --wallpaper` adds when a movie lacks them:
/// the values and data types an iOS 18 camera writes, and a key the movie has keeps its value.
@Suite("LivePhotoMovieKeys: the keys added are the iOS 18 camera's")
struct LivePhotoMovieKeysTests {
    static let ios18Movie = "iphone-livephoto-ios18/IMG_3853.MOV"

    static func added(to items: [QuickTimeMetadata.Item]) throws -> QuickTimeMetadata {
        let meta = try Support.parseAtom(QuickTimeMetadata(items: items).metaAtom().serialized())
        try LivePhotoMovieKeys.addMissing(to: meta, path: "moov/meta")
        return try #require(try QuickTimeMetadata(meta: try Support.parseAtom(meta.serialized()), path: "moov/meta"))
    }

    @Test("to a meta with only the identifier: auto 1 (uint8), playback intent 1 (int64), vitality score 1.0 (float32), scoring version 4 (int64)")
    func addedValues() throws {
        let id = QuickTimeMetadata.Item(key: Movie.contentIdentifierKey, typeIndicator: 1, value: Array("71DCA213-5710-4A6C-BC6D-CE6306AEB8D8".utf8))
        let back = try Self.added(to: [id])
        #expect(back.items.map(\.key) == [Movie.contentIdentifierKey] + LivePhotoMovieKeys.all.map(\.name))
        let expected: [(String, UInt32, MetadataValue)] = [
            ("com.apple.quicktime.live-photo.auto", 22, .unsignedInteger(1)),
            ("com.apple.quicktime.full-frame-rate-playback-intent", 21, .integer(1)),
            ("com.apple.quicktime.live-photo.vitality-score", 23, .float(1.0)),
            ("com.apple.quicktime.live-photo.vitality-scoring-version", 21, .integer(4)),
        ]
        for (key, type, value) in expected {
            let item = try #require(back.item(forKey: key), "\(key)")
            #expect(item.typeIndicator == type && item.decoded == value, "\(key): type \(item.typeIndicator), \(String(describing: item.decoded))")
        }
    }

    @Test("a key the movie has keeps its value and type; only the missing ones are added")
    func presentKeysKept() throws {
        let score = QuickTimeMetadata.Item(key: LivePhotoMovieKeys.vitalityScore.name, typeIndicator: 23, value: [0x3F, 0x70, 0x9C, 0x27])
        let back = try Self.added(to: [score])
        #expect(back.items.filter { $0.key == score.key } == [score])
        #expect(Set(back.items.map(\.key)) == Set(LivePhotoMovieKeys.all.map(\.name)))
    }

    /// The real iOS 18 camera movie: each key we would add is, type and value, the one it wrote.
    @Test("the values added are the iOS 18 camera's, type and bytes", .requires(.corpusFile(ios18Movie)))
    func sameAsTheCamera() throws {
        let camera = try #require(try MovieFile.open(path: Support.corpusFile(Self.ios18Movie)).movie.metadata)
        let ours = try Self.added(to: [])
        for key in LivePhotoMovieKeys.all where key.name != LivePhotoMovieKeys.vitalityScore.name {   // the score is the camera's measurement
            let theirs = try #require(camera.item(forKey: key.name), "\(key.name)")
            #expect(ours.item(forKey: key.name)?.typeIndicator == theirs.typeIndicator && ours.item(forKey: key.name)?.value == theirs.value, "\(key.name)")
        }
    }
}
