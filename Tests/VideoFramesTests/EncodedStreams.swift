import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// Test helpers: clips made with ffmpeg, and an encoded track turned back into an Annex B
/// stream that ffmpeg/ffprobe read independently of our muxing.
enum EncodedStreams {
    /// The parameter sets of an `hvcC` record (test-side reading, not the encoder's code).
    static func parameterSets(_ hvcC: [UInt8]) -> [[UInt8]] {
        var units: [[UInt8]] = []
        guard hvcC.count >= 23 else { return units }
        var at = 23
        for _ in 0..<Int(hvcC[22]) {
            let count = Int(hvcC[at + 1]) << 8 | Int(hvcC[at + 2])
            at += 3
            for _ in 0..<count {
                let length = Int(hvcC[at]) << 8 | Int(hvcC[at + 1])
                units.append(Array(hvcC[at + 2..<at + 2 + length]))
                at += 2 + length
            }
        }
        return units
    }

    /// Each array's first byte (array_completeness, NAL unit type).
    static func arrayTypes(_ hvcC: [UInt8]) -> [UInt8] {
        var types: [UInt8] = []
        guard hvcC.count >= 23 else { return types }
        var at = 23
        for _ in 0..<Int(hvcC[22]) {
            types.append(hvcC[at])
            let count = Int(hvcC[at + 1]) << 8 | Int(hvcC[at + 2])
            at += 3
            for _ in 0..<count { at += 2 + (Int(hvcC[at]) << 8 | Int(hvcC[at + 1])) }
        }
        return types
    }

    /// Start codes before the parameter sets and before every NAL unit of every sample.
    static func annexB(_ track: EncodedVideoTrack) -> [UInt8] {
        let startCode: [UInt8] = [0, 0, 0, 1]
        var out: [UInt8] = parameterSets(track.configuration).flatMap { startCode + $0 }
        for sample in track.samples {
            var at = 0
            while at + 4 <= sample.bytes.count {
                let length = sample.bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
                out += startCode + sample.bytes[at + 4..<min(sample.bytes.count, at + 4 + length)]
                at += 4 + length
            }
        }
        return out
    }

    /// Writes the track as a raw HEVC stream in `dir`.
    static func writeAnnexB(_ track: EncodedVideoTrack, in dir: TempDir) throws -> String {
        try dir.write("encoded.hevc", annexB(track))
    }

    /// A clip made by ffmpeg from a lavfi source; returns its path.
    static func clip(_ name: String, in dir: TempDir, source: String, codec: [String]) throws -> String {
        let ffmpeg = try Support.requireTool("ffmpeg")
        let path = dir.path(name)
        let result = try Support.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", source] + codec + [path])
        guard result.status == 0 else { throw ReaderFailure(reader: "ffmpeg", file: path, result: result) }
        return path
    }

    /// An open-GOP HEVC clip (libx265 `open-gop`): a CRA every 15 frames, three B-frames, so
    /// each CRA after the first is followed in decode order by pictures shown before it.
    static func openGOPClip(in dir: TempDir, source: String, lossless: Bool) throws -> String {
        try clip("open-gop.mp4", in: dir, source: source,
                 codec: ["-pix_fmt", "yuv420p", "-c:v", "libx265", "-preset", "veryfast", "-tag:v", "hvc1", "-x265-params",
                         "open-gop=1:keyint=15:min-keyint=15:bframes=3:scenecut=0:log-level=error" + (lossless ? ":lossless=1" : "")])
    }

    /// The samples (decode order) shown before the sync sample they follow: a CRA's leading pictures.
    static func leadingPictures(_ track: Track) throws -> [Int] {
        let sync = try SyncSampleTable(track: track), times = track.sampleTable.compositionTimes()
        return times.indices.filter { i in
            guard let s = sync.syncSample(atOrBefore: i), s > 0 else { return false }
            return times[i] < times[s]
        }
    }

    /// The first video track of a movie.
    static func videoTrack(_ file: MovieFile) throws -> Track {
        try #require(file.movie.tracks.first { $0.isVideo })
    }

    /// ffprobe's first video stream of a raw HEVC stream, frames counted.
    static func probe(_ path: String) throws -> [String: Any] {
        let json = try Support.ffprobeJSON(["-f", "hevc", "-count_frames", "-select_streams", "v:0",
                                            "-show_entries", "stream=width,height,pix_fmt,nb_read_frames,profile"], file: path)
        return try #require((json["streams"] as? [[String: Any]])?.first)
    }
}
