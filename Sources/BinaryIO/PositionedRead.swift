#if canImport(Glibc)
import Glibc
#endif

/// The one positioned read loop: every read of a file at an offset goes through it (`FileSource`,
/// the in-place edits reading back what they overwrite). Fills the buffer from `fd` at `offset`,
/// retrying on EINTR and on short reads, and stops early only at the end of the file.
public enum PositionedRead {
    /// A read that failed: the error number, and how many bytes were read before it.
    public struct Failure: Error {
        public let errno: Errno
        public let bytesRead: Int
    }

    /// One `pread(2)`: the system's, or a test's that fails or reads short on purpose.
    public typealias Call = (_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int

    /// Fills `raw`; returns how many bytes were read (fewer than `raw.count` only at the end of
    /// the file).
    public static func read(into raw: UnsafeMutableRawBufferPointer, from fd: Int32, at offset: UInt64,
                            call: Call = { pread($0, $1, $2, $3) }) throws -> Int {
        guard let base = raw.baseAddress else { return 0 }
        var done = 0
        while done < raw.count {
            let n = call(fd, base + done, raw.count - done, off_t(offset) + off_t(done))
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(errno: Errno.current, bytesRead: done)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// `count` bytes at `offset`, or fewer at the end of the file.
    public static func read(count: Int, from fd: Int32, at offset: UInt64) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = try buffer.withUnsafeMutableBytes { try read(into: $0, from: fd, at: offset) }
        return n == count ? buffer : Array(buffer[..<n])
    }
}
