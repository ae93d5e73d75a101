import Foundation
import Testing
import PropertyBased
import BinaryIO
import TestSupport
@testable import LivePhotoKit

/// `--files-from`: a list of files gives the findings of scanning those files in their folders.
@Suite("file lists: the files named, taken as the walk takes them")
struct FileListTests {
    static func paths(_ list: FileList) -> [String] {
        list.folders.flatMap { folder in folder.entries.map { PathComponents.appending($0.name, to: folder.path) } }
    }

    @Test("a NUL-separated list keeps a name holding a newline; a newline list splits it")
    func separators() {
        let nul = Array("a\nb.jpg\u{0}c.MOV\u{0}\u{0}".utf8)
        #expect(Self.paths(FileList(parsing: nul, separator: .nul, currentDirectory: "/d")) == ["/d/a\nb.jpg", "/d/c.MOV"])
        // Split at the newline: `a` is no still or movie, `b.jpg` is.
        let lines = Array("a\nb.jpg\nc.MOV\n".utf8)
        #expect(Self.paths(FileList(parsing: lines, separator: .newline, currentDirectory: "/d")) == ["/d/b.jpg", "/d/c.MOV"])
    }

    @Test("relative, ./ and ../ entries are made absolute; a file listed twice is listed once, grouped by folder in order")
    func absoluteAndOnce() {
        let text = "x/IMG_2.MOV\n/lib/x/./IMG_1.jpg\n../lib/x/IMG_1.jpg\ny/../x/IMG_2.MOV\n/lib/a.heic\n\n"
        let list = FileList(parsing: Array(text.utf8), separator: .newline, currentDirectory: "/lib")
        #expect(list.folders.map(\.path) == ["/lib", "/lib/x"])
        #expect(Self.paths(list) == ["/lib/a.heic", "/lib/x/IMG_1.jpg", "/lib/x/IMG_2.MOV"])
        #expect(list.folders.flatMap(\.entries).map(\.role) == [.still, .still, .movie])
        #expect(list.count == 3)
    }

    @Test("hidden names and names that are neither stills nor movies are passed over, as a walk passes them over")
    func passedOver() {
        let text = "/d/.IMG_1.mov.livephoto-AbC123\n/d/notes.txt\n/d/sub\n/d/.hidden.jpg\n/d/IMG_1.mp\n/d/.folder/IMG_3.jpg\n"
        let list = FileList(parsing: Array(text.utf8), separator: .newline, currentDirectory: "/")
        // A file inside a hidden folder is named by the list itself: it is taken.
        #expect(Self.paths(list) == ["/d/IMG_1.mp", "/d/.folder/IMG_3.jpg"])
    }

    @Test("a name that is not valid UTF-8 keeps its exact bytes")
    func exactBytes() {
        let name = Array("/d/IMG_".utf8) + [0xE9, 0xFF] + Array(".jpg".utf8)
        let list = FileList(parsing: name + [0x0A], separator: .newline, currentDirectory: "/")
        #expect(Self.paths(list).map(PathText.bytes(of:)) == [name])
    }

    @Test("a listed still or movie that is missing, a directory or a special file is an unreadable finding with the reason")
    func badEntries() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.jpg"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.appendingPathComponent("pipe.mov").path, 0o644) == 0)
        let names = ["missing.jpg", "folder.jpg", "pipe.mov"]
        let list = FileList(parsing: Array(names.joined(separator: "\n").utf8), separator: .newline, currentDirectory: dir.path)
        let scan = LibraryScanner.scan(.files(list), jobs: 2)
        let reasons = Dictionary(uniqueKeysWithValues: scan.findings.map { (($0.still ?? $0.movie).map(PathComponents.lastComponent) ?? "", $0.detail ?? "") })
        #expect(scan.findings.allSatisfy { $0.finding == .unreadable })
        #expect(reasons == ["missing.jpg": "no such file or directory", "folder.jpg": "is a directory", "pipe.mov": "not a regular file"])
        #expect(scan.filesRead == 3 && scan.unreadableFolders.isEmpty)
    }

    /// Every file below `root` (hidden ones and other files too, as `find -type f` lists them).
    static func everyFile(below root: URL) -> [String] {
        let walk = FileManager.default.enumerator(atPath: root.path)
        return (walk?.allObjects as? [String] ?? []).filter { !FileSystemCalls.isDirectory(root.appendingPathComponent($0).path) }
    }

    @Test("any part of a library, listed in any order, some files twice, some relative: the findings of scanning its folder")
    func sameAsTheFolderScan() async throws {
        let library = try LibraryTests.Library()
        defer { library.cleanup() }
        let files = Self.everyFile(below: library.root)
        #expect(files.count >= 16)
        await propertyCheck(count: 12, input: Gen.int(in: 0...Int.max)) { seed in await Support.failingOnThrow {
            var rng = SplitMix64(seed: UInt64(seed))
            let part = try Support.tempDir()
            defer { try? FileManager.default.removeItem(at: part) }
            // A random part of the library (seed 0: all of it), copied with its folders.
            let chosen = files.filter { _ in seed == 0 || rng.next() % 3 != 0 }
            for name in chosen {
                let target = part.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: library.file(name), toPath: target.path)
            }
            var listed = chosen.map { rng.next() % 2 == 0 ? part.path + "/" + $0 : "./" + $0 }
            listed += listed.filter { _ in rng.next() % 4 == 0 }
            for i in listed.indices.reversed() where i > 0 { listed.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
            let list = FileList(parsing: Array(listed.joined(separator: "\n").utf8), separator: .newline, currentDirectory: part.path)
            let fromList = LibraryScanner.scan(.files(list), jobs: 2)
            let walked = LibraryScanner.scan([part.path], jobs: 2)
            #expect(fromList.findings == walked.findings)
            #expect(fromList.filesRead == walked.filesRead)
            #expect(fromList.files == walked.files)
        } }
    }
}
