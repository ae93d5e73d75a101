extension RGBFrame {
    /// The frame turned the way EXIF Orientation `orientation` says a viewer shows it: 3 is
    /// 180°, 6 is 90° clockwise, 8 is 90° anticlockwise (the only ones a display matrix gives
    /// `make`); any other value leaves it as it is. For a still format whose readers do not apply
    /// EXIF Orientation (HEIC: only `irot`), the pixels themselves must be upright.
    public func oriented(exifOrientation orientation: Int) -> RGBFrame {
        guard orientation == 3 || orientation == 6 || orientation == 8 else { return self }
        let (w, h) = orientation == 3 ? (width, height) : (height, width)
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<h {
            for x in 0..<w {
                // The source pixel shown at (x, y).
                let (sx, sy): (Int, Int)
                switch orientation {
                case 3: (sx, sy) = (width - 1 - x, height - 1 - y)
                case 6: (sx, sy) = (y, height - 1 - x)
                default: (sx, sy) = (width - 1 - y, x)
                }
                let from = (sy * width + sx) * 3, to = (y * w + x) * 3
                out[to] = pixels[from]; out[to + 1] = pixels[from + 1]; out[to + 2] = pixels[from + 2]
            }
        }
        var turned = self
        turned.width = w
        turned.height = h
        turned.pixels = out
        return turned
    }
}
