import BinaryIO

/// The `ftyp` box of a movie or a HEIF image: the major brand, its minor version and the
/// compatible brands. Read leniently (an `ftyp` too short or too long for brands is as if absent);
/// written for the `ftyp` we replace.
public struct FileTypeBox: Equatable, Sendable {
    public var majorBrand: FourCC
    public var minorVersion: UInt32
    public var compatibleBrands: [FourCC]

    public init(majorBrand: FourCC, minorVersion: UInt32, compatibleBrands: [FourCC]) {
        self.majorBrand = majorBrand; self.minorVersion = minorVersion; self.compatibleBrands = compatibleBrands
    }

    /// QuickTime: `qt  `, minor 0, compatible `qt  `.
    public static let quickTime = FileTypeBox(majorBrand: "qt  ", minorVersion: 0, compatibleBrands: ["qt  "])

    /// The first `ftyp` of `topLevel`, or nil when there is none or its payload is not 8 to
    /// 4096 bytes.
    public static func read(_ source: FileSource, _ topLevel: TopLevelBoxes) throws -> FileTypeBox? {
        guard let ftyp = topLevel.first("ftyp"), ftyp.payloadSize >= 8, ftyp.payloadSize <= 4096 else { return nil }
        var r = ByteReader(try source.read(at: ftyp.payloadOffset, count: Int(ftyp.payloadSize), path: "ftyp"), baseOffset: ftyp.payloadOffset, path: "ftyp")
        let major = try r.readFourCC()
        let minor = try r.readUInt32()
        var brands: [FourCC] = []
        while r.remaining >= 4 { brands.append(try r.readFourCC()) }
        return FileTypeBox(majorBrand: major, minorVersion: minor, compatibleBrands: brands)
    }

    public func atom() -> Atom {
        var w = ByteWriter()
        w.fourCC(majorBrand); w.u32(minorVersion)
        for brand in compatibleBrands { w.fourCC(brand) }
        return Atom(type: "ftyp", payload: w.bytes)
    }
}
