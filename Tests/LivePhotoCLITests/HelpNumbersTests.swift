import Foundation
import Testing
import ISOBMFF
import LivePhotoKit
import StillImage

/// The numbers the help texts state are the ones the code uses: exit codes, the MakerNote tag,
/// the matching tolerances, the camera's still-image-time value. A help that drifts from the
/// code tells a script writer the wrong exit code.
@Suite("--help states the numbers the code uses")
struct HelpNumbersTests {
    /// The help of `arguments` with runs of whitespace as one space (the help wraps its lines).
    static func help(_ arguments: String...) throws -> String {
        let run = try CLITests.livephoto(arguments + ["--help"])
        #expect(run.status == 0)
        return run.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func exitCodes() throws {
        let ok = ExitStatus.ok.rawValue, invalid = ExitStatus.invalidPair.rawValue, usage = ExitStatus.usage.rawValue
        let unreadable = ExitStatus.unreadable.rawValue, refused = ExitStatus.refused.rawValue
        #expect(try Self.help().contains("Exit codes: \(ok) success; \(invalid) not a valid Live Photo pair (verify); \(usage) usage error; "
                                         + "\(unreadable) a file is missing, unreadable or not a still/movie; \(refused) refused or could not write."))
        #expect(try Self.help("verify").contains("Exit codes: \(ok) valid; \(invalid) not a valid Live Photo pair (any, for folders); "
                                                 + "\(usage) usage error; \(unreadable) a file is unreadable or not a still/movie."))
        #expect(try Self.help("scan").contains("Exit code \(unreadable) when a file or folder could not be read, else \(ok)."))
        #expect(try Self.help("convert").contains("is missing with none beside it is reported (exit \(unreadable))."))
        #expect(try Self.help("batch").contains("the batch exits \(ExitStatus.interrupted.rawValue) or \(ExitStatus.terminated.rawValue)."))
        #expect(ExitStatus.interrupted.rawValue == 128 + SIGINT && ExitStatus.terminated.rawValue == 128 + SIGTERM)
    }

    @Test func tagsAndTolerances() throws {
        let tag = AppleMakerNote.contentIdentifierTag
        #expect(try Self.help().contains("the still's Apple MakerNote tag \(tag) and the movie's"))
        #expect(try Self.help("pair").contains("into the still's Apple MakerNote (tag \(tag))"))
        #expect(try Self.help("pair").contains("taken at the same moment (within \(CaptureTimeMatch.sameMomentTolerance) s)"))
        #expect(try Self.help("scan").contains("taken more than \(CaptureTimeMatch.tolerance) s apart"))
        #expect(try Self.help("verify").contains("still-image-time-camera-value (\(StillImageTimeTrack.cameraValue))"))
    }
}
