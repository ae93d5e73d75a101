import BinaryIO

/// A plan to give several items of a HEIF file new bytes (or to add new items) in one write,
/// leaving every other item's bytes, every property and every reference as they are. Where
/// each item's new bytes go:
/// - `inPlace`: over the item's old bytes when they fit its single extent (only in a whole-file
///   write; the item's length shrinks to the new size);
/// - `appended`: in a new `mdat` of its own at the end of the file (one per item, in the order
///   of the changes), with only the item's `iloc` entry rewritten. With unchanged field sizes
///   `meta` keeps its size, so nothing else moves.
/// Adding an item grows `meta` (an `infe`, an `iloc` entry, an `iref`): every absolute
/// (construction method 0) offset after `meta` shifts, never an `idat`-relative one, and
/// `iloc` fields that no longer fit are widened. The result is the file the changes would make
/// one after another, each on the file the one before wrote, written once.
public struct HEIFItemEdit {
    public enum Placement: String, Sendable { case inPlace = "in-place", appended }

    /// A new item to add: its type, the item it describes (`cdsc`), and for a `mime` item
    /// (XMP) its content type.
    public struct NewItem {
        public var type: FourCC
        public var describes: UInt32
        public var contentType: String?
        public init(type: FourCC, describes: UInt32, contentType: String? = nil) {
            self.type = type; self.describes = describes; self.contentType = contentType
        }
    }

    /// One item's new bytes: the item they replace, or the item to add.
    public struct Change {
        public enum Target { case replacing(UInt32), adding(NewItem) }
        public var target: Target
        public var data: [UInt8]
        public init(_ target: Target, data: [UInt8]) { self.target = target; self.data = data }
        /// `replacing` when given, else `newItem` added.
        public init(replacing: UInt32?, newItem: NewItem?, data: [UInt8]) {
            guard let replacing else {
                guard let newItem else { preconditionFailure("either an item to replace or a new item") }
                self.init(.adding(newItem), data: data); return
            }
            self.init(.replacing(replacing), data: data)
        }
        var replaced: UInt32? { if case .replacing(let id) = target { return id } else { return nil } }
    }

    /// An item the edit writes: its id (new for an added item), its bytes and where they go.
    public struct WrittenItem {
        public let itemID: UInt32
        public let data: [UInt8]
        public let placement: Placement
        /// In place outside `meta`: where in the original file the new bytes overwrite the old ones.
        public let patchOffset: UInt64?
    }

    public let file: HEIFFile
    /// One per change, in the order of the changes.
    public let items: [WrittenItem]
    /// The new `meta` box, serialized.
    public let metaBytes: [UInt8]
    /// The `mdat` boxes appended at the end of the output (after our marker, when given; empty
    /// when every item goes in place).
    public let appendedBytes: [UInt8]
    /// How much every byte after `meta` moves in a whole-file write.
    public let shift: Int64

    /// - Parameters:
    ///   - changes: at least one; an item is replaced at most once.
    ///   - allowInPlace: whether new bytes may overwrite old ones (whole-file writes only).
    ///   - marker: for an append to the file itself, our marker, which then leads the appended bytes.
    public init(file: HEIFFile, changes: [Change], allowInPlace: Bool, marker: TailAppendMarker? = nil) throws {
        self.file = file
        let at = file.metaHeader.offset
        guard !changes.isEmpty else { throw ParseError(.invalidValue, "an edit needs at least one item", path: "meta/iloc", offset: at) }
        guard changes.allSatisfy({ !$0.data.isEmpty }) else { throw ParseError(.invalidValue, "an item needs at least one byte", path: "meta/iloc") }
        let replaced = changes.compactMap(\.replaced)
        guard Set(replaced).count == replaced.count else { throw ParseError(.invalidValue, "an item is replaced twice in one edit", path: "meta/iloc", offset: at) }
        var iinf = file.itemInfo, iref = file.references, iloc = file.locations
        let ids = try changes.map { try HEIFItemEdit.itemToWrite(file: file, change: $0, iinf: &iinf, iref: &iref, iloc: &iloc) }
        let targets = try HEIFItemEdit.inPlaceTargets(changes: changes, ids: ids, iloc: iloc, file: file, allowed: allowInPlace)
        let appendedIDs = Set(zip(ids, targets).filter { $0.1 == nil }.map(\.0))
        if !appendedIDs.isEmpty { try HEIFItemEdit.giveLengthsToOpenExtents(&iloc, except: Set(ids), file: file) }
        let layout = Layout(file: file, changes: changes, ids: ids, targets: targets, appendedIDs: appendedIDs, marker: marker,
                            newItemBoxes: replaced.count < changes.count ? (iinf.atom(), iref.atom()) : nil)
        let (meta, appended, shift) = try layout.settle(iloc)
        metaBytes = meta
        appendedBytes = appended
        self.shift = shift
        items = zip(changes, zip(ids, targets)).map { change, written in
            WrittenItem(itemID: written.0, data: change.data, placement: written.1 == nil ? .appended : .inPlace,
                        patchOffset: written.1.flatMap { $0.idatRelative == nil ? $0.absolute : nil })
        }
    }

    /// One change: `replacing` an item, or adding `newItem`.
    public init(file: HEIFFile, replacing: UInt32?, newItem: NewItem?, data: [UInt8], allowInPlace: Bool,
                marker: TailAppendMarker? = nil) throws {
        try self.init(file: file, changes: [Change(replacing: replacing, newItem: newItem, data: data)], allowInPlace: allowInPlace, marker: marker)
    }

    /// The first change's item (the only one of a one-change edit).
    public var itemID: UInt32 { items[0].itemID }
    public var itemIDs: [UInt32] { items.map(\.itemID) }
    /// `inPlace` when every item's bytes go where the old ones were, else `appended`.
    public var placement: Placement { items.allSatisfy { $0.placement == .inPlace } ? .inPlace : .appended }
    /// The in-place overwrites outside `meta`, in original file offsets, in file order.
    public var patches: [(offset: UInt64, data: [UInt8])] {
        items.compactMap { item in item.patchOffset.map { ($0, item.data) } }.sorted { $0.offset < $1.offset }
    }

    /// Whether the new `meta` has the old one's size, so the file can be edited without moving anything.
    public var keepsMetaSize: Bool { UInt64(metaBytes.count) == file.metaHeader.size }
}
