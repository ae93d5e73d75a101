import BinaryIO

extension NewVideoTrack {
    /// A source video track's samples copied byte for byte, for a new movie that keeps the video
    /// as it was (`make --wallpaper` of a movie that already complies): its sample entry, every
    /// sample with its duration, sync flag and composition offset, in its own media timescale.
    public init(copying source: Track, in file: MovieFile) throws {
        let table = source.sampleTable
        let stbl = source.path + "/mdia/minf/stbl"
        let ranges = try table.sampleRanges(path: stbl)
        let times = table.compositionTimes()
        guard times.count == ranges.count, !ranges.isEmpty else {
            throw ParseError(.invalidValue, "\(ranges.count) samples but \(times.count) sample times", path: stbl, offset: 0)
        }
        let bytes = try CopiedAudioTrack.read(ranges[...], from: file.source, path: source.path)
        let sync = try SyncSampleTable(track: source)
        var samples: [Sample] = []
        samples.reserveCapacity(ranges.count)
        var decodeTime: Int64 = 0, at = 0
        for run in table.timeToSample where samples.count < ranges.count {
            for _ in 0..<min(Int(run.count), ranges.count - samples.count) {
                let i = samples.count, size = Int(ranges[i].size)
                samples.append(Sample(bytes: Array(bytes[at..<at + size]), duration: run.delta, isSync: sync.syncSample(atOrBefore: i) == i,
                                      compositionOffset: Int32(clamping: times[i] - decodeTime)))
                decodeTime += Int64(run.delta); at += size
            }
        }
        let configuration = try source.videoCodecConfiguration()
        self.init(configuration: configuration, rotationDegrees: source.header.rotationDegrees, timescale: source.mediaHeader.timescale, samples: samples)
        sampleEntry = source.atom.find("mdia", "minf", "stbl", "stsd")?.children?.first
    }
}
