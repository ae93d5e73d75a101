import BinaryIO

/// What a decoder needs from a video sample entry (`avc1`/`avc3`/`hvc1`/`hev1`): the codec, the
/// coded size, the decoder configuration record (`avcC`/`hvcC` payload, handed to the decoder
/// as is) and the `colr` colour description when the entry has one.
public struct VideoCodecConfiguration: Sendable, Equatable {
    public enum Codec: String, Sendable, Codable {
        case h264, hevc
    }

    /// `colr` of type `nclx`/`nclc`: ISO/IEC 23091-2 code points (1 = BT.709, 9 = BT.2020, ...).
    public struct ColourDescription: Sendable, Equatable {
        public var primaries: UInt16
        public var transfer: UInt16
        public var matrix: UInt16
        /// nil for QuickTime's `nclc`, which has no range flag.
        public var fullRange: Bool?

        public init(primaries: UInt16, transfer: UInt16, matrix: UInt16, fullRange: Bool?) {
            self.primaries = primaries; self.transfer = transfer; self.matrix = matrix; self.fullRange = fullRange
        }
    }

    public var codec: Codec
    public var format: FourCC
    public var width: Int
    public var height: Int
    public var decoderConfiguration: [UInt8]
    public var colour: ColourDescription?

    static let visualPrefixLength = ContainerRegistry.visualSampleEntryPrefixLength

    public init(codec: Codec, width: Int, height: Int, decoderConfiguration: [UInt8], colour: ColourDescription? = nil) {
        self.codec = codec
        self.format = codec == .h264 ? "avc1" : "hvc1"
        self.width = width; self.height = height
        self.decoderConfiguration = decoderConfiguration; self.colour = colour
    }

    /// Reads the configuration of `entry` (one child of `stsd`). Throws `.unsupported` for a
    /// codec other than H.264/HEVC, `.invalidValue` when the configuration box is missing.
    public init(entry: Atom, path: String) throws {
        format = entry.type
        switch entry.type {
        case "avc1", "avc3": codec = .h264
        case "hvc1", "hev1": codec = .hevc
        default:
            throw ParseError(.unsupported, "video codec '\(entry.type)' is not supported (H.264 or HEVC only)", path: path, offset: entry.originalOffset ?? 0)
        }
        // The fields before the child boxes (the registry opens the entry after them).
        var r = entry.fixedFieldsReader(path: path)
        try r.skip(24)
        width = Int(try r.readUInt16())
        height = Int(try r.readUInt16())
        let configType: FourCC = codec == .h264 ? "avcC" : "hvcC"
        var configuration: [UInt8]? = nil
        colour = nil
        for box in try entry.registeredChildren(parent: "stsd", path: path, depth: 6) where !box.isContainer {
            if box.type == configType, configuration == nil {
                configuration = box.payload
            } else if box.type == "colr", colour == nil {
                var body = box.payloadReader(path: path + "/colr")
                colour = try VideoCodecConfiguration.readColour(&body)
            }
        }
        guard let configuration, !configuration.isEmpty else {
            throw ParseError(.invalidValue, "the '\(entry.type)' sample entry has no '\(configType)' configuration", path: path, offset: entry.originalOffset ?? 0)
        }
        decoderConfiguration = configuration
    }

    /// The sample entry this configuration reads from: the visual fixed fields (data reference
    /// 1, 72 dpi, one frame per sample, depth 24, no colour table), the configuration box, and
    /// `colr` in QuickTime's `nclc` form (as the camera writes it) when a colour is given.
    public func sampleEntryAtom() -> Atom {
        var w = ByteWriter(capacity: Self.visualPrefixLength)
        w.append([UInt8](repeating: 0, count: 6)); w.u16(1)         // reserved, data reference index
        w.append([UInt8](repeating: 0, count: 16))                   // version, revision, vendor, qualities
        w.u16(UInt16(clamping: width)); w.u16(UInt16(clamping: height))
        w.u32(0x0048_0000); w.u32(0x0048_0000); w.u32(0); w.u16(1)  // 72 dpi both ways, data size, frames
        w.append([UInt8](repeating: 0, count: 32))                   // compressor name (empty Pascal string)
        w.u16(0x0018); w.u16(0xFFFF)                                 // depth 24, no colour table
        var children = [Atom(type: codec == .h264 ? "avcC" : "hvcC", payload: decoderConfiguration)]
        if let colour {
            var c = ByteWriter(capacity: 10)
            c.fourCC("nclc"); c.u16(colour.primaries); c.u16(colour.transfer); c.u16(colour.matrix)
            children.append(Atom(type: "colr", payload: c.bytes))
        }
        return Atom(type: format, prefix: w.bytes, children: children)
    }

    static func readColour(_ r: inout ByteReader) throws -> ColourDescription? {
        let type = try r.readFourCC()
        guard type == "nclx" || type == "nclc" else { return nil }
        var d = ColourDescription(primaries: try r.readUInt16(), transfer: try r.readUInt16(), matrix: try r.readUInt16(), fullRange: nil)
        if type == "nclx", r.remaining >= 1 { d.fullRange = (try r.readUInt8() & 0x80) != 0 }
        return d
    }
}

extension Track {
    /// The decoder configuration of the track's first sample entry.
    public func videoCodecConfiguration() throws -> VideoCodecConfiguration {
        let stsdPath = path + "/mdia/minf/stbl/stsd"
        guard let entry = atom.find("mdia", "minf", "stbl", "stsd")?.children?.first else {
            throw ParseError(.invalidValue, "no sample entry", path: stsdPath, offset: atom.originalOffset ?? 0)
        }
        return try VideoCodecConfiguration(entry: entry, path: stsdPath + "/\(entry.type)")
    }
}
