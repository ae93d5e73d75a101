import Testing
@testable import LivePhotoKit

/// Two rules of `LibraryMatcher` about copies of one identifier: a lone file says whether files
/// of the OTHER kind carry its identifier (a still paired by name with a movie without an
/// identifier does not make a lone still's movie "paired with another copy"); and findings
/// naming the same first file are ordered by the step that makes them (the file's pair before
/// the identifier's copies), not by the order they were put in, so a streaming scan, which
/// names the copies first, gives what matching every file at once gives.
@Suite("library matching: a lone copy's detail looks at the other kind; one file's findings in step order")
struct LibraryMatcherCopyDetailAndStepOrderTests {
    @Test("a copy of a still paired by name, alone in another folder: its detail says no movie carries the identifier")
    func loneStillCopyLooksAtMovies() throws {
        let files = [LibraryMatcherEdgeTests.file("/l/IMG_1.JPG", .still, id: "ID-A"), LibraryMatcherEdgeTests.file("/l/IMG_1.MOV", .movie, id: nil),
                     LibraryMatcherEdgeTests.file("/m/X.JPG", .still, id: "ID-A")]
        let findings = LibraryMatcher.match(files)
        let byName = try #require(findings.first { $0.still == "/l/IMG_1.JPG" && $0.finding == .candidate }, "\(findings)")
        #expect(byName.matchedBy == .name)
        let lone = try #require(findings.first { $0.still == "/m/X.JPG" }, "\(findings)")
        #expect(lone.finding == .stillWithoutMovie)
        #expect(lone.detail == "no movie carries ID-A")
    }

    @Test("the mirror: a copy of a movie paired by name, alone elsewhere: no still carries the identifier")
    func loneMovieCopyLooksAtStills() throws {
        let files = [LibraryMatcherEdgeTests.file("/l/IMG_1.JPG", .still, id: nil), LibraryMatcherEdgeTests.file("/l/IMG_1.MOV", .movie, id: "ID-B"),
                     LibraryMatcherEdgeTests.file("/m/Y.MOV", .movie, id: "ID-B")]
        let lone = try #require(LibraryMatcher.match(files).first { $0.movie == "/m/Y.MOV" })
        #expect(lone.finding == .movieWithoutStill && lone.detail == "no still carries ID-B")
    }

    @Test("findings of one first file given copies first, then its lone finding, then its pair: sorted to pair, copies, lone")
    func sameFirstFileInStepOrder() {
        let path = "/a/IMG_1.JPG"
        let copies = LibraryMatcher.duplicate("X", stills: [path, "/b/IMG_1.JPG"], movies: ["/a/IMG_1.MOV"])
        let lone = LibraryFinding(finding: .stillWithoutMovie, still: path, identifier: "X", stillIdentifier: "X", detail: "no movie carries X")
        let paired = LibraryFinding(finding: .paired, still: path, movie: "/a/IMG_1.MOV", identifier: "X", stillIdentifier: "X", movieIdentifier: "X")
        let earlier = LibraryFinding(finding: .stillWithoutMovie, still: "/a/IMG_0.JPG", identifier: "W", stillIdentifier: "W", detail: "no movie carries W")
        let sorted = LibraryMatcher.sortedByFirstFile([copies, lone, paired, earlier])
        #expect(sorted.map(\.finding) == [.stillWithoutMovie, .paired, .duplicateIdentifier, .stillWithoutMovie])
        #expect(sorted.map { $0.still ?? $0.copies?.first } == ["/a/IMG_0.JPG", path, path, path])
    }

    /// Folder /a waits whole (IMG_2's still and movie carry different identifiers); /b holds a
    /// copy of /a/IMG_1's still. At the end the copies are handed before the held folder, whose
    /// findings hold /a/IMG_1's pair: the sort must put the pair first, as a whole match does.
    @Test("a streamed scan naming the copies before the held folder's pair: the pair comes first, as matching every file at once")
    func streamedCopiesAfterPair() {
        let files = [LibraryMatcherEdgeTests.file("/a/IMG_1.JPG", .still, id: "X"), LibraryMatcherEdgeTests.file("/a/IMG_1.MOV", .movie, id: "X"),
                     LibraryMatcherEdgeTests.file("/a/IMG_2.JPG", .still, id: "Y"), LibraryMatcherEdgeTests.file("/a/IMG_2.MOV", .movie, id: "Z"),
                     LibraryMatcherEdgeTests.file("/b/IMG_1.JPG", .still, id: "X")]
        let whole = LibraryMatcher.match(files)
        #expect(whole.prefix(2).map(\.finding) == [.paired, .duplicateIdentifier])
        let (parts, _) = StreamingKeysTests.streamed(files, window: 8)
        #expect(parts.first?.findings.map(\.finding) == [.duplicateIdentifier], "the copies are handed first: \(parts.map { $0.findings.map(\.finding) })")
        #expect(LibraryMatcher.sortedByFirstFile(parts.flatMap(\.findings)) == whole)
    }
}
