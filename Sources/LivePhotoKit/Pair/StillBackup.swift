import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the still's original reachable while a pair is committed, so that the still (which
/// is committed first) can be put back if the movie then fails. Usually a second hard link
/// named like a temporary file (`.NAME.livephoto-XXXXXX`), so nothing is copied, the original
/// inode (owner, mode, attributes) comes back as it was, and a run killed before removing it
/// leaves only a temporary that the next run cleans up. Where the file system has no hard
/// links, a copy prepared beside the target. When the target did not exist (a new output
/// file), putting it back means removing the new file.
final class StillBackup {
    private enum Kind { case link(String), copy(AtomicFileWriter), absent }
    private let target: String
    private var kind: Kind
    private var done = false

    /// - Parameter link: makes the second name (`link(2)`; tests stand in a file system without hard links).
    init(of target: String, link: (String, String) -> Int32 = FileSystemCalls.link) throws {
        self.target = target
        var st = stat()
        guard FileSystemCalls.lstat(target, &st) == 0 else { kind = .absent; return }
        let prefix = PathComponents.appending("." + PathComponents.lastComponent(target) + ".livephoto-", to: PathComponents.directory(of: target))
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        for _ in 0..<16 {
            let name = prefix + String((0..<6).map { _ in letters.randomElement()! })   // `letters` is a non-empty literal
            if link(target, name) == 0 { kind = .link(name); return }
            if errno != EEXIST { break }
        }
        let writer = try AtomicFileWriter(targetPath: target)
        do {
            let source = try FileSource(path: target)
            try writer.copy(from: source, offset: 0, count: source.size)
            try writer.sync()
        } catch {
            writer.discard()
            throw error
        }
        kind = .copy(writer)
    }

    deinit { remove() }

    /// Puts the original back in place of whatever the target holds now.
    func restore() {
        guard !done else { return }
        done = true
        switch kind {
        case .link(let name):
            if FileSystemCalls.rename(name, target) != 0 { FileSystemCalls.unlink(name) }
            AtomicFileWriter.syncDirectory(of: target)
        case .copy(let writer):
            try? writer.commit()
        case .absent:
            FileSystemCalls.unlink(target)
            AtomicFileWriter.syncDirectory(of: target)
        }
    }

    /// Drops the backup: the commit succeeded.
    func remove() {
        guard !done else { return }
        done = true
        switch kind {
        case .link(let name): FileSystemCalls.unlink(name)
        case .copy(let writer): writer.discard()
        case .absent: break
        }
    }
}
