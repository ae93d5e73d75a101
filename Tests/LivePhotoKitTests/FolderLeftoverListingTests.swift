import Foundation
import Testing
@testable import LivePhotoKit

/// `scan`'s shortcut over a folder run: one listing per folder settles that no file has
/// leftovers when the folder lists no hidden `….livephoto-…` name and none of the files as a
/// link. Anything else (a leftover's name, one of the files a link, a folder that cannot be
/// listed) sends the run to the file-by-file lookup.
@Suite("scan: one listing per folder settles that no file has leftovers")
struct FolderLeftoverListingTests {
    static func files(_ paths: [String]) -> [ScannedFile] {
        paths.map { ScannedFile(path: $0, role: .still, format: .jpeg, identifier: nil, stillImageTimeTracks: 0, error: nil) }
    }

    @Test func cleanFoldersAreSettledByTheirListing() throws {
        let dir = try TempDir()
        let a = try dir.write("IMG_0001.JPG", [1]), b = try dir.write("IMG_0002.MOV", [2])
        try FileManager.default.createDirectory(atPath: dir.path("sub"), withIntermediateDirectories: true)
        let c = try dir.write("sub/IMG_0003.JPG", [3])
        #expect(FolderLeftoverSigns.noneBeside(Self.files([a, b, c])))
        #expect(FolderLeftoverSigns.noneBeside([]))
        // A link in the folder that is none of the files: still settled.
        try FileManager.default.createSymbolicLink(atPath: dir.path("other.JPG"), withDestinationPath: a)
        #expect(FolderLeftoverSigns.noneBeside(Self.files([a, b, c])))
    }

    @Test func aLeftoverNameALinkedFileOrAnUnlistableFolderIsNotSettled() throws {
        let dir = try TempDir()
        let a = try dir.write("IMG_0001.JPG", [1])
        try FileManager.default.createDirectory(atPath: dir.path("sub"), withIntermediateDirectories: true)
        let c = try dir.write("sub/IMG_0003.JPG", [3])
        #expect(FolderLeftoverSigns.noneBeside(Self.files([a, c])))

        let leftover = try dir.write("sub/.IMG_0003.JPG.livephoto-AbC123", [0])
        #expect(!FolderLeftoverSigns.noneBeside(Self.files([a, c])), "a leftover's name in the second folder")
        try FileManager.default.removeItem(atPath: leftover)

        let link = dir.path("IMG_0004.JPG")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: c)
        #expect(!FolderLeftoverSigns.noneBeside(Self.files([a, link])), "one of the files is a link")

        #expect(!FolderLeftoverSigns.noneBeside(Self.files([a, dir.path("gone/IMG_0005.JPG")])), "a folder that cannot be listed")
    }
}
