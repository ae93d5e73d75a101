import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit



/// The Live Photo tests' own helpers (reading movies and stills back); paths, temporary folders,
/// processes and readers come from the shared `TestSupport`.
extension Support {
    /// Every sample's bytes, per track id, read through the sample tables.
    static func sampleBytes(_ path: String, tracks: Set<UInt32>? = nil) throws -> [UInt32: [UInt8]] {
        let file = try MovieFile.open(path: path)
        var out: [UInt32: [UInt8]] = [:]
        for track in file.movie.tracks where tracks?.contains(track.trackID) ?? !track.isStillImageTime {
            var all: [UInt8] = []
            for r in try track.sampleTable.sampleRanges() {
                all += try file.source.read(at: r.offset, count: Int(r.size))
            }
            out[track.trackID] = all
        }
        return out
    }

    /// The JPEG's bytes from the start of scan to the end of file (image data and trailer).
    static func scanData(_ path: String) throws -> [UInt8] {
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        return try source.read(at: structure.scanStart, count: Int(source.size - structure.scanStart))
    }

    /// Every segment other than the EXIF APP1, as bytes, in order.
    static func nonExifSegments(_ path: String) throws -> [[UInt8]] {
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        let exif = structure.exifSegment?.offset
        return try structure.segments.filter { $0.offset != exif }.map { try source.read(at: $0.offset, count: $0.totalLength) }
    }
}
