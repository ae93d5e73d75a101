import BinaryIO

/// What the movie readers (`Track`, the sample tables, the headers) need of a box: its type,
/// where it was read, its children and its bytes. Two kinds are read the same way, by the same
/// code: `Atom`, the editable tree a writer changes, and `BoxSpan`, a view over the `moov`
/// bytes that a scan reads without building the tree.
public protocol BoxNode {
    var type: FourCC { get }
    /// Where the box was read from (absolute file offset); nil for boxes made here.
    var originalOffset: UInt64? { get }
    var isContainer: Bool { get }
    /// Children of a container in stored order (a QuickTime zero terminator included); nil for a leaf.
    var children: [Self]? { get }
    /// The first child of `type`.
    func child(_ type: FourCC) -> Self?
    /// A reader over the payload (a container's: its fixed fields and children).
    func payloadReader(path: String) -> ByteReader
    /// A reader over a container's fixed fields (its prefix); a leaf's payload.
    func fixedFieldsReader(path: String) -> ByteReader
    /// How many fixed-field bytes come before a container's children (0 for a leaf).
    var prefixLength: Int { get }
    /// The box as an editable `Atom` (itself, for an atom), for readers written over atoms.
    func atom() throws -> Atom
}

extension BoxNode {
    /// Follows a path of types, first match at each step: `node.find("mdia", "minf", "stbl")`.
    public func find(_ path: FourCC...) -> Self? {
        var node: Self? = self
        for t in path { node = node?.child(t) }
        return node
    }

    /// The children of `type`, in stored order.
    public func children(_ type: FourCC) -> [Self] { children?.filter { $0.type == type } ?? [] }
}

extension Atom: BoxNode {
    public var prefixLength: Int { prefix.count }
    public func atom() -> Atom { self }
}
