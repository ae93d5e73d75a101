import BinaryIO

/// A HEIF image file (HEIC, ISO/IEC 23008-12) opened for reading: top-level box headers, the
/// `meta` box read into memory (bounded) and its item boxes parsed. Item data (tiles, Exif)
/// is read only when asked for, bounded by a caller-given maximum.
public struct HEIFFile {
    /// `meta` is held in memory; real files have a few KB (an iPhone grid of 48 tiles: ~5 KB).
    public static let maximumMetaSize: UInt64 = 8 << 20
    /// Items, item properties and their associations: a 200 MP grid has a few thousand tiles;
    /// the bound keeps a hostile file's memory and time small (about 1 KB per item).
    public static let maximumItems = 50_000
    /// Boxes directly in `meta` (hdlr, pitm, iinf, iloc, iref, iprp, idat, dinf, ...).
    static let maximumMetaChildren = 256

    public let source: FileSource
    public let topLevel: TopLevelBoxes
    public let majorBrand: FourCC?
    public let compatibleBrands: [FourCC]
    public let metaHeader: BoxHeader
    /// The `meta` box: version/flags in `prefix`, its child boxes as leaves (and `dinf`).
    public let meta: Atom
    public let primaryItemID: UInt32
    public let itemInfo: ItemInfoBox
    public let locations: ItemLocationBox
    public let references: ItemReferenceBox
    public let properties: ItemPropertiesBox?
    /// The absolute range of the `idat` payload, which construction method 1 offsets count from.
    public let idat: Range<UInt64>?
    /// An in-place Exif append of ours that was never committed (no item points into it):
    /// readers ignore it, the next `pair` cuts it (see `InterruptedAppendRecovery`).
    public private(set) var interruptedAppend: InterruptedAppend? = nil
    /// Where bytes after the last box start that are not boxes and not ours (someone's
    /// trailer): read past, reported, kept by every write.
    public private(set) var trailerOffset: UInt64? = nil

    public static func open(path: String) throws -> HEIFFile { try HEIFFile(source: FileSource(path: path)) }

    public init(source: FileSource) throws {
        self.source = source
        topLevel = try TopLevelBoxes.scan(source, tailAfter: "meta")
        let fileType = try FileTypeBox.read(source, topLevel)
        majorBrand = fileType?.majorBrand
        compatibleBrands = fileType?.compatibleBrands ?? []
        let metas = topLevel.all("meta")
        guard let metaHeader = metas.first else {
            throw ParseError(.invalidValue, "no top-level 'meta' box: not a HEIF image", path: "", offset: 0)
        }
        guard metas.count == 1 else {
            throw ParseError(.invalidValue, "\(metas.count) top-level 'meta' boxes (HEIF allows one)", path: "meta", offset: metas[1].offset)
        }
        guard metaHeader.size <= HEIFFile.maximumMetaSize else {
            throw ParseError(.tooLarge, "'meta' of \(metaHeader.size) bytes exceeds the \(HEIFFile.maximumMetaSize >> 20) MiB bound", path: "meta", offset: metaHeader.offset)
        }
        self.metaHeader = metaHeader
        var reader = try source.reader(at: metaHeader.offset, count: Int(metaHeader.size), path: "meta")
        _ = try BoxHeader.parse(&reader, limit: metaHeader.end, path: "")
        let versionFlags = try reader.readBytes(4)
        guard versionFlags[0] == 0 else { throw ParseError(.unsupported, "meta version \(versionFlags[0]) is not 0", path: "meta", offset: metaHeader.offset) }
        try BoxCount.require(reader, atMost: HEIFFile.maximumMetaChildren, what: "boxes in meta")
        let children = try AtomParser.parseChildren(&reader, parentPath: "meta", parentType: "meta", depth: 1)
        meta = Atom(type: "meta", prefix: versionFlags, children: children, originalOffset: metaHeader.offset)
        meta.usedLargeSize = metaHeader.headerSize == 16

        func one(_ type: FourCC) throws -> Atom? {
            let found = children.filter { $0.type == type }
            if found.count > 1 { throw ParseError(.invalidValue, "meta holds \(found.count) '\(type)' boxes", path: "meta/\(type)", offset: found[1].originalOffset ?? 0) }
            return found.first
        }
        guard let hdlr = try one("hdlr"), let handler = (try? HandlerReference(hdlr, path: "meta/hdlr"))?.handlerType else {
            throw ParseError(.invalidValue, "meta has no handler (hdlr)", path: "meta", offset: metaHeader.offset)
        }
        guard handler == "pict" else {
            throw ParseError(.unsupported, "meta handler '\(handler)' is not 'pict': not a HEIF image", path: "meta/hdlr", offset: hdlr.originalOffset ?? 0)
        }
        guard let pitm = try one("pitm") else { throw ParseError(.invalidValue, "meta has no primary item (pitm)", path: "meta", offset: metaHeader.offset) }
        primaryItemID = try PrimaryItemBox(pitm, path: "meta/pitm").itemID
        guard let iinf = try one("iinf") else { throw ParseError(.invalidValue, "meta has no item list (iinf)", path: "meta", offset: metaHeader.offset) }
        itemInfo = try ItemInfoBox(iinf, path: "meta/iinf")
        guard let iloc = try one("iloc") else { throw ParseError(.invalidValue, "meta has no item locations (iloc)", path: "meta", offset: metaHeader.offset) }
        locations = try ItemLocationBox(iloc, path: "meta/iloc")
        references = try one("iref").map { try ItemReferenceBox($0, path: "meta/iref") } ?? ItemReferenceBox()
        properties = try one("iprp").map { try ItemPropertiesBox($0, path: "meta/iprp") }
        idat = try one("idat").map { atom in
            let start = (atom.originalOffset ?? 0) + (atom.usedLargeSize ? 16 : 8)
            return start..<start + UInt64(atom.payload.count)
        }

        guard itemInfo.entry(primaryItemID) != nil else {
            throw ParseError(.invalidValue, "the primary item \(primaryItemID) is not in the item list", path: "meta/pitm", offset: pitm.originalOffset ?? 0)
        }
        try checkDerivationLoops()
        // An item made of other items' bytes (construction method 2) is not read here: its
        // extents point into those items, which an edit carries unchanged, so it is carried too.
        for item in locations.items where item.constructionMethod != .itemOffset { _ = try dataRanges(of: item) }
        try readTail()
    }

    /// Bytes after the last box that no item's data reaches are a tail: an append of ours
    /// never committed, or someone's trailer. An item reaching into them means the file itself
    /// was cut off.
    mutating func readTail() throws {
        let located = locations.items.filter { $0.constructionMethod == .fileOffset }
        let file = self
        func reaches(_ offset: UInt64) -> Bool {
            located.contains { item in ((try? file.dataRanges(of: item)) ?? []).contains { $0.upperBound > offset } }
        }
        if let tail = topLevel.incompleteTailOffset, reaches(tail) {
            throw ParseError(.truncated, "truncated: a box runs past the end of the file", path: "", offset: tail)
        }
        interruptedAppend = InterruptedAppendRecovery.find(in: topLevel, source: source, appendedTypes: ["mdat"], committed: reaches)
        trailerOffset = InterruptedAppendRecovery.trailerOffset(in: topLevel, besides: interruptedAppend)
    }

    /// What the reader accepted leniently instead of refusing the file (`inspect` prints them).
    public var warnings: [String] {
        InterruptedAppendRecovery.warnings(append: interruptedAppend, trailerOffset: trailerOffset, fileSize: topLevel.fileSize)
    }

    /// The file without an interrupted append of ours: what every write keeps.
    public var keptLength: UInt64 { interruptedAppend?.start ?? source.size }

    /// Where bytes appended to this file go so that they stay boxes: before someone's trailer
    /// (which stays last), else at the end of what is kept.
    public var appendOffset: UInt64 { trailerOffset ?? keptLength }

    /// Derived images (`dimg`: a grid from its tiles, an overlay, an identity transform) must not
    /// refer back to themselves; a loop would send any reader that follows them round forever.
    func checkDerivationLoops() throws {
        var graph: [UInt32: [UInt32]] = [:]
        for ref in references.references where ref.type == "dimg" { graph[ref.fromItemID, default: []] += ref.toItemIDs }
        var state: [UInt32: Bool] = [:]   // false: on the current path, true: done
        for start in graph.keys.sorted() where state[start] == nil {
            var stack: [(UInt32, Int)] = [(start, 0)]
            state[start] = false
            while let (node, next) = stack.last {
                let targets = graph[node] ?? []
                if next < targets.count {
                    stack[stack.count - 1].1 += 1
                    let t = targets[next]
                    switch state[t] {
                    case .some(false):
                        throw ParseError(.invalidValue, "item references form a loop (item \(t) is derived from itself)", path: "meta/iref", offset: metaHeader.offset)
                    case .some(true): continue
                    case .none: state[t] = false; stack.append((t, 0))
                    }
                } else {
                    state[node] = true
                    stack.removeLast()
                }
            }
        }
    }

    /// The absolute file ranges holding an item's bytes, in order. Offsets are added with
    /// overflow checks and every range must lie in the file (or in `idat`).
    public func dataRanges(of item: ItemLocationBox.Item) throws -> [Range<UInt64>] {
        let path = "meta/iloc/item[\(item.itemID)]"
        let at = metaHeader.offset
        guard item.dataReferenceIndex == 0 else {
            throw ParseError(.unsupported, "item \(item.itemID) lies in another file (data reference \(item.dataReferenceIndex))", path: path, offset: at)
        }
        let container: Range<UInt64>
        switch item.constructionMethod {
        case .fileOffset: container = 0..<source.size
        case .idatOffset:
            guard let idat else { throw ParseError(.invalidValue, "item \(item.itemID) lies in idat, but meta has no idat", path: path, offset: at) }
            container = idat
        case .itemOffset, .none:
            throw ParseError(.unsupported, "item \(item.itemID) uses construction method \(item.methodField & 0xF)", path: path, offset: at)
        }
        var ranges: [Range<UInt64>] = []
        ranges.reserveCapacity(item.extents.count)
        let size = container.upperBound - container.lowerBound
        for e in item.extents {
            let (relative, o1) = item.baseOffset.addingReportingOverflow(e.offset)
            guard !o1, relative <= size else {
                throw ParseError(.truncated, "item \(item.itemID) starts past the end of its data (\(relative) of \(size) bytes)", path: path, offset: at)
            }
            // Length 0: the extent runs to the end of the file (or idat).
            let length = e.length == 0 ? size - relative : e.length
            let (end, o2) = relative.addingReportingOverflow(length)
            guard !o2, end <= size else {
                throw ParseError(.truncated, "item \(item.itemID) extent (\(length) bytes at \(relative)) runs past the end of its data (\(size) bytes)", path: path, offset: at)
            }
            ranges.append(container.lowerBound + relative ..< container.lowerBound + end)
        }
        return ranges
    }

    /// Reads an item's bytes (its extents concatenated), refusing more than `maximum`.
    public func itemBytes(_ id: UInt32, maximum: Int = 16 << 20) throws -> [UInt8] {
        guard let item = locations.item(id) else {
            throw ParseError(.invalidValue, "item \(id) has no location", path: "meta/iloc", offset: metaHeader.offset)
        }
        return try bytes(of: item, maximum: maximum)
    }

    /// Reads the bytes of a located item (its extents concatenated), refusing more than `maximum`.
    public func bytes(of item: ItemLocationBox.Item, maximum: Int = 16 << 20) throws -> [UInt8] {
        let id = item.itemID
        let ranges = try dataRanges(of: item)
        let total = ranges.reduce(UInt64(0)) { $0 + ($1.upperBound - $1.lowerBound) }
        guard total <= UInt64(maximum) else {
            throw ParseError(.tooLarge, "item \(id) holds \(total) bytes, more than the \(maximum) read for it", path: "meta/iloc/item[\(id)]", offset: ranges.first?.lowerBound ?? 0)
        }
        var out: [UInt8] = []
        out.reserveCapacity(Int(total))
        for r in ranges { out += try source.read(at: r.lowerBound, count: Int(r.upperBound - r.lowerBound), path: "item \(id)") }
        return out
    }

    /// The `Exif` item: the one describing the primary item (`cdsc`), else the first.
    public var exifItemID: UInt32? {
        let exif = itemInfo.entries.filter { $0.itemType == "Exif" }.map(\.itemID)
        let describing = references.sources(to: primaryItemID, type: "cdsc")
        return exif.first { describing.contains($0) } ?? exif.first
    }

    /// A property of type `type` associated with `item`, parsed by `make`.
    public func property<T>(_ type: FourCC, of item: UInt32, _ make: (Atom, String) throws -> T) throws -> T? {
        guard let atom = properties?.properties(of: item).first(where: { $0.type == type }) else { return nil }
        return try make(atom, "meta/iprp/ipco/\(type)")
    }

    /// The primary image's size as displayed: its `ispe` with a quarter turn (`irot`) swapping
    /// width and height; nil when it has no `ispe`.
    public func primaryDisplaySize() throws -> (width: Int, height: Int)? {
        guard let ispe = try property("ispe", of: primaryItemID, ImageSpatialExtents.init) else { return nil }
        let turns = try property("irot", of: primaryItemID, ImageRotation.init)?.quarterTurns ?? 0
        return turns % 2 == 1 ? (Int(ispe.height), Int(ispe.width)) : (Int(ispe.width), Int(ispe.height))
    }
}
