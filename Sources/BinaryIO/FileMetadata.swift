import CFileCopy
#if canImport(Glibc)
import Glibc
#endif

/// What the file system keeps beside a file's bytes: owner, group, permission bits, extended
/// attributes and times. A file replaced through a temporary file is a new inode, so all of it
/// has to be carried over explicitly, or root pairing another user's files would leave them
/// owned by root, without their `user.*` tags, and with a new modification time.
public struct FileMetadata: Sendable {
    public var owner: uid_t
    public var group: gid_t
    /// Permission bits, including set-id and sticky bits (`st_mode & 0o7777`).
    public var mode: mode_t
    public var accessTime: timespec
    public var modificationTime: timespec
    public var extendedAttributes: [ExtendedAttribute]

    /// One extended attribute: its name as the kernel gave it (bytes) and its value.
    public struct ExtendedAttribute: Equatable, Sendable {
        public var name: [UInt8]
        public var value: [UInt8]
        public init(name: [UInt8], value: [UInt8]) { self.name = name; self.value = value }
        public var printableName: String { PathText.escaped(name) }

        /// `user.*` attributes are the user's data: failing to copy one is an error. The other
        /// namespaces (`security.*`, `system.posix_acl_*`, `trusted.*`) are copied where the
        /// kernel and file system allow it and skipped where they do not (EPERM, ENOTSUP).
        public var mustBeKept: Bool { name.starts(with: Array("user.".utf8)) }
    }

    /// Reads the metadata of `path`, following symbolic links (we edit link targets);
    /// `extendedAttributes: false` skips the attributes (for times alone).
    public static func read(path: String, extendedAttributes: Bool = true) throws -> FileMetadata {
        var st = stat()
        guard FileSystemCalls.stat(path, &st) == 0 else { throw ParseError.system(Errno.current) }
        return FileMetadata(owner: st.st_uid, group: st.st_gid, mode: st.st_mode & 0o7777,
                            accessTime: st.st_atim, modificationTime: st.st_mtim,
                            extendedAttributes: extendedAttributes ? try readExtendedAttributes(path: path) : [])
    }

    /// Gives the open file `fd` this owner, group, extended attributes and mode, in the order
    /// that keeps each: `fchown` first (it clears set-id bits and file capabilities), then
    /// the attributes (an ACL also sets the group bits), then `fchmod`. The owner is set only
    /// where the kernel allows it (as root, or a group the caller belongs to), like `cp -p`.
    public func applyOwnershipAttributesAndMode(to fd: Int32) throws {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ParseError.system(Errno.current, "cannot read the new file's attributes") }
        if st.st_uid != owner || st.st_gid != group {
            if fchown(fd, owner, group) != 0 {
                // Not root: at least keep the group when the caller belongs to it.
                _ = fchown(fd, uid_t.max, group)
            }
        }
        for attribute in extendedAttributes {
            let result = attribute.name.withCString { name in
                attribute.value.withUnsafeBytes { fsetxattr(fd, name, $0.baseAddress, $0.count, 0) }
            }
            if result != 0 {
                let e = errno
                if attribute.mustBeKept || !(e == EPERM || e == EACCES || e == ENOTSUP || e == EOPNOTSUPP || e == EINVAL) {
                    throw ParseError.system(Errno(rawValue: e), "cannot keep the extended attribute \(attribute.printableName)")
                }
            }
        }
        // As before this type existed, best effort: FAT and exFAT (camera cards) refuse chmod
        // and store no permission bits to lose.
        _ = fchmod(fd, mode)
    }

    /// Sets the access and modification times of `path` (following links) to these.
    public func applyTimes(toPath path: String) throws {
        let times = [accessTime, modificationTime]
        guard FileSystemCalls.utimensat(path, times, 0) == 0 else {
            throw ParseError.system(Errno.current, "cannot keep the modification time")
        }
    }

    /// Every extended attribute of `path`, in the kernel's order. Sizes come from the kernel
    /// (at most 64 KB per list and per value on Linux); a list that grows between the two
    /// calls is read again, and one that keeps growing is an error (never an empty list: the
    /// replacement would lose the attributes).
    static func readExtendedAttributes(path: String, calls: ExtendedAttributeCalls = .system) throws -> [ExtendedAttribute] {
        var names: [UInt8]? = nil
        for _ in 0..<ExtendedAttributeCalls.attempts {
            let size = calls.list(path, nil, 0)
            if size < 0 {
                if errno == ENOTSUP || errno == EOPNOTSUPP { return [] }
                throw ParseError.system(Errno.current, "cannot list extended attributes")
            }
            if size == 0 { return [] }
            var buffer = [UInt8](repeating: 0, count: size)
            // `buffer` holds `size` > 0 bytes, so its base address exists.
            let n = buffer.withUnsafeMutableBytes { calls.list(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), size) }
            if n < 0 && errno == ERANGE { continue }
            guard n >= 0 else { throw ParseError.system(Errno.current, "cannot list extended attributes") }
            names = Array(buffer[0..<n])
            break
        }
        guard let names else { throw ParseError(.io, "the list of extended attributes keeps changing size") }
        var attributes: [ExtendedAttribute] = []
        for name in names.split(separator: 0, omittingEmptySubsequences: true).map(Array.init) {
            if let value = try readExtendedAttribute(path: path, name: name, calls: calls) {
                attributes.append(ExtendedAttribute(name: name, value: value))
            }
        }
        return attributes
    }

    /// One attribute's value; nil when it vanished or may not be read (a privileged namespace).
    static func readExtendedAttribute(path: String, name: [UInt8], calls: ExtendedAttributeCalls = .system) throws -> [UInt8]? {
        for _ in 0..<ExtendedAttributeCalls.attempts {
            let size = name.withCString { calls.get(path, $0, nil, 0) }
            if size < 0 {
                let e = errno
                if e == ENODATA { return nil }
                if (e == EPERM || e == EACCES || e == ENOTSUP || e == EOPNOTSUPP), !name.starts(with: Array("user.".utf8)) { return nil }
                throw ParseError.system(Errno(rawValue: e), "cannot read the extended attribute \(PathText.escaped(name))")
            }
            var value = [UInt8](repeating: 0, count: size)
            let n = name.withCString { cname in value.withUnsafeMutableBytes { calls.get(path, cname, $0.baseAddress, size) } }
            if n < 0 && errno == ERANGE { continue }
            if n < 0 && errno == ENODATA { return nil }
            guard n >= 0 else { throw ParseError.system(Errno.current, "cannot read the extended attribute \(PathText.escaped(name))") }
            return Array(value[0..<n])
        }
        throw ParseError(.io, "the extended attribute \(PathText.escaped(name)) keeps changing size")
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with these bytes as a NUL-terminated C string.
    func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        // Never empty (the NUL is appended), so the base address exists.
        try (self + [0]).withUnsafeBufferPointer { try $0.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) } }
    }
}
