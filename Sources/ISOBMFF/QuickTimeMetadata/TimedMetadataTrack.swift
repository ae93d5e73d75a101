import BinaryIO

/// The `trak` skeleton every timed-metadata (`mebx`) track we build shares: handler `meta`,
/// a `gmhd` media header, self-contained data, one sample entry, and all samples in one chunk
/// whose offset is left 0 (the layout step fills it in). The still-image-time, live-photo-info
/// and video-orientation tracks differ only in what this layout holds.
public struct TimedMetadataTrack {
    public var trackID: UInt32
    /// The edit list; the track's duration (movie ticks) is the sum of its entries.
    public var edits: [EditList.Entry]
    public var mediaTimescale: UInt32
    /// The `mebx` sample entry.
    public var sampleEntry: Atom
    public var timeToSample: [SampleTable.TimeToSample]
    public var sampleSizes: [UInt32]
    /// `tref/cdsc` to this track, when there is one (iOS 17 cameras write it, iOS 18 do not).
    public var describes: UInt32?
    /// `tref/cdep` to this track as well: iOS 17 cameras give it to the live-photo-info and
    /// video-orientation tracks (lock-screen wallpapers are reported to need it).
    public var dependsOnDescribed = false

    public init(trackID: UInt32, edits: [EditList.Entry], mediaTimescale: UInt32, sampleEntry: Atom,
                timeToSample: [SampleTable.TimeToSample], sampleSizes: [UInt32], describes: UInt32?) {
        self.trackID = trackID; self.edits = edits; self.mediaTimescale = mediaTimescale; self.sampleEntry = sampleEntry
        self.timeToSample = timeToSample; self.sampleSizes = sampleSizes; self.describes = describes
    }

    public func atom() -> Atom {
        // Enabled, in movie, in preview, in poster (as AVFoundation and the camera write).
        var track = NewTrack(header: TrackHeader(flags: 0x0F, trackID: trackID, duration: 0), edits: edits,
                             mediaHeader: MediaHeader(timescale: mediaTimescale, duration: 0), handlerType: "meta", handlerName: "Core Media Metadata",
                             mediaInformationHeader: BaseMediaInfo().headerAtom(), sampleEntries: [sampleEntry], timeToSample: timeToSample,
                             sampleSizes: sampleSizes, samplesPerChunk: [UInt32(sampleSizes.count)])
        if let first = sampleSizes.first, sampleSizes.allSatisfy({ $0 == first }) { track.constantSampleSize = first }
        if let describes {
            track.references = [.init(type: "cdsc", trackIDs: [describes])]
            if dependsOnDescribed { track.references.append(.init(type: "cdep", trackIDs: [describes])) }
        }
        return track.atom()
    }

    /// One metadata item as a sample holds it: size, local key id, value.
    public static func item(localKeyID: UInt32, value: [UInt8]) -> [UInt8] {
        var w = ByteWriter(capacity: 8 + value.count)
        w.u32(UInt32(8 + value.count)); w.u32(localKeyID); w.append(value)
        return w.bytes
    }
}
