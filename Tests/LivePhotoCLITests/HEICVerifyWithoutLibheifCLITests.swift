import Foundation
import Testing
import TestSupport

/// `verify --strict` on a HEIC pair where libheif cannot be loaded (a `libheif.so.1` first on
/// the library path that is not a library): the decode is not tried, and the report says so,
/// listing `still-decodes` as not checked; it never passes it, nor leaves it out.
@Suite("verify --strict on a HEIC without a usable libheif")
struct HEICVerifyWithoutLibheifCLITests {
    @Test("still-decodes is listed as not checked, with the loader's reason")
    func stillDecodesNotChecked() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-heic.heic", to: dir, as: "IMG_0001.HEIC")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let paired = try CLITests.livephoto("pair", "-q", still, movie)
        #expect(paired.status == 0, "\(paired.err)")
        let lib = dir.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: false)
        try Data("not a library".utf8).write(to: lib.appendingPathComponent("libheif.so.1"))
        let run = try SafetyTests.livephoto(["verify", "--strict", "--json", still, movie], env: ["LD_LIBRARY_PATH": lib.path])
        let json = try #require(try CLITests.json(run.out) as? [String: Any], "\(run.out)\(run.err)")
        let decode = try #require((json["checks"] as? [[String: Any]])?.first { $0["name"] as? String == "still-decodes" }, "\(json)")
        #expect(decode["notChecked"] as? Bool == true)
        #expect(decode["passed"] as? Bool == false)
        #expect((decode["detail"] as? String)?.hasPrefix("not checked: ") == true, "\(decode)")
    }
}
