import Foundation
import Testing
@testable import livephoto
#if canImport(Glibc)
import Glibc
#endif

/// `batch`'s input reader: read(2) returning 0 is the end of the input whatever errno says
/// (errno is only meaningful after a failed call, and an earlier call may have left EINTR in
/// it); only a read that fails with EINTR is an interruption.
@Suite("batch input: the end of input is the end, whatever errno holds")
struct RequestLinesEndOfInputTests {
    @Test("\"a\\n\" then the end of the pipe, with errno left at EINTR: the line, then .end (twice)")
    func endWithStaleEINTR() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let written = write(fds[1], "a\n", 2)
        close(fds[1])
        try #require(written == 2)
        let lines = RequestLines(fd: fds[0])
        #expect(lines.next() == .line([0x61]))
        errno = EINTR
        #expect(lines.next() == .end)
        errno = EINTR
        #expect(lines.next() == .end, "asked again after the end")
    }
}
