import BinaryIO
import CAVCodec
import ISOBMFF

/// A source video track's samples, decoded run by run for the encoder: a run is a stretch of
/// output slots whose frames come in presentation order, decoded in one pass from the sync
/// sample before its first frame.
struct SourceFrames {
    let file: MovieFile
    let track: Track
    let configuration: VideoCodecConfiguration
    let ranges: [(offset: UInt64, size: UInt32)]
    let times: [Int64]
    let sync: SyncSampleTable
    let threads: Int

    /// Decodes the frames of every slot, in slot order: `deliver` gets each slot's frame once
    /// with the number of slots in a row that show it (frame k of the output is the frame of
    /// slot k). A frame that did not come out (an open-GOP leading picture) is retried once from
    /// the sync sample before. `observe` sees every frame the decoder gives.
    func decode(slots: [FrameTiming.ShownSample], observe: (UnsafeMutablePointer<AVFrame>, Int64) throws -> Void,
                deliver: (UnsafeMutablePointer<AVFrame>, Int) throws -> Void) throws {
        var next = 0
        var retried = false
        while next < slots.count {
            let reached = try decodeRun(slots: slots, from: next, earlierGOP: retried, observe: observe, deliver: deliver)
            if reached > next { next = reached; retried = false; continue }
            guard !retried else {
                throw ParseError(.invalidValue, "the frame of sample \(slots[next].sampleIndex + 1) did not come out of the decoder", path: track.path, offset: track.offset)
            }
            retried = true
        }
    }

    /// Delivers slots from `first` until the run ends (the next slot shows an earlier frame) or a
    /// frame does not come out; returns the first slot not delivered.
    func decodeRun(slots: [FrameTiming.ShownSample], from first: Int, earlierGOP: Bool,
                   observe: (UnsafeMutablePointer<AVFrame>, Int64) throws -> Void,
                   deliver: (UnsafeMutablePointer<AVFrame>, Int) throws -> Void) throws -> Int {
        var end = first + 1
        while end < slots.count, slots[end].compositionTime >= slots[end - 1].compositionTime { end += 1 }
        let run = slots[first..<end]
        let lowest = run.map(\.sampleIndex).min() ?? slots[first].sampleIndex
        let highest = run.map(\.sampleIndex).max() ?? slots[first].sampleIndex
        guard highest < ranges.count, highest < times.count, var start = sync.syncSample(atOrBefore: lowest) else {
            throw ParseError(.invalidValue, "sample \(lowest + 1) has no sync sample before it", path: track.path + "/mdia/minf/stbl/stss", offset: 0)
        }
        if earlierGOP, start > 0, let earlier = sync.syncSample(atOrBefore: start - 1) { start = earlier }

        let decoder = try FFmpegDecoder(configuration: configuration, threads: threads, workload: .frameRun)
        var cursor = first
        // Frames come out in presentation order: one before the slot's is skipped, one after it
        // means the slot's frame was not output.
        let take: (UnsafeMutablePointer<AVFrame>) throws -> Bool = { frame in
            let pts = FFmpegDecoder.compositionTime(of: frame)
            try observe(frame, pts)
            if pts > slots[cursor].compositionTime { return true }
            guard pts == slots[cursor].compositionTime else { return false }
            let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
            guard FrameSizeLimit.allows(width: width, height: height) else {
                throw ParseError(.tooLarge, "sample \(slots[cursor].sampleIndex + 1) decodes to \(width)x\(height) pixels", path: track.path, offset: track.offset)
            }
            var repeats = 0
            while cursor + repeats < end, slots[cursor + repeats].compositionTime == pts { repeats += 1 }
            try deliver(frame, repeats)
            cursor += repeats
            return cursor == end
        }
        do {
            var index = start
            var done = false
            while index <= highest && !done {
                let bytes = try VideoSampleBytes.read(file, track: track, ranges: ranges, index: index, purpose: "the re-encode")
                done = try decoder.send(bytes, pts: times[index], key: sync.syncSample(atOrBefore: index) == index, onFrame: take)
                index += 1
            }
            if !done { _ = try decoder.flush(onFrame: take) }
        } catch let failure as FFmpegDecoder.DecodeFailure {
            // Named by the first frame that did not come out: a frame-threaded decoder reports
            // the damage a sample or more after the damaged one was sent.
            let waiting = slots[cursor].sampleIndex
            throw ParseError(.invalidValue, "sample \(waiting + 1) failed to decode: \(failure.message)", path: track.path, offset: ranges[waiting].offset)
        }
        return cursor
    }
}

extension SourceFrames {
    /// The samples of `track` as its tables give them: each sample's bytes, time and sync.
    init(file: MovieFile, track: Track, configuration: VideoCodecConfiguration, threads: Int) throws {
        self.init(file: file, track: track, configuration: configuration,
                  ranges: try track.sampleTable.sampleRanges(path: track.path + "/mdia/minf/stbl"),
                  times: track.sampleTable.compositionTimes(), sync: try SyncSampleTable(track: track), threads: threads)
    }
}
