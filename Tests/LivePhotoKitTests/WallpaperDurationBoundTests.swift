import Testing
@testable import LivePhotoKit

/// `make --wallpaper --duration` takes 1 to 5 s, compared exactly as the user wrote it: the
/// ends are taken, the smallest step past them (9 fraction digits) is refused.
struct WallpaperDurationBoundTests {
    @Test func endsTakenAndTheNextStepPastThemRefused() throws {
        for text in ["1", "1.0", "1.000000001", "3", "4.999999999", "5", "5.000000000"] {
            #expect(MakeOptions.wallpaperDurationProblem(try #require(DecimalSeconds(text))) == nil, "\(text)")
        }
        for text in ["0.999999999", "0", ".5", "5.000000001", "6", "999999"] {
            #expect(MakeOptions.wallpaperDurationProblem(try #require(DecimalSeconds(text))) == "--duration must be 1 to 5 seconds (was \(text))", "\(text)")
        }
    }
}
