import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// The Samsung HEIC layouts of recent Galaxy phones, built from the One UI 6 corpus file
/// (`meta` after `mdat`, `free`, `mpvd`, then `sefd`; XMP lengths that disagree with the boxes):
/// `sefd` nested in `mpvd` after the MP4 (S22/S23), and `mpvd` with a 64-bit size. Each
/// converts to a valid pair whose still keeps every HEIF item (id, type, properties, bytes)
/// and whose movie holds the MP4's samples.
@Suite(.requires(.corpusFile("samsung-motion/samsung-one-ui-6.heic")))
struct SamsungHEICLayoutTests {
    static let corpus = "samsung-motion/samsung-one-ui-6.heic"

    /// Where the corpus file's boxes are, read here by hand (not by the code under test).
    struct Layout {
        let bytes: [UInt8]
        let mpvd: Int, mp4: Range<Int>, sefd: Range<Int>
        init() throws {
            let all = try Support.bytes(Support.corpusFile(SamsungHEICLayoutTests.corpus))
            func size(_ at: Int) -> Int { all[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            func type(_ at: Int) -> String { String(decoding: all[at + 4..<at + 8], as: UTF8.self) }
            var at = 0
            var found: [String: Range<Int>] = [:]
            while at < all.count { found[type(at)] = at..<at + size(at); at += size(at) }
            let mpvdBox = try #require(found["mpvd"]), sefdBox = try #require(found["sefd"])
            try #require(mpvdBox.upperBound == sefdBox.lowerBound && sefdBox.upperBound == all.count)
            bytes = all
            mpvd = mpvdBox.lowerBound
            mp4 = mpvdBox.lowerBound + 8..<mpvdBox.upperBound
            sefd = sefdBox
        }
        static func be32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
        static func be64(_ v: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (56 - 8 * $0)) } }
        var still: [UInt8] { Array(bytes[..<mpvd]) }
        var mp4Bytes: [UInt8] { Array(bytes[mp4]) }
        var sefdBytes: [UInt8] { Array(bytes[sefd]) }
        var mpvdType: [UInt8] { Array("mpvd".utf8) }

        /// name -> the file's bytes.
        var variants: [(String, [UInt8])] {
            [("one-ui-6.heic", bytes),
             ("nested-sefd.heic", still + Self.be32(8 + mp4.count + sefd.count) + mpvdType + mp4Bytes + sefdBytes),
             ("largesize.heic", still + Self.be32(1) + mpvdType + Self.be64(16 + mp4.count) + mp4Bytes + sefdBytes),
             ("largesize-nested.heic", still + Self.be32(1) + mpvdType + Self.be64(16 + mp4.count + sefd.count) + mp4Bytes + sefdBytes)]
        }
    }

    @Test func everyLayoutConvertsKeepingEveryItem() throws {
        let layout = try Layout()
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mp4Path = dir.appendingPathComponent("embedded.mp4").path
        try Data(layout.mp4Bytes).write(to: URL(fileURLWithPath: mp4Path))
        let mp4Samples = try Support.sampleBytes(mp4Path)
        let originalStill = dir.appendingPathComponent("still-only.heic").path
        try Data(layout.still).write(to: URL(fileURLWithPath: originalStill))
        let original = try HEIFFile.open(path: originalStill)
        let changed = Set([HEICMotionPhoto.xmpItem(in: original), original.exifItemID].compactMap { $0 })
        let heifInfo = Support.tool("heif-info")
        let inputReadable = try heifInfo.map { try Support.run($0, [Support.corpusFile(Self.corpus)]).status == 0 } ?? false

        for (name, bytes) in layout.variants {
            let input = dir.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: input))
            let photo = try HEICMotionPhoto.read(source: FileSource(path: input))
            #expect(photo.video == .init(offset: UInt64(bytes.count - layout.sefd.count - layout.mp4.count), length: UInt64(layout.mp4.count)),
                    "\(name): the MP4 starts after the box header and ends before `sefd`")
            #expect(photo.warnings.contains { $0.contains("the box is used") }, "\(name): the XMP's length is not trusted")

            let out = dir.appendingPathComponent("out-" + name)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            var options = ConvertOptions()
            options.outputDirectory = out.path
            let r = try MotionPhotoToLivePhoto.run(path: input, options: options)
            let still = try #require(r.still), movie = try #require(r.movie)
            #expect(r.videoBytes == UInt64(layout.mp4.count))
            let report = try Verifier.verify(still: still, movie: movie, strict: false)
            #expect(report.valid && report.stillIdentifier == r.identifier, "\(name): \(report.checks.filter { !$0.passed }.map(\.name))")
            let written = try MovieFile.open(path: movie)
            let frames = try #require(written.movie.videoTracks.first).framePresentationTimes(movieTimescale: written.movie.header.timescale)
            let t = try #require(r.stillTime).seconds
            #expect(frames.contains { abs($0 - t) < 1e-6 } && !frames.contains { $0 > t + 1e-6 && $0 <= 3.0 }, "\(name): the frame shown at 3 s (the timestamp): \(t)")

            // Every item: same ids, types, properties; the bytes of all but XMP and Exif.
            let heif = try HEIFFile.open(path: still)
            #expect(heif.primaryItemID == original.primaryItemID)
            #expect(Set(heif.itemInfo.entries.map(\.itemID)).isSuperset(of: original.itemInfo.entries.map(\.itemID)))
            for entry in original.itemInfo.entries {
                #expect(heif.itemInfo.entry(entry.itemID)?.itemType == entry.itemType, "\(name): item \(entry.itemID) type")
                let props = { (f: HEIFFile) in (f.properties?.properties(of: entry.itemID) ?? []).map { $0.serialized() } }
                #expect(props(heif) == props(original), "\(name): item \(entry.itemID) properties")
            }
            let before = try HEICPairTests.itemBytes(originalStill), after = try HEICPairTests.itemBytes(still)
            #expect(before.count > 40)
            for (id, itemBytes) in before where !changed.contains(id) { #expect(after[id] == itemBytes, "\(name): item \(id) bytes") }
            #expect(try Support.sampleBytes(movie) == mp4Samples, "\(name): the movie's samples are the MP4's")
            if let heifInfo, inputReadable { #expect(try Support.run(heifInfo, [still]).status == 0, "\(name): heif-info reads the still") }
        }
    }
}
