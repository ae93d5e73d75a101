import BinaryIO

/// One `stsd` sample description: its format (codec) and, where it applies, picture size
/// or the keys of a `mebx` timed-metadata entry.
public struct SampleEntry: Sendable {
    public var format: FourCC
    public var width: Int?
    public var height: Int?
    public var metadataKeys: [MetadataKeyDescription]

    /// A key declared by a `mebx` sample entry.
    public struct MetadataKeyDescription: Sendable, Equatable {
        public var localID: UInt32
        public var namespace: FourCC
        public var key: String
        /// Well-known data type (when `dtyp` uses namespace 0), e.g. 65 = signed 8-bit integer.
        public var dataType: UInt32?
    }

    static let visualFormats: Set<FourCC> = ["avc1", "avc3", "hvc1", "hev1", "mp4v", "jpeg", "apcn", "apch", "apcs", "apco", "ap4h", "dvh1", "dvhe", "av01", "vp09", "mjpa", "mjpb", "s263", "h263", "raw "]

    public init(_ atom: some BoxNode, handler: FourCC, path: String) throws {
        format = atom.type
        metadataKeys = []
        if atom.type == "mebx", atom.isContainer, atom.prefixLength == 8 {
            // The declarations in order, as `declarations` lists them, without its flattened copy.
            for case .keys(let list) in try MetadataSampleEntry(try atom.atom(), path: path).children {
                for case .declaration(let d) in list {
                    let key = d.key
                    metadataKeys.append(MetadataKeyDescription(localID: d.localID, namespace: key?.namespace ?? FourCC(0),
                                                               key: key.map { String(decoding: $0.value, as: UTF8.self) } ?? "",
                                                               dataType: d.dataType?.wellKnownType))
                }
            }
        } else if handler == "vide" || SampleEntry.visualFormats.contains(atom.type) {
            var r = atom.fixedFieldsReader(path: path)
            try r.skip(8 + 16)
            width = Int(try r.readUInt16())
            height = Int(try r.readUInt16())
        }
    }
}
