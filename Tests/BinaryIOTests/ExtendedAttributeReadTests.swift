import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BinaryIO

/// How each answer of the kernel is taken when a file's extended attributes are read for its
/// replacement: no support, or an attribute that vanished or may not be read (outside `user.*`),
/// is nothing to keep; any other failure is an error, since the replacement would lose the
/// attribute.
@Suite("extended attributes: each answer of the kernel")
struct ExtendedAttributeReadTests {
    /// What the fake kernel answers for one attribute: its value, or an errno for the size
    /// query or the read.
    enum Answer { case value([UInt8]), failsQuery(Int32), failsRead(Int32) }

    /// Calls answering a list of `names` (or failing it with `listError`) and each name's `Answer`.
    /// Every call starts with errno set to ERANGE, as a failed earlier call leaves it.
    static func calls(_ answers: [(String, Answer)], listError: Int32? = nil) -> ExtendedAttributeCalls {
        let names: [UInt8] = answers.flatMap { Array($0.0.utf8) + [UInt8(0)] }
        return ExtendedAttributeCalls(list: { _, buffer, size in
            errno = ERANGE
            if let listError { errno = listError; return -1 }
            guard let buffer else { return names.count }
            for (i, b) in names.prefix(size).enumerated() { buffer[i] = CChar(bitPattern: b) }
            return names.count
        }, get: { _, cname, buffer, size in
            errno = ERANGE
            let name = String(cString: cname)
            guard let answer = answers.first(where: { $0.0 == name })?.1 else { errno = ENODATA; return -1 }
            switch answer {
            case .failsQuery(let e): errno = e; return -1
            case .failsRead(let e) where buffer != nil: errno = e; return -1
            case .failsRead: return 4
            case .value(let v):
                guard let buffer else { return v.count }
                buffer.copyMemory(from: v, byteCount: min(size, v.count))
                return v.count
            }
        })
    }

    static func read(_ answers: [(String, Answer)], listError: Int32? = nil) throws -> [String: [UInt8]] {
        let read = try FileMetadata.readExtendedAttributes(path: "/staged", calls: calls(answers, listError: listError))
        return Dictionary(uniqueKeysWithValues: read.map { (String(decoding: $0.name, as: UTF8.self), $0.value) })
    }

    @Test("no support for attributes, or none: an empty list; another failure to list: an error")
    func list() throws {
        #expect(try Self.read([("user.a", .value([1]))], listError: ENOTSUP).isEmpty)
        #expect(try Self.read([("user.a", .value([1]))], listError: EOPNOTSUPP).isEmpty)
        #expect(try Self.read([]).isEmpty)
        let error = #expect(throws: ParseError.self) { try Self.read([("user.a", .value([1]))], listError: EIO) }
        #expect(error?.message.hasPrefix("cannot list extended attributes") == true && error?.errno == Errno(rawValue: EIO))
    }

    @Test("values read as they are, an empty one too; a vanished one skipped, in the query or the read")
    func values() throws {
        let read = try Self.read([("user.a", .value([1, 2, 3])), ("user.empty", .value([])), ("user.gone", .failsQuery(ENODATA)),
                                  ("user.late", .failsRead(ENODATA)), ("security.selinux", .value(Array("ctx".utf8)))])
        #expect(read == ["user.a": [1, 2, 3], "user.empty": [], "security.selinux": Array("ctx".utf8)])
    }

    @Test("an attribute outside user.* that may not be read is skipped; a user.* one, or another failure, is an error naming it",
          arguments: [EPERM, EACCES, ENOTSUP, EOPNOTSUPP])
    func refused(_ e: Int32) throws {
        #expect(try Self.read([("trusted.x", .failsQuery(e)), ("user.a", .value([7]))]) == ["user.a": [7]])
        let error = #expect(throws: ParseError.self) { try Self.read([("user.x", .failsQuery(e))]) }
        #expect(error?.message.hasPrefix("cannot read the extended attribute user.x") == true && error?.errno == Errno(rawValue: e))
        let failed = #expect(throws: ParseError.self) { try Self.read([("trusted.y", .failsRead(EIO))]) }
        #expect(failed?.message.hasPrefix("cannot read the extended attribute trusted.y") == true && failed?.errno == Errno(rawValue: EIO))
    }
}
