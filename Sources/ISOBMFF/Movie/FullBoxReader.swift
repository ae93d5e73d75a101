import BinaryIO

extension Atom {
    /// A reader over this leaf's payload, with its absolute file offset when known, for errors.
    public func payloadReader(path: String) -> ByteReader {
        let header = UInt64(8 + (userType == nil ? 0 : 16) + (usedLargeSize ? 8 : 0))
        return ByteReader(payload, baseOffset: (originalOffset ?? 0) + header, path: path)
    }
}

extension ByteReader {
    /// Reads a FullBox version and flags.
    mutating func readVersionFlags() throws -> (version: UInt8, flags: UInt32) {
        let version = try readUInt8()
        let flags = try readUInt24()
        return (version, flags)
    }

    /// Reads a FullBox version and flags, refusing a version newer than `newest` in the words
    /// "iloc version 3 is not 0, 1 or 2" (`known` names the versions read).
    mutating func readVersionFlags(box: String, upTo newest: UInt8, known: String) throws -> (version: UInt8, flags: UInt32) {
        let (version, flags) = try readVersionFlags()
        guard version <= newest else { throw error(.unsupported, "\(box) version \(version) is not \(known)") }
        return (version, flags)
    }

    /// Checks that `count` entries of `entrySize` bytes fit in what is left, before anything is
    /// allocated for them: a count is never trusted beyond the bytes that hold it.
    func requireEntries(_ count: UInt32, size entrySize: Int, what: String) throws {
        let needed = UInt64(count) * UInt64(entrySize)
        guard needed <= UInt64(remaining) else {
            throw error(.tooLarge, "\(what) count \(count) needs \(needed) bytes, only \(remaining) present")
        }
    }
}

/// The fields `mvhd` and `mdhd` both start with: creation and modification time, timescale,
/// duration; 32-bit times and duration in version 0, 64-bit in version 1 (any other version
/// uses the version 0 layout, both ways).
public struct HeaderTimes: Sendable, Equatable {
    /// Seconds since 1904-01-01 00:00 UTC (0 when the writer left it unset).
    public var creationTime: UInt64
    public var modificationTime: UInt64
    public var timescale: UInt32
    public var duration: UInt64
}

/// A box that starts with `HeaderTimes` (`mvhd`, `mdhd`): it stores them once, as `times`, and
/// shows each field under its own name.
public protocol HeaderTimesBox {
    var times: HeaderTimes { get set }
}

extension HeaderTimesBox {
    public var creationTime: UInt64 { get { times.creationTime } set { times.creationTime = newValue } }
    public var modificationTime: UInt64 { get { times.modificationTime } set { times.modificationTime = newValue } }
    public var timescale: UInt32 { get { times.timescale } set { times.timescale = newValue } }
    public var duration: UInt64 { get { times.duration } set { times.duration = newValue } }
}

extension ByteReader {
    mutating func readHeaderTimes(version: UInt8) throws -> HeaderTimes {
        if version == 1 {
            return HeaderTimes(creationTime: try readUInt64(), modificationTime: try readUInt64(), timescale: try readUInt32(), duration: try readUInt64())
        }
        return HeaderTimes(creationTime: UInt64(try readUInt32()), modificationTime: UInt64(try readUInt32()),
                           timescale: try readUInt32(), duration: UInt64(try readUInt32()))
    }
}

extension ByteWriter {
    mutating func headerTimes(_ t: HeaderTimes, version: UInt8) {
        if version == 1 {
            u64(t.creationTime); u64(t.modificationTime); u32(t.timescale); u64(t.duration)
        } else {
            u32(UInt32(truncatingIfNeeded: t.creationTime)); u32(UInt32(truncatingIfNeeded: t.modificationTime))
            u32(t.timescale); u32(UInt32(truncatingIfNeeded: t.duration))
        }
    }
}
