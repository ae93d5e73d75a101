/// Which maker's camera wrote a Motion Photo, as far as its layout tells (format-notes "Other
/// makers"). The layout (`MotionPhoto.Variant`) says how the video was found; the maker says
/// whose convention the file follows, which `scan` and `inspect` report.
public enum MotionPhotoMaker: String, Codable, Sendable, CaseIterable {
    /// Google Motion Photo v1 / MicroVideo with nothing maker-specific (Pixels, and our own output).
    case google
    /// Samsung: the SEF trailer (JPEG) or the `mpvd` box (HEIC).
    case samsung
    /// OPPO / OnePlus / realme: Google v1 plus the `OpCamera` namespace (`VideoLength`).
    case oppo
    /// Xiaomi: MicroVideo plus the `MiCamera` namespace; watermark images may precede the MP4.
    case xiaomi
    /// LG (and WeChat exports of Xiaomi files): an MP4 straight after the JPEG's EOI, no XMP.
    case lg
    /// vivo: a `vivo{…}` / `cameralbum!/<id>` trailer; the video is a same-name `.mp4` beside it.
    case vivo
    /// Huawei / Honor: the `LIVE_<N>` trailer.
    case huawei
    /// A Motion Photo whose maker nothing in the file names.
    case other
}
