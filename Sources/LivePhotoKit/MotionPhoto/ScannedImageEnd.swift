import BinaryIO
import StillImage
#if canImport(Glibc)
import Glibc
#endif

/// Where a JPEG Motion Photo's primary image ends, as `scan` found it, tied to the exact file
/// it was found in. Finding it walks the whole image (`JPEGImageEnd`); `convert DIR` scans
/// first, so carrying the result into the conversion saves the second walk. The file is
/// named by device, inode, size and change time (ctime moves on any write, and cannot be set
/// back by a user): a file changed since the scan walks again. Even a match is only used when
/// the two bytes before it are the EOI marker.
public struct ScannedImageEnd: Equatable, Sendable {
    let imageEnd: UInt64
    let identity: FileIdentity

    struct FileIdentity: Equatable, Sendable {
        let device: UInt64, inode: UInt64, size: Int64, changeSeconds: Int, changeNanoseconds: Int

        static func of(_ source: FileSource) -> FileIdentity? {
            var st = stat()
            guard source.baseOffset == 0, fstat(source.fileDescriptor, &st) == 0 else { return nil }
            return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                                changeSeconds: st.st_ctim.tv_sec, changeNanoseconds: st.st_ctim.tv_nsec)
        }
    }

    init?(imageEnd: UInt64, source: FileSource) {
        guard let identity = FileIdentity.of(source) else { return nil }
        self.imageEnd = imageEnd
        self.identity = identity
    }

    /// The image end for `source` if this was found in the same, unchanged file; else nil.
    func imageEnd(for source: FileSource, structure: JPEGStructure) throws -> UInt64? {
        guard FileIdentity.of(source) == identity, imageEnd >= structure.scanHeader.endOffset + 2, imageEnd <= source.size,
              try source.read(at: imageEnd - 2, count: 2, path: "JPEG/EOI") == [0xFF, 0xD9] else { return nil }
        return imageEnd
    }
}
