import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BinaryIO

/// An attribute list or value that another process changes between the size query and the read
/// (the read then fails with ERANGE) is read again, up to `ExtendedAttributeCalls.attempts`
/// times; one still changing after that is an error naming it, never a silent empty result.
@Suite("extended attributes that change size while they are read")
struct ExtendedAttributeRetryTests {
    /// Calls that answer the read with ERANGE `growing` times, then hand out the bytes.
    final class Staged: @unchecked Sendable {
        let names: [UInt8] = Array("user.tag\0".utf8)
        let value: [UInt8] = Array("blue".utf8)
        var listGrowing: Int, valueGrowing: Int
        var listReads = 0, valueReads = 0
        init(listGrowing: Int = 0, valueGrowing: Int = 0) { self.listGrowing = listGrowing; self.valueGrowing = valueGrowing }

        var calls: ExtendedAttributeCalls {
            ExtendedAttributeCalls(list: { _, buffer, size in
                guard let buffer else { return self.names.count }
                self.listReads += 1
                if self.listGrowing > 0 { self.listGrowing -= 1; errno = ERANGE; return -1 }
                for (i, b) in self.names.prefix(size).enumerated() { buffer[i] = CChar(bitPattern: b) }
                return self.names.count
            }, get: { _, _, buffer, size in
                guard let buffer else { return self.value.count }
                self.valueReads += 1
                if self.valueGrowing > 0 { self.valueGrowing -= 1; errno = ERANGE; return -1 }
                buffer.copyMemory(from: self.value, byteCount: min(size, self.value.count))
                return self.value.count
            })
        }
    }

    static let attempts = ExtendedAttributeCalls.attempts

    @Test("a value that settles on the last attempt is read; one that never does is an error after every attempt")
    func value() throws {
        let settles = Staged(valueGrowing: Self.attempts - 1)
        let read = try FileMetadata.readExtendedAttributes(path: "/staged", calls: settles.calls)
        #expect(read == [FileMetadata.ExtendedAttribute(name: Array("user.tag".utf8), value: Array("blue".utf8))])
        #expect(settles.valueReads == Self.attempts)

        let never = Staged(valueGrowing: Self.attempts)
        let error = #expect(throws: ParseError.self) { try FileMetadata.readExtendedAttributes(path: "/staged", calls: never.calls) }
        #expect(error?.message == "the extended attribute user.tag keeps changing size", "\(String(describing: error))")
        #expect(never.valueReads == Self.attempts)
    }

    @Test("a list that settles on the last attempt is read; one that never does is an error, not an empty list")
    func list() throws {
        let settles = Staged(listGrowing: Self.attempts - 1)
        #expect(try FileMetadata.readExtendedAttributes(path: "/staged", calls: settles.calls).map(\.name) == [Array("user.tag".utf8)])
        #expect(settles.listReads == Self.attempts)

        let never = Staged(listGrowing: Self.attempts)
        let error = #expect(throws: ParseError.self) { try FileMetadata.readExtendedAttributes(path: "/staged", calls: never.calls) }
        #expect(error?.message == "the list of extended attributes keeps changing size", "\(String(describing: error))")
        #expect(never.listReads == Self.attempts && never.valueReads == 0)
    }
}
