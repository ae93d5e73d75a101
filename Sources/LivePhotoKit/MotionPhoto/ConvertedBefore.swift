import BinaryIO
import ISOBMFF
import StillImage

/// What an earlier `convert` of the same input left under a set of output names. A run killed
/// after placing the movie and before the still leaves the movie alone (the movie is placed
/// first); a finished run leaves both. Those names are this input's, not a collision: the rerun
/// completes or reports the job instead of writing `_1` copies.
enum ConvertedBefore: Equatable {
    /// No name of the set exists.
    case none
    /// Our movie without its still (a run killed between the two): only the still is written,
    /// with the movie's identifier.
    case movieOnly(identifier: String)
    /// Our complete output.
    case complete(identifier: String)
    /// Something else holds a name.
    case taken

    /// Motion → Live: `movie` is ours when it is a Live Photo movie (an identifier and a
    /// still-image-time track) whose media samples are the embedded MP4's, with the identifier
    /// asked for (if one was); `still` when it carries the same identifier and `sameImage` holds.
    static func livePhoto(still: String, movie: String, video: MovieFile, identifier: String?, sameImage: (String) -> Bool) -> ConvertedBefore {
        let hasStill = FileSystemCalls.exists(still), hasMovie = FileSystemCalls.exists(movie)
        guard hasStill || hasMovie else { return .none }
        guard hasMovie, let written = try? MovieFile.open(path: movie), let id = written.movie.contentIdentifier,
              ContentIdentifier.isWellFormed(id), identifier.map({ $0.uppercased() == id.uppercased() }) ?? true,
              !written.movie.stillImageTimeTracks.isEmpty,
              ExistingOutputs.sameSamples(written, video, of: { !$0.isStillImageTime }) else { return .taken }
        guard hasStill else { return .movieOnly(identifier: id) }
        guard (try? StillReading.contentIdentifier(path: still)) == id, sameImage(still) else { return .taken }
        return .complete(identifier: id)
    }

    /// Live → Motion: `path` is ours when its still carries `identifier` (the input still's,
    /// which the Motion Photo keeps; the camera's own Motion Photo has none), it reads as a
    /// Motion Photo whose MP4 has the movie's samples (all but Apple's `mebx` tracks, which
    /// the MP4 leaves out) and `sameImage` holds.
    static func motionPhoto(_ path: String, identifier: String?, movie: MovieFile, sameImage: (String) -> Bool) -> ConvertedBefore {
        guard FileSystemCalls.exists(path) else { return .none }
        guard let identifier, (try? StillReading.contentIdentifier(path: path)) == identifier else { return .taken }
        let video: FileSource?
        if (try? FileKind.detect(path: path)) == .heic {
            video = try? HEICMotionPhoto.read(source: FileSource(path: path)).videoSource()
        } else {
            video = try? MotionPhotoReader.read(path: path).videoSource()
        }
        guard let video, let mp4 = try? MovieFile(source: video),
              ExistingOutputs.sameSamples(mp4, movie, of: { !$0.sampleEntries.contains { $0.format == "mebx" } }), sameImage(path) else { return .taken }
        return .complete(identifier: identifier)
    }

    /// Whether the JPEG at `path` holds `photo`'s primary image: the same scan (SOS header and
    /// entropy-coded data to EOI); the segments before it are what `convert` rewrites.
    static func sameJPEGImage(_ path: String, as photo: MotionPhoto) -> Bool {
        guard let written = scan(path) else { return false }
        return sameBytes(written.source, from: written.start, to: written.end, photo.source, from: photo.structure.scanStart, to: photo.imageEnd)
    }

    /// The same for two JPEG files.
    static func sameJPEGImage(_ path: String, as other: String) -> Bool {
        guard let a = scan(path), let b = scan(other) else { return false }
        return sameBytes(a.source, from: a.start, to: a.end, b.source, from: b.start, to: b.end)
    }

    /// Where a JPEG's primary image scan starts (SOS) and ends (after EOI).
    static func scan(_ path: String) -> (source: FileSource, start: UInt64, end: UInt64)? {
        guard let source = try? FileSource(path: path), let structure = try? JPEGStructure.read(source),
              let end = try? JPEGImageEnd.find(source, structure: structure) else { return nil }
        return (source, structure.scanStart, end)
    }

    /// Whether two byte ranges are equal (a chunk at a time); a start past its end is unequal.
    static func sameBytes(_ a: FileSource, from aStart: UInt64, to aEnd: UInt64, _ b: FileSource, from bStart: UInt64, to bEnd: UInt64) -> Bool {
        guard aStart <= aEnd, bStart <= bEnd else { return false }
        return a.sameBytes([aStart..<aEnd], as: b, [bStart..<bEnd])
    }
}
