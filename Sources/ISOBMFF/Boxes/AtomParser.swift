import BinaryIO

/// Parses an in-memory box range (typically the whole `moov`) into an `Atom` tree.
/// Which boxes are containers, and how damage in each is treated, comes from
/// `ContainerRegistry`; unknown boxes stay leaves, so their bytes are kept exactly. With
/// `strict`, damage in any container is an error (a reader opening a box it needs).
public enum AtomParser {
    /// Nesting bound: real movies nest about ten deep.
    public static let maximumDepth = 24

    /// Parses one box at `reader` (the reader's bytes are the whole buffer; baseOffset maps to the file).
    public static func parseBox(_ reader: inout ByteReader, limit: UInt64, parentPath: String, parentType: FourCC?, siblingIndex: Int?, depth: Int, strict: Bool = false) throws -> Atom {
        try parseBox(&reader, limit: limit, isTopLevel: parentPath.isEmpty, parentPath: { parentPath }, parentType: parentType, siblingIndex: { siblingIndex }, depth: depth, strict: strict)
    }

    /// Parses consecutive boxes until the reader's range ends.
    public static func parseChildren(_ body: inout ByteReader, parentPath: String, parentType: FourCC?, depth: Int, strict: Bool = false) throws -> [Atom] {
        try parseChildren(&body, isTopLevel: parentPath.isEmpty, parentPath: { parentPath }, parentType: parentType, depth: depth, strict: strict)
    }

    // The path of a box (`moov/trak[2]/mdia`) goes only into errors: it is passed down as a
    // closure that builds it, called only when an error is thrown, so parsing the boxes of a
    // movie builds no text. Readers made here inherit their parent's path and never throw
    // with it: every read that could fail is checked first and throws with the exact path.
    // The sibling index (`[2]`) is part of the path, so it too is counted only for an error.

    static func parseBox(_ reader: inout ByteReader, limit: UInt64, isTopLevel: Bool, parentPath: () -> String, parentType: FourCC?, siblingIndex: () -> Int?, depth: Int, strict: Bool) throws -> Atom {
        // `parent/type`, with the sibling index where types repeat.
        func path(of type: FourCC) -> String {
            let parent = parentPath()
            let name = siblingIndex().map { "\(type)[\($0)]" } ?? type.description
            return parent.isEmpty ? name : parent + "/" + name
        }
        let header = try BoxHeader.parse(&reader, limit: limit, isTopLevel: isTopLevel, boxPath: path(of:))
        func path() -> String { path(of: header.type) }
        guard depth < maximumDepth else {
            throw ParseError(.tooDeep, "boxes nested deeper than \(maximumDepth)", path: path(), offset: header.offset)
        }
        // The payload is inside `reader`'s buffer: BoxHeader.parse bounded it by `limit`, and a
        // container's limit is its own end (only a caller's top-level reader could fail here,
        // naming its own path, as before).
        let payloadLength = Int(header.payloadSize)
        var body = try reader.subReader(payloadLength)
        let atom: Atom
        let usedLargeSize = header.headerSize - (header.userType == nil ? 0 : 16) == 16
        let rule = ContainerRegistry.rule(for: header.type, parent: parentType)
        if let rule, rule.damage != .openedByItsReader {
            let saved = body
            do {
                let prefixLength = ContainerRegistry.prefixLength(rule.prefix, body: body)
                guard prefixLength <= body.remaining else {
                    throw ParseError(.truncated, "truncated byte run: needs \(prefixLength) bytes, \(body.remaining) left", path: path(), offset: body.fileOffset)
                }
                let prefix = prefixLength == 0 ? [] : try body.readBytes(prefixLength)
                let children = try parseChildren(&body, isTopLevel: false, parentPath: path, parentType: header.type, depth: depth + 1, strict: strict)
                atom = Atom(type: header.type, prefix: prefix, children: children, originalOffset: header.offset, userType: header.userType, usedLargeSize: usedLargeSize)
            } catch let error as ParseError where !strict && rule.damage == .keepsItAsALeaf {
                var leafBody = saved
                atom = Atom(type: header.type, payload: leafBody.readRest(), originalOffset: header.offset, userType: header.userType, usedLargeSize: usedLargeSize)
                atom.unparsedReason = error.description
            }
        } else {
            atom = Atom(type: header.type, payload: body.readRest(), originalOffset: header.offset, userType: header.userType, usedLargeSize: usedLargeSize)
        }
        return atom
    }

    static func parseChildren(_ body: inout ByteReader, isTopLevel: Bool, parentPath: () -> String, parentType: FourCC?, depth: Int, strict: Bool) throws -> [Atom] {
        var atoms: [Atom] = []
        // Room for the usual handful of children at once (a box takes at least 8 bytes; the
        // bound is fixed, never a count from the file).
        atoms.reserveCapacity(min(body.remaining / 8, 8))
        let limit = body.baseOffset + UInt64(body.end)
        let whole = body
        while !body.isAtEnd {
            if body.remaining < 8 {
                // QuickTime allows a 32-bit zero terminator at the end of some containers (udta).
                let tail = body.rangeBytes.suffix(body.remaining)
                if tail.allSatisfy({ $0 == 0 }) && body.remaining == 4 {
                    let terminator = Atom(type: FourCC(0), payload: [], originalOffset: body.fileOffset)
                    terminator.isTerminator = true
                    atoms.append(terminator)
                    try body.skip(4)
                    continue
                }
                throw ParseError(.truncated, "\(body.remaining) stray bytes where a box header should be", path: parentPath(), offset: body.fileOffset)
            }
            let position = body.position
            atoms.append(try parseBox(&body, limit: limit, isTopLevel: isTopLevel, parentPath: parentPath, parentType: parentType,
                                      siblingIndex: { siblingIndex(at: position, in: whole) }, depth: depth, strict: strict))
        }
        return atoms
    }

    /// The 1-based index of the box at `position` among the boxes of its type in `container`,
    /// or nil when its type occurs once: paths say `trak[2]` only where a type repeats. Walks
    /// the headers from the start, so it is only done for an error.
    static func siblingIndex(at position: Int, in container: ByteReader) -> Int? {
        // The box's own type, read where the parse read it.
        var peek = container
        guard (try? peek.skip(position - container.position + 4)) != nil, let type = try? peek.readFourCC() else { return nil }
        var probe = container
        var before = 0
        var total = 0
        var boxes: [(position: Int, type: FourCC)] = []
        // Never throws and never traps: a malformed header just ends the walk (the parse
        // reports it with its path and offset).
        while probe.remaining >= 8 {
            let start = probe.position
            guard let size = try? probe.readUInt32(), let boxType = try? probe.readFourCC() else { break }
            boxes.append((start, boxType))
            var header: UInt64 = 8
            var length = UInt64(size)
            if size == 1 {
                guard let large = try? probe.readUInt64() else { break }
                header = 16
                length = large
            } else if size == 0 {
                break
            }
            guard length >= header, length - header <= UInt64(probe.remaining) else { break }
            guard (try? probe.skip(Int(length - header))) != nil else { break }
        }
        for box in boxes where box.type == type {
            total += 1
            if box.position < position { before += 1 }
        }
        return total > 1 ? before + 1 : nil
    }
}

/// QuickTime's `meta` is a plain atom; ISO's is a FullBox with 4 bytes of version/flags.
/// Readers tell them apart by what follows the header: a child box header (a plausible size
/// and `hdlr` type) at payload offset 0 means QuickTime form.
public enum QuickTimeMetaForm {
    public static func prefixLength(of body: ByteReader) -> Int {
        let bytes = body.rangeBytes
        func typeAt(_ i: Int) -> FourCC? {
            guard bytes.count >= i + 4 else { return nil }
            let s = bytes.startIndex + i
            return FourCC(UInt32(bytes[s]) << 24 | UInt32(bytes[s + 1]) << 16 | UInt32(bytes[s + 2]) << 8 | UInt32(bytes[s + 3]))
        }
        if typeAt(4) == "hdlr" { return 0 }
        if typeAt(8) == "hdlr" { return 4 }
        // No hdlr first: QuickTime form when the first four bytes are not zero version/flags.
        if let first = typeAt(0), first.rawValue == 0 { return 4 }
        return 0
    }
}
