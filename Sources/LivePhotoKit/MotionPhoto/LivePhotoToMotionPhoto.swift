import Foundation

/// `convert STILL MOVIE`: a Live Photo pair becomes one Motion Photo (not yet implemented).
public enum LivePhotoToMotionPhoto {
    public static func run(still: String, movie: String, options: ConvertOptions = ConvertOptions()) throws -> ConvertResult {
        throw LivePhotoError(path: still, reason: "Live Photo to Motion Photo is not yet supported", category: .refused)
    }
}
