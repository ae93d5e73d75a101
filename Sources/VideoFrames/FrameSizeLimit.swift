/// The one bound on a frame's size, for every frame we decode, scale or encode: the size a
/// sample description claims, the size a decoder outputs and the size a still is asked at. A
/// size past it is damage or hostile input, refused before any buffer is sized by it.
public enum FrameSizeLimit {
    /// 2^26 pixels: 8K (33 MP) fits with room to spare.
    public static let maximumPixels = 1 << 26

    /// Whether a frame of `width` × `height` may be made: both sides at least one pixel, at most
    /// `maximumPixels` in all. Sides whose product does not fit an `Int` are refused, not wrapped.
    public static func allows(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0 else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= maximumPixels
    }
}
