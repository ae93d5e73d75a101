import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

@Suite("WallpaperVideoEncoder")
struct WallpaperVideoEncoderTests {
    static var fast: WallpaperVideoEncoder.Options {
        var options = WallpaperVideoEncoder.Options()
        options.preset = .ultrafast
        return options
    }

    /// The 2 s 15 fps H.264 fixture, whole: 60 frames at 30 fps, 20 ticks each in 600, every
    /// source frame shown twice; ffprobe decodes all 60 at the source's size, 8-bit.
    @Test(.requires(.ffprobe))
    func fixtureWholeSpanDecodesAtThirtyFrames() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let track = try EncodedStreams.videoTrack(file)
        let end = FrameTiming(track: track, movieTimescale: file.movie.header.timescale).endTick
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: track, span: .init(start: 0, end: end), options: Self.fast)
        #expect(encoded.samples.count == 60)
        #expect(encoded.samples.allSatisfy { $0.duration == 20 && $0.compositionOffset == 0 })
        #expect(encoded.duration == 1200 && encoded.timescale == 600 && encoded.frameRate == 30)
        #expect(encoded.samples.first?.isSync == true)
        #expect(encoded.samples.filter(\.isSync).count == 2, "keyframe interval 30: sync at frames 0 and 30")
        #expect(encoded.width == 320 && encoded.height == 240 && encoded.bitDepth == 8)
        let dir = try TempDir()
        let stream = try EncodedStreams.probe(try EncodedStreams.writeAnnexB(encoded, in: dir))
        #expect(stream["width"] as? Int == 320 && stream["height"] as? Int == 240)
        #expect(stream["pix_fmt"] as? String == "yuv420p")
        #expect(stream["nb_read_frames"] as? String == "60")
    }

    /// Every sync flag is an IRAP access unit and no sample carries a parameter set (hvc1).
    @Test func syncFlagsFollowTheNALTypes() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let track = try EncodedStreams.videoTrack(file)
        var options = Self.fast
        options.keyframeInterval = 7
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: track, span: .init(start: 0, end: Int64(file.movie.header.timescale)), options: options)
        #expect(encoded.samples.count == 30)
        for (i, sample) in encoded.samples.enumerated() {
            var types: [Int] = []
            var at = 0
            while at + 4 < sample.bytes.count {
                types.append(Int(sample.bytes[at + 4] >> 1) & 0x3F)
                at += 4 + sample.bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            }
            #expect(at == sample.bytes.count, "sample \(i) is length-prefixed to its end")
            #expect(!types.contains { (32...34).contains($0) }, "sample \(i) has no VPS/SPS/PPS")
            #expect(sample.isSync == types.contains { (16...21).contains($0) }, "sample \(i)")
            #expect(sample.isSync == (i % 7 == 0), "sample \(i)")
        }
    }

    /// By default a sync sample every 30 frames (one a second at 30 fps, as the camera's movies).
    @Test("the default keyframe interval: a sync sample every 30 frames")
    func defaultKeyframeInterval() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let track = try EncodedStreams.videoTrack(file)
        let ts = Int64(file.movie.header.timescale)
        var options = WallpaperVideoEncoder.Options()
        options.preset = .ultrafast
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: track, span: .init(start: 0, end: ts * 31 / 30 + 1), options: options)
        #expect(encoded.samples.count == 32)
        #expect(encoded.samples.indices.filter { encoded.samples[$0].isSync } == [0, 30])
    }

    /// Our `hvcC` equals the one ffmpeg's MP4 muxer derives from the same parameter sets, except
    /// array_completeness (FFmpeg 5.1 leaves it 0) and the zero byte FFmpeg keeps at the end of the
    /// last parameter set it read from the Annex B stream (trailing_zero_8bits, not NAL payload).
    @Test(.requires(.ffmpeg))
    func configurationMatchesFFmpegsMuxer() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file),
                                                       span: .init(start: 0, end: Int64(file.movie.header.timescale / 2)), options: Self.fast)
        let dir = try TempDir()
        let hevc = try EncodedStreams.writeAnnexB(encoded, in: dir)
        let mp4 = dir.path("muxed.mp4")
        let result = try Support.run(try Support.requireTool("ffmpeg"), ["-v", "error", "-f", "hevc", "-i", hevc, "-c", "copy", "-tag:v", "hvc1", mp4])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let muxed = try MovieFile.open(path: mp4)
        let theirs = try EncodedStreams.videoTrack(muxed).videoCodecConfiguration().decoderConfiguration
        #expect(encoded.configuration.prefix(22) == theirs.prefix(22), "header fields")
        func trimmed(_ units: [[UInt8]]) -> [[UInt8]] { units.map { Array($0.reversed().drop { $0 == 0 }.reversed()) } }
        #expect(EncodedStreams.parameterSets(encoded.configuration) == trimmed(EncodedStreams.parameterSets(theirs)))
        #expect(EncodedStreams.arrayTypes(encoded.configuration) == [0xA0, 0xA1, 0xA2], "VPS, SPS, PPS, each complete")
        #expect(EncodedStreams.parameterSets(encoded.configuration).count == 3)
    }

    /// 60 fps source, a frame's luma = 16 + 3 × its number: output frame k of the span from
    /// 0.25 s shows source frame 15 + 2k (decoded back by ffmpeg; flat frames survive the encode).
    @Test(.requires(.ffmpeg))
    func outputFrameKShowsTheSourceFrameAtStartPlusKOverRate() throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("ramp.mov", in: dir, source: "nullsrc=s=64x48:r=60:d=1,geq=lum='16+3*N':cb=128:cr=128",
                                           codec: ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-qp", "0", "-bf", "2", "-g", "12"])
        let file = try MovieFile.open(path: path)
        let ts = Int64(file.movie.header.timescale)
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file),
                                                       span: .init(start: ts / 4, end: ts * 3 / 4), options: Self.fast)
        #expect(encoded.samples.count == 15)
        let means = try Self.lumaMeans(encoded, in: dir, width: 64, height: 48)
        #expect(means.count == 15)
        for (k, mean) in means.enumerated() {
            let expected = Double(16 + 3 * (15 + 2 * k))
            #expect(abs(mean - expected) < 1.5, "frame \(k): luma \(mean), expected \(expected)")
        }
    }

    /// Each frame's mean luma, as ffmpeg decodes the encoded track (yuv420p, no range
    /// conversion: the Y plane is a frame's first width × height bytes). A full-range stream
    /// decodes as yuvj420p, the same layout: it is taken as decoded, since asking ffmpeg for
    /// yuv420p would convert it to limited range.
    static func lumaMeans(_ encoded: EncodedVideoTrack, in dir: TempDir, width: Int, height: Int) throws -> [Double] {
        let hevc = try EncodedStreams.writeAnnexB(encoded, in: dir)
        let result = try Support.run(try Support.requireTool("ffmpeg"), ["-v", "error", "-f", "hevc", "-i", hevc, "-f", "rawvideo", "-"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let frameSize = width * height
        return Array(result.outData).chunks(of: frameSize * 3 / 2).map { Double($0.prefix(frameSize).reduce(0) { $0 + Int($1) }) / Double(frameSize) }
    }

    /// An open-GOP HEVC source (libx265 `open-gop`, a CRA every 15 frames, B-frames): a span
    /// that starts on the leading pictures shown before the second CRA (frames 13 and 14) is
    /// decoded from the GOP before, since decoded from the CRA those pictures never come out.
    @Test(.requires(.ffmpeg))
    func spanStartingOnOpenGOPLeadingPictures() throws {
        let dir = try TempDir()
        let path = try EncodedStreams.openGOPClip(in: dir, source: "nullsrc=s=64x48:r=30:d=1,geq=lum='16+6*N':cb=128:cr=128", lossless: true)
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        try #require(try EncodedStreams.leadingPictures(track).contains { $0 > 0 }, "a CRA after the first with leading pictures")
        // Ticks rounded up: the movie timescale (1000) is no multiple of 30.
        let at = { (frame: Int64) in (Int64(file.movie.header.timescale) * frame + 29) / 30 }
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: track, span: .init(start: at(13), end: at(20)), options: Self.fast)
        #expect(encoded.samples.count == 7)
        let means = try Self.lumaMeans(encoded, in: dir, width: 64, height: 48)
        #expect(means.count == 7)
        for (k, mean) in means.enumerated() {
            let expected = Double(16 + 6 * (13 + k))
            #expect(abs(mean - expected) < 2, "frame \(k): luma \(mean), expected \(expected) (source frame \(13 + k))")
        }
    }

    /// A 10-bit HEVC source stays 10-bit (Main 10) by default and becomes 8-bit with a warning
    /// when asked; a long side above the limit is scaled down with the aspect kept.
    @Test(.requires(.ffprobe, .ffmpeg))
    func tenBitStaysTenBitUnlessEightIsAsked() throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("ten.mov", in: dir, source: "testsrc2=s=128x96:r=30:d=1",
                                           codec: ["-pix_fmt", "yuv420p10le", "-c:v", "libx265", "-x265-params", "log-level=none", "-tag:v", "hvc1"])
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        let span = WallpaperVideoEncoder.Span(start: 0, end: Int64(file.movie.header.timescale))
        let ten = try WallpaperVideoEncoder.encode(file: file, track: track, span: span, options: Self.fast)
        #expect(ten.bitDepth == 10 && ten.warnings.isEmpty)
        #expect(ten.configuration[17] & 7 == 2 && ten.configuration[18] & 7 == 2, "hvcC bit depths 10")
        let tenStream = try EncodedStreams.probe(try EncodedStreams.writeAnnexB(ten, in: dir))
        #expect(tenStream["pix_fmt"] as? String == "yuv420p10le")
        #expect(tenStream["nb_read_frames"] as? String == "30")

        var options = Self.fast
        options.bitDepth = .eight
        options.maximumLongSide = 64
        let eight = try WallpaperVideoEncoder.encode(file: file, track: track, span: span, options: options)
        #expect(eight.bitDepth == 8 && eight.width == 64 && eight.height == 48)
        #expect(eight.warnings == ["10-bit video encoded as 8-bit"])
        let eightStream = try EncodedStreams.probe(try EncodedStreams.writeAnnexB(eight, in: dir))
        #expect(eightStream["pix_fmt"] as? String == "yuv420p")
        #expect(eightStream["width"] as? Int == 64 && eightStream["height"] as? Int == 48)
    }

    /// The encoded stream's VUI says what its samples are: the source's matrix, primaries,
    /// transfer and range (a full-range source written as limited would show washed-out or
    /// crushed on every player), read back by ffprobe.
    @Test(.requires(.ffprobe, .ffmpeg), arguments: [("pc", "bt709"), ("tv", "bt709"), ("pc", "smpte170m")])
    func vuiSaysTheSourceColour(range: String, space: String) throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("\(range)-\(space).mov", in: dir, source: "testsrc2=s=64x48:r=30:d=1",
                                           codec: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", space, "-color_primaries", space == "bt709" ? "bt709" : "smpte170m",
                                                   "-color_trc", space == "bt709" ? "bt709" : "smpte170m", "-color_range", range])
        let file = try MovieFile.open(path: path)
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file),
                                                       span: .init(start: 0, end: Int64(file.movie.header.timescale) / 2), options: Self.fast)
        let json = try Support.ffprobeJSON(["-f", "hevc", "-select_streams", "v:0", "-show_entries", "stream=color_range,color_space,color_primaries,color_transfer"],
                                           file: try EncodedStreams.writeAnnexB(encoded, in: dir))
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        #expect(stream["color_range"] as? String == range, "\(stream)")
        #expect(stream["color_space"] as? String == space, "\(stream)")
        #expect(stream["color_primaries"] as? String == (space == "bt709" ? "bt709" : "smpte170m"), "\(stream)")
        #expect(stream["color_transfer"] as? String == (space == "bt709" ? "bt709" : "smpte170m"), "\(stream)")
    }

    /// An RGB-coded source (H.264 High 4:4:4 from libx264rgb: GBR samples, decoded as `gbrp`)
    /// is converted to YUV in the range the encoded stream says: white is luma 235 when the
    /// source (and so the output) is limited range, 255 when full. Only an RGB source tells:
    /// a YUV source keeps its range through the conversion either way.
    @Test(.requires(.ffprobe, .ffmpeg), arguments: [("tv", 235.0), ("pc", 255.0)])
    func rgbSourceIsConvertedToTheRangeTheStreamSays(range: String, white: Double) throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("rgb-\(range).mov", in: dir, source: "color=white:s=64x48:r=30:d=1",
                                           codec: ["-c:v", "libx264rgb", "-pix_fmt", "rgb24", "-color_range", range])
        let file = try MovieFile.open(path: path)
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file),
                                                       span: .init(start: 0, end: Int64(file.movie.header.timescale) / 2), options: Self.fast)
        let hevc = try EncodedStreams.writeAnnexB(encoded, in: dir)
        let json = try Support.ffprobeJSON(["-f", "hevc", "-select_streams", "v:0", "-show_entries", "stream=color_range"], file: hevc)
        #expect((json["streams"] as? [[String: Any]])?.first?["color_range"] as? String == range, "\(json)")
        let means = try Self.lumaMeans(encoded, in: dir, width: 64, height: 48)
        #expect(!means.isEmpty)
        for (k, mean) in means.enumerated() {
            #expect(abs(mean - white) < 1, "frame \(k): white is luma \(mean), \(white) expected in range \(range)")
        }
    }

    /// A span outside the presented frames, or empty, is refused with the reason.
    @Test(arguments: [(-1, 600), (0, 0), (300, 200), (0, 1_000_000)])
    func spansOutsideTheVideoAreRefused(start: Int64, end: Int64) throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let error = #expect(throws: (any Error).self) {
            try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file), span: .init(start: start, end: end), options: Self.fast)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("is not inside the video"))
    }
}

extension Array {
    func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min(count, $0 + size)] }
    }
}
