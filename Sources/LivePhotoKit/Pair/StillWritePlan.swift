import BinaryIO
import StillImage

/// The still's half of a pair, decided before a dry run returns, so that the dry run names the
/// method the real run takes: the real run prepares the write from this same plan.
struct StillWritePlan {
    private enum Kind {
        /// A HEIC that already holds the identifier, edited in place, or a still already paired
        /// (`unchanged`): nothing to write.
        case unchanged
        case jpeg
        case heic(HEICIdentifierWriter.Plan)
    }
    private let kind: Kind
    private let source: String
    private let target: String
    private let identifier: String
    private let replaceForeignMakerNote: Bool
    /// How the still will be written (`stillWrite`).
    let method: StillWriteMethod

    /// - Parameters:
    ///   - inPlace: the output is the input (no `-o DIR`); `target` is then the file written
    ///     (a symbolic link's target).
    ///   - recoverInterrupted: a real run first cuts an interrupted HEIC append of ours.
    init(still source: String, target: String, inPlace: Bool, kind stillKind: PairPlan.StillKind, stillIdentifier: String?, identifier: String,
         replaceForeignMakerNote: Bool, recoverInterrupted: Bool) throws {
        self.source = source
        self.target = target
        self.identifier = identifier
        self.replaceForeignMakerNote = replaceForeignMakerNote
        let replaced: StillWriteMethod = inPlace ? .rewrite : .newFile
        guard case .heic(let still) = stillKind else {
            kind = .jpeg
            method = replaced
            return
        }
        if stillIdentifier == identifier && inPlace {
            kind = .unchanged
            method = .none
        } else {
            let plan = try HEICIdentifierWriter.plan(still: still, sourcePath: source, targetPath: target, identifier: identifier,
                                                     replaceForeignMakerNote: replaceForeignMakerNote, recoverInterrupted: recoverInterrupted)
            kind = .heic(plan)
            method = plan.inPlaceMethod ?? replaced
        }
    }

    /// A still left as it is: an already-paired pair whose movie only gets its date.
    static let unchanged = StillWritePlan(kind: .unchanged)

    private init(kind: Kind) {
        self.kind = kind
        (source, target, identifier, replaceForeignMakerNote, method) = ("", "", "", false, .none)
    }

    /// Whether the write replaces the still's file by a rename (a new inode under its name).
    var replacesFile: Bool { method == .rewrite }

    /// Writes the new still beside (or, for a HEIC in place, into) its target, ready to commit.
    func prepare() throws -> PairCommit.StillWrite {
        switch kind {
        case .unchanged: return .unchanged
        case .heic(let plan):
            let prepared = try HEICIdentifierWriter.prepare(plan)
            return prepared.replacement.map { .replacement($0) } ?? .itemEditInPlace(prepared.write)
        case .jpeg:
            return .replacement(try StillIdentifierWriter.prepare(sourcePath: source, targetPath: target, identifier: identifier,
                                                                  replaceForeignMakerNote: replaceForeignMakerNote))
        }
    }
}
