import BinaryIO

/// A box that holds absolute file offsets (`stco`/`co64`, HEIF `iloc`): when the bytes it points
/// at move, every offset is mapped to the new position, and the box re-encodes itself, growing
/// a field (stco → co64, an iloc size 4 → 8) when an offset no longer fits.
public protocol AbsoluteOffsetTable {
    /// Maps every absolute offset the box holds through `move` (old position → new position).
    mutating func relocateOffsets(_ move: (UInt64) throws -> UInt64) rethrows
    /// The box, with its fields widened where a value outgrew them.
    func widenedAtom() throws -> Atom
}

extension ChunkOffsetTable: AbsoluteOffsetTable {
    public mutating func relocateOffsets(_ move: (UInt64) throws -> UInt64) rethrows {
        offsets = try offsets.map(move)
    }

    /// `atom()` already writes `co64` when an offset needs it.
    public func widenedAtom() throws -> Atom { atom() }
}

extension ItemLocationBox: AbsoluteOffsetTable {
    /// Moves the items located by file offset (construction method 0). An item whose base
    /// offset moves keeps its extents relative to it; otherwise each extent moves on its own.
    public mutating func relocateOffsets(_ move: (UInt64) throws -> UInt64) rethrows {
        for i in items.indices where items[i].constructionMethod == .fileOffset {
            let base = items[i].baseOffset
            let movedBase = try move(base)
            if base != 0 && movedBase != base {
                items[i].baseOffset = movedBase
                continue
            }
            for e in items[i].extents.indices {
                let absolute = base + items[i].extents[e].offset
                items[i].extents[e].offset = try move(absolute) - base
            }
        }
    }

    public func widenedAtom() throws -> Atom {
        var copy = self
        copy.widenFieldsToFit()
        return try copy.atom()
    }
}

/// The one layout pass for boxes of absolute offsets placed in front of the data they point at
/// (`moov` before `mdat`, `meta` before the items): placing the data needs the box's size, and
/// re-encoding the offsets can change that size (a widened field), which moves the data again.
/// Each pass lays everything out under an assumption (a size, a shift) and returns what the
/// assumption turned out to be; the layout is done when the two agree.
public enum OffsetFixup {
    /// Real files settle in one or two passes: each widening happens once.
    public static let maximumPasses = 8

    public static func settle<Assumption: Equatable>(from initial: Assumption, failure: @autoclosure () -> ParseError,
                                                     _ pass: (Assumption) throws -> Assumption) throws {
        var assumption = initial
        for _ in 0..<maximumPasses {
            let outcome = try pass(assumption)
            if outcome == assumption { return }
            assumption = outcome
        }
        throw failure()
    }
}
