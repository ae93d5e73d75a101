import Foundation
import Testing
import TestSupport
import BinaryIO
@testable import LivePhotoKit

/// A folder's listing leaves the walk in path order, whatever order `readdir` gave: all-ASCII
/// names by their bytes, a folder holding any other name by the names' text. The matcher and
/// the progress of a scan take the files in that order.
@Suite("folder walk: a folder of non-ASCII names is listed in path order")
struct DirectoryWalkerNonASCIIOrderTests {
    @Test("names with an é, created in reverse: listed a, b, c")
    func nonASCIINamesAscending() throws {
        let dir = try TempDir()
        let names = ["a\u{E9}.jpg", "b\u{E9}.mov", "c\u{E9}.JPG"]
        for name in names.reversed() { try dir.write(name, [0xFF, 0xD8]) }
        var listings: [DirectoryWalker.FolderListing] = []
        let walker = DirectoryWalker.walk([dir.url.path]) { listings.append($0) }
        #expect(walker.unreadableFolders.isEmpty)
        #expect(listings.count == 1)
        #expect(listings.first?.files.map { PathComponents.lastComponent($0.path) } == names)
        #expect(listings.first?.files.map(\.role) == [.still, .movie, .still])
    }
}
