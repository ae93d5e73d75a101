import BinaryIO

/// A box seen in place inside a buffer already read (the `moov`): its header and where its
/// payload and children lie, nothing copied. Boxes are told apart exactly as `AtomParser`
/// tells them (the same header checks, container rules, nesting bound and terminators), so a
/// reader run over spans sees what it would see over the parsed tree, without the tree's
/// allocations; a scan reads every movie of a library this way.
public struct BoxSpan: BoxNode {
    /// The buffer the box lies in, shared; `baseOffset` is the file offset of its first byte.
    let buffer: [UInt8]
    let baseOffset: UInt64
    public let type: FourCC
    let parentType: FourCC?
    /// Buffer indices: the header's first byte, the payload's, the end.
    let start: Int
    let payloadStart: Int
    let end: Int
    public let prefixLength: Int
    public let isContainer: Bool
    let depth: Int

    public var originalOffset: UInt64? { baseOffset + UInt64(start) }

    /// The box at `reader`'s cursor, advancing past it; its children are read when asked for.
    static func read(_ reader: inout ByteReader, limit: UInt64, parentType: FourCC?, depth: Int) throws -> BoxSpan {
        let start = reader.position
        let box = try Layout.read(&reader, limit: limit, parentType: parentType, depth: depth)
        return BoxSpan(buffer: reader.bytes, baseOffset: reader.baseOffset, type: box.type, parentType: parentType, start: start,
                       payloadStart: box.payload.lowerBound, end: box.payload.upperBound, prefixLength: box.prefixLength,
                       isContainer: box.isContainer, depth: depth)
    }

    /// One box's header as the tree's parser reads it: its type, payload range (buffer indices),
    /// and whether it is a container and how long its fixed fields are.
    struct Layout {
        let type: FourCC
        let payload: Range<Int>
        let prefixLength: Int
        let isContainer: Bool

        static func read(_ reader: inout ByteReader, limit: UInt64, parentType: FourCC?, depth: Int) throws -> Layout {
            let header = try BoxHeader.parse(&reader, limit: limit, isTopLevel: parentType == nil) { $0.description }
            guard depth < AtomParser.maximumDepth else {
                throw ParseError(.tooDeep, "boxes nested deeper than \(AtomParser.maximumDepth)", path: header.type.description, offset: header.offset)
            }
            // BoxHeader.parse bounded the box by `limit`, which is where `reader`'s range ends.
            let payloadStart = reader.position
            let payloadEnd = payloadStart + Int(header.payloadSize)
            try reader.skip(Int(header.payloadSize))
            guard let rule = ContainerRegistry.rule(for: header.type, parent: parentType), rule.damage != .openedByItsReader else {
                return Layout(type: header.type, payload: payloadStart..<payloadEnd, prefixLength: 0, isContainer: false)
            }
            let prefix: Int
            if case .fixed(let n) = rule.prefix { prefix = n } else {
                prefix = ContainerRegistry.prefixLength(rule.prefix, body: ByteReader(reader.bytes, range: payloadStart..<payloadEnd))
            }
            guard prefix <= payloadEnd - payloadStart else {
                throw ParseError(.truncated, "truncated byte run: needs \(prefix) bytes, \(payloadEnd - payloadStart) left", path: header.type.description,
                                 offset: reader.baseOffset + UInt64(payloadStart))
            }
            return Layout(type: header.type, payload: payloadStart..<payloadEnd, prefixLength: prefix, isContainer: true)
        }
    }

    /// The box `reader` holds (the `moov` read on its own), as `MovieFile` parses it.
    public static func root(_ reader: ByteReader, limit: UInt64) throws -> BoxSpan {
        var r = reader
        return try read(&r, limit: limit, parentType: nil, depth: 0)
    }

    /// Calls `body` with each child in stored order until it returns false. A QuickTime 32-bit
    /// zero terminator is a child of type 0 with no payload, as the parser keeps it.
    func forEachChild(_ body: (BoxSpan) throws -> Bool) throws {
        guard isContainer else { return }
        var r = ByteReader(buffer, range: (payloadStart + prefixLength)..<end, baseOffset: baseOffset)
        let limit = baseOffset + UInt64(end)
        while !r.isAtEnd {
            let child = try BoxSpan.skipTerminator(&r, parentType: type)
                ? terminator(at: r.position - 4) : try BoxSpan.read(&r, limit: limit, parentType: type, depth: depth + 1)
            guard try body(child) else { return }
        }
    }

    /// Reads every box below this one, throwing wherever `AtomParser` would throw and wherever
    /// it would keep a damaged container as bytes: a tree that passes parses exactly as spans say.
    public func validateTree() throws {
        guard isContainer else { return }
        try BoxSpan.validate(buffer, baseOffset: baseOffset, children: (payloadStart + prefixLength)..<end, parentType: type, depth: depth + 1)
    }

    private static func validate(_ buffer: [UInt8], baseOffset: UInt64, children range: Range<Int>, parentType: FourCC, depth: Int) throws {
        var r = ByteReader(buffer, range: range, baseOffset: baseOffset)
        let limit = baseOffset + UInt64(range.upperBound)
        while !r.isAtEnd {
            if try skipTerminator(&r, parentType: parentType) { continue }
            let box = try Layout.read(&r, limit: limit, parentType: parentType, depth: depth)
            if box.isContainer {
                try validate(buffer, baseOffset: baseOffset, children: (box.payload.lowerBound + box.prefixLength)..<box.payload.upperBound, parentType: box.type, depth: depth + 1)
            }
        }
    }

    /// Skips the QuickTime zero terminator ending a container (true); false where a box header
    /// starts; throws on any other short tail, as the parser does.
    private static func skipTerminator(_ r: inout ByteReader, parentType: FourCC) throws -> Bool {
        guard r.remaining < 8 else { return false }
        guard r.remaining == 4, r.rangeBytes.suffix(4).allSatisfy({ $0 == 0 }) else {
            throw ParseError(.truncated, "\(r.remaining) stray bytes where a box header should be", path: parentType.description, offset: r.fileOffset)
        }
        try r.skip(4)
        return true
    }

    /// The terminator child at buffer index `at`: type 0, no payload.
    private func terminator(at: Int) -> BoxSpan {
        BoxSpan(buffer: buffer, baseOffset: baseOffset, type: FourCC(0), parentType: type, start: at,
                payloadStart: at + 4, end: at + 4, prefixLength: 0, isContainer: false, depth: depth + 1)
    }

    // Below, the tree has passed `validateTree`: walking it again cannot fail.

    public var children: [BoxSpan]? {
        guard isContainer else { return nil }
        var list: [BoxSpan] = []
        try? forEachChild { list.append($0); return true }
        return list
    }

    /// Walks the children's headers only, reading in full just the one wanted: the readers
    /// look a box up by type several times (`stbl` six), and siblings need no container rules.
    public func child(_ type: FourCC) -> BoxSpan? {
        guard isContainer else { return nil }
        var at = payloadStart + prefixLength
        while at < end {
            guard end - at >= 8 else {
                // The zero terminator (the only short tail a validated tree holds).
                return type.rawValue == 0 ? terminator(at: at) : nil
            }
            let size32 = BoxSpan.u32(buffer, at)
            if BoxSpan.u32(buffer, at + 4) == type.rawValue {
                var r = ByteReader(buffer, range: at..<end, baseOffset: baseOffset)
                return try? BoxSpan.read(&r, limit: baseOffset + UInt64(end), parentType: self.type, depth: depth + 1)
            }
            let size: UInt64 = size32 == 1 && end - at >= 16 ? UInt64(BoxSpan.u32(buffer, at + 8)) << 32 | UInt64(BoxSpan.u32(buffer, at + 12))
                : size32 == 0 ? UInt64(end - at) : UInt64(size32)
            // A box is at least its own header (16 bytes with a largesize), never made of it.
            guard size >= (size32 == 1 ? 16 : 8), size <= UInt64(end - at) else { return nil }
            at += Int(size)
        }
        return nil
    }

    private static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    public func payloadReader(path: String) -> ByteReader {
        ByteReader(buffer, range: payloadStart..<end, baseOffset: baseOffset, path: path)
    }

    public func fixedFieldsReader(path: String) -> ByteReader {
        guard isContainer else { return payloadReader(path: path) }
        return ByteReader(buffer, range: payloadStart..<(payloadStart + prefixLength), baseOffset: baseOffset, path: path)
    }

    /// The box parsed into an `Atom`, as the whole tree's parse would have made it.
    public func atom() throws -> Atom {
        if type.rawValue == 0 && end - start == 4 {
            let terminator = Atom(type: FourCC(0), payload: [], originalOffset: originalOffset)
            terminator.isTerminator = true
            return terminator
        }
        var r = ByteReader(buffer, range: start..<end, baseOffset: baseOffset)
        return try AtomParser.parseBox(&r, limit: baseOffset + UInt64(end), parentPath: "", parentType: parentType, siblingIndex: nil, depth: depth)
    }
}
