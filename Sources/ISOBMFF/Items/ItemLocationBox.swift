import BinaryIO

/// `iloc` (ISO/IEC 14496-12 8.11.3): where each item's bytes are. Versions 0, 1 and 2; every
/// field size (0, 4 or 8 bytes) is kept, so an unchanged box writes back byte for byte and an
/// edited one keeps its size unless a value outgrows its field (`widenFieldsToFit`).
public struct ItemLocationBox: Equatable, Sendable {
    public struct Extent: Equatable, Sendable {
        public var index: UInt64
        public var offset: UInt64
        public var length: UInt64
        public init(index: UInt64 = 0, offset: UInt64, length: UInt64) { self.index = index; self.offset = offset; self.length = length }
    }

    public enum ConstructionMethod: UInt8, Sendable {
        /// Absolute file offsets (plus the base offset).
        case fileOffset = 0
        /// Offsets into the `meta`'s `idat`.
        case idatOffset = 1
        /// Extents taken from other items (`iloc` references); not read here.
        case itemOffset = 2
    }

    public struct Item: Equatable, Sendable {
        public var itemID: UInt32
        /// Versions 1 and 2: 12 reserved bits and the 4-bit construction method, as stored.
        public var methodField: UInt16
        public var dataReferenceIndex: UInt16
        public var baseOffset: UInt64
        public var extents: [Extent]

        public init(itemID: UInt32, constructionMethod: ConstructionMethod = .fileOffset, dataReferenceIndex: UInt16 = 0, baseOffset: UInt64 = 0, extents: [Extent]) {
            self.itemID = itemID; self.methodField = UInt16(constructionMethod.rawValue); self.dataReferenceIndex = dataReferenceIndex
            self.baseOffset = baseOffset; self.extents = extents
        }

        public var constructionMethod: ConstructionMethod? { ConstructionMethod(rawValue: UInt8(methodField & 0xF)) }
    }

    public var version: UInt8
    public var flags: UInt32
    /// Field sizes in bytes: 0, 4 or 8.
    public var offsetSize: Int
    public var lengthSize: Int
    public var baseOffsetSize: Int
    /// Version 1 and 2 only; in version 0 the same four bits are reserved (kept as read).
    public var indexSize: Int
    public var items: [Item]

    public init(version: UInt8 = 1, flags: UInt32 = 0, offsetSize: Int = 4, lengthSize: Int = 4, baseOffsetSize: Int = 0, indexSize: Int = 0, items: [Item] = []) {
        self.version = version; self.flags = flags; self.offsetSize = offsetSize; self.lengthSize = lengthSize
        self.baseOffsetSize = baseOffsetSize; self.indexSize = indexSize; self.items = items
    }

    static let allowedSizes: Set<Int> = [0, 4, 8]

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let (version, flags) = try r.readVersionFlags(box: "iloc", upTo: 2, known: "0, 1 or 2")
        self.version = version
        self.flags = flags
        let sizes1 = try r.readUInt8(), sizes2 = try r.readUInt8()
        offsetSize = Int(sizes1 >> 4); lengthSize = Int(sizes1 & 0xF)
        baseOffsetSize = Int(sizes2 >> 4); indexSize = Int(sizes2 & 0xF)
        for (name, size) in [("offset_size", offsetSize), ("length_size", lengthSize), ("base_offset_size", baseOffsetSize)] where !Self.allowedSizes.contains(size) {
            throw r.error(.invalidValue, "iloc \(name) \(size) is not 0, 4 or 8")
        }
        if version > 0 && !Self.allowedSizes.contains(indexSize) {
            throw r.error(.invalidValue, "iloc index_size \(indexSize) is not 0, 4 or 8")
        }
        let count = version < 2 ? UInt32(try r.readUInt16()) : try r.readUInt32()
        let idSize = version < 2 ? 2 : 4
        let itemHeader = idSize + (version > 0 ? 2 : 0) + 2 + baseOffsetSize + 2
        try r.requireEntries(count, size: itemHeader, what: "iloc item")
        guard count <= HEIFFile.maximumItems else { throw r.error(.tooLarge, "\(count) item locations: more than the \(HEIFFile.maximumItems) read") }
        let extentSize = (version > 0 ? indexSize : 0) + offsetSize + lengthSize
        var list: [Item] = []
        list.reserveCapacity(Int(count))
        var seen = Set<UInt32>()
        for _ in 0..<count {
            let at = r.fileOffset
            let id = idSize == 2 ? UInt32(try r.readUInt16()) : try r.readUInt32()
            guard seen.insert(id).inserted else {
                throw ParseError(.invalidValue, "item \(id) is located twice", path: path, offset: at)
            }
            let method = version > 0 ? try r.readUInt16() : 0
            let dataRef = try r.readUInt16()
            let base = try r.readSized(baseOffsetSize)
            let extentCount = try r.readUInt16()
            // Zero-byte extents cannot be told apart; more than one of them means nothing.
            if extentSize == 0 && extentCount > 1 {
                throw ParseError(.invalidValue, "item \(id) has \(extentCount) extents but every extent field is 0 bytes", path: path, offset: at)
            }
            try r.requireEntries(UInt32(extentCount), size: extentSize, what: "item \(id) extent")
            var extents: [Extent] = []
            extents.reserveCapacity(Int(extentCount))
            for _ in 0..<extentCount {
                let index = version > 0 ? try r.readSized(indexSize) : 0
                let offset = try r.readSized(offsetSize)
                let length = try r.readSized(lengthSize)
                extents.append(Extent(index: index, offset: offset, length: length))
            }
            var item = Item(itemID: id, dataReferenceIndex: dataRef, baseOffset: base, extents: extents)
            item.methodField = method
            list.append(item)
        }
        guard r.isAtEnd else { throw r.error(.invalidValue, "\(r.remaining) bytes after the last iloc item") }
        items = list
    }

    public func item(_ id: UInt32) -> Item? { items.first { $0.itemID == id } }

    /// Whether every value fits its field (and item ids fit 16 bits below version 2).
    public var fieldsFit: Bool {
        func fits(_ v: UInt64, _ size: Int) -> Bool { size == 8 || (size == 4 && v <= UInt64(UInt32.max)) || (size == 0 && v == 0) }
        if version < 2 && (items.count > 0xFFFF || items.contains { $0.itemID > 0xFFFF }) { return false }
        return items.allSatisfy { item in
            fits(item.baseOffset, baseOffsetSize) && item.extents.allSatisfy {
                fits($0.offset, offsetSize) && fits($0.length, lengthSize) && (version == 0 || fits($0.index, indexSize))
            } && (version > 0 || item.methodField == 0) && item.extents.count <= 0xFFFF
        }
    }

    /// Grows field sizes (0 → 4 → 8) and the version until every value fits; a box that
    /// already fits is left exactly as it is.
    public mutating func widenFieldsToFit() {
        func need(_ values: [UInt64], _ size: Int) -> Int {
            let m = values.max() ?? 0
            if m > UInt64(UInt32.max) { return 8 }
            return m > 0 ? max(size, 4) : size
        }
        offsetSize = max(offsetSize, need(items.flatMap { $0.extents.map(\.offset) }, offsetSize))
        lengthSize = max(lengthSize, need(items.flatMap { $0.extents.map(\.length) }, lengthSize))
        baseOffsetSize = max(baseOffsetSize, need(items.map(\.baseOffset), baseOffsetSize))
        if items.contains(where: { $0.methodField != 0 }) && version == 0 { version = 1; indexSize = 0 }
        if version > 0 { indexSize = max(indexSize, need(items.flatMap { $0.extents.map(\.index) }, indexSize)) }
        if version < 2 && (items.count > 0xFFFF || items.contains { $0.itemID > 0xFFFF }) { version = 2 }
    }

    /// The `iloc` atom. Throws when a value does not fit its field (call `widenFieldsToFit` first).
    public func atom() throws -> Atom {
        guard fieldsFit else { throw ParseError(.tooLarge, "an iloc value does not fit its field size", path: "meta/iloc") }
        var w = ByteWriter()
        w.u8(version); w.u24(flags)
        w.u8(UInt8(offsetSize << 4 | lengthSize)); w.u8(UInt8(baseOffsetSize << 4 | (indexSize & 0xF)))
        if version < 2 { w.u16(UInt16(items.count)) } else { w.u32(UInt32(items.count)) }
        for item in items {
            if version < 2 { w.u16(UInt16(item.itemID)) } else { w.u32(item.itemID) }
            if version > 0 { w.u16(item.methodField) }
            w.u16(item.dataReferenceIndex)
            w.sized(item.baseOffset, baseOffsetSize)
            w.u16(UInt16(item.extents.count))
            for e in item.extents {
                if version > 0 { w.sized(e.index, indexSize) }
                w.sized(e.offset, offsetSize)
                w.sized(e.length, lengthSize)
            }
        }
        return Atom(type: "iloc", payload: w.bytes)
    }
}

extension ByteReader {
    /// An unsigned field of 0, 4 or 8 bytes (0 bytes reads as 0).
    mutating func readSized(_ size: Int) throws -> UInt64 {
        switch size {
        case 0: return 0
        case 4: return UInt64(try readUInt32())
        default: return try readUInt64()
        }
    }
}

extension ByteWriter {
    /// An unsigned field of 0, 4 or 8 bytes; the caller has checked that the value fits.
    mutating func sized(_ v: UInt64, _ size: Int) {
        switch size {
        case 0: break
        case 4: u32(UInt32(truncatingIfNeeded: v))
        default: u64(v)
        }
    }
}
