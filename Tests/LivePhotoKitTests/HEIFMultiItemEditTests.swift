import Foundation
import Testing
import PropertyBased
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// `HEIFItemEdit` with several changes (items replaced and added, in any order) over random
/// layouts of the HEIC fixture (`HEIFRelayout`: iloc versions and field sizes, `meta` after
/// `mdat`, Exif in `idat`, extra XMP-like items). Lives beside `HEIFRelayout`, which builds
/// the layouts from our own box types.
@Suite("HEIF: several items edited in one write")
struct HEIFMultiItemEditTests {
    /// A random layout libheif reads (no extents of length 0).
    static func layout(_ rng: inout SplitMix64) -> HEIFRelayout {
        var l = HEIFRelayout()
        l.ilocVersion = UInt8.random(in: 0...2, using: &rng)
        l.offsetSize = [0, 4, 8].randomElement(using: &rng) ?? 4
        l.lengthSize = [4, 8].randomElement(using: &rng) ?? 4
        l.baseOffsetSize = l.offsetSize == 0 ? [4, 8].randomElement(using: &rng) ?? 4 : [0, 4, 8].randomElement(using: &rng) ?? 0
        l.indexSize = l.ilocVersion == 0 ? 0 : [0, 4, 8].randomElement(using: &rng) ?? 0
        l.metaAfterMdat = Bool.random(using: &rng)
        l.dropExif = Int.random(in: 0..<4, using: &rng) == 0
        l.exifInIdat = !l.dropExif && l.ilocVersion > 0 && Bool.random(using: &rng)
        l.splitPrimary = l.offsetSize > 0 && Bool.random(using: &rng)
        l.exifPadding = Bool.random(using: &rng) ? Int.random(in: 1...600, using: &rng) : 0
        l.extraItems = (0..<Int.random(in: 0...3, using: &rng)).map { _ in xmpLike(Int.random(in: 1...400, using: &rng), &rng) }
        return l
    }

    static func xmpLike(_ count: Int, _ rng: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &rng) }
    }

    /// An EXIF-shaped payload (header offset, "Exif\0\0", a TIFF header) of about `count` bytes.
    static func exifLike(_ count: Int, _ rng: inout SplitMix64) -> [UInt8] {
        [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 0x2A] + (0..<max(1, count - 14)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    /// 1 to 4 changes: the Exif and extra items replaced (shorter, as long, or longer than
    /// before), items added (Exif, XMP), in random order; never an image item.
    static func changes(for file: HEIFFile, _ rng: inout SplitMix64) throws -> [HEIFItemEdit.Change] {
        var changes: [HEIFItemEdit.Change] = []
        for entry in file.itemInfo.entries where entry.itemType == "Exif" || entry.itemType == "mime" {
            guard Bool.random(using: &rng) else { continue }
            let old = try file.itemBytes(entry.itemID).count
            let size = [max(1, old - Int.random(in: 0...old, using: &rng)), old, old + Int.random(in: 1...300, using: &rng)].randomElement(using: &rng) ?? old
            let data = entry.itemType == "Exif" ? exifLike(size, &rng) : xmpLike(size, &rng)
            changes.append(.init(.replacing(entry.itemID), data: data))
        }
        for _ in 0..<Int.random(in: changes.isEmpty ? 1...2 : 0...2, using: &rng) {
            let exif = Bool.random(using: &rng)
            let item = HEIFItemEdit.NewItem(type: exif ? "Exif" : "mime", describes: file.primaryItemID, contentType: exif ? nil : "application/rdf+xml")
            let size = Int.random(in: 1...500, using: &rng)
            changes.append(.init(.adding(item), data: exif ? exifLike(size, &rng) : xmpLike(size, &rng)))
        }
        changes.shuffle(using: &rng)
        return changes
    }

    /// The edit written whole into `path`.
    static func write(_ edit: HEIFItemEdit, to path: String) throws -> HEIFFile {
        try HEIFWholeFileWriter.prepare(edit, targetPath: path, syncing: false).commit()
        return try HEIFFile.open(path: path)
    }

    /// Every item the edit did not replace reads back byte for byte with its type and
    /// properties; every edited item reads back as its new bytes; an added item describes the
    /// primary item.
    static func checkItems(original: HEIFFile, written: HEIFFile, edit: HEIFItemEdit, changes: [HEIFItemEdit.Change], _ what: String) throws {
        let replaced = Set(zip(changes, edit.itemIDs).compactMap { change, id in if case .replacing = change.target { return id } else { return nil } })
        #expect(written.primaryItemID == original.primaryItemID, "\(what)")
        for item in original.locations.items where !replaced.contains(item.itemID) {
            let now = try #require(written.locations.item(item.itemID), "\(what): item \(item.itemID)")
            #expect(try written.bytes(of: now, maximum: Int.max) == original.bytes(of: item, maximum: Int.max), "\(what): item \(item.itemID) kept")
            #expect(written.itemInfo.entry(item.itemID) == original.itemInfo.entry(item.itemID), "\(what): item \(item.itemID) entry")
            #expect(written.properties?.properties(of: item.itemID).map { $0.serialized() } == original.properties?.properties(of: item.itemID).map { $0.serialized() })
        }
        for (change, id) in zip(changes, edit.itemIDs) {
            #expect(try written.itemBytes(id, maximum: Int.max) == change.data, "\(what): item \(id) holds its new bytes")
            if case .adding(let item) = change.target {
                #expect(written.itemInfo.entry(id)?.itemType == item.type, "\(what): added item \(id)")
                #expect(written.references.sources(to: original.primaryItemID, type: "cdsc").contains(id), "\(what): added item \(id) describes the primary")
            }
        }
        #expect(Set(edit.itemIDs).count == changes.count, "\(what): one item per change")
    }

    @Test("several items in one write: every other item kept, every edited one its new bytes, the bytes of the changes made one by one; libheif reads it")
    func severalItemsInOneWrite() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let heifInfo = Support.reader("heif-info")
        let read = Counter()
        await propertyCheck(count: 60, input: Gen.int(in: 0...Int.max)) { seed in await Support.failingOnThrow {
            var rng = SplitMix64(seed: UInt64(seed))
            let layout = Self.layout(&rng)
            let input = dir.appendingPathComponent("in-\(seed).heic").path
            try Data(try layout.build(from: source)).write(to: URL(fileURLWithPath: input))
            defer { try? FileManager.default.removeItem(atPath: input) }
            let original = try HEIFFile.open(path: input)
            let changes = try Self.changes(for: original, &rng)
            let allowInPlace = Bool.random(using: &rng)
            let what = "seed \(seed), \(layout), \(changes.count) changes, in place allowed: \(allowInPlace)"
            let edit = try HEIFItemEdit(file: original, changes: changes, allowInPlace: allowInPlace)
            let output = dir.appendingPathComponent("out-\(seed).heic").path
            defer { try? FileManager.default.removeItem(atPath: output) }
            let written = try Self.write(edit, to: output)
            try Self.checkItems(original: original, written: written, edit: edit, changes: changes, what)

            // The changes one by one, each on the file the one before wrote: the same bytes.
            var step = original
            for (k, change) in changes.enumerated() {
                let path = dir.appendingPathComponent("step-\(seed)-\(k).heic").path
                defer { try? FileManager.default.removeItem(atPath: path) }
                step = try Self.write(HEIFItemEdit(file: step, changes: [change], allowInPlace: allowInPlace), to: path)
                if k == changes.count - 1 { #expect(try Support.bytes(path) == Support.bytes(output), "\(what): one write, the bytes of one by one") }
            }
            // libheif 1.15 reads most layouts, not all (8-byte extent indexes): where it reads the input, it reads the output.
            if let heifInfo, try Support.run(heifInfo, [input]).status == 0 {
                let r = try Support.run(heifInfo, [output])
                #expect(r.status == 0, "\(what): heif-info reads it: \(r.err)")
                read.add()
            }
            if Int.random(in: 0..<6, using: &rng) == 0, Support.canImport(pythonModule: "pillow_heif") {
                #expect(try HEIFDecoder.digests(output) == HEIFDecoder.digests(input), "\(what): pillow-heif decodes the same images")
            }
        } }
        if heifInfo != nil { #expect(read.value >= 30, "heif-info read \(read.value) of 60 inputs: the layouts are mostly ones it reads") }
    }

    @Test("several items of the file itself: appended after our marker with meta keeping its size, then settled into their old places")
    func severalItemsTailAppended() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        await propertyCheck(count: 40, input: Gen.int(in: 0...Int.max)) { seed in await Support.failingOnThrow {
            var rng = SplitMix64(seed: UInt64(seed))
            var layout = Self.layout(&rng)
            layout.extraItems += [Self.xmpLike(Int.random(in: 1...300, using: &rng), &rng)]
            let input = dir.appendingPathComponent("in-\(seed).heic").path
            try Data(try layout.build(from: source)).write(to: URL(fileURLWithPath: input))
            defer { try? FileManager.default.removeItem(atPath: input) }
            let original = try HEIFFile.open(path: input)
            // Replacements only, so that `meta` can keep its size.
            let changes = try Self.changes(for: original, &rng).filter { if case .replacing = $0.target { return true } else { return false } }
            guard !changes.isEmpty else { return }
            let what = "seed \(seed), \(layout), \(changes.count) changes"
            let appended = try HEIFItemEdit(file: original, changes: changes, allowInPlace: false, marker: TailAppendMarker(originalLength: original.source.size))
            guard appended.keepsMetaSize else { return }
            let inPlace = try HEIFItemEdit(file: original, changes: changes, allowInPlace: true)
            let write = try HEIFTailAppendWrite(appended, inPlace: inPlace)
            try write.prepare()
            try write.commit()
            try Self.checkItems(original: original, written: HEIFFile.open(path: input), edit: appended, changes: changes, what + ", appended")
            write.settleInPlace()
            let settled = try HEIFFile.open(path: input)
            try Self.checkItems(original: original, written: settled, edit: appended, changes: changes, what + ", settled")
            if write.canSettleInPlace { #expect(settled.source.size == original.source.size, "\(what): settled, the file keeps its size") }
        } }
    }
}

/// Counts cases across a property check's runs.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// A whole-file HEIF write that fails part way (here the source lost its tail after it was
/// read, as a file cut by another program would) throws, and leaves no temporary beside the
/// target: the half-written file is removed, the target untouched.
@Suite("HEIF whole-file write: a failure leaves nothing behind")
struct HEIFWholeFileWriteFailureTests {
    @Test("the source cut after its meta was read: the write throws, no temporary is left, the target is as it was")
    func cutSourceLeavesNoTemporary() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try Support.copy(Support.fixture("still-heic.heic"), to: dir, as: "source.heic")
        let target = try Support.copy(Support.fixture("still-heic.heic"), to: dir, as: "target.heic")
        let targetBytes = try Support.bytes(target)
        let file = try HEIFFile.open(path: source)
        let item = HEIFItemEdit.NewItem(type: "mime", describes: file.primaryItemID, contentType: "application/rdf+xml")
        let edit = try HEIFItemEdit(file: file, changes: [.init(.adding(item), data: Array("<x/>".utf8))], allowInPlace: false)
        // Cut the source to just past its meta: the copy of the media after it fails.
        try FileHandle(forWritingTo: URL(fileURLWithPath: source)).truncate(atOffset: file.metaHeader.end + 1)
        #expect(throws: (any Error).self) { try HEIFWholeFileWriter.prepare(edit, targetPath: target, syncing: false) }
        #expect(Support.temporaries(in: dir).isEmpty, "\(Support.temporaries(in: dir))")
        #expect(try Support.bytes(target) == targetBytes)
    }
}
