import BinaryIO

/// The two keys a camera's still-image-time track carries beside the still-image-time value
/// (the "three-key" track wallpapers need): how the still maps onto the video frame (a 3x3
/// float64 matrix, well-known type 83) and the frame size that matrix refers to
/// (DimensionsF32, well-known type 71). Read and written from this one definition.
public struct StillImageTransform: Sendable, Equatable {
    public static let transformKey = "com.apple.quicktime.live-photo-still-image-transform"
    public static let referenceDimensionsKey = "com.apple.quicktime.live-photo-still-image-transform-reference-dimensions"
    /// Well-known type 83: 3x3 matrix of float64.
    public static let transformType: UInt32 = 83
    /// Well-known type 71: DimensionsF32 (width, height as float32).
    public static let dimensionsType: UInt32 = 71
    public static let transformKeyID: UInt32 = 2
    public static let dimensionsKeyID: UInt32 = 3
    /// The three keys of the camera's track, in its order.
    public static let cameraKeys = [StillImageTimeTrack.key, transformKey, referenceDimensionsKey]

    /// Row-major, 9 values.
    public var matrix: [Double]
    public var width: Float
    public var height: Float

    public static let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

    /// The still is the frame itself: identity transform over the video's displayed size (our
    /// value; the camera measures its own from the capture).
    public init(matrix: [Double] = StillImageTransform.identity, width: Float, height: Float) {
        self.matrix = matrix; self.width = width; self.height = height
    }

    static var declarations: [MetadataSampleEntry.KeyDeclaration] {
        [.init(localID: transformKeyID, key: .init(value: Array(transformKey.utf8)), dataType: .init(wellKnown: transformType)),
         .init(localID: dimensionsKeyID, key: .init(value: Array(referenceDimensionsKey.utf8)), dataType: .init(wellKnown: dimensionsType))]
    }

    /// The two items as a sample holds them after the still-image-time item.
    func items() -> [UInt8] {
        var matrixBytes = ByteWriter(capacity: 72)
        for v in matrix.prefix(9) { matrixBytes.u64(v.bitPattern) }
        for _ in matrix.count..<max(matrix.count, 9) { matrixBytes.u64(0) }
        var dims = ByteWriter(capacity: 8)
        dims.u32(width.bitPattern); dims.u32(height.bitPattern)
        return TimedMetadataTrack.item(localKeyID: Self.transformKeyID, value: matrixBytes.bytes)
            + TimedMetadataTrack.item(localKeyID: Self.dimensionsKeyID, value: dims.bytes)
    }

    /// Reads both values from a sample's items, by the local ids the entry declares. Nil when
    /// either is missing; a value of the wrong size is a typed error naming the sample.
    public static func read(sample: [UInt8], transformID: UInt32, dimensionsID: UInt32, path: String) throws -> StillImageTransform? {
        var matrix: [Double]? = nil, dims: (Float, Float)? = nil
        for item in try MetadataSampleItems.read(sample, path: path) {
            var r = ByteReader(item.value, path: path)
            if item.localKeyID == transformID {
                guard item.value.count == 72 else { throw ParseError(.invalidValue, "the still-image transform holds \(item.value.count) bytes, not 72", path: path, offset: 0) }
                matrix = try (0..<9).map { _ in Double(bitPattern: try r.readUInt64()) }
            } else if item.localKeyID == dimensionsID {
                guard item.value.count == 8 else { throw ParseError(.invalidValue, "the reference dimensions hold \(item.value.count) bytes, not 8", path: path, offset: 0) }
                dims = (Float(bitPattern: try r.readUInt32()), Float(bitPattern: try r.readUInt32()))
            }
        }
        guard let matrix, let dims else { return nil }
        return StillImageTransform(matrix: matrix, width: dims.0, height: dims.1)
    }
}

/// The items of one timed-metadata sample: each a 32-bit size, a local key id and the value.
/// Bounds-checked: an item that does not fit is a typed error, never a read past the sample.
public enum MetadataSampleItems {
    public struct Item: Equatable { public var localKeyID: UInt32; public var value: [UInt8] }

    public static func read(_ sample: [UInt8], path: String) throws -> [Item] {
        var r = ByteReader(sample, path: path)
        var items: [Item] = []
        while r.remaining > 0 {
            let size = try r.readUInt32()
            guard size >= 8, Int(size) - 4 <= r.remaining else {
                throw ParseError(.invalidValue, "a metadata item of \(size) bytes does not fit the sample", path: path, offset: r.fileOffset - 4)
            }
            items.append(Item(localKeyID: try r.readUInt32(), value: try r.readBytes(Int(size) - 8)))
        }
        return items
    }
}
