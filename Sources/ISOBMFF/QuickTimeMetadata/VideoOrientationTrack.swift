import BinaryIO

/// The camera's `com.apple.quicktime.video-orientation` track: one sample over the movie with
/// a signed 16-bit EXIF-style orientation (1 = upright, 6 = rotated 90°), declared with
/// well-known type 66 and an `sdpd`. Read and built from this one definition.
public enum VideoOrientationTrack {
    public static let key = "com.apple.quicktime.video-orientation"
    /// Well-known type 66: signed 16-bit integer.
    public static let dataType: UInt32 = 66
    public static let localKeyID: UInt32 = 1

    /// The EXIF orientation matching a track's display rotation.
    public static func orientation(rotationDegrees: Int) -> Int16 {
        switch ((rotationDegrees % 360) + 360) % 360 {
        case 90: return 6
        case 180: return 3
        case 270: return 8
        default: return 1
        }
    }

    /// The orientation value of `track`'s first sample, nil when it has none readable.
    public static func read(_ track: Track, in file: MovieFile) throws -> Int16? {
        guard track.sampleTable.sampleCount > 0 else { return nil }
        let localID = try track.metadataDeclaration(forKey: key)?.localID ?? localKeyID
        let samplePath = track.path + " sample 1"
        let items = try MetadataSampleItems.read(try file.sampleBytes(track: track, index: 0, maximum: 4096), path: samplePath)
        guard let value = items.first(where: { $0.localKeyID == localID })?.value, value.count == 2 else { return nil }
        return Int16(bitPattern: UInt16(value[0]) << 8 | UInt16(value[1]))
    }

    /// Builds the track (one sample over the video's duration, movie timescale) and its sample.
    public static func makeTrack(trackID: UInt32, video: Track, movieTimescale: UInt32) -> (trak: Atom, samples: [UInt8]) {
        let value = UInt16(bitPattern: orientation(rotationDegrees: video.header.rotationDegrees))
        let sample = TimedMetadataTrack.item(localKeyID: localKeyID, value: [UInt8(value >> 8), UInt8(value & 0xFF)])
        var declaration = MetadataSampleEntry.KeyDeclaration(localID: localKeyID, key: .init(value: Array(key.utf8)), dataType: .init(wellKnown: dataType))
        declaration.boxes.append(.other(LivePhotoInfoTrack.sampleDescriptionProperties()))
        let duration = UInt32(clamping: max(1, video.header.duration))
        var trak = TimedMetadataTrack(trackID: trackID, edits: [.init(duration: UInt64(duration), mediaTime: 0, rate: 0x10000)],
                                      mediaTimescale: movieTimescale, sampleEntry: MetadataSampleEntry(declarations: [declaration]).atom(),
                                      timeToSample: [.init(count: 1, delta: duration)], sampleSizes: [UInt32(sample.count)], describes: video.header.trackID)
        trak.dependsOnDescribed = true
        return (trak.atom(), sample)
    }
}
