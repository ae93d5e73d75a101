import BinaryIO

/// `tref`: typed references from a track to others (`cdsc`: describes, `cdep`, `chap`, ...),
/// each a box of 32-bit track ids. Read and written from this one definition; bytes after the
/// last whole id of a reference are kept.
public struct TrackReference: Sendable, Equatable {
    public struct Reference: Sendable, Equatable {
        public var type: FourCC
        public var trackIDs: [UInt32]
        public var trailing: [UInt8]
        public init(type: FourCC, trackIDs: [UInt32]) { self.type = type; self.trackIDs = trackIDs; self.trailing = [] }
    }

    public var references: [Reference]

    public init(references: [Reference]) { self.references = references }

    /// Reads a `tref` the tree parser opened (or kept whole: opened here, strictly).
    public init(_ atom: Atom, path: String) throws {
        references = try atom.registeredChildren(parent: nil, path: path, depth: 4).map { box in
            var r = box.payloadReader(path: path + "/\(box.type)")
            var ids: [UInt32] = []
            ids.reserveCapacity(r.remaining / 4)
            while r.remaining >= 4 { ids.append(try r.readUInt32()) }
            var reference = Reference(type: box.type, trackIDs: ids)
            reference.trailing = r.readRest()
            return reference
        }
    }

    /// The `tref` atom.
    public func atom() -> Atom {
        Atom(type: "tref", children: references.map { ref in
            var w = ByteWriter(capacity: 4 * ref.trackIDs.count + ref.trailing.count)
            for id in ref.trackIDs { w.u32(id) }
            w.append(ref.trailing)
            return Atom(type: ref.type, payload: w.bytes)
        })
    }
}
