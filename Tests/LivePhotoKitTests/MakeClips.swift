import Foundation
import StillImage

/// Test clips for `make`, generated at test time with ffmpeg: ffmpeg's `testsrc2` (its moving
/// parts differ from frame to frame, so a frame is told from its neighbours) with a slight blur,
/// as camera optics give, so the PSNR measures the decode and colour path, not JPEG's 4:2:0
/// chroma on one-pixel colour edges.
enum MakeClips {
    static let ffmpeg = Support.tool("ffmpeg")

    struct Clip: CustomStringConvertible, Sendable {
        var name: String
        var codec: String          // "h264" or "hevc"
        var pixelFormat = "yuv420p"
        var width = 640
        var height = 360
        var rate = 25
        var bFrames = true
        /// ffmpeg `-colorspace` tag (also primaries/transfer), or nil for an untagged stream.
        var colourTag: String? = "bt709"
        /// Display rotation written with `-metadata:s:v rotate=` (ffmpeg's counter-clockwise sense).
        var rotate: Int? = nil
        var container = "mov"
        var extraArguments: [String] = []

        var description: String { name }
        /// How the reference decode interprets the YCbCr (what the clip says, else ffmpeg's BT.601 default below 720 lines).
        var referenceMatrix: String { colourTag ?? (height >= 720 ? "bt709" : "bt601") }
    }

    static let all: [Clip] = [
        Clip(name: "h264-720p-bframes", codec: "h264", width: 1280, height: 720, rate: 30),
        Clip(name: "h264-no-bframes-untagged", codec: "h264", bFrames: false, colourTag: nil),
        Clip(name: "hevc-8bit", codec: "hevc", container: "mp4"),
        Clip(name: "hevc-10bit", codec: "hevc", pixelFormat: "yuv420p10le"),
        Clip(name: "h264-rotated", codec: "h264", rotate: 270),
        Clip(name: "hevc-10bit-rotated-no-bframes", codec: "hevc", pixelFormat: "yuv420p10le", bFrames: false, rotate: 90),
    ]

    /// Writes `clip` into `dir` and returns its path.
    static func generate(_ clip: Clip, in dir: URL, duration: Double = 2) throws -> String {
        let path = dir.appendingPathComponent("\(clip.name).\(clip.container)").path
        var args = ["-v", "error", "-y", "-f", "lavfi", "-i",
                    "testsrc2=size=\(clip.width)x\(clip.height):rate=\(clip.rate):duration=\(duration),gblur=sigma=1",
                    "-pix_fmt", clip.pixelFormat]
        if clip.codec == "h264" {
            args += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "16", "-bf", clip.bFrames ? "3" : "0"]
        } else {
            args += ["-c:v", "libx265", "-preset", "veryfast", "-crf", "16", "-tag:v", "hvc1",
                     "-x265-params", "log-level=error:bframes=\(clip.bFrames ? 3 : 0)"]
        }
        if let tag = clip.colourTag {
            args += ["-colorspace", tag, "-color_primaries", tag, "-color_trc", tag, "-color_range", "tv"]
        }
        args += clip.extraArguments
        let encoded = clip.rotate == nil ? path : path + ".plain.\(clip.container)"
        args.append(encoded)
        let r = try Support.run(ffmpeg!, args)
        guard r.status == 0 else { throw ClipError(message: "ffmpeg: \(r.err)") }
        if let rotate = clip.rotate {
            // ffmpeg 5.1 writes a display matrix only when stream-copying with the rotate tag.
            let c = try Support.run(ffmpeg!, ["-v", "error", "-y", "-i", encoded, "-c", "copy", "-metadata:s:v:0", "rotate=\(rotate)", path])
            guard c.status == 0 else { throw ClipError(message: "ffmpeg: \(c.err)") }
            try FileManager.default.removeItem(atPath: encoded)
        }
        return path
    }

    struct ClipError: Error, CustomStringConvertible { var message: String; var description: String { message } }

    /// An 8-bit RGB picture.
    struct Picture {
        var width: Int
        var height: Int
        var rgb: [UInt8]

        /// Turned the way EXIF Orientation `o` says a viewer shows it (1, 3, 6, 8).
        func oriented(_ o: Int) -> Picture {
            guard o == 3 || o == 6 || o == 8 else { return self }
            let (w, h) = o == 3 ? (width, height) : (height, width)
            var out = [UInt8](repeating: 0, count: rgb.count)
            for y in 0..<h {
                for x in 0..<w {
                    let (sx, sy): (Int, Int)
                    switch o {
                    case 3: (sx, sy) = (width - 1 - x, height - 1 - y)
                    case 6: (sx, sy) = (y, height - 1 - x)      // shown rotated 90° clockwise
                    default: (sx, sy) = (width - 1 - y, x)      // 8: shown rotated 90° counter-clockwise
                    }
                    for c in 0..<3 { out[(y * w + x) * 3 + c] = rgb[(sy * width + sx) * 3 + c] }
                }
            }
            return Picture(width: w, height: h, rgb: out)
        }

        /// Peak signal-to-noise ratio in dB against `other` (same size).
        func psnr(_ other: Picture) -> Double {
            guard width == other.width, height == other.height, rgb.count == other.rgb.count, !rgb.isEmpty else { return -1 }
            var sum = 0.0
            for i in 0..<rgb.count { let d = Double(rgb[i]) - Double(other.rgb[i]); sum += d * d }
            let mse = sum / Double(rgb.count)
            return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
        }
    }

    /// The same RGB conversion for both sides: libswscale, bicubic, accurate rounding, full chroma.
    static let swsFlags = ["-sws_flags", "bicubic+accurate_rnd+full_chroma_int"]

    /// Decodes with ffmpeg to raw RGB: `input` are the arguments before the output.
    static func decode(_ input: [String], width: Int, height: Int, in dir: URL) throws -> Picture {
        let out = dir.appendingPathComponent("ref-\(UUID().uuidString).rgb").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try Support.run(ffmpeg!, ["-v", "error", "-y"] + input + swsFlags + ["-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", out])
        guard r.status == 0 else { throw ClipError(message: "ffmpeg: \(r.err)") }
        let bytes = try Support.bytes(out)
        guard bytes.count == width * height * 3 else { throw ClipError(message: "ffmpeg gave \(bytes.count) bytes for \(width)x\(height)") }
        return Picture(width: width, height: height, rgb: bytes)
    }

    /// The clip's frame as ffmpeg decodes it, rows as stored (no autorotation), interpreted with
    /// the clip's matrix and limited range: the first frame at or after `seek` seconds (`-ss`),
    /// or frame number `frame` in presentation order (`select`).
    static func reference(_ clip: Clip, path: String, seek: Double? = nil, frame: Int? = nil, in dir: URL) throws -> Picture {
        var input = ["-noautorotate"]
        if let seek { input += ["-ss", String(format: "%.6f", seek)] }
        input += ["-i", path]
        let select = frame.map { "select=eq(n\\,\($0)),setpts=N/TB," } ?? ""
        return try decode(input + ["-vf", select + "scale=in_color_matrix=\(clip.referenceMatrix):in_range=tv"],
                          width: clip.width, height: clip.height, in: dir)
    }

    /// Our JPEG as ffmpeg decodes it (full-range BT.601, as JPEG is), before orientation.
    static func still(_ path: String, width: Int, height: Int, in dir: URL) throws -> Picture {
        try decode(["-noautorotate", "-i", path], width: width, height: height, in: dir)
    }
}
