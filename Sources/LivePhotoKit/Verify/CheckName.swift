/// The stable name of a `verify` check, as JSON and the text report write it.
public enum CheckName: String, Codable, Sendable, CaseIterable, CustomStringConvertible {
    case stillIdentifier = "still-identifier"
    case movieIdentifier = "movie-identifier"
    case identifierFormat = "identifier-format"
    case identifiersEqual = "identifiers-equal"
    case videoTrack = "video-track"
    case stillImageTimeTrack = "still-image-time-track"
    case stillImageTimeInRange = "still-image-time-in-range"
    case stillImageTimeOnFrame = "still-image-time-on-frame"
    case stillImageTimeValue = "still-image-time-value"
    case stillImageTimeCameraValue = "still-image-time-camera-value"
    case stillImageTimeReference = "still-image-time-reference"
    case quickTimeBrand = "quicktime-brand"
    case videoCodec = "video-codec"
    case stillDecodes = "still-decodes"
    case aspectRatio = "aspect-ratio"
    // `verify --wallpaper` (see `WallpaperChecks`).
    case wallpaperVideo = "wallpaper-video"
    case wallpaperVideoSize = "wallpaper-video-size"
    case wallpaperFrameRate = "wallpaper-frame-rate"
    case wallpaperDuration = "wallpaper-duration"
    case wallpaperTimescale = "wallpaper-timescale"
    case wallpaperLivePhotoInfo = "wallpaper-live-photo-info"
    case wallpaperVideoOrientation = "wallpaper-video-orientation"
    case wallpaperStillKeys = "wallpaper-still-keys"
    case wallpaperStillDelay = "wallpaper-still-delay"
    case wallpaperMovieKeys = "wallpaper-movie-keys"
    case wallpaperPlaybackIntent = "wallpaper-playback-intent"
    /// Present only when failed: a killed `pair` left its journal or still backup beside the files.
    case interruptedEdit = "interrupted-edit"

    /// The raw name, so text output interpolating a check name prints what JSON holds.
    public var description: String { rawValue }
}
