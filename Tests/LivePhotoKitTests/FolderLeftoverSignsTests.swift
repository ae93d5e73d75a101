import Foundation
import Testing
import PropertyBased
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif
@testable import LivePhotoKit

/// What one directory entry tells `scan`'s leftover check: a hidden `….livephoto-…` name is a
/// killed `pair`'s leftover whatever its type; a link, or an entry whose type the file system
/// does not say (`DT_UNKNOWN`), may be a link whose target has leftovers beside it, so it is
/// looked up; anything else says nothing. A file system without `d_type` (some NFS, XFS
/// without ftype) reports every entry as `DT_UNKNOWN`: were those read as regular files, a
/// linked movie's interrupted edit would go unreported. No file system here gives one, so the
/// rule is checked on the entry's type itself.
@Suite("scan: what a directory entry says about leftovers")
struct FolderLeftoverSignsTests {
    static func sign(_ type: Int, _ name: String) -> FolderLeftoverSigns.EntrySign {
        FolderLeftoverSigns.sign(type: UInt8(type), name: Array(name.utf8))
    }

    @Test("links and entries of unknown type may be links; regular files, folders and others say nothing")
    func types() {
        #expect(Self.sign(DT_LNK, "IMG_1.MOV") == .maybeLink)
        #expect(Self.sign(DT_UNKNOWN, "IMG_1.MOV") == .maybeLink)
        for type in [DT_REG, DT_DIR, DT_FIFO, DT_SOCK, DT_CHR, DT_BLK] {
            #expect(Self.sign(type, "IMG_1.MOV") == .nothing, "type \(type)")
        }
    }

    @Test("a hidden leftover name is a leftover whatever its type; other hidden names say nothing")
    func hiddenNames() {
        for type in [DT_REG, DT_LNK, DT_UNKNOWN] {
            #expect(Self.sign(type, ".IMG_1.MOV.livephoto-a1B2c3") == .leftover, "type \(type)")
            #expect(Self.sign(type, ".IMG_1.MOV.livephoto-journal") == .leftover, "type \(type)")
            #expect(Self.sign(type, ".DS_Store") == .nothing, "type \(type)")
            #expect(Self.sign(type, ".livephoto") == .nothing, "type \(type): no `-` after the marker's word")
        }
        #expect(Self.sign(DT_REG, "IMG_1.MOV.livephoto-a1B2c3") == .nothing, "not hidden: not ours")
    }

    /// Paths of 1–4 components (1–3 characters, one of them non-ASCII), absolute or not.
    static let paths = Gen.int(in: 0...Int.max).array(of: 1...4).map { seeds -> String in
        let letters = ["a", "B", ".", "é"]
        let parts = seeds.map { s in (0..<(s % 3 + 1)).map { letters[(s >> (2 + 2 * $0)) & 3] }.joined() }
        return (seeds[0] & (1 << 40) != 0 ? "/" : "") + parts.joined(separator: "/")
    }

    @Test("the walk's shortcut: a path is in a folder only as PathComponents.directory says, and always when the folder is its own")
    func sameFolderAgreesWithDirectory() async {
        await propertyCheck(input: Self.paths, Self.paths) { path, other in
            let folder = PathComponents.directory(of: path)
            // Its own folder is settled, unless the path names none (no slash) or it is the root.
            #expect(FolderLeftoverSigns.sameFolder(path, folder) == (path.contains("/") && folder != "/"), "\(path) in \(folder)")
            // Never true where the folder is another, nor with a slash after the name.
            for candidate in [other, PathComponents.directory(of: other), path, folder] {
                for name in [path, path + "/", path + "//", other] where FolderLeftoverSigns.sameFolder(name, candidate) {
                    #expect(PathComponents.directory(of: name) == candidate && !name.hasSuffix("/"), "\(name) in \(candidate)")
                }
            }
        }
    }
}
