import BinaryIO

/// One box held in memory, as a mutable tree node: a container keeps its children (and any
/// fixed fields before them in `prefix`), a leaf keeps its payload bytes. Writers edit the
/// tree and serialize it; every box they do not touch comes out byte for byte as it was read.
public final class Atom {
    public var type: FourCC
    public var userType: [UInt8]?
    /// Fixed fields before the children of a container (e.g. FullBox version/flags, `stsd` entry count).
    public var prefix: [UInt8]
    /// Children of a container; nil for a leaf.
    public var children: [Atom]?
    /// Payload of a leaf.
    public var payload: [UInt8]
    /// Where the box was read from (absolute file offset); nil for boxes made here.
    public let originalOffset: UInt64?
    /// Whether the box was read with a 64-bit size; kept on output so unchanged boxes stay byte-identical.
    public var usedLargeSize: Bool
    /// A QuickTime 32-bit zero terminator at the end of a container: serialized as 4 zero bytes.
    public var isTerminator = false
    /// Why an optional container (`udta`, `meta`, a sample entry) was kept as opaque bytes: its
    /// contents did not parse as boxes. Reported as a warning (`inspect`); nil when it parsed.
    public var unparsedReason: String? = nil

    // The header's form (`userType`, `usedLargeSize`) is given here by the parser rather than
    // set afterwards: each later store to a class property is a checked access.
    public init(type: FourCC, payload: [UInt8], originalOffset: UInt64? = nil, userType: [UInt8]? = nil, usedLargeSize: Bool = false) {
        self.type = type; self.prefix = []; self.children = nil; self.payload = payload
        self.originalOffset = originalOffset; self.userType = userType; self.usedLargeSize = usedLargeSize
    }

    public init(type: FourCC, prefix: [UInt8] = [], children: [Atom], originalOffset: UInt64? = nil, userType: [UInt8]? = nil, usedLargeSize: Bool = false) {
        self.type = type; self.prefix = prefix; self.children = children; self.payload = []
        self.originalOffset = originalOffset; self.userType = userType; self.usedLargeSize = usedLargeSize
    }

    public var isContainer: Bool { children != nil }

    public func child(_ type: FourCC) -> Atom? { children?.first { $0.type == type } }

    /// Total serialized size, header included.
    public var size: UInt64 {
        if isTerminator { return 4 }
        var body = UInt64(prefix.count)
        if let children { for c in children { body += c.size } } else { body += UInt64(payload.count) }
        let base = 8 + UInt64(userType == nil ? 0 : 16)
        let needsLarge = usedLargeSize || body + base > UInt64(UInt32.max)
        return body + base + (needsLarge ? 8 : 0)
    }

    public func serialize(into w: inout ByteWriter) {
        if isTerminator { w.u32(0); return }
        let total = size
        BoxHeader.write(type: type, size: total, large: usedLargeSize, into: &w)
        if let userType { w.append(userType) }
        w.append(prefix)
        if let children { for c in children { c.serialize(into: &w) } } else { w.append(payload) }
    }

    public func serialized() -> [UInt8] {
        var w = ByteWriter(capacity: Int(min(size, 1 << 26)))
        serialize(into: &w)
        return w.bytes
    }

    /// Depth-first visit of this atom and its descendants with their paths.
    public func visit(path: String = "", _ body: (Atom, String) throws -> Void) rethrows {
        let here = path.isEmpty ? type.description : path
        try body(self, here)
        guard let children else { return }
        var counts: [FourCC: Int] = [:]
        for c in children {
            let n = (counts[c.type] ?? 0) + 1
            counts[c.type] = n
            let same = children.lazy.filter { $0.type == c.type }.count
            let name = same > 1 ? "\(c.type)[\(n)]" : c.type.description
            try c.visit(path: here + "/" + name, body)
        }
    }
}
