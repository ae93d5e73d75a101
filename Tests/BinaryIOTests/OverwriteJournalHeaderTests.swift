import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import BinaryIO

/// A journal whose header lost or changed one byte (a torn or damaged write) was never a
/// complete journal, so the overwrite it guards never started: recovery removes it and leaves
/// the file exactly as it is. Were any header byte outside the checksum, a journal with a
/// wrong size, offset or length would write its old bytes to the wrong place.
@Suite("OverwriteJournal: a journal with any header byte changed is discarded")
struct OverwriteJournalHeaderTests {
    /// The header: magic (8), file size, offset, length, checksum (8 each).
    static let headerSize = 40

    @Test("every header byte, changed to any other value: discarded, the file untouched")
    func anyChangedHeaderByteIsDiscarded() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("movie.mov").path
        let journal = OverwriteJournal.path(for: target)
        // A file size, an offset and a length inside it, and a change (XOR mask) for the header byte.
        await propertyCheck(count: 25, input: Gen.nearEnds(in: 1...3000), Gen.int(in: 0...Int.max), Gen.int(in: 0...Int.max), Gen.nearEnds(in: 1...255)) { size, o, l, mask in await Support.failingOnThrow {
            var random = SplitMix64(seed: UInt64(size) &* 31 &+ UInt64(mask))
            let original = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let offset = o % size, length = l % (size - offset) + 1
            let old = Array(original[offset..<offset + length])
            _ = try OverwriteJournal(target: target, offset: UInt64(offset), oldBytes: old, fileSize: UInt64(size))
            let good = try Support.bytes(journal)
            try #require(good.count == Self.headerSize + length)

            // The overwrite half landed: the range holds other bytes now.
            var overwritten = original
            for i in offset..<offset + length { overwritten[i] = ~original[i] }
            for position in 0..<Self.headerSize {
                try Data(overwritten).write(to: URL(fileURLWithPath: target))
                var damaged = good
                damaged[position] ^= UInt8(mask)
                try Data(damaged).write(to: URL(fileURLWithPath: journal))
                let recovery = try OverwriteJournal.recover(target: target)
                #expect(recovery == .discarded, "header byte \(position) ^ \(mask): \(recovery) (size \(size), offset \(offset), length \(length))")
                #expect(!FileManager.default.fileExists(atPath: journal), "header byte \(position): the journal is removed")
                #expect(try Support.bytes(target) == overwritten, "header byte \(position) ^ \(mask): the file is left as it is")
            }

            // The journal as written puts the old bytes back: the damage above is what was refused.
            try Data(overwritten).write(to: URL(fileURLWithPath: target))
            try Data(good).write(to: URL(fileURLWithPath: journal))
            #expect(try OverwriteJournal.recover(target: target) == .restored)
            #expect(try Support.bytes(target) == original)
            #expect(!FileManager.default.fileExists(atPath: journal))
        } }
    }

    /// A journal holding more old bytes than any overwrite journals is not one of ours: removed
    /// unread. At the bound exactly it is complete and restored.
    @Test("a complete journal of exactly the most old bytes is restored; a bound one byte lower discards it, the file untouched")
    func lengthBound() throws {
        let dir = try TempDir()
        let target = dir.path("movie.mov"), journal = OverwriteJournal.path(for: target)
        let original: [UInt8] = (0..<256).map { UInt8($0) }
        let overwritten = original.enumerated().map { $0.offset >= 100 && $0.offset < 164 ? ~$0.element : $0.element }
        _ = try OverwriteJournal(target: target, offset: 100, oldBytes: Array(original[100..<164]), fileSize: 256)
        let good = try Support.bytes(journal)
        try Data(overwritten).write(to: URL(fileURLWithPath: target))
        #expect(try OverwriteJournal.recover(target: target, maximumLength: 63) == .discarded)
        #expect(try Support.bytes(target) == overwritten && !FileManager.default.fileExists(atPath: journal))
        try Data(good).write(to: URL(fileURLWithPath: journal))
        #expect(try OverwriteJournal.recover(target: target, maximumLength: 64) == .restored)
        #expect(try Support.bytes(target) == original && !FileManager.default.fileExists(atPath: journal))
    }

    @Test("a journal of no old bytes is just its header, and complete: restored (nothing to write back); every shorter prefix is torn: discarded")
    func headerOnlyJournal() throws {
        let dir = try TempDir()
        let target = dir.path("movie.mov"), journal = OverwriteJournal.path(for: target)
        let original: [UInt8] = Array(0..<64)
        try Data(original).write(to: URL(fileURLWithPath: target))
        _ = try OverwriteJournal(target: target, offset: 10, oldBytes: [], fileSize: UInt64(original.count))
        let good = try Support.bytes(journal)
        try #require(good.count == Self.headerSize)
        #expect(try OverwriteJournal.recover(target: target) == .restored)
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try Support.bytes(target) == original)

        // Complete, so it is checked against the file: one that no longer fits is refused and kept.
        try Data(original + [0]).write(to: URL(fileURLWithPath: target))
        try Data(good).write(to: URL(fileURLWithPath: journal))
        #expect(throws: ParseError.self) { try OverwriteJournal.recover(target: target) }
        #expect(FileManager.default.fileExists(atPath: journal))

        for cut in 0..<Self.headerSize {
            try Data(good.prefix(cut)).write(to: URL(fileURLWithPath: journal))
            #expect(try OverwriteJournal.recover(target: target) == .discarded, "\(cut) bytes")
            #expect(!FileManager.default.fileExists(atPath: journal), "\(cut) bytes")
        }
    }
}
