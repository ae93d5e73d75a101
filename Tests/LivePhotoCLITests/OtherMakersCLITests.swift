import Foundation
import Testing

/// `scan`, `inspect` and `convert` on other makers' motion photos, built from their published
/// layouts (`OtherMakerLayouts`): each is a `motion-photo` with its maker, in text and JSON.
@Suite(.requires(.ffmpeg))
struct OtherMakersCLITests {
    static func folder() throws -> (dir: URL, stills: [String: String]) {
        let dir = try CLITests.scratch()
        let jpeg = try Support.bytes(Support.fixture("still-no-exif.jpg")), mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let stills = [
            "oppo": try Support.write(OtherMakerLayouts.oppo(jpeg, video: mp4, trailer: [UInt8](repeating: 0x20, count: 190)), in: dir, name: "IMG20240101.jpg"),
            "xiaomi": try Support.write(OtherMakerLayouts.xiaomi(jpeg, video: mp4, watermark: jpeg), in: dir, name: "IMG_20240102.jpg"),
            "lg": try Support.write(OtherMakerLayouts.lg(jpeg, video: mp4), in: dir, name: "20240103.jpg"),
            "vivo": try Support.write(OtherMakerLayouts.vivo(jpeg, jsonID: "77", albumID: "77"), in: dir, name: "IMG_20240104.jpg"),
        ]
        _ = try Support.write(mp4, in: dir, name: "IMG_20240104.MP4")
        return (dir, stills)
    }

    @Test func scanAndInspectNameEachMaker() throws {
        let (dir, stills) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scan = try CLITests.livephoto("scan", "--json", dir.path)
        #expect(scan.status == 0, "\(scan.err)")
        let findings = try ConvertCLITests.lines(scan.out)
        #expect(findings.count == 4 && findings.allSatisfy { $0["finding"] as? String == "motion-photo" })
        for (maker, still) in stills {
            let finding = findings.first { $0["still"] as? String == still }
            #expect((finding?["motionPhoto"] as? [String: Any])?["maker"] as? String == maker, "\(maker)")
            #expect((finding?["detail"] as? String)?.contains("maker \(maker)") == true, "\(maker)")
            let inspect = try CLITests.livephoto("inspect", still)
            #expect(inspect.status == 0 && inspect.out.contains("motion photo: ") && inspect.out.contains("maker \(maker)"), "\(maker): \(inspect.out)")
        }
        let vivo = findings.first { $0["still"] as? String == stills["vivo"] }
        #expect(vivo?["movie"] as? String == dir.appendingPathComponent("IMG_20240104.MP4").path)
        let text = try CLITests.livephoto("scan", dir.path)
        #expect(text.out.contains("maker lg") && text.out.contains("maker vivo, video beside it: IMG_20240104.MP4"), "\(text.out)")
    }

    @Test func convertDIRMakesAValidPairOfEach() throws {
        let (dir, stills) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let r = try CLITests.livephoto("convert", "--json", "-o", out.path, dir.path)
        #expect(r.status == 0, "\(r.err)")
        let docs = try ConvertCLITests.lines(r.out)
        #expect(Set(docs.compactMap { $0["input"] as? String }) == Set(stills.values) && docs.allSatisfy { $0["status"] as? String == "converted" })
        for doc in docs {
            let verify = try CLITests.livephoto("verify", "-q", try #require(doc["still"] as? String), try #require(doc["movie"] as? String))
            #expect(verify.status == 0, "\(doc["input"] ?? ""): \(verify.out)")
        }
    }

    @Test func vivoWhoseIdsDisagreeIsRefusedWithOneLine() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = try Support.bytes(Support.fixture("still-no-exif.jpg"))
        let still = try Support.write(OtherMakerLayouts.vivo(jpeg, jsonID: "1", albumID: "2"), in: dir, name: "IMG_1.jpg")
        _ = try Support.copy(Support.fixture("movie-mp4.mp4"), to: dir, as: "IMG_1.mp4")
        let r = try CLITests.livephoto("convert", still)
        #expect(r.status == 3 && r.err == "livephoto: \(still): a vivo trailer whose ids disagree (com.android.camera.livephoto 1, cameralbum 2): not read as a Live Photo\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["IMG_1.jpg", "IMG_1.mp4"], "nothing written")
    }

    @Test("convert --to motion --oppo / --huawei: a Motion Photo scan names by that maker, which converts back to a valid pair; both flags: usage error; a HEIC still: one line, exit 4, nothing written")
    func galleryFlags() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG"), movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        #expect(try CLITests.livephoto("pair", "-q", still, movie).status == 0)
        for maker in ["oppo", "huawei"] {
            let out = dir.appendingPathComponent(maker), back = dir.appendingPathComponent(maker + "-back")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: back, withIntermediateDirectories: true)
            let r = try CLITests.livephoto("convert", "--to", "motion", "--" + maker, "-o", out.path, still, movie)
            #expect(r.status == 0, "\(maker): \(r.err)")
            let scan = try ConvertCLITests.lines(try CLITests.livephoto("scan", "--json", out.path).out)
            #expect(scan.count == 1 && (scan.first?["motionPhoto"] as? [String: Any])?["maker"] as? String == maker, "\(maker): \(scan)")
            let again = try CLITests.livephoto("convert", "--json", "-o", back.path, out.path)
            #expect(again.status == 0, "\(maker): \(again.err)")
            let doc = try #require(try ConvertCLITests.lines(again.out).first)
            let verify = try CLITests.livephoto("verify", "-q", try #require(doc["still"] as? String), try #require(doc["movie"] as? String))
            #expect(verify.status == 0, "\(maker): \(verify.out)")
        }
        let both = try CLITests.livephoto("convert", "--to", "motion", "--oppo", "--huawei", "-o", dir.path, still, movie)
        #expect(both.status == 2 && both.err.contains("--huawei"), "\(both.err)")

        let heicDir = dir.appendingPathComponent("heic")
        try FileManager.default.createDirectory(at: heicDir, withIntermediateDirectories: true)
        let heic = try CLITests.copy("still-heic.heic", to: heicDir, as: "IMG_0002.HEIC"), heicMovie = try CLITests.copy("movie-moov-last.mov", to: heicDir, as: "IMG_0002.MOV")
        #expect(try CLITests.livephoto("pair", "-q", heic, heicMovie).status == 0)
        let listed = try FileManager.default.contentsOfDirectory(atPath: heicDir.path).sorted()
        for maker in ["oppo", "huawei"] {
            let r = try CLITests.livephoto("convert", "--to", "motion", "--" + maker, heic, heicMovie)
            #expect(r.status == 4 && r.err == "livephoto: \(heic): --\(maker) writes a JPEG Motion Photo; this still is HEIC\n", "\(r.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: heicDir.path).sorted() == listed)
    }
}
