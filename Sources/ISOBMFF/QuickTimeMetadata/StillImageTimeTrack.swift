import BinaryIO

/// The timed metadata track that tells Photos where the still sits in the movie: handler
/// `meta`, a `mebx` sample entry declaring `com.apple.quicktime.still-image-time` (well-known
/// type 65, signed 8-bit), and one sample whose presentation time is the still's time.
public enum StillImageTimeTrack {
    public static let key = Track.stillImageTimeKey
    /// Well-known data type 65: signed 8-bit integer.
    public static let dataType: UInt32 = 65
    /// The value iPhone cameras write (AVFoundation-made files have been seen with 0).
    public static let cameraValue: Int8 = -1
    public static let localKeyID: UInt32 = 1

    /// What a still-image-time track says: its value and where its sample is presented.
    public struct Reading: Equatable {
        public var trackID: UInt32
        public var value: Int64?
        public var presentationTime: Double?
    }

    /// Reads the value and time of `track`'s first sample from `file`.
    public static func read(_ track: Track, in file: MovieFile) throws -> Reading {
        let timescale = file.movie.header.timescale
        var reading = Reading(trackID: track.trackID, value: nil, presentationTime: track.firstSamplePresentationTime(movieTimescale: timescale))
        guard track.sampleTable.sampleCount > 0 else { return reading }
        let declared = track.sampleEntries.lazy.flatMap(\.metadataKeys).first { $0.key == key }
        let localID = declared?.localID ?? localKeyID
        // Decode by the type the track declares (65, signed 8-bit, as Apple writes it).
        let valueType = declared?.dataType ?? dataType
        let bytes = try file.sampleBytes(track: track, index: 0, maximum: 4096)
        var r = ByteReader(bytes, path: track.path + " sample")
        while r.remaining >= 8 {
            let size = try r.readUInt32()
            let id = try r.readUInt32()
            guard size >= 8 else { break }
            let value = try r.readBytes(Int(size) - 8)
            if id == localID {
                switch MetadataValue(typeIndicator: valueType, bytes: value) {
                case .integer(let v): reading.value = v
                case .unsignedInteger(let u): reading.value = Int64(clamping: u)
                default: break
                }
                break
            }
        }
        return reading
    }

    /// The one 9-byte sample: an item atom sized 9 whose type is local key id 1, value -1.
    public static func sample(value: Int8 = cameraValue) -> [UInt8] {
        var w = ByteWriter()
        w.u32(9); w.u32(localKeyID); w.u8(UInt8(bitPattern: value))
        return w.bytes
    }

    /// Builds the `trak` atom. The sample's chunk offset is left 0: the layout step fills it in.
    /// - Parameters:
    ///   - stillTick: presentation time of the still, in the movie timescale.
    ///   - sampleDuration: sample duration in the movie timescale (a frame, typically).
    ///   - wallpaper: the camera's two extra keys (transform, reference dimensions), declared
    ///     and written beside the still-image-time value; nil for the one-key track.
    public static func makeTrack(trackID: UInt32, videoTrackID: UInt32, movieTimescale: UInt32, stillTick: UInt64, sampleDuration: UInt32,
                                 wallpaper: StillImageTransform? = nil) -> Atom {
        let duration = UInt32(max(1, sampleDuration))
        var edits: [EditList.Entry] = []
        if stillTick > 0 { edits.append(EditList.Entry(duration: stillTick, mediaTime: -1, rate: 0x10000)) }
        edits.append(EditList.Entry(duration: UInt64(duration), mediaTime: 0, rate: 0x10000))
        var declarations = [MetadataSampleEntry.KeyDeclaration(localID: localKeyID, key: .init(value: Array(key.utf8)), dataType: .init(wellKnown: dataType))]
        if wallpaper != nil { declarations += StillImageTransform.declarations }
        let bytes = sample(wallpaper: wallpaper)
        return TimedMetadataTrack(trackID: trackID, edits: edits, mediaTimescale: movieTimescale,
                                  sampleEntry: MetadataSampleEntry(declarations: declarations).atom(),
                                  timeToSample: [.init(count: 1, delta: duration)], sampleSizes: [UInt32(bytes.count)], describes: videoTrackID).atom()
    }

    /// The one sample: the still-image-time item (local key id 1, value -1), then the
    /// camera's transform items when given.
    public static func sample(value: Int8 = cameraValue, wallpaper: StillImageTransform?) -> [UInt8] {
        sample(value: value) + (wallpaper?.items() ?? [])
    }
}
