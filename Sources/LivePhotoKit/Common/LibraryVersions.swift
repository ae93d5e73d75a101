import StillImage
import VideoFrames

/// The C libraries behind the still-image code, `make`'s frame decoder and the HEIC codec, one
/// line each, for `livephoto --version`.
public enum LibraryVersions {
    public static var lines: [String] { LinkedLibraries.all.map(\.line) + DecoderLibraries.lines + [LibHeif.versionLine] }
}
