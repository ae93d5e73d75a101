import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

@Suite("verify: every check fails on its own")
struct VerifyTests {
    /// A scratch folder with a valid pair made by `pair`.
    struct Scene {
        let dir: URL
        let still: String
        let movie: String
        let identifier: String

        init(still stillName: String = "still-no-exif.jpg", movie movieName: String = "movie-moov-last.mov") throws {
            dir = try Support.tempDir()
            still = try Support.copy(Support.fixture(stillName), to: dir)
            movie = try Support.copy(Support.fixture(movieName), to: dir)
            identifier = try PairOperation.run(still: still, movie: movie).identifier
        }

        func cleanup() { try? FileManager.default.removeItem(at: dir) }

        /// Writes an edited copy of `source` (its moov tree changed by `edit`) and returns its path.
        func movieCopy(of source: String, name: String, edit: (MovieRewritePlan) throws -> Void) throws -> String {
            let dest = dir.appendingPathComponent(name).path
            let plan = MovieRewritePlan(file: try MovieFile.open(path: source))
            try edit(plan)
            let writer = try WholeFileMovieWriter.prepare(plan, targetPath: dest)
            try writer.commit()
            return dest
        }

        /// Overwrites `bytes` at `offset` of a copy of the paired movie's still-image-time sample.
        func patchStillSample(at offset: Int, with bytes: [UInt8], name: String) throws -> String {
            let dest = try Support.copy(movie, to: dir, as: name)
            let file = try MovieFile.open(path: dest)
            let track = try #require(file.movie.stillImageTimeTracks.first)
            let sample = try track.sampleTable.sampleRanges()[0]
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dest))
            try handle.seek(toOffset: sample.offset + UInt64(offset))
            try handle.write(contentsOf: Data(bytes))
            try handle.close()
            return dest
        }
    }

    static func failed(_ report: VerifyReport) -> Set<String> { Set(report.checks.filter { !$0.passed }.map(\.name.rawValue)) }
    /// Checks failed at error level (the pair is invalid).
    static func errors(_ report: VerifyReport) -> Set<String> { Set(report.errors.map(\.name.rawValue)) }
    /// Checks failed at warning level (the pair stays valid).
    static func warnings(_ report: VerifyReport) -> Set<String> { Set(report.warnings.map(\.name.rawValue)) }

    /// A check that fails only as a warning: valid by default with exactly `names` warned,
    /// invalid under --strict with exactly `names` failing as errors.
    static func expectWarningOnly(still: String, movie: String, _ names: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lenient = try Verifier.verify(still: still, movie: movie)
        #expect(lenient.valid, sourceLocation: sourceLocation)
        #expect(errors(lenient).isEmpty, sourceLocation: sourceLocation)
        #expect(warnings(lenient) == names, sourceLocation: sourceLocation)
        #expect(lenient.checks.filter { names.contains($0.name.rawValue) }.allSatisfy { $0.level == .warning && $0.strict }, sourceLocation: sourceLocation)
        let strict = try Verifier.verify(still: still, movie: movie, strict: true)
        #expect(!strict.valid, sourceLocation: sourceLocation)
        #expect(errors(strict) == names && warnings(strict).isEmpty, sourceLocation: sourceLocation)
    }

    @Test("a pair made by pair passes every check, also with --strict")
    func validPair() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let report = try Verifier.verify(still: scene.still, movie: scene.movie, strict: true)
        #expect(report.valid)
        #expect(report.checks.count == 15)
        #expect(report.checks.allSatisfy { $0.passed && $0.level == .error })
        #expect(report.stillIdentifier == scene.identifier)
        let lenient = try Verifier.verify(still: scene.still, movie: scene.movie)
        #expect(lenient.valid && lenient.checks.allSatisfy(\.passed))
        let errorLevel = Set(lenient.checks.filter { $0.level == .error }.map(\.name.rawValue))
        #expect(errorLevel == ["still-identifier", "movie-identifier", "identifier-format", "identifiers-equal",
                               "video-track", "still-image-time-track", "still-image-time-in-range"])
        #expect(lenient.checks.allSatisfy { $0.strict == ($0.level == .warning) })
    }

    @Test("still without an identifier")
    func stillIdentifierMissing() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let bare = try Support.copy(Support.fixture("still-no-exif.jpg"), to: scene.dir, as: "bare.jpg")
        let report = try Verifier.verify(still: bare, movie: scene.movie)
        #expect(Self.failed(report) == ["still-identifier", "identifier-format", "identifiers-equal"])
        #expect(Self.errors(report) == Self.failed(report) && !report.valid)
    }

    @Test("movie without an identifier")
    func movieIdentifierMissing() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.movieCopy(of: scene.movie, name: "nometa.mov") { $0.moov.children?.removeAll { $0.type == "meta" } }
        let report = try Verifier.verify(still: scene.still, movie: movie)
        #expect(Self.failed(report) == ["movie-identifier", "identifier-format", "identifiers-equal"])
        #expect(Self.errors(report) == Self.failed(report) && !report.valid)
    }

    @Test("an identifier that is not a UUID")
    func identifierFormat() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.movieCopy(of: Support.fixture("movie-moov-last.mov"), name: "bad-id.mov") {
            try LivePhotoMovieEdit.apply(to: $0, identifier: "not-a-uuid", atMillisecond: 1000)
        }
        let report = try Verifier.verify(still: scene.still, movie: movie)
        #expect(Self.errors(report) == ["identifier-format", "identifiers-equal"])
        #expect(report.checks.first { $0.name == .identifierFormat }?.detail.contains("not-a-uuid") == true)
    }

    @Test("identifiers that differ are both named")
    func identifiersDiffer() throws {
        let a = try Scene(), b = try Scene(still: "still-exif-icc-xmp.jpg", movie: "movie-audio.mov")
        defer { a.cleanup(); b.cleanup() }
        let report = try Verifier.verify(still: a.still, movie: b.movie)
        #expect(Self.failed(report) == ["identifiers-equal"])
        #expect(Self.errors(report) == ["identifiers-equal"] && !report.valid)
        let detail = report.checks.first { $0.name == .identifiersEqual }?.detail ?? ""
        #expect(detail.contains(a.identifier) && detail.contains(b.identifier))
    }

    @Test("no video track")
    func noVideo() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.movieCopy(of: scene.movie, name: "novideo.mov") { plan in
            let video = plan.file.movie.videoTracks[0].atom
            plan.moov.children?.removeAll { $0 === video }
        }
        let report = try Verifier.verify(still: scene.still, movie: movie)
        #expect(Self.errors(report) == ["video-track", "still-image-time-in-range"])
        #expect(!report.valid)
    }

    @Test("no still-image-time track, and two of them")
    func stillImageTimeTrackCount() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let none = try scene.movieCopy(of: scene.movie, name: "notrack.mov") { plan in
            let still = plan.file.movie.stillImageTimeTracks[0].atom
            plan.moov.children?.removeAll { $0 === still }
        }
        let r0 = try Verifier.verify(still: scene.still, movie: none)
        #expect(Self.errors(r0) == ["still-image-time-track", "still-image-time-in-range"])
        #expect(Self.warnings(r0) == ["still-image-time-value", "still-image-time-camera-value", "still-image-time-reference", "still-image-time-on-frame"])

        let two = try scene.movieCopy(of: scene.movie, name: "twotracks.mov") { plan in
            let still = plan.file.movie.stillImageTimeTracks[0].atom
            var reader = ByteReader(still.serialized())
            let copy = try AtomParser.parseBox(&reader, limit: UInt64(reader.end), parentPath: "", parentType: "moov", siblingIndex: nil, depth: 1)
            plan.moov.children?.append(copy)
        }
        let r2 = try Verifier.verify(still: scene.still, movie: two)
        #expect(Self.failed(r2) == ["still-image-time-track"] && Self.errors(r2) == ["still-image-time-track"])
        #expect(r2.checks.first { $0.name == .stillImageTimeTrack }?.detail.hasPrefix("2 ") == true)
    }

    @Test("a sample without the still-image-time value")
    func valueMissing() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.patchStillSample(at: 4, with: [0, 0, 0, 2], name: "nokey.mov")
        // Without a value there is no -1 either.
        try Self.expectWarningOnly(still: scene.still, movie: movie, ["still-image-time-value", "still-image-time-camera-value"])
    }

    @Test("a still time outside the video")
    func outOfRange() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.movieCopy(of: Support.fixture("movie-moov-last.mov"), name: "late.mov") {
            try LivePhotoMovieEdit.apply(to: $0, identifier: scene.identifier, atMillisecond: 5000)
        }
        let report = try Verifier.verify(still: scene.still, movie: movie)
        #expect(Self.errors(report) == ["still-image-time-in-range"] && !report.valid)
        #expect(Self.warnings(report) == ["still-image-time-on-frame"])
    }

    /// The video's range as its edits present it: one frame is a range of one frame; edits that
    /// present nothing (one empty edit) leave no range, and the detail says so.
    @Test("a still time outside a video of one frame, or of none: the detail names the range, or says there is none")
    func outOfRangeOfFewFrames() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let paired = try MovieFile.open(path: scene.movie)
        let video = try #require(paired.movie.mainVideoTrack)
        let ts = paired.movie.header.timescale
        let timing = FrameTiming(track: video, movieTimescale: ts)
        let stillTick = try #require(paired.movie.stillImageTimeTracks.first.map { FrameTiming(track: $0, movieTimescale: ts).startTick(ofFrame: 0) })
        #expect(stillTick > timing.startTick(ofFrame: 1), "the still lies past the first frame")
        // The second frame's start rounded down to a movie tick: the edit ends inside the first frame.
        let second = timing.start(ofFrame: 1)
        let firstEnd = Int64(second.numerator * Int128(ts) / second.scale)
        let oneFrame = EditList.Entry(duration: UInt64(firstEnd), mediaTime: Int64(video.sampleTable.compositionTimes().min() ?? 0), rate: 0x10000)
        for (entries, name, detail) in [([oneFrame], "one.mov", "in video 0.000 s–\(CheckText.seconds(firstEnd, timescale: ts))"),
                                        ([EditList.Entry(duration: 1000, mediaTime: -1, rate: 0x10000)], "none.mov", "but the video presents no frame")] {
            let movie = try scene.movieCopy(of: scene.movie, name: name) { plan in
                let trak = try #require(plan.file.movie.mainVideoTrack?.atom)
                trak.children?.removeAll { $0.type == "edts" }
                trak.children?.insert(Atom(type: "edts", children: [EditList(entries: entries).atom()]), at: 1)
            }
            let edited = try MovieFile.open(path: movie)
            let presented = try #require(edited.movie.mainVideoTrack.map { FrameTiming(track: $0, movieTimescale: ts).frameCount })
            #expect(presented == entries.filter { $0.mediaTime >= 0 }.count, "\(name): \(presented) frames presented")
            let report = try Verifier.verify(still: scene.still, movie: movie)
            let check = try #require(report.checks.first { $0.name == .stillImageTimeInRange })
            #expect(!check.passed && !report.valid, "\(name)")
            #expect(check.detail == "\(CheckText.seconds(stillTick, timescale: ts)) \(detail)", "\(name): \(check.detail)")
        }
    }

    @Test("no tref/cdsc passes (iPhone movies since iOS 18 have none)")
    func noReference() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.movieCopy(of: scene.movie, name: "notref.mov") { plan in
            plan.file.movie.stillImageTimeTracks[0].atom.children?.removeAll { $0.type == "tref" }
        }
        let report = try Verifier.verify(still: scene.still, movie: movie, strict: true)
        #expect(report.valid && Self.warnings(report).isEmpty && Self.errors(report).isEmpty)
        #expect(report.checks.first { $0.name == .stillImageTimeReference }?.passed == true)
    }

    @Test("a tref/cdsc that names no video track is a warning")
    func referenceToWrongTrack() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.movieCopy(of: scene.movie, name: "selfref.mov") { plan in
            // The track describes itself, not the video.
            let track = plan.file.movie.stillImageTimeTracks[0]
            let ownID = track.trackID
            let tref = try #require(track.atom.children?.first { $0.type == "tref" })
            let cdsc = try #require(tref.children?.first { $0.type == "cdsc" })
            cdsc.payload = [UInt8(ownID >> 24), UInt8((ownID >> 16) & 0xFF), UInt8((ownID >> 8) & 0xFF), UInt8(ownID & 0xFF)]
            tref.children = [cdsc]
        }
        try Self.expectWarningOnly(still: scene.still, movie: movie, ["still-image-time-reference"])
    }

    @Test("a still time between two frame starts is a warning naming the frame")
    func offFrame() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        // The fixture video is 15 frames/s in a 1000/s movie: frame 15 starts at tick 1000, 16 at 1067.
        let movie = try scene.movieCopy(of: Support.fixture("movie-moov-last.mov"), name: "between.mov") {
            try LivePhotoMovieEdit.apply(to: $0, identifier: scene.identifier, atMillisecond: 1010)
        }
        try Self.expectWarningOnly(still: scene.still, movie: movie, ["still-image-time-on-frame"])
        let check = try #require(try Verifier.verify(still: scene.still, movie: movie).checks.first { $0.name == .stillImageTimeOnFrame })
        #expect(check.detail == "frame 15 (starts at tick 1000 of 1000/s), still at tick 1010: 10 tick(s) after its start")
        let on = try #require(try Verifier.verify(still: scene.still, movie: scene.movie).checks.first { $0.name == .stillImageTimeOnFrame })
        #expect(on.passed && on.detail.hasSuffix(": on its start"))
    }

    @Test("warning: MP4 brand")
    func strictBrand() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.movieCopy(of: Support.fixture("movie-mp4.mp4"), name: "kept.mp4") {
            try LivePhotoMovieEdit.apply(to: $0, identifier: scene.identifier, atMillisecond: 1000)
        }
        try Self.expectWarningOnly(still: scene.still, movie: movie, ["quicktime-brand"])
    }

    @Test("warning: a value other than the camera's -1")
    func strictValue() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let movie = try scene.patchStillSample(at: 8, with: [0], name: "zero.mov")
        try Self.expectWarningOnly(still: scene.still, movie: movie, ["still-image-time-camera-value"])
    }

    @Test("warning: a still whose image data is cut short does not decode")
    func strictDecode() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let bytes = try Support.bytes(scene.still)
        let cut = scene.dir.appendingPathComponent("cut.jpg").path
        #expect(FileManager.default.createFile(atPath: cut, contents: Data(bytes.prefix(bytes.count - 4000))))
        try Self.expectWarningOnly(still: cut, movie: scene.movie, ["still-decodes"])
    }

    @Test("warning: codec and aspect ratio", .requires(.ffmpeg))
    func strictCodecAndAspect() throws {
        let scene = try Scene()
        defer { scene.cleanup() }
        let ffmpeg = try #require(Support.tool("ffmpeg"))
        let mpeg4 = scene.dir.appendingPathComponent("mpeg4.mov").path
        let square = scene.dir.appendingPathComponent("square.jpg").path
        #expect(try Support.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=15:duration=1", "-c:v", "mpeg4", "-f", "mov", mpeg4]).status == 0)
        #expect(try Support.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=240x240:rate=1:duration=1", "-frames:v", "1", square]).status == 0)
        var options = PairOptions()
        options.identifier = .given(scene.identifier)
        options.stillTime = .frame(0)   // on a frame's start, so only the codec is warned about
        let other = try Support.copy(Support.fixture("still-no-exif.jpg"), to: scene.dir, as: "other.jpg")
        _ = try PairOperation.run(still: other, movie: mpeg4, options: options)
        try Self.expectWarningOnly(still: other, movie: mpeg4, ["video-codec"])
        let movie2 = try Support.copy(Support.fixture("movie-moov-first.mov"), to: scene.dir, as: "m2.mov")
        _ = try PairOperation.run(still: square, movie: movie2)
        try Self.expectWarningOnly(still: square, movie: movie2, ["aspect-ratio"])
    }

    @Test("corpus: the AVFoundation pair fails on identifiers-equal, naming both", .requires(.corpus))
    func corpusMismatch() throws {
        let report = try Verifier.verify(still: Support.corpusFile("avfoundation-pair/IMG.JPG"), movie: Support.corpusFile("avfoundation-pair/IMG.MOV"))
        #expect(!report.valid)
        let detail = try #require(report.checks.first { $0.name == .identifiersEqual })
        #expect(!detail.passed)
        #expect(detail.detail.contains("E5B787E0-7047-4A1A-9464-DCDFDAB14F25"))
        #expect(detail.detail.contains("83599CB7-66F5-4CE1-AE92-EEFD988AB08A"))
        #expect(report.checks.first { $0.name == .stillImageTimeValue }?.detail == "value 0")
    }

    @Test("corpus: the AVFoundation movie with a still carrying its identifier passes by default, fails with --strict", .requires(.corpus))
    func corpusAVFoundationStyle() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = Support.corpusFile("avfoundation-pair/IMG.MOV")
        let movieID = "83599CB7-66F5-4CE1-AE92-EEFD988AB08A"
        let still = dir.appendingPathComponent("IMG.JPG").path
        try StillIdentifierWriter.prepare(sourcePath: Support.corpusFile("avfoundation-pair/IMG.JPG"), targetPath: still,
                                          identifier: movieID, replaceForeignMakerNote: false).commit()
        let report = try Verifier.verify(still: still, movie: movie)
        #expect(report.valid)
        #expect(report.stillIdentifier == movieID && report.movieIdentifier == movieID)
        #expect(Self.warnings(report) == ["still-image-time-camera-value"])
        #expect(report.checks.first { $0.name == .stillImageTimeReference }?.passed == true)
        let strict = try Verifier.verify(still: still, movie: movie, strict: true)
        #expect(!strict.valid)
        #expect(Self.errors(strict) == ["still-image-time-camera-value"])
    }

    @Test("unreadable input throws instead of reporting")
    func unreadable() throws {
        #expect(throws: LivePhotoError.self) { try Verifier.verify(still: "/nonexistent.jpg", movie: Support.fixture("movie-moov-last.mov")) }
        #expect(throws: LivePhotoError.self) { try Verifier.verify(still: Support.fixture("still-no-exif.jpg"), movie: Support.fixture("still-no-exif.jpg")) }
    }
}
