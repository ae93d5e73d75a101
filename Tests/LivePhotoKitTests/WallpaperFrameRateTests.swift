import Testing
@testable import LivePhotoKit

/// The wallpaper frame-rate rule's rate: frames over the span's seconds, and 0 (never a pass)
/// for a video that spans no time, rather than a division by zero.
struct WallpaperFrameRateTests {
    @Test func framesOverSeconds() {
        #expect(WallpaperChecks.frameRate(frames: 30, seconds: 1) == 30)
        #expect(WallpaperChecks.frameRate(frames: 90, seconds: 3) == 30)
        #expect(WallpaperChecks.frameRate(frames: 1, seconds: 0.5) == 2)
        for frames in [0, 1, 30] {
            #expect(WallpaperChecks.frameRate(frames: frames, seconds: 0) == 0)
            #expect(WallpaperChecks.frameRate(frames: frames, seconds: -1) == 0)
        }
        #expect(!WallpaperChecks.frameRates.contains(WallpaperChecks.frameRate(frames: 30, seconds: 0)))
    }
}
