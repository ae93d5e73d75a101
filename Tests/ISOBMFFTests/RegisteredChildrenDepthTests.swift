import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// `Atom.registeredChildren(parent:path:depth:)` parses a leaf container's children one level
/// below the depth its caller gives: a box read at `maximumDepth - 2` has children at
/// `maximumDepth - 1`, the deepest allowed; one level deeper is refused as too deep.
@Suite("registered children: parsed one level below the caller's depth")
struct RegisteredChildrenDepthTests {
    static let iref = Atom(type: "iref", payload: [0, 0, 0, 0] + Support.box("dimg", [0, 1, 0, 1, 0, 2]))

    @Test("an iref read at maximumDepth - 2: its reference box is parsed")
    func childrenAtTheDeepestLevel() throws {
        let children = try Self.iref.registeredChildren(parent: "meta", path: "meta/iref", depth: AtomParser.maximumDepth - 2)
        #expect(children.map(\.type) == ["dimg"])
        #expect(children.first?.payload == [0, 1, 0, 1, 0, 2])
    }

    @Test("an iref read at maximumDepth - 1: its children would be too deep")
    func childrenPastTheDeepestLevel() {
        let error = #expect(throws: ParseError.self) {
            _ = try Self.iref.registeredChildren(parent: "meta", path: "meta/iref", depth: AtomParser.maximumDepth - 1)
        }
        #expect(error?.kind == .tooDeep)
    }
}
