import BinaryIO

/// `hdlr`: the handler type (`vide`, `soun`, `meta`, `mdta`, ...) and its name. Read and written
/// from this one definition: the component fields and the name are kept as stored (QuickTime
/// writes a Pascal string, ISO a C string), so an unchanged box writes back byte for byte.
public struct HandlerReference: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    /// QuickTime component type (`mhlr`, `dhlr`) or ISO pre_defined (0).
    public var componentType: FourCC
    public var handlerType: FourCC
    /// QuickTime component manufacturer/flags/mask, ISO reserved: up to 12 bytes as stored.
    public var reserved: [UInt8]
    /// The name field as stored (length byte or terminator included).
    public var nameField: [UInt8]

    public init(version: UInt8 = 0, flags: UInt32 = 0, componentType: FourCC, handlerType: FourCC, reserved: [UInt8] = Array(repeating: 0, count: 12), nameField: [UInt8]) {
        self.version = version; self.flags = flags; self.componentType = componentType; self.handlerType = handlerType
        self.reserved = reserved; self.nameField = nameField
    }

    /// A QuickTime handler: component type, handler type and a Pascal-string name.
    public static func quickTime(componentType: FourCC, handlerType: FourCC, name: String) -> HandlerReference {
        let bytes = Array(name.utf8.prefix(255))
        return HandlerReference(componentType: componentType, handlerType: handlerType, nameField: [UInt8(bytes.count)] + bytes)
    }

    public init(_ atom: some BoxNode, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        componentType = try r.readFourCC()
        handlerType = try r.readFourCC()
        reserved = try r.readBytes(min(12, r.remaining))
        nameField = r.readRest()
    }

    /// The name, from either string form.
    public var name: String {
        var nameBytes = nameField[...]
        if let first = nameBytes.first, Int(first) == nameBytes.count - 1 { nameBytes.removeFirst() }
        while nameBytes.last == 0 { nameBytes.removeLast() }
        return String(decoding: nameBytes, as: UTF8.self)
    }

    public func atom() -> Atom {
        var w = ByteWriter(capacity: 12 + reserved.count + nameField.count)
        w.u8(version); w.u24(flags)
        w.fourCC(componentType); w.fourCC(handlerType)
        w.append(reserved)
        w.append(nameField)
        return Atom(type: "hdlr", payload: w.bytes)
    }
}
