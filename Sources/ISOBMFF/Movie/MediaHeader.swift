import BinaryIO

/// `mdhd`: the media timescale and duration. Read and written from this one definition; a
/// version other than 1 is read with the version 0 layout and written back the same way, and
/// bytes after the last field are kept.
public struct MediaHeader: HeaderTimesBox, Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    /// Creation and modification time, timescale, duration.
    public var times: HeaderTimes
    /// ISO-639-2/T packed language (QuickTime: language code); 0x55C4 = "und". Nil (with
    /// quality) in a short box that ends after the duration.
    public var language: UInt16?
    /// ISO pre_defined, QuickTime quality.
    public var quality: UInt16
    public var trailing: [UInt8]

    public static let undeterminedLanguage: UInt16 = 0x55C4

    public init(version: UInt8 = 0, flags: UInt32 = 0, creationTime: UInt64 = 0, modificationTime: UInt64 = 0,
                timescale: UInt32, duration: UInt64, language: UInt16? = MediaHeader.undeterminedLanguage, quality: UInt16 = 0) {
        self.version = version; self.flags = flags
        times = HeaderTimes(creationTime: creationTime, modificationTime: modificationTime, timescale: timescale, duration: duration)
        self.language = language; self.quality = quality; self.trailing = []
    }

    public init(_ atom: some BoxNode, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        times = try r.readHeaderTimes(version: version)
        guard times.timescale > 0 else { throw r.error(.invalidValue, "media timescale is 0") }
        // Short boxes without language/quality exist in the wild: read what is there.
        if r.remaining >= 4 { language = try r.readUInt16(); quality = try r.readUInt16() } else { language = nil; quality = 0 }
        trailing = r.readRest()
    }

    /// The `mdhd` atom.
    public func atom() -> Atom {
        var w = ByteWriter(capacity: 36 + trailing.count)
        w.u8(version); w.u24(flags)
        w.headerTimes(times, version: version)
        if let language { w.u16(language); w.u16(quality) }
        w.append(trailing)
        return Atom(type: "mdhd", payload: w.bytes)
    }
}
