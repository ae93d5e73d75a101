import CAVCodec

/// Which libavcodec `make` uses, for `livephoto --version`. FFmpeg's libraries are loaded only
/// when `make` first decodes (see CAVCodec.h), and `--version`'s text is built on every run,
/// so this names the version the build's headers are from (the major version is the soname
/// `make` loads) without loading anything.
public enum DecoderLibraries {
    /// e.g. `libavcodec 59.37.100 (libavcodec.so.59, loaded by make on first use)`.
    public static var lines: [String] {
        let major = LIBAVCODEC_VERSION_MAJOR, minor = LIBAVCODEC_VERSION_MINOR, micro = LIBAVCODEC_VERSION_MICRO
        return ["libavcodec \(major).\(minor).\(micro) (libavcodec.so.\(major), loaded by make on first use)"]
    }
}
