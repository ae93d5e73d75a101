import BinaryIO

/// The shape of a counted FullBox table, said once per box: its type, the fewest bytes one entry
/// takes (the count is checked against it before anything is reserved) and what an entry is
/// called in errors.
public struct FullBoxTableLayout: Sendable {
    public let type: FourCC
    public let minimumEntrySize: Int
    public let what: String
}

/// One entry of a counted FullBox table (`stts`, `ctts`, `stsc`, `dref`, `keys`): each box's
/// conformance is its one definition, read and write; `FullBoxTable` does the rest once.
public protocol FullBoxTableEntry: Sendable, Equatable {
    static var layout: FullBoxTableLayout { get }
    init(reading r: inout ByteReader) throws
    func write(to w: inout ByteWriter)
    /// Why this entry may not follow `previous` (nil: it may); `stsc` orders its first chunks.
    static func problem(_ entry: Self, after previous: Self?) -> String?
}

extension FullBoxTableEntry {
    public static func problem(_ entry: Self, after previous: Self?) -> String? { nil }
}

/// A FullBox holding a 32-bit entry count, the entries and, after them, whatever the writer
/// left (kept as stored): version/flags, the count check and the trailing bytes are handled
/// here for every such box.
public struct FullBoxTable<Entry: FullBoxTableEntry>: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    public var entries: [Entry]
    public var trailing: [UInt8]

    public init(version: UInt8 = 0, flags: UInt32 = 0, entries: [Entry]) {
        self.version = version; self.flags = flags; self.entries = entries; self.trailing = []
    }

    public init(_ atom: some BoxNode, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        let count = try r.readUInt32()
        try r.requireEntries(count, size: Entry.layout.minimumEntrySize, what: Entry.layout.what)
        var list: [Entry] = []
        list.reserveCapacity(Int(count))
        for _ in 0..<count {
            let entry = try Entry(reading: &r)
            if let problem = Entry.problem(entry, after: list.last) { throw r.error(.invalidValue, problem) }
            list.append(entry)
        }
        entries = list
        trailing = r.readRest()
    }

    public func atom() -> Atom {
        var w = ByteWriter(capacity: 8 + entries.count * Entry.layout.minimumEntrySize + trailing.count)
        w.u8(version); w.u24(flags)
        w.u32(UInt32(entries.count))
        for e in entries { e.write(to: &w) }
        w.append(trailing)
        return Atom(type: Entry.layout.type, payload: w.bytes)
    }
}

/// Entries that are small boxes of their own (`dref`, `keys`): a 32-bit size (header
/// included), a four-character type, a body.
extension ByteReader {
    mutating func readSizedEntry(minimumSize: Int, what: String) throws -> (type: FourCC, body: [UInt8]) {
        let size = try readUInt32()
        guard size >= minimumSize else { throw error(.invalidValue, "\(what) entry size \(size) is below \(minimumSize)") }
        let type = try readFourCC()
        return (type, try readBytes(Int(size) - 8))
    }
}

extension ByteWriter {
    /// One sized entry: its size (header included), its type, its body.
    mutating func sizedEntry(_ type: FourCC, _ body: [UInt8]) {
        u32(UInt32(8 + body.count)); fourCC(type); append(body)
    }
}
