import Foundation
import Testing
import TestSupport
@testable import LivePhotoKit

/// `--files-from` reads its list to the end, retrying a read a signal interrupted; any other
/// read error ends the read with the reason. A folder given as the list opens, but reading it
/// fails (EISDIR): that is reported, never retried. Read under a deadline
/// (`WorkerPoolEndTests.finishes`), so a read retried forever fails the test instead of hanging it.
@Suite("file lists: a list that cannot be read is an error with the reason")
struct FileListReadErrorTests {
    @Test("a folder given as the list: an unreadable error, 'is a directory', at once")
    func folderAsList() throws {
        let dir = try TempDir()
        let path = dir.url.path
        let outcome = WorkerPoolEndTests.Box<Result<FileList, LivePhotoError>?>(nil)
        let ended = WorkerPoolEndTests.finishes(within: 20) {
            let result = Result { try FileList.read(from: path, separator: .newline) }.mapError { $0 as? LivePhotoError ?? LivePhotoError(path: "", reason: "\($0)", category: .unreadable) }
            outcome.update { $0 = result }
        }
        #expect(ended, "the read of a folder did not end")
        guard ended, case .failure(let error)? = outcome.value else {
            Issue.record("no error: \(String(describing: outcome.value))")
            return
        }
        #expect(error.path == path)
        #expect(error.reason == "is a directory")
        #expect(error.category == .unreadable)
    }

    @Test("a list file is read whole")
    func listFileRead() throws {
        let dir = try TempDir()
        let list = try dir.write("list.txt", Array("/d/IMG_1.JPG\n/d/IMG_1.MOV\n".utf8))
        let read = try FileList.read(from: list, separator: .newline)
        #expect(FileListTests.paths(read) == ["/d/IMG_1.JPG", "/d/IMG_1.MOV"])
    }
}
