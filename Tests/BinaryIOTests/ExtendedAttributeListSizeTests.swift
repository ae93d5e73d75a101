import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BinaryIO

/// The list of attribute names takes two calls, its size then its bytes. A size of 0 is an empty
/// list with nothing more to read; any other size is read, one byte included. A read that finds
/// the list emptied since its size was asked gives an empty list, even when errno still holds
/// the ERANGE of the attempt before (a call that succeeds leaves errno as it was).
@Suite("extended attributes: the size of the name list at its edges")
struct ExtendedAttributeListSizeTests {
    enum Answer { case bytes([UInt8]), fail(Int32) }

    /// Calls whose size query answers `size` and whose reads answer `reads` in turn (the last
    /// again once they run out, setting errno to `errnoAfterRead` when given); every value is "blue".
    final class Staged: @unchecked Sendable {
        let size: Int
        var reads: [Answer]
        let errnoAfterRead: Int32?
        var listReads = 0
        let value: [UInt8] = Array("blue".utf8)
        init(size: Int, reads: [Answer], errnoAfterRead: Int32? = nil) { self.size = size; self.reads = reads; self.errnoAfterRead = errnoAfterRead }

        var calls: ExtendedAttributeCalls {
            ExtendedAttributeCalls(list: { _, buffer, size in
                guard let buffer else { return self.size }
                self.listReads += 1
                let answer = self.reads.count > 1 ? self.reads.removeFirst() : self.reads[0]
                switch answer {
                case .fail(let code): errno = code; return -1
                case .bytes(let names):
                    for (i, b) in names.prefix(size).enumerated() { buffer[i] = CChar(bitPattern: b) }
                    if let e = self.errnoAfterRead { errno = e }
                    return min(names.count, size)
                }
            }, get: { _, _, buffer, size in
                guard let buffer else { return self.value.count }
                buffer.copyMemory(from: self.value, byteCount: min(size, self.value.count))
                return self.value.count
            })
        }
    }

    @Test("size 0: an empty list, not read; size 1: the one byte is read as a name")
    func sizeZeroAndOne() throws {
        let empty = Staged(size: 0, reads: [.bytes(Array("user.tag\0".utf8))])
        #expect(try FileMetadata.readExtendedAttributes(path: "/staged", calls: empty.calls) == [])
        #expect(empty.listReads == 0)

        let oneByte = Staged(size: 1, reads: [.bytes(Array("a".utf8))])
        #expect(try FileMetadata.readExtendedAttributes(path: "/staged", calls: oneByte.calls)
                == [FileMetadata.ExtendedAttribute(name: Array("a".utf8), value: Array("blue".utf8))])
        #expect(oneByte.listReads == 1)
    }

    @Test("a list emptied after an ERANGE attempt, errno still ERANGE: an empty list on the second read")
    func emptiedAfterRange() throws {
        let staged = Staged(size: 9, reads: [.fail(ERANGE), .bytes([])], errnoAfterRead: ERANGE)
        #expect(try FileMetadata.readExtendedAttributes(path: "/staged", calls: staged.calls) == [])
        #expect(staged.listReads == 2)
    }
}
