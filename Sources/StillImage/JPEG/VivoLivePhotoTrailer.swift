import BinaryIO

/// vivo's (OriginOS) Live Photo mark at the end of a JPEG: a `vivo{…}` JSON block holding
/// `"com.android.camera.livephoto":"<id>"`, then `cameralbum!/<id>` as the file's last bytes.
/// The video is not inside: it is a same-name `.mp4` beside the still (format-notes "Other
/// makers"). Only the file's last `tailWindow` bytes are read, so a plain JPEG costs one read.
public struct VivoLivePhotoTrailer: Equatable, Sendable {
    /// The id after `cameralbum!/`.
    public var albumIdentifier: String
    /// The id in the JSON block; nil when the block names none.
    public var jsonIdentifier: String?
    /// Where the `vivo{` block (or, without one, `cameralbum!/`) starts.
    public var offset: UInt64

    static let albumMarker = Array("cameralbum!/".utf8)
    static let blockMarker = Array("vivo{".utf8)
    static let livePhotoKey = Array("\"com.android.camera.livephoto\"".utf8)
    /// The block and the marker are a few hundred bytes; a bound keeps the read small.
    static let tailWindow = 8 << 10
    static let maximumIdentifierLength = 128

    /// Whether both places name the same id: a trailer that disagrees with itself is not
    /// trusted to say which video belongs to the still.
    public var isConsistent: Bool { jsonIdentifier == albumIdentifier }

    /// The trailer at the end of `source`; nil when the file does not end with `cameralbum!/<id>`.
    public static func read(_ source: FileSource) throws -> VivoLivePhotoTrailer? {
        // The marker and its id lie in the last few hundred bytes: a file without them costs
        // that small read only.
        let markerReach = UInt64(albumMarker.count + maximumIdentifierLength + 8)
        let last = try source.read(at: source.size - min(markerReach, source.size), count: Int(min(markerReach, source.size)), path: "vivo trailer")
        guard lastIndex(of: albumMarker, in: last, before: last.count) != nil else { return nil }
        let count = Int(min(UInt64(tailWindow), source.size))
        guard count > albumMarker.count else { return nil }
        let start = source.size - UInt64(count)
        let tail = try source.read(at: start, count: count, path: "vivo trailer")
        guard let album = lastIndex(of: albumMarker, in: tail, before: tail.count) else { return nil }
        let idBytes = Array(tail[(album + albumMarker.count)...])
        guard let albumID = identifier(idBytes) else { return nil }
        var trailer = VivoLivePhotoTrailer(albumIdentifier: albumID, jsonIdentifier: nil, offset: start + UInt64(album))
        if let block = lastIndex(of: blockMarker, in: tail, before: album) {
            trailer.offset = start + UInt64(block)
            trailer.jsonIdentifier = jsonValue(Array(tail[block..<album]))
        }
        return trailer
    }

    /// The quoted value after the live-photo key in the JSON block (read by hand: the block
    /// need not be valid JSON for the one value to be found).
    static func jsonValue(_ block: [UInt8]) -> String? {
        guard let key = lastIndex(of: livePhotoKey, in: block, before: block.count) else { return nil }
        var i = key + livePhotoKey.count
        while i < block.count, block[i] == UInt8(ascii: " ") || block[i] == UInt8(ascii: ":") { i += 1 }
        guard i < block.count, block[i] == UInt8(ascii: "\"") else { return nil }
        let valueStart = i + 1
        guard let close = block[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return identifier(Array(block[valueStart..<close]))
    }

    /// An id: 1 to 128 printable ASCII characters other than quotes and slashes (trailing NULs,
    /// spaces and line ends are ignored); nil otherwise.
    static func identifier(_ bytes: [UInt8]) -> String? {
        var end = bytes.count
        while end > 0, [0, 0x0A, 0x0D, 0x20].contains(bytes[end - 1]) { end -= 1 }
        let id = bytes[..<end]
        guard !id.isEmpty, id.count <= maximumIdentifierLength,
              id.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "/") }) else { return nil }
        return String(decoding: id, as: UTF8.self)
    }

    static func lastIndex(of needle: [UInt8], in hay: [UInt8], before end: Int) -> Int? {
        guard end >= needle.count else { return nil }
        var i = end - needle.count
        while i >= 0 {
            if hay[i] == needle[0], Array(hay[i..<i + needle.count]) == needle { return i }
            i -= 1
        }
        return nil
    }
}
