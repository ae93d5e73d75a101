import BinaryIO
import CAVCodec
import ISOBMFF

/// `make`'s still: the video frame shown at a movie tick, decoded with libavcodec from the
/// samples our own reader locates, and converted to RGB. Only the samples from the last sync
/// sample before the frame up to the frame (decode order) are read and decoded.
public enum StillFrameExtractor {
    /// One sample above this is damage, not video.
    public static let maximumSampleSize = 64 << 20

    /// - Parameters:
    ///   - movieTick: the still time in the movie timescale.
    ///   - threads: decoder threads (0 = libavcodec's choice; batch workers use 1).
    ///   - size: scale the frame to this size (a re-encoded video's); nil keeps the decoded size.
    public static func extract(from file: MovieFile, track: Track, movieTick: Int64, threads: Int = 0, size: (width: Int, height: Int)? = nil) throws -> RGBFrame {
        let timescale = file.movie.header.timescale
        let configuration = try track.videoCodecConfiguration()
        guard FrameSizeLimit.allows(width: configuration.width, height: configuration.height) else {
            throw ParseError(.tooLarge, "video of \(configuration.width)x\(configuration.height) pixels exceeds the \(FrameSizeLimit.maximumPixels) pixels a still may have",
                             path: track.path + "/mdia/minf/stbl/stsd", offset: 0)
        }
        guard let shown = FrameTiming(track: track, movieTimescale: timescale).shownSample(atMovieTick: movieTick) else {
            throw ParseError(.invalidValue, "no video frame is shown at \(seconds(movieTick, timescale)) s", path: track.path, offset: track.offset)
        }
        let sync = try SyncSampleTable(track: track)
        let ranges = try track.sampleTable.sampleRanges(path: track.path + "/mdia/minf/stbl")
        let times = track.sampleTable.compositionTimes()
        let frameName = "the frame at \(seconds(movieTick, timescale)) s (sample \(shown.sampleIndex + 1))"
        guard shown.sampleIndex < ranges.count, shown.sampleIndex < times.count else {
            throw ParseError(.invalidValue, "\(frameName) is not in the sample table", path: track.path, offset: track.offset)
        }
        guard var start = sync.syncSample(atOrBefore: shown.sampleIndex) else {
            throw ParseError(.invalidValue, "\(frameName) has no sync sample before it", path: track.path + "/mdia/minf/stbl/stss", offset: 0)
        }
        // An open-GOP leading picture (HEVC RASL) needs the previous GOP: one retry from the sync sample before.
        for attempt in 0..<2 {
            if let frame = try decode(file: file, track: track, configuration: configuration, ranges: ranges, times: times, sync: sync,
                                      from: start, target: shown, threads: threads, size: size, frameName: frameName) {
                return frame
            }
            guard attempt == 0, start > 0, let earlier = sync.syncSample(atOrBefore: start - 1) else { break }
            start = earlier
        }
        throw ParseError(.invalidValue, "\(frameName) did not come out of the decoder", path: track.path, offset: ranges[shown.sampleIndex].offset)
    }

    static func decode(file: MovieFile, track: Track, configuration: VideoCodecConfiguration, ranges: [(offset: UInt64, size: UInt32)],
                       times: [Int64], sync: SyncSampleTable, from start: Int, target: FrameTiming.ShownSample, threads: Int, size: (width: Int, height: Int)?, frameName: String) throws -> RGBFrame? {
        let decoder = try FFmpegDecoder(configuration: configuration, threads: threads, workload: .singleFrame)
        var result: RGBFrame? = nil
        var conversionError: Error? = nil
        let take: (UnsafeMutablePointer<AVFrame>) throws -> Bool = { frame in
            let pts = FFmpegDecoder.compositionTime(of: frame)
            guard pts == target.compositionTime else { return false }
            do { result = try still(from: frame, target: target, configuration: configuration, size: size, frameName: frameName, trackPath: track.path) }
            catch { conversionError = error }
            return true
        }
        do {
            var index = start
            var done = false
            while index <= target.sampleIndex && !done {
                let bytes = try VideoSampleBytes.read(file, track: track, ranges: ranges, index: index, purpose: frameName)
                let key = sync.syncSample(atOrBefore: index) == index
                done = try decoder.send(bytes, pts: times[index], key: key, onFrame: take)
                index += 1
            }
            if !done { _ = try decoder.flush(onFrame: take) }
        } catch let failure as FFmpegDecoder.DecodeFailure {
            throw ParseError(.invalidValue, "\(frameName) failed to decode: \(failure.message)", path: track.path, offset: ranges[target.sampleIndex].offset)
        }
        if let conversionError { throw conversionError }
        return result
    }

    static func seconds(_ tick: Int64, _ timescale: UInt32) -> String {
        String(format: "%.3f", Double(tick) / Double(timescale))
    }

    /// The still from a decoded frame: RGB at `size` (default: as decoded), in the frame's colour.
    /// The re-encode takes its still here too, from the frames it decodes anyway.
    static func still(from frame: UnsafeMutablePointer<AVFrame>, target: FrameTiming.ShownSample, configuration: VideoCodecConfiguration,
                      size: (width: Int, height: Int)?, frameName: String, trackPath: String) throws -> RGBFrame {
        let (width, height) = size ?? (Int(frame.pointee.width), Int(frame.pointee.height))
        guard FrameSizeLimit.allows(width: width, height: height) else {
            throw ParseError(.tooLarge, "\(frameName) cannot be scaled to \(width)x\(height) pixels", path: trackPath, offset: 0)
        }
        let colour = FrameColour.of(frame, entry: configuration.colour)
        let pixels = try RGBConversion.convert(frame, colour: colour, width: width, height: height)
        return RGBFrame(width: width, height: height, pixels: pixels, colour: colour, warnings: colour.warnings,
                        sampleIndex: target.sampleIndex, compositionTime: target.compositionTime)
    }
}
