import StillImage
import VideoFrames

/// The C libraries behind the still-image code and `make`'s frame decoder, one line each, for `livephoto --version`.
public enum LibraryVersions {
    public static var lines: [String] { LinkedLibraries.all.map(\.line) + DecoderLibraries.lines }
}
