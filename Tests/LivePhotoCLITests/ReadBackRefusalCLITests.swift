import Foundation
import Testing
import BinaryIO
import ISOBMFF

/// Every file `pair` and `convert` write is read back before it gets a name; a file that does
/// not read back as written (its last byte cut off, as a writer's mistake or a lying disk would
/// leave it: `LIVEPHOTO_FAULT_SIGNAL=CUT`) is refused with the read-back's reason, exit 4, the
/// inputs left byte for byte and nothing left beside them.
@Suite(.requires(.ffmpeg))
struct ReadBackRefusalCLITests {
    struct Case {
        let name: String
        let step: WriteStep
        /// Writes the inputs into `dir`; returns the arguments after the command.
        let setUp: (URL) throws -> [String]
        let command: String
        let reason: String
    }

    static let cut = ["LIVEPHOTO_FAULT_SIGNAL": "CUT"]

    /// Every file under `dir` (hidden ones too) with its bytes.
    static func tree(_ dir: URL) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let names = try FileManager.default.subpathsOfDirectory(atPath: dir.path)
        for name in names where !((try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(name).path)[.type] as? FileAttributeType) == .typeDirectory) {
            out[name] = try Support.bytes(dir.appendingPathComponent(name).path)
        }
        return out
    }
    static let mp4: [UInt8] = (try? Support.bytes(Support.fixture("movie-mp4.mp4"))) ?? []

    /// A JPEG or HEIC Live Photo pair in `dir`, paired by a run without any fault.
    static func livePair(_ still: String, in dir: URL) throws -> [String] {
        let ext = still.hasSuffix(".heic") ? "HEIC" : "JPG"
        let s = try CLITests.copy(still, to: dir, as: "IMG_0001.\(ext)")
        let m = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let paired = try CLITests.livephoto("pair", "-q", s, m)
        #expect(paired.status == 0, "\(paired.err)")
        return [s, m]
    }

    static let cases: [Case] = [
        Case(name: "pair, JPEG", step: .stillWritten, setUp: { dir in
            [try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG"), try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")]
        }, command: "pair", reason: "the written file does not read back as expected"),
        // The fixture holds an identifier already: another one makes pair write the still.
        Case(name: "pair, HEIC", step: .stillWritten, setUp: { dir in
            ["--id", "11111111-2222-3333-4444-555555555555",
             try CLITests.copy("still-heic.heic", to: dir, as: "IMG.HEIC"), try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")]
        }, command: "pair", reason: ""),
        // Into another folder: the HEIC is written whole, in a temporary file there.
        Case(name: "pair -o, HEIC", step: .stillWritten, setUp: { dir in
            let out = dir.appendingPathComponent("out").path
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            return ["--id", "11111111-2222-3333-4444-555555555555", "-o", out,
                    try CLITests.copy("still-heic.heic", to: dir, as: "IMG.HEIC"), try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")]
        }, command: "pair", reason: ""),
        Case(name: "convert, Google JPEG Motion Photo", step: .stillWritten, setUp: { dir in
            let jpeg = try Support.bytes(Support.fixture("still-no-exif.jpg"))
            return [try Support.write(OtherMakerLayouts.lg(jpeg, video: Self.mp4), in: dir, name: "20240103.jpg")]
        }, command: "convert", reason: "the written still does not read back with the identifier"),
        Case(name: "convert, HEIC Motion Photo", step: .stillWritten, setUp: { dir in
            let heic = try Support.bytes(Support.fixture("still-heic.heic"))
            return [try Support.write(heic + Atom(type: "mpvd", payload: Self.mp4).serialized(), in: dir, name: "20240103_101010.heic")]
        }, command: "convert", reason: ""),
        // make pairs the still it made in a scratch folder: the error names the still asked for.
        Case(name: "make", step: .stillWritten, setUp: { dir in [try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")] },
             command: "make", reason: "the written file does not read back as expected"),
        Case(name: "convert, JPEG Live Photo", step: .motionPhotoWritten, setUp: { dir in try Self.livePair("still-exif-icc-xmp.jpg", in: dir) },
             command: "convert", reason: "Container:Directory does not add up"),
        Case(name: "convert, HEIC Live Photo", step: .motionPhotoWritten, setUp: { dir in try Self.livePair("still-heic.heic", in: dir) },
             command: "convert", reason: ""),
    ]

    @Test(arguments: 0..<8)
    func aFileThatDoesNotReadBackIsRefused(_ index: Int) throws {
        let c = Self.cases[index]
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inputs = try c.setUp(dir)
        let before = try Self.tree(dir)
        let run = try SafetyTests.livephoto([c.command] + inputs, env: Self.cut.merging(["LIVEPHOTO_FAULT_AT": c.step.rawValue]) { a, _ in a })
        #expect(run.status == 4, "\(c.name): \(run.err)")
        #expect(run.err.contains("the file written does not read back as written: ") && run.err.contains("; nothing was changed"), "\(c.name): \(run.err)")
        #expect(c.reason.isEmpty || run.err.contains(c.reason), "\(c.name): \(run.err)")
        #expect(run.err.split(separator: "\n").count == 1, "one line: \(run.err)")
        #expect(run.err.hasPrefix("livephoto: " + dir.path + "/") && !run.err.contains("/.livephoto-"), "names a file of the folder: \(run.err)")
        #expect(try Self.tree(dir) == before, "\(c.name): the folder changed")
        // The same run without the fault succeeds: the refusal was the read-back's.
        let clean = try SafetyTests.livephoto([c.command, "-q"] + inputs)
        #expect(clean.status == 0, "\(c.name): \(clean.err)")
    }
}
