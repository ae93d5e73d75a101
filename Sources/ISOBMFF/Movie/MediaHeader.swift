import BinaryIO

/// `mdhd`: the media timescale and duration.
public struct MediaHeader: Sendable {
    public var timescale: UInt32
    public var duration: UInt64

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let version = try r.readVersionFlags().version
        if version == 1 { try r.skip(16); timescale = try r.readUInt32(); duration = try r.readUInt64() }
        else { try r.skip(8); timescale = try r.readUInt32(); duration = UInt64(try r.readUInt32()) }
        guard timescale > 0 else { throw r.error(.invalidValue, "media timescale is 0") }
    }
}

/// `hdlr`: the handler type (`vide`, `soun`, `meta`, `mdta`, ...) and its name.
public struct HandlerReference: Sendable {
    public var handlerType: FourCC
    public var name: String

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        _ = try r.readVersionFlags()
        _ = try r.readUInt32()           // QuickTime component type (mhlr/dhlr) or ISO pre_defined
        handlerType = try r.readFourCC()
        try r.skip(min(12, r.remaining))
        var nameBytes = r.readRest()
        // QuickTime writes a Pascal string, ISO a C string; accept both.
        if let first = nameBytes.first, Int(first) == nameBytes.count - 1 { nameBytes.removeFirst() }
        while nameBytes.last == 0 { nameBytes.removeLast() }
        name = String(decoding: nameBytes, as: UTF8.self)
    }
}
