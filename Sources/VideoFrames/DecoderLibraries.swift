import CAVCodec

/// Which libavcodec this binary uses, for `livephoto --version`. Unlike libexif, libavcodec
/// reports its version at run time, so this is the library `make` loads (on first use).
public enum DecoderLibraries {
    /// e.g. `libavcodec 59.37.100 (FFmpeg 5.1.6-0+deb12u1)`.
    public static var lines: [String] {
        guard livephoto_ffmpeg_load() != 0 else { return ["libavcodec (not loaded: \(String(cString: livephoto_ffmpeg_error())))"] }
        let v = lp_avcodec_version()
        let ffmpeg = String(cString: lp_av_version_info())
        return ["libavcodec \(v >> 16).\((v >> 8) & 0xFF).\(v & 0xFF) (FFmpeg \(ffmpeg))"]
    }
}
