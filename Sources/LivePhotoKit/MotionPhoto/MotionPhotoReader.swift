import BinaryIO
import StillImage
#if canImport(Glibc)
import Glibc
#endif

/// A JPEG that is not a Motion Photo (one whose XMP promises a video that is not there is
/// `MotionPhotoVideoMissing`): the reason says why.
public struct NotAMotionPhoto: Error, CustomStringConvertible {
    public let reason: String
    /// A vivo still: its video is a file beside it (`VivoLivePhoto` reads it).
    public var videoBeside = false
    public var description: String { reason }
}

/// Reads every JPEG Motion Photo variant. The Samsung trailer is authoritative when it holds
/// the video (its XMP lengths are not trusted), then Huawei's `LIVE_` fields; otherwise the
/// Google `Container:Directory` is walked back from the end of the file, then
/// `MicroVideoOffset`; when XMP says Motion Photo but neither locates the video, the embedded
/// `ftyp` is searched for, with a warning. Every length is checked against the file before
/// anything is read by it.
public enum MotionPhotoReader {
    /// The Motion Photo in `path`; throws `NotAMotionPhoto` for a plain JPEG,
    /// `MotionPhotoVideoMissing` when the XMP promises a video that is not there or that its
    /// offsets do not lead to, and `ParseError` for a damaged or lying one.
    /// - Parameter scanned: where `scan` found the image to end in this file (skips the walk
    ///   when the file is unchanged since).
    public static func read(path: String, scanned: ScannedImageEnd? = nil) throws -> MotionPhoto {
        try read(source: StillHeaderWindow.open(path), scanned: scanned)
    }

    /// - Parameter structure: the JPEG's segment list when the caller already read it (`scan`).
    public static func read(source: FileSource, scanned: ScannedImageEnd? = nil, structure: JPEGStructure? = nil) throws -> MotionPhoto {
        let structure = try structure ?? JPEGStructure.read(source)
        var warnings: [String] = []
        let packets = try MotionPhotoXMPPackets.read(source, structure: structure, warnings: &warnings)
        let xmp = packets.motion?.packet
        let timestamp = xmp?.integer(MotionPhotoXMP.presentationTimestamp) ?? xmp?.integer(MotionPhotoXMP.microVideoPresentationTimestamp)
        let saysMotion = xmp?.integer(MotionPhotoXMP.motionPhoto) == 1
        let saysMicroVideo = xmp?.integer(MotionPhotoXMP.microVideo) == 1
        let hasVideoItem = xmp?.containerDirectory()?.contains(where: { $0.semantic == MotionPhotoXMP.Semantic.motionPhoto }) == true
        // Decided from the XMP and the last 8 bytes before the image data is walked, so `scan`
        // pays for no more than that on an ordinary JPEG.
        let sef = try SamsungSEFTrailer.read(source)
        let huawei = sef == nil ? try HuaweiLiveTrailer.read(source) : nil
        guard saysMotion || saysMicroVideo || hasVideoItem || sef != nil || huawei != nil else {
            return try MotionPhotoAfterImage.read(source, structure: structure, scanned: scanned)
        }
        let imageEnd = try scanned?.imageEnd(for: source, structure: structure) ?? JPEGImageEnd.find(source, structure: structure)
        let size = source.size

        func make(_ variant: MotionPhoto.Variant, _ location: MotionPhoto.Location, _ video: MotionPhoto.ByteRange, gainMap: MotionPhoto.ByteRange? = nil,
                  timestampUs: Int64? = timestamp) throws -> MotionPhoto {
            try requireMP4(source, at: video, what: location)
            let maker: MotionPhotoMaker = variant == .samsung ? .samsung : variant == .huawei ? .huawei : packets.maker
            return MotionPhoto(path: source.path, source: source, structure: structure, variant: variant, maker: maker,
                               location: location, imageEnd: imageEnd, video: video, gainMap: gainMap, presentationTimestampUs: timestampUs, xmp: xmp,
                               xmpSegmentOffset: packets.motion?.segmentOffset, warnings: warnings)
        }

        // 1. Samsung: the trailer says exactly where the MP4 is.
        if let sef {
            guard let record = sef.motionPhotoData else {
                throw NotAMotionPhoto(reason: "a Samsung trailer without a MotionPhoto_Data record (no video)")
            }
            guard record.offset >= imageEnd else {
                throw ParseError(.invalidValue, "the MotionPhoto_Data record starts inside the image", path: "SEFH", offset: record.offset)
            }
            guard record.dataLength >= 8 else { throw ParseError(.invalidValue, "the MotionPhoto_Data record holds no video", path: "SEFH", offset: record.offset) }
            return try make(.samsung, .samsungTrailer, .init(offset: record.dataOffset, length: record.dataLength))
        }
        // 1b. Huawei/Honor: the LIVE_ fields say where the MP4 starts and when the cover (the still) is.
        if let huawei {
            let (video, coverUs) = try huaweiVideo(huawei, imageEnd: imageEnd, warnings: &warnings)
            return try make(.huawei, .huaweiTrailer, video, timestampUs: coverUs ?? timestamp)
        }
        if !(saysMotion || saysMicroVideo) {
            warnings.append("the XMP has a MotionPhoto directory item but no GCamera:MotionPhoto = 1")
        }
        guard imageEnd < size else { throw MotionPhotoVideoMissing(reason: "the XMP says Motion Photo but nothing follows the image: no video") }
        do {
            let found = try locateByXMP(xmp, source: source, imageEnd: imageEnd, saysMicroVideo: saysMicroVideo, warnings: &warnings)
            return try make(found.variant, found.location, found.video, gainMap: found.gainMap)
        } catch let error as ParseError where error.kind != .io {
            throw MotionPhotoVideoMissing(stale: error)
        }
    }

    /// Where Huawei's fields put the video, and the cover time in microseconds (exact: whole
    /// milliseconds); nil when PLAY gives none.
    private static func huaweiVideo(_ trailer: HuaweiLiveTrailer, imageEnd: UInt64, warnings: inout [String]) throws -> (MotionPhoto.ByteRange, Int64?) {
        guard trailer.videoOffset >= imageEnd else {
            throw ParseError(.invalidValue, "the Huawei LIVE_ length puts the video inside the image", path: "LIVE_", offset: trailer.videoOffset)
        }
        let coverUs = trailer.coverMs.flatMap { (0...Int64.max / 1000).contains($0) ? $0 * 1000 : nil }
        if coverUs == nil { warnings.append("the Huawei PLAY field gives no cover time (\"<start ms>:<cover ms>\")") }
        return (.init(offset: trailer.videoOffset, length: trailer.videoLength), coverUs)
    }

    /// Steps 2 to 4: where the XMP (or, failing it, an `ftyp` after the image) puts the video.
    private static func locateByXMP(_ xmp: XMPPacket?, source: FileSource, imageEnd: UInt64, saysMicroVideo: Bool, warnings: inout [String]) throws
        -> (variant: MotionPhoto.Variant, location: MotionPhoto.Location, video: MotionPhoto.ByteRange, gainMap: MotionPhoto.ByteRange?) {
        let size = source.size
        // 2. Google v1: the directory, walked back from the end of the file.
        if let items = xmp?.containerDirectory(), items.contains(where: { $0.semantic == MotionPhotoXMP.Semantic.motionPhoto }) {
            let (ranges, end) = try directoryRanges(items, imageEnd: imageEnd, source: source)
            if let item = ranges[MotionPhotoXMP.Semantic.motionPhoto] {
                let padding = items.first?.padding ?? 0
                if end - imageEnd != padding && end != imageEnd {
                    warnings.append("\(end - imageEnd) bytes between the image and the first item (padding says \(padding))")
                }
                return (.google, .containerDirectory, try byVideoLength(item, xmp), ranges[MotionPhotoXMP.Semantic.gainMap])
            }
        }

        // 3. Legacy MicroVideo: bytes from the end of the file.
        if let offset = xmp?.integer(MotionPhotoXMP.microVideoOffset), offset > 0 {
            guard UInt64(offset) <= size - imageEnd else {
                throw ParseError(.invalidValue, "MicroVideoOffset \(offset) points before the end of the image", path: "XMP/GCamera:MicroVideoOffset", offset: 0)
            }
            return (saysMicroVideo ? .microVideo : .google, .microVideoOffset, .init(offset: size - UInt64(offset), length: UInt64(offset)), nil)
        }

        // 4. Nothing says where: look for the MP4's `ftyp`.
        guard let start = try findFileType(source, from: imageEnd) else {
            throw MotionPhotoVideoMissing(reason: "the XMP says Motion Photo but no directory locates the video and no MP4 follows the image")
        }
        warnings.append("no Container:Directory or MicroVideoOffset locates the video; found an MP4 'ftyp' at offset \(start)")
        return (saysMicroVideo ? .microVideo : .google, .ftypSearch, .init(offset: start, length: size - start), nil)
    }

    /// OPPO: the directory's MotionPhoto item holds the MP4 and then a maker trailer;
    /// `OpCamera:VideoLength` is the MP4's own length, read from the item's start.
    static func byVideoLength(_ item: MotionPhoto.ByteRange, _ xmp: XMPPacket?) throws -> MotionPhoto.ByteRange {
        guard let stated = xmp?.integer(MotionPhotoXMP.oplusVideoLength) else { return item }
        guard stated > 0, UInt64(stated) <= item.length else {
            throw ParseError(.invalidValue, "OpCamera:VideoLength \(stated) does not fit the directory's MotionPhoto item of \(item.length) bytes",
                             path: "XMP/OpCamera:VideoLength", offset: item.offset)
        }
        return .init(offset: item.offset, length: UInt64(stated))
    }

    /// Where each Google directory item after the primary lies, walked back from the end of the
    /// file (items fill it in order), and where the first of them starts; a GainMap item must
    /// be a JPEG.
    static func directoryRanges(_ items: [XMPContainerItem], imageEnd: UInt64, source: FileSource) throws -> (ranges: [String: MotionPhoto.ByteRange], end: UInt64) {
        let size = source.size
        var end = size
        var ranges: [String: MotionPhoto.ByteRange] = [:]
        for (i, item) in items.enumerated().dropFirst().reversed() {
            guard let length = item.length, length > 0 else {
                throw ParseError(.invalidValue, "Container:Directory item \(i + 1) (\(item.semantic)) has no length", path: "XMP/Container:Directory", offset: 0)
            }
            guard length <= end - imageEnd else {
                throw ParseError(.invalidValue, "Container:Directory does not add up: its items need more than the \(size - imageEnd) bytes after the image", path: "XMP/Container:Directory", offset: end)
            }
            end -= length
            if ranges[item.semantic] == nil { ranges[item.semantic] = .init(offset: end, length: length) }
        }
        if let gainMap = ranges[MotionPhotoXMP.Semantic.gainMap],
           try JPEGTrailerKind.atStart(of: source, offset: gainMap.offset, length: gainMap.length) != .jpegImage {
            throw ParseError(.invalidValue, "Container:Directory does not add up: its GainMap item is not a JPEG (offset \(gainMap.offset))", path: "XMP/Container:Directory", offset: gainMap.offset)
        }
        return (ranges, end)
    }

    /// Motion Photo properties live in namespaces a packet must declare by their URI, so a
    /// packet whose bytes never name the camera or container namespace holds none: checked
    /// before the XML parser runs, which keeps `scan` over thousands of ordinary JPEGs fast.
    /// (Only a gate: the properties themselves are read by the XML parser.)
    static func mentionsMotionPhotoNamespace(_ payload: [UInt8]) -> Bool { ByteSearch.contains(payload, "http://ns.google.com/photos/1.0/") }

    /// The MP4 must start with a box whose type is `ftyp`.
    static func requireMP4(_ source: FileSource, at range: MotionPhoto.ByteRange, what: MotionPhoto.Location) throws {
        guard try JPEGTrailerKind.atStart(of: source, offset: range.offset, length: range.length) == .isoMedia else {
            throw ParseError(.invalidValue, "the \(what.rawValue) does not point at an MP4 (no 'ftyp' box at offset \(range.offset))", path: "MotionPhoto video", offset: range.offset)
        }
    }

    /// The offset of the first box header `....ftyp` after `start`, scanning bounded windows.
    static func findFileType(_ source: FileSource, from start: UInt64) throws -> UInt64? {
        let needle = Array("ftyp".utf8)
        var position = start
        let window = 1 << 16
        while position < source.size {
            let bytes = try source.readUpTo(at: position, count: window + 3)
            if bytes.count < 4 { break }
            var from = 0
            while let i = ByteSearch.firstIndex(of: needle, in: bytes, from: from) {
                let at = position + UInt64(i)
                if at >= start + 4 { return at - 4 }
                from = i + 1
            }
            position += UInt64(max(1, bytes.count - 3))
        }
        return nil
    }
}
