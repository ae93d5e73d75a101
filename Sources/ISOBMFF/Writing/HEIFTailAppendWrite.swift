import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Edits a HEIF file in place without rewriting its images, for an edit whose `meta` keeps its
/// size: `prepare()` appends the new `mdat` boxes and fsyncs (the file still reads as before:
/// nothing points at the new bytes yet); `commit()` overwrites only the bytes of `meta` that
/// differ (the items' `iloc` extents: a few bytes) and fsyncs. `abort()` truncates the appended
/// bytes. When the new bytes also fit the items' old places, `settleInPlace()` then moves them there
/// and cuts the appended boxes off again, in steps that each leave a complete file: the bytes
/// are written over the old ones (nothing points at them), `iloc` is pointed back at them,
/// the tail is truncated. The file keeps its size.
public final class HEIFTailAppendWrite: PreparedFileWrite {
    public let path: String
    private let originalSize: UInt64
    private let appended: [UInt8]
    /// The differing run of `meta`: where it goes, the new bytes, and the old ones (to undo).
    private let patchOffset: UInt64
    private let newBytes: [UInt8]
    private let oldBytes: [UInt8]
    /// For `settleInPlace()`: the new bytes over the items' old ones, and the `meta` patch back to them.
    private let settle: (patches: [(offset: UInt64, data: [UInt8])], metaOffset: UInt64, metaBytes: [UInt8])?
    private var file: InPlaceFileEdit?
    private var state: State = .planned
    private enum State { case planned, prepared, committed, finished }

    /// - Parameter inPlace: the same edit with the bytes over the old ones (same `meta` size),
    ///   when they fit there; used by `settleInPlace()`.
    public init(_ edit: HEIFItemEdit, inPlace: HEIFItemEdit? = nil) throws {
        guard edit.keepsMetaSize, edit.placement == .appended else {
            throw ParseError(.unsupported, "the edit changes the size of 'meta'; a tail edit does not apply", path: "meta", offset: edit.file.metaHeader.offset)
        }
        let file = edit.file
        path = file.source.path
        originalSize = file.source.size
        appended = edit.appendedBytes
        let old = try file.source.read(at: file.metaHeader.offset, count: Int(file.metaHeader.size), path: "meta")
        let first = old.indices.first { old[$0] != edit.metaBytes[$0] } ?? 0
        var last = old.count - 1
        while last > first && old[last] == edit.metaBytes[last] { last -= 1 }
        patchOffset = file.metaHeader.offset + UInt64(first)
        newBytes = Array(edit.metaBytes[first...last])
        oldBytes = Array(old[first...last])
        if let inPlace, inPlace.keepsMetaSize, inPlace.placement == .inPlace, inPlace.items.allSatisfy({ $0.patchOffset != nil }) {
            // From the committed meta (edit.metaBytes) to the settled one: the differing run.
            let from = edit.metaBytes, to = inPlace.metaBytes
            let a = from.indices.first { from[$0] != to[$0] } ?? 0
            var b = from.count - 1
            while b > a && from[b] == to[b] { b -= 1 }
            settle = (inPlace.patches, file.metaHeader.offset + UInt64(a), Array(to[a...b]))
        } else {
            settle = nil
        }
    }

    /// Whether `settleInPlace()` has anything to do.
    public var canSettleInPlace: Bool { settle != nil }

    /// After a successful commit: moves the new bytes into the item's old place and truncates
    /// the appended box (see the type's comment). Best effort: a failure at any step leaves a
    /// complete, paired file (at worst with the appended box still there).
    public func settleInPlace() {
        guard state == .committed, let settle else { return }
        guard let file = InPlaceFileEdit(reopening: path, originalSize: originalSize) else { return }
        defer { file.close(); state = .finished }
        do {
            for patch in settle.patches { try file.write(patch.data, at: patch.offset) }
            try file.sync()
            try file.write(settle.metaBytes, at: settle.metaOffset)
            try file.sync()
            file.cutToOriginalSize()
        } catch {}
    }

    /// Bytes this edit writes in all: the appended box and the patch of `meta`.
    public var bytesWritten: Int { appended.count + newBytes.count }

    public func prepare() throws {
        precondition(state == .planned)
        let file: InPlaceFileEdit
        do {
            file = try InPlaceFileEdit(path: path, originalSize: originalSize)
            guard file.read(count: oldBytes.count, at: patchOffset) == oldBytes else { throw ParseError(.io, "file changed while pairing") }
        } catch {
            state = .finished
            throw error
        }
        do {
            try file.write(appended, at: originalSize)
            try file.sync()
        } catch {
            file.cutToOriginalSize()
            state = .finished
            throw error
        }
        self.file = file
        state = .prepared
    }

    public func commit() throws {
        precondition(state == .prepared)
        do {
            try file?.write(newBytes, at: patchOffset)
            try FaultInjection.reachOrFail(.stillMetaPatched)
            try file?.sync()
        } catch {
            abort()
            throw error
        }
        state = .committed
        file = nil
    }

    /// Before commit: removes the appended bytes. After a commit whose result failed a later
    /// check: puts the old `meta` bytes back, then removes the appended bytes.
    public func abort() {
        switch state {
        case .prepared:
            _ = try? file?.write(oldBytes, at: patchOffset)
            file?.cutToOriginalSize()
            file = nil
        case .committed:
            guard let file = InPlaceFileEdit(reopening: path, originalSize: originalSize) else { break }
            _ = try? file.write(oldBytes, at: patchOffset)
            _ = try? file.sync()
            file.cutToOriginalSize()
        default: break
        }
        state = .finished
    }
}
