import BinaryIO
import ISOBMFF
import StillImage

/// The HEIC half of `pair`: the still's `Exif` item gets Apple MakerNote tag 17 = identifier,
/// through the same TIFF-level code as a JPEG's APP1 (the byte-preserving patch, the MakerNote
/// rules, the preservation check). Every other item, property and reference stays as it was.
///
/// Where the new EXIF goes (`HEIFItemEdit`): editing the original in place, it is appended in
/// a new `mdat` and only the item's `iloc` extent changes (a few bytes, the commit), so pairing
/// costs the same for any image size; a new output file (`-o`) is a copy with the EXIF over the
/// old one when it fits. A HEIC without an `Exif` item gets one, which grows `meta`: the file is
/// then rewritten whole through a temporary file.
enum HEICIdentifierWriter {
    struct Prepared {
        let write: PreparedFileWrite
        let placement: HEIFItemEdit.Placement
        let addedItem: Bool
        /// `write` when it is a whole new file in a temporary file (not the in-place item edit).
        var replacement: AtomicFileWriter? = nil
    }

    /// The still's EXIF with the identifier set: the `Exif` item's new bytes, the item they
    /// replace, or the item to add when the still has none.
    struct ExifChange {
        let data: [UInt8]
        let replacing: UInt32?
        let newItem: HEIFItemEdit.NewItem?

        /// The change as one of an edit's changes.
        var change: HEIFItemEdit.Change { HEIFItemEdit.Change(replacing: replacing, newItem: newItem, data: data) }
    }

    static func exifChange(_ still: HEICStill, identifier: String, replaceForeignMakerNote: Bool) throws -> ExifChange {
        let file = still.file
        let exif = try still.exifPayload()
        let size = try file.primaryDisplaySize()
        let (width, height) = (size?.width ?? 0, size?.height ?? 0)
        if let exif {
            let tiff = try TIFFExif.settingIdentifier(tiff: exif.tiff, tiffOffset: exif.tiffOffset, path: exif.path, identifier: identifier,
                                                      replaceForeignMakerNote: replaceForeignMakerNote, width: width, height: height)
            return ExifChange(data: exif.header + tiff, replacing: exif.itemID, newItem: nil)
        }
        // As Apple writes it: offset 6, "Exif\0\0", then TIFF.
        let data = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + (try TIFFExif.minimal(identifier: identifier, width: width, height: height))
        return ExifChange(data: data, replacing: nil, newItem: HEIFItemEdit.NewItem(type: "Exif", describes: file.primaryItemID))
    }

    /// How the edit will be written, decided from the file alone (nothing is written but the
    /// undo of an earlier interrupted append, and only with `recoverInterrupted`): a dry run
    /// names `method`, the real run carries the same plan out (`prepare(_:)`).
    struct Plan {
        let file: HEIFFile
        let sourcePath: String
        let targetPath: String
        let identifier: String
        /// The edit that is written (appended to the file itself, or in a whole-file write).
        let edit: HEIFItemEdit
        /// In place, `meta` keeping its size: the append (and, when the Exif fits its old
        /// place, the settling there); nil for a whole-file write.
        let tail: HEIFTailAppendWrite?
        let addedItem: Bool

        /// How the file itself is edited; nil for a whole-file write (a rewrite or a new file).
        var inPlaceMethod: StillWriteMethod? { tail.map { $0.canSettleInPlace ? .inPlace : .tailAppend } }
    }

    static func plan(sourcePath: String, targetPath: String, identifier: String, replaceForeignMakerNote: Bool,
                     recoverInterrupted: Bool = true) throws -> Plan {
        try plan(still: HEICStill(path: sourcePath), sourcePath: sourcePath, targetPath: targetPath, identifier: identifier,
                 replaceForeignMakerNote: replaceForeignMakerNote, recoverInterrupted: recoverInterrupted)
    }

    /// The plan for a still the caller has parsed already (`pair` reads it once for its facts).
    static func plan(still parsed: HEICStill, sourcePath: String, targetPath: String, identifier: String,
                     replaceForeignMakerNote: Bool, recoverInterrupted: Bool) throws -> Plan {
        var still = parsed
        let inPlaceFile = targetPath == sourcePath
        if inPlaceFile, recoverInterrupted, let append = still.file.interruptedAppend {
            // An earlier in-place edit was interrupted before its commit: remove what it appended.
            try WritePermission.require(sourcePath)
            try InterruptedAppendRecovery.undo(path: sourcePath, append)
            still = try HEICStill(path: sourcePath)
        }
        let file = still.file
        let change = try exifChange(still, identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote)
        let exif = change.replacing
        // Behind someone's trailer an appended box would be out of every reader's reach (as
        // for a movie): the whole-file write then keeps the trailer last.
        if inPlaceFile && file.trailerOffset == nil {
            let appended = try HEIFItemEdit(file: file, replacing: exif, newItem: change.newItem, data: change.data, allowInPlace: false,
                                            marker: TailAppendMarker(originalLength: file.source.size))
            if appended.keepsMetaSize {
                // Where the new EXIF fits the old item's space, it ends up there (the file keeps its
                // size); it goes through the appended box first so that every step is safe.
                let inPlace = exif == nil ? nil : try HEIFItemEdit(file: file, replacing: exif, newItem: nil, data: change.data, allowInPlace: true)
                return Plan(file: file, sourcePath: sourcePath, targetPath: targetPath, identifier: identifier, edit: appended,
                            tail: try HEIFTailAppendWrite(appended, inPlace: inPlace), addedItem: exif == nil)
            }
        }
        let edit = try HEIFItemEdit(file: file, replacing: exif, newItem: change.newItem, data: change.data, allowInPlace: true)
        return Plan(file: file, sourcePath: sourcePath, targetPath: targetPath, identifier: identifier, edit: edit, tail: nil, addedItem: exif == nil)
    }

    static func prepare(sourcePath: String, targetPath: String, identifier: String, replaceForeignMakerNote: Bool) throws -> Prepared {
        try prepare(plan(sourcePath: sourcePath, targetPath: targetPath, identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote))
    }

    static func prepare(_ plan: Plan) throws -> Prepared {
        let (file, edit, identifier) = (plan.file, plan.edit, plan.identifier)
        let write: PreparedFileWrite
        if let tailWrite = plan.tail {
            try tailWrite.prepare()
            write = VerifiedCommit(tailWrite, check: {
                try WrittenFileMismatch.check(written: plan.sourcePath, at: .stillWritten) { try verifyWritten(sourceFile: file, writtenPath: plan.sourcePath, editedItem: edit.itemID, identifier: identifier) }
            }, afterCheck: {
                tailWrite.settleInPlace()
                try WrittenFileMismatch.check { try verifyWritten(sourceFile: file, writtenPath: plan.sourcePath, editedItem: edit.itemID, identifier: identifier) }
            })
            return Prepared(write: write, placement: tailWrite.canSettleInPlace ? .inPlace : .appended, addedItem: plan.addedItem)
        }
        let writer = try HEIFWholeFileWriter.prepare(edit, targetPath: plan.targetPath, modeFrom: plan.sourcePath)
        do {
            try WrittenFileMismatch.check(written: writer.temporaryPath, at: .stillWritten) { try verifyWritten(sourceFile: file, writtenPath: writer.temporaryPath, editedItem: edit.itemID, identifier: identifier) }
        } catch {
            writer.discard()
            throw error
        }
        return Prepared(write: writer, placement: edit.placement, addedItem: plan.addedItem, replacement: writer)
    }

    /// Reads the result back as a reader would: it opens, its Exif item holds the identifier,
    /// the primary item is the same, and every other item's bytes are unchanged.
    static func verifyWritten(sourceFile: HEIFFile, writtenPath: String, editedItem: UInt32, identifier: String) throws {
        try verifyWritten(sourceFile: sourceFile, written: HEICStill(path: writtenPath), exifItem: editedItem, identifier: identifier)
    }

    /// The same for a result already read back, whose edit may also have changed `otherEdited`
    /// items (an XMP item): their bytes are not compared.
    static func verifyWritten(sourceFile: HEIFFile, written: HEICStill, exifItem editedItem: UInt32, otherEdited: Set<UInt32> = [],
                              identifier: String) throws {
        let file = written.file
        func fail(_ what: String) -> ParseError { ParseError(.invalidValue, "the written file \(what)", path: "meta") }
        guard file.exifItemID == editedItem, try written.contentIdentifier() == identifier else { throw fail("does not hold the identifier") }
        guard file.primaryItemID == sourceFile.primaryItemID else { throw fail("has another primary item") }
        let before = sourceFile.meta.children ?? [], after = file.meta.children ?? []
        for type: FourCC in ["hdlr", "pitm", "iprp", "dinf"] {
            guard before.first(where: { $0.type == type })?.serialized() == after.first(where: { $0.type == type })?.serialized() else {
                throw fail("has a different '\(type)'")
            }
        }
        let entries = Dictionary(file.itemInfo.entries.map { ($0.itemID, $0) }, uniquingKeysWith: { a, _ in a })
        for entry in sourceFile.itemInfo.entries {
            guard entries[entry.itemID] == entry else { throw fail("describes item \(entry.itemID) differently") }
        }
        // The new file's references are the old ones, in order, plus at most an added `cdsc`.
        guard file.references.references.starts(with: sourceFile.references.references) else {
            throw fail("changed the item references")
        }
        let located = Dictionary(file.locations.items.map { ($0.itemID, $0) }, uniquingKeysWith: { a, _ in a })
        for item in sourceFile.locations.items where item.itemID != editedItem && !otherEdited.contains(item.itemID) {
            guard item.constructionMethod != .itemOffset else { continue }
            guard let now = located[item.itemID],
                  try file.bytes(of: now, maximum: Int.max) == sourceFile.bytes(of: item, maximum: Int.max) else {
                throw fail("changed the bytes of item \(item.itemID)")
            }
        }
    }
}

/// A prepared write whose commit is checked afterwards; a failed check undoes the commit.
final class VerifiedCommit: PreparedFileWrite {
    let inner: PreparedFileWrite
    let check: () throws -> Void
    let afterCheck: () throws -> Void
    init(_ inner: PreparedFileWrite, check: @escaping () throws -> Void, afterCheck: @escaping () throws -> Void = {}) {
        self.inner = inner; self.check = check; self.afterCheck = afterCheck
    }
    func commit() throws {
        try inner.commit()
        do { try check() } catch { inner.abort(); throw error }
        try afterCheck()
    }
    func abort() { inner.abort() }
}

/// A still that already holds what pairing would write: nothing to commit.
final class UnchangedFile: PreparedFileWrite {
    func commit() throws {}
    func abort() {}
}
