import BinaryIO

/// The camera's `com.apple.quicktime.live-photo-info` track: one sample per video frame with
/// the same `stts` as the video, declared with the reverse-DNS name doubled as its data type
/// (`dtyp` namespace 1), an `sdpd`, the setup box (`LivePhotoInfoSetup`) and a `ctps`, in the
/// camera's order. Read and built from this one definition.
public enum LivePhotoInfoTrack {
    public static let key = "com.apple.quicktime.live-photo-info"
    /// The data type name the camera declares: the key after "com.apple.quicktime." again.
    public static let dataTypeName = "com.apple.quicktime." + key
    public static let localKeyID: UInt32 = 1

    /// What a live-photo-info track says, read with bounds on every size.
    public struct Reading: Sendable, Equatable {
        public var trackID: UInt32
        /// The `dtyp` carries the doubled reverse-DNS name (namespace 1).
        public var doubledDataType: Bool
        public var setup: LivePhotoInfoSetup?
        public var sampleCount: UInt32
        /// Same `stts` and media timescale as the video: one sample per frame, at its time.
        public var timedLikeVideo: Bool
        /// The first sample's record (nil when the track has no sample).
        public var firstRecord: LivePhotoInfoRecord?
    }

    public static func read(_ track: Track, video: Track, in file: MovieFile) throws -> Reading {
        let declaration = try track.metadataDeclaration(forKey: key)
        let type = declaration?.dataType
        var setup: LivePhotoInfoSetup? = nil
        for case .other(let box) in declaration?.boxes ?? [] where box.type == "setu" {
            setup = try LivePhotoInfoSetup(payload: box.isContainer ? box.serialized().dropFirst(8).map { $0 } : box.payload,
                                           path: track.path + "/mdia/minf/stbl/stsd/mebx/keys/setu")
            break
        }
        let timed = track.sampleTable.timeToSample == video.sampleTable.timeToSample && track.mediaHeader.timescale == video.mediaHeader.timescale
        var record: LivePhotoInfoRecord? = nil
        if track.sampleTable.sampleCount > 0 {
            let samplePath = track.path + " sample 1"
            let items = try MetadataSampleItems.read(try file.sampleBytes(track: track, index: 0, maximum: 1 << 16), path: samplePath)
            let localID = declaration?.localID ?? localKeyID
            if let item = items.first(where: { $0.localKeyID == localID }) { record = try LivePhotoInfoRecord(item.value, path: samplePath) }
        }
        return Reading(trackID: track.trackID, doubledDataType: type?.namespace == 1 && type?.value == Array(dataTypeName.utf8),
                       setup: setup, sampleCount: track.sampleTable.sampleCount, timedLikeVideo: timed, firstRecord: record)
    }

    /// The key declaration as the camera writes it: `keyd`, `dtyp`, `sdpd`, `setu`, `ctps`.
    public static func declaration(setup: LivePhotoInfoSetup) -> MetadataSampleEntry.KeyDeclaration {
        var d = MetadataSampleEntry.KeyDeclaration(localID: localKeyID, key: .init(value: Array(key.utf8)),
                                                   dataType: .init(namespace: 1, value: Array(dataTypeName.utf8)))
        d.boxes += [.other(sampleDescriptionProperties()), .other(setup.atom()),
                    .other(Atom(type: "ctps", children: [Atom(type: "dtyp", payload: [UInt8](repeating: 0, count: 8))]))]
        return d
    }

    /// `sdpd` holding an empty `sdpi`, as the camera declares its metadata keys.
    static func sampleDescriptionProperties() -> Atom {
        Atom(type: "sdpd", children: [Atom(type: "sdpi", payload: [0, 0, 0, 0])])
    }

    /// Builds the track for `video` (one neutral record per frame, same `stts`, one edit over
    /// the video's duration) and its samples, one chunk. Nil when the video's `stts` counts more
    /// samples than it has (a table we will not copy).
    public static func makeTrack(trackID: UInt32, video: Track, setup: LivePhotoInfoSetup) -> (trak: Atom, samples: [UInt8])? {
        let stts = video.sampleTable.timeToSample
        let count = stts.reduce(UInt64(0)) { $0 + UInt64($1.count) }
        guard count > 0, count == UInt64(video.sampleTable.sampleCount) else { return nil }
        let sample = TimedMetadataTrack.item(localKeyID: localKeyID, value: LivePhotoInfoRecord.neutral())
        var samples: [UInt8] = []
        samples.reserveCapacity(sample.count * Int(count))
        for _ in 0..<count { samples += sample }
        let entry = MetadataSampleEntry(declarations: [declaration(setup: setup)]).atom()
        var trak = TimedMetadataTrack(trackID: trackID, edits: [.init(duration: video.header.duration, mediaTime: 0, rate: 0x10000)],
                                      mediaTimescale: video.mediaHeader.timescale, sampleEntry: entry, timeToSample: stts,
                                      sampleSizes: Array(repeating: UInt32(sample.count), count: Int(count)), describes: video.header.trackID)
        trak.dependsOnDescribed = true
        return (trak.atom(), samples)
    }
}
