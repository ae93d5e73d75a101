import Foundation
import Testing
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// An in-place edit run with stdin closed is handed descriptor 0 for its file: 0 is a file
/// like any other, so `close()` closes it (else every such edit would leak its file and keep it
/// open past the commit). Descriptor 0 is made the lowest free one, so it is not left to chance.
@Suite("InPlaceFileEdit: descriptor 0 is closed like any other")
struct InPlaceFileEditDescriptorZeroTests {
    @Test("with stdin closed, the edit's file opened as descriptor 0 is written and then closed")
    func closesDescriptorZero() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("movie.mov").path
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: path))

        let saved = dup(0)
        try #require(saved >= 0)
        defer { close(saved) }
        close(0)
        let edit = try InPlaceFileEdit(path: path, originalSize: 4)
        let gotZero = edit.descriptor == 0
        try edit.write([9], at: 1)
        edit.close()
        // Whether 0 was free after close(), then stdin back in its place. (Another test's file
        // that took 0 first is left alone: then this run says nothing about descriptor 0.)
        let closedZero = gotZero && fcntl(0, F_GETFD) == -1
        if gotZero || fcntl(0, F_GETFD) == -1 { dup2(saved, 0) }

        if gotZero { #expect(closedZero, "descriptor 0 left open after close()") }
        #expect(edit.descriptor == -1)
        #expect(try Support.bytes(path) == [1, 9, 3, 4])
    }
}
