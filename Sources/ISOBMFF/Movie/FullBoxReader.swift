import BinaryIO

extension Atom {
    /// A reader over this leaf's payload, with its absolute file offset when known, for errors.
    func payloadReader(path: String) -> ByteReader {
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

    /// Checks that `count` entries of `entrySize` bytes fit in what is left, before anything is
    /// allocated for them: a count is never trusted beyond the bytes that hold it.
    func requireEntries(_ count: UInt32, size entrySize: Int, what: String) throws {
        let needed = UInt64(count) * UInt64(entrySize)
        guard needed <= UInt64(remaining) else {
            throw error(.tooLarge, "\(what) count \(count) needs \(needed) bytes, only \(remaining) present")
        }
    }
}
