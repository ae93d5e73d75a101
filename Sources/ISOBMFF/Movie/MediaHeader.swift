import BinaryIO

/// `mdhd`: the media timescale and duration. Read and written from this one definition; a
/// version other than 1 is read with the version 0 layout and written back the same way, and
/// bytes after the last field are kept.
public struct MediaHeader: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    public var creationTime: UInt64
    public var modificationTime: UInt64
    public var timescale: UInt32
    public var duration: UInt64
    /// ISO-639-2/T packed language (QuickTime: language code); 0x55C4 = "und". Nil (with
    /// quality) in a short box that ends after the duration.
    public var language: UInt16?
    /// ISO pre_defined, QuickTime quality.
    public var quality: UInt16
    public var trailing: [UInt8]

    public static let undeterminedLanguage: UInt16 = 0x55C4

    public init(version: UInt8 = 0, flags: UInt32 = 0, creationTime: UInt64 = 0, modificationTime: UInt64 = 0,
                timescale: UInt32, duration: UInt64, language: UInt16? = MediaHeader.undeterminedLanguage, quality: UInt16 = 0) {
        self.version = version; self.flags = flags; self.creationTime = creationTime; self.modificationTime = modificationTime
        self.timescale = timescale; self.duration = duration; self.language = language; self.quality = quality; self.trailing = []
    }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        if version == 1 {
            creationTime = try r.readUInt64(); modificationTime = try r.readUInt64()
            timescale = try r.readUInt32(); duration = try r.readUInt64()
        } else {
            creationTime = UInt64(try r.readUInt32()); modificationTime = UInt64(try r.readUInt32())
            timescale = try r.readUInt32(); duration = UInt64(try r.readUInt32())
        }
        guard timescale > 0 else { throw r.error(.invalidValue, "media timescale is 0") }
        // Short boxes without language/quality exist in the wild: read what is there.
        if r.remaining >= 4 { language = try r.readUInt16(); quality = try r.readUInt16() } else { language = nil; quality = 0 }
        trailing = r.readRest()
    }

    /// The `mdhd` atom.
    public func atom() -> Atom {
        var w = ByteWriter(capacity: 36 + trailing.count)
        w.u8(version); w.u24(flags)
        if version == 1 {
            w.u64(creationTime); w.u64(modificationTime); w.u32(timescale); w.u64(duration)
        } else {
            w.u32(UInt32(truncatingIfNeeded: creationTime)); w.u32(UInt32(truncatingIfNeeded: modificationTime))
            w.u32(timescale); w.u32(UInt32(truncatingIfNeeded: duration))
        }
        if let language { w.u16(language); w.u16(quality) }
        w.append(trailing)
        return Atom(type: "mdhd", payload: w.bytes)
    }
}
