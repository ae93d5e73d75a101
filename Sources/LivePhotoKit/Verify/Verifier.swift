import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `verify`: whether a still and a movie will import as one Live Photo, and why not.
/// Throws `LivePhotoError` (category `.unreadable`) only when a file cannot be read as a
/// still or a movie; every other problem is a failed check in the report.
public enum Verifier {
    public static let h264AndHEVC: Set<String> = ["avc1", "avc3", "hvc1", "hev1"]

    public static func verify(still stillPath: String, movie moviePath: String, strict: Bool = false) throws -> VerifyReport {
        try InputFiles.requireKind(stillPath, still: true)
        try InputFiles.requireKind(moviePath, still: false)
        // The default checks need only the still's identifier: read it without libexif or
        // libjpeg-turbo (what makes `verify DIR` fast); --strict needs the full header.
        var info: StillImageInfo? = nil
        let stillID: String?
        do {
            if strict {
                info = try StillReading.info(path: stillPath)
                stillID = info?.contentIdentifier
            } else {
                stillID = try StillReading.contentIdentifier(path: stillPath)
            }
        } catch { throw LivePhotoError.wrap(error, path: stillPath) }
        let file = try InputFiles.openMovie(moviePath)
        let movie = file.movie
        let ts = movie.header.timescale

        var checks: [VerifyReport.Check] = []
        func check(_ name: String, _ passed: Bool, _ detail: String, strict isStrict: Bool = false) {
            checks.append(.init(name: name, passed: passed, detail: detail, strict: isStrict))
        }

        let movieID = movie.contentIdentifier
        check("still-identifier", stillID != nil, stillID.map { "MakerNote tag 17 = \($0)" } ?? "no Apple MakerNote tag 17 in the still")
        check("movie-identifier", movieID != nil, movieID.map { "\(Movie.contentIdentifierKey) = \($0)" } ?? "no \(Movie.contentIdentifierKey) in the movie")
        let malformed = [stillID, movieID].compactMap { $0 }.filter { !ContentIdentifier.isWellFormed($0) }
        check("identifier-format", stillID != nil && movieID != nil && malformed.isEmpty,
              malformed.isEmpty ? (stillID != nil || movieID != nil ? "UUID form" : "no identifier to check") : "not a UUID: \(malformed.joined(separator: ", "))")
        check("identifiers-equal", stillID != nil && stillID == movieID,
              "still \(stillID ?? "(none)"), movie \(movieID ?? "(none)")")

        let video = movie.videoTracks.first
        check("video-track", video != nil, video.map { "track \($0.trackID) (\($0.codec?.description ?? "?"))" } ?? "no video track")

        let stillTracks = movie.stillImageTimeTracks
        check("still-image-time-track", stillTracks.count == 1, "\(stillTracks.count) still-image-time track(s)" + (stillTracks.isEmpty ? "" : ": id " + stillTracks.map { String($0.trackID) }.joined(separator: ", ")))
        var reading: StillImageTimeTrack.Reading? = nil
        if let track = stillTracks.first {
            reading = try? StillImageTimeTrack.read(track, in: file)
        }
        let value = reading?.value
        check("still-image-time-value", value != nil, value.map { "value \($0)" } ?? (stillTracks.isEmpty ? "no track" : "no readable value in its sample"))
        if let video, let t = reading?.presentationTime {
            let span = video.presentedSpan(movieTimescale: ts)
            let inside = t >= span.start - 1e-6 && t <= span.end + 1e-6
            check("still-image-time-in-range", inside, String(format: "%.3f s in video %.3f–%.3f s", t, span.start, span.end))
        } else {
            check("still-image-time-in-range", false, reading == nil ? "no still-image-time" : "its sample is not presented by any edit")
        }
        if let track = stillTracks.first {
            let refs = track.references["cdsc"] ?? []
            let toVideo = refs.contains { id in movie.tracks.contains { $0.trackID == id && $0.isVideo } }
            check("still-image-time-reference", toVideo, refs.isEmpty ? "no tref/cdsc" : "tref/cdsc -> track \(refs.map(String.init).joined(separator: ", "))")
        } else {
            check("still-image-time-reference", false, "no still-image-time track")
        }

        if strict, let info {
            check("quicktime-brand", file.isQuickTime, "brand \(file.majorBrand?.description.trimmingCharacters(in: .whitespaces) ?? "(no ftyp)")", strict: true)
            let codec = video?.codec?.description
            check("video-codec", codec.map { h264AndHEVC.contains($0) } ?? false, "codec \(codec ?? "(none)")", strict: true)
            let stillIsHEIC = try FileKind.detect(path: stillPath) == .heic
            if stillIsHEIC {
                checks.append(.init(name: "still-decodes", passed: false, detail: "not checked: no HEIC decoder is linked", strict: true, notChecked: true))
            } else { do {
                try TurboJPEG.decodeFully(path: stillPath)
                check("still-decodes", true, "decoded \(info.width)x\(info.height)", strict: true)
            } catch {
                check("still-decodes", false, "\(error)", strict: true)
            } }
            if let video, let entry = video.sampleEntries.first {
                var vw = video.header.width > 0 ? video.header.width : Double(entry.width ?? 0)
                var vh = video.header.height > 0 ? video.header.height : Double(entry.height ?? 0)
                if video.header.rotationDegrees % 180 == 90 { swap(&vw, &vh) }
                var sw = Double(info.width), sh = Double(info.height)
                // A HEIC's size is already as displayed (`ispe` after `irot`); readers ignore its EXIF Orientation.
                if !stillIsHEIC, let o = info.orientation, (5...8).contains(o) { swap(&sw, &sh) }
                let ok = vw > 0 && vh > 0 && sh > 0 && abs((sw / sh) / (vw / vh) - 1) <= 0.01
                check("aspect-ratio", ok, String(format: "still %.0fx%.0f, video %.0fx%.0f", sw, sh, vw, vh), strict: true)
            } else {
                check("aspect-ratio", false, "no video track", strict: true)
            }
            check("still-image-time-camera-value", value == Int64(StillImageTimeTrack.cameraValue), "value \(value.map(String.init) ?? "(none)"), camera writes -1", strict: true)
        }

        return VerifyReport(still: stillPath, movie: moviePath, strict: strict, valid: !checks.contains(where: \.failed), checks: checks,
                            stillIdentifier: stillID, movieIdentifier: movieID)
    }
}
