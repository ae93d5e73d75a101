import Foundation
import Testing
import BinaryIO
import StillImage
import TestSupport
@testable import LivePhotoKit

/// `convert --oppo`: Google's directory plus what ColorOS Gallery looks for (`OpCamera`
/// properties, `VideoLength`, EXIF `UserComment` `oplus_<flags>` with 0x800000), read back by
/// our reader (as an OPPO file, by `VideoLength`) and by exiftool without a new warning.
@Suite struct OppoMotionPhotoTests {
    static func oppoMotionPhoto(still fixture: String = "still-exif-icc-xmp.jpg") throws -> (dir: URL, still: String, movie: String, result: ConvertResult) {
        let (dir, still, movie, _) = try MotionPhotoFixtures.pairedCopies(still: Support.fixture(fixture), stillName: "IMG_0005.JPG")
        var options = ConvertOptions()
        options.gallery = .oppo
        return (dir, still, movie, try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options))
    }

    @Test func oppoOutputReadsBackAsAnOppoMotionPhoto() throws {
        let (dir, still, movie, r) = try Self.oppoMotionPhoto()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try #require(r.motionPhoto)
        let photo = try MotionPhotoReader.read(path: output)
        #expect(photo.maker == .oppo && photo.video.length == r.videoBytes)
        #expect(photo.xmp?.integer(MotionPhotoXMP.oplusVideoLength) == Int64(r.videoBytes!))
        #expect(photo.xmp?.value(MotionPhotoXMP.oplusOwner) == "oplus" && photo.xmp?.value(MotionPhotoXMP.oplusLivePhotoVersion) == "2")
        #expect(photo.xmp?.integer(MotionPhotoXMP.oplusPrimaryPresentationTimestamp) == photo.presentationTimestampUs)
        let mp4 = dir.appendingPathComponent("extracted.mp4").path
        try MotionPhotoFixtures.extractVideo(photo, to: mp4)
        #expect(try Support.sampleBytes(mp4)[1] == Support.sampleBytes(movie)[1], "the movie's video samples")
        #expect(try MotionPhotoFixtures.imageData(output) == MotionPhotoFixtures.imageData(still))
        // The identifier the paired still carries is still there (only UserComment was added).
        #expect(try StillReading.contentIdentifier(path: output) == StillReading.contentIdentifier(path: still))
    }

    /// exiftool reads `UserComment` = `oplus_8388608` and the OpCamera properties, and
    /// `-validate` finds nothing the still did not already have.
    @Test(.requires(.exiftool))
    func exiftoolReadsTheColorOSMarkersWithoutNewWarnings() throws {
        let (dir, still, _, r) = try Self.oppoMotionPhoto()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = try #require(r.motionPhoto)
        let x = String(decoding: try ExifTool.run(["-s3", "-UserComment", "-MotionPhotoOwner", "-OLivePhotoVersion", "-VideoLength", output]), as: UTF8.self)
        #expect(x.split(separator: "\n").map(String.init) == ["oplus_8388608", "oplus", "2", String(r.videoBytes!)], "\(x)")
        let warnings = { (file: String) in
            String(decoding: try ExifTool.run(["-validate", "-warning", "-a", "-s3", file]), as: UTF8.self).split(separator: "\n").dropFirst().map(String.init)
        }
        let added = Set(try warnings(output)).subtracting(try warnings(still))
        #expect(added.isEmpty, "\(added)")
    }

    /// A comment already `oplus_<flags>` keeps its flags with the motion bit added; a comment of
    /// the user's own is never replaced.
    @Test func userCommentFlagsAreAddedNeverReplacingTheUsersComment() throws {
        let code: [UInt8] = Array("ASCII".utf8) + [0, 0, 0]
        #expect(OplusUserComment.flags(in: code + Array("oplus_1048576".utf8)) == 1_048_576)
        #expect(OplusUserComment.flags(in: code + Array("holiday".utf8)) == nil)
        #expect(OplusUserComment.flags(in: Array("UNICODE\0".utf8) + Array("oplus_1".utf8)) == nil)
    }

    @Test(.requires(.exiftool))
    func ownUserCommentIsKeptWithAWarning() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "IMG_0006.JPG")
        #expect(try Support.run(try Support.requireTool("exiftool"), ["-q", "-overwrite_original", "-UserComment=holiday", still]).status == 0)
        let movie = try Support.copy(Support.fixture("movie-audio.mov"), to: dir, as: "IMG_0006.MOV")
        _ = try PairOperation.run(still: still, movie: movie)
        var options = ConvertOptions()
        options.gallery = .oppo
        let r = try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options)
        #expect(r.warnings?.contains { $0.contains("UserComment is kept") } == true, "\(String(describing: r.warnings))")
        let x = String(decoding: try ExifTool.run(["-s3", "-UserComment", r.motionPhoto!]), as: UTF8.self)
        #expect(x == "holiday\n")
    }
}
