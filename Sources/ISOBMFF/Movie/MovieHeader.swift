import BinaryIO

/// `mvhd`: the movie's timescale, duration and the next free track id. Read and written from
/// this one definition; the fields pairing never changes (rate, volume, matrix, pre-defined)
/// are kept as stored, a version other than 1 uses the version 0 layout both ways, and bytes
/// after the last field are kept.
public struct MovieHeader: HeaderTimesBox, Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    /// Creation and modification time, timescale, duration.
    public var times: HeaderTimes
    /// Rate, volume, reserved, matrix and pre-defined: 76 bytes as stored.
    public var presentationFields: [UInt8]
    public var nextTrackID: UInt32
    public var trailing: [UInt8]

    static let presentationFieldsLength = 4 + 2 + 10 + 36 + 24

    /// A new movie's header: rate 1.0, full volume, identity matrix, times left unset (0).
    public init(timescale: UInt32, duration: UInt64, nextTrackID: UInt32) {
        version = duration > UInt64(UInt32.max) ? 1 : 0; flags = 0
        times = HeaderTimes(creationTime: 0, modificationTime: 0, timescale: timescale, duration: duration)
        var w = ByteWriter(capacity: Self.presentationFieldsLength)
        w.u32(0x10000); w.u16(0x100); w.append([UInt8](repeating: 0, count: 10))
        for v in TrackHeader.identityMatrix { w.i32(v) }
        w.append([UInt8](repeating: 0, count: 24))
        presentationFields = w.bytes
        self.nextTrackID = nextTrackID
        trailing = []
    }

    public init(_ atom: some BoxNode, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        times = try r.readHeaderTimes(version: version)
        presentationFields = try r.readBytes(MovieHeader.presentationFieldsLength)
        nextTrackID = try r.readUInt32()
        guard times.timescale > 0 else { throw r.error(.invalidValue, "movie timescale is 0") }
        trailing = r.readRest()
    }

    public func atom() -> Atom {
        var w = ByteWriter(capacity: 112 + trailing.count)
        w.u8(version); w.u24(flags)
        w.headerTimes(times, version: version)
        w.append(presentationFields)
        w.u32(nextTrackID)
        w.append(trailing)
        return Atom(type: "mvhd", payload: w.bytes)
    }

    /// Writes `nextTrackID` back into an `mvhd` atom; every other byte stays. An atom that does
    /// not parse is left as it is.
    public static func setNextTrackID(_ id: UInt32, in atom: Atom) {
        guard var header = try? MovieHeader(atom, path: "mvhd") else { return }
        header.nextTrackID = id
        atom.payload = header.atom().payload
    }

    public var durationSeconds: Double { Double(duration) / Double(timescale) }
}
