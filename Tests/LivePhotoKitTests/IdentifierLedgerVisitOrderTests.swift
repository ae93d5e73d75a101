import Testing
@testable import LivePhotoKit

/// The ledger visits identifiers in ascending key order (the UUID's 16 bytes, then texts), each
/// identifier's keys together; so the files that waited alone leave a streaming scan in that
/// order, whatever order their folders were read in: the same library gives its parts in the
/// same order on every run and every file system.
@Suite("identifier ledger: identifiers visited in ascending key order")
struct IdentifierLedgerVisitOrderTests {
    static func id(_ n: Int) -> String { "00000000-0000-0000-0000-00000000000\(n)" }

    static func lone(_ folder: Int, _ n: Int) -> ScannedFile {
        ScannedFile(path: "/lib/\(folder)/IMG_1.JPG", role: .still, format: .jpeg, identifier: id(n), stillImageTimeTracks: 0, error: nil)
    }

    @Test("keys noted 3, 1, 2 (with a second copy of 1): visited 1, 2, 3, the copies of 1 together")
    func visitedAscending() {
        var ledger = IdentifierLedger()
        ledger.note([Self.lone(0, 3), Self.lone(1, 1), Self.lone(2, 2), Self.lone(3, 1)]) { _ in .deferred }
        var visited: [(String, [Int])] = []
        ledger.forEachIdentifier { id, members in visited.append((ledger.identifier(id), members.sorted())) }
        #expect(visited.map(\.0) == [Self.id(1), Self.id(2), Self.id(3)])
        #expect(visited.map(\.1) == [[1, 3], [2], [0]])
    }

    @Test("three lone stills in three folders, read in folder order, window 1: handed in identifier order")
    func loneFilesHandedInIdentifierOrder() {
        let files = [Self.lone(0, 3), Self.lone(1, 1), Self.lone(2, 2)]
        let (parts, heldMost) = StreamingKeysTests.streamed(files, window: 1)
        #expect(heldMost == 0)
        #expect(parts.map { $0.files.map(\.path) } == [["/lib/1/IMG_1.JPG"], ["/lib/2/IMG_1.JPG"], ["/lib/0/IMG_1.JPG"]])
        #expect(parts.flatMap(\.findings).map(\.finding) == [.stillWithoutMovie, .stillWithoutMovie, .stillWithoutMovie])
    }
}
