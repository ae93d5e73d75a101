/// A decoded video frame as 8-bit RGB (3 bytes a pixel, rows `width * 3` long), with what the
/// conversion assumed and anything the user should know about it.
public struct RGBFrame: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    public var colour: FrameColour
    /// One-line notes (10-bit or HDR converted without tone mapping, wide-gamut primaries).
    public var warnings: [String]
    /// The sample decoded (decode order) and its composition time (media timescale).
    public var sampleIndex: Int
    public var compositionTime: Int64
}
