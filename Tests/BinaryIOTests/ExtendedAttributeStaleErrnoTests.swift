import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BinaryIO

/// A call that succeeds leaves errno as it was, so errno is read only after a call that failed:
/// an empty value read after an attribute that vanished (errno ENODATA left behind) is a value,
/// and is kept.
@Suite("extended attributes: errno left by an earlier call is not read as a failure")
struct ExtendedAttributeStaleErrnoTests {
    /// Lists "user.gone" then "user.empty": the first fails with ENODATA (it vanished), the
    /// second has an empty value and succeeds without touching errno.
    static var calls: ExtendedAttributeCalls {
        let names: [UInt8] = Array("user.gone".utf8) + [0] + Array("user.empty".utf8) + [0]
        return ExtendedAttributeCalls(list: { _, buffer, size in
            guard let buffer else { return names.count }
            for (i, b) in names.prefix(size).enumerated() { buffer[i] = CChar(bitPattern: b) }
            return names.count
        }, get: { _, cname, _, _ in
            if String(cString: cname) == "user.gone" { errno = ENODATA; return -1 }
            return 0
        })
    }

    @Test("an empty value read after a vanished attribute is kept, empty")
    func emptyValueAfterVanished() throws {
        let read = try FileMetadata.readExtendedAttributes(path: "/staged", calls: Self.calls)
        #expect(read == [FileMetadata.ExtendedAttribute(name: Array("user.empty".utf8), value: [])])
    }

    @Test("the empty value alone, with ENODATA already in errno: kept")
    func emptyValueWithStaleErrno() throws {
        errno = ENODATA
        let value = try FileMetadata.readExtendedAttribute(path: "/staged", name: Array("user.empty".utf8), calls: Self.calls)
        #expect(value == [])
    }
}
