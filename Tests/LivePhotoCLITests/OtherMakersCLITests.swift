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
}
