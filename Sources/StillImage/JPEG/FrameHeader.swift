import BinaryIO

/// The fields of a SOFn segment that we read ourselves: dimensions and sampling factors, used
/// to bound a full decode before libjpeg-turbo allocates anything, and as the fallback when
/// libjpeg-turbo cannot name the subsampling.
struct FrameHeader: Equatable {
    struct Component: Equatable { let id: UInt8; let h: Int; let v: Int }
    let marker: UInt8
    let precision: Int
    let width: Int
    let height: Int
    let components: [Component]

    static func read(_ source: FileSource, _ segment: JPEGSegment) throws -> FrameHeader {
        let path = "JPEG/" + segment.name
        let bytes = try source.read(at: segment.payloadOffset, count: segment.payloadLength, path: path)
        var r = ByteReader(bytes, baseOffset: segment.payloadOffset, path: path)
        let precision = Int(try r.readUInt8())
        let height = Int(try r.readUInt16())
        let width = Int(try r.readUInt16())
        let count = Int(try r.readUInt8())
        try r.require(count * 3, "\(count) component specifications")
        var components: [Component] = []
        for _ in 0..<count {
            let id = try r.readUInt8()
            let hv = try r.readUInt8()
            _ = try r.readUInt8() // quantization table selector
            components.append(Component(id: id, h: Int(hv >> 4), v: Int(hv & 0x0F)))
        }
        return FrameHeader(marker: segment.marker, precision: precision, width: width, height: height, components: components)
    }

    var isProgressive: Bool { [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) }
}
