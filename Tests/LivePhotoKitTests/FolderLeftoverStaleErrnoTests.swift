import Foundation
import Testing
@testable import LivePhotoKit
#if canImport(Glibc)
import Glibc
#endif

/// `readdir` says the end of a listing and a failure the same way (nil) and tells them apart only
/// by errno, which a successful call leaves as it was: the listing clears errno before each
/// entry, so an errno left by an earlier call never turns a clean folder's end into a failure.
@Suite("scan's folder listing: errno left by an earlier call is not a failed listing")
struct FolderLeftoverStaleErrnoTests {
    @Test("a clean folder listed with EIO, ENOENT or EACCES already in errno: settled", arguments: [EIO, ENOENT, EACCES])
    func staleErrnoIgnored(_ stale: Int32) throws {
        let dir = try TempDir()
        let a = try dir.write("IMG_0001.JPG", [1]), b = try dir.write("IMG_0001.MOV", [2])
        let files = FolderLeftoverListingTests.files([a, b])
        errno = stale
        #expect(FolderLeftoverSigns.noneBeside(files))
    }
}
