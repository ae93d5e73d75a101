import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `pair` never overwrites a file it did not make from these inputs. A new file it would write
/// (`-o DIR`, or the `.MOV` made from an MP4) that already exists is accepted only when it
/// already is this pair's output: the two outputs are a valid Live Photo, with the identifier
/// this pair would get (when that is known in advance), the still byte for byte the input but
/// for its EXIF, and the movie's media samples the input's. Anything else is refused.
enum ExistingOutputs {
    /// nil when no new file exists yet; the existing pair's verify report when it is this
    /// pair's output; throws a refusal otherwise.
    static func check(outputs: OutputPaths, still stillPath: String, movie moviePath: String, expectedIdentifier: String?) throws -> VerifyReport? {
        let newFiles = [(outputs.still, outputs.still != stillPath), (outputs.movie, outputs.movie != moviePath)]
            .filter { $0.1 }.map(\.0)
        guard let existing = newFiles.first(where: { FileSystemCalls.exists($0) }) else { return nil }
        if let report = try? Verifier.verify(still: outputs.still, movie: outputs.movie, lockWait: nil, leftoversCount: false), report.valid,
           expectedIdentifier == nil || report.stillIdentifier == expectedIdentifier,
           sameImageData(outputs.still, stillPath), sameVideoSamples(outputs.movie, moviePath) {
            return report
        }
        throw LivePhotoError(path: existing, reason: "already exists and is not this pair's output; remove it or choose another -o directory", category: .refused)
    }

    /// Whether two JPEGs are the same but for their EXIF APP1 segment (what pairing rewrites).
    static func sameImageData(_ a: String, _ b: String) -> Bool {
        guard let ea = try? bytesOutsideExif(a), let eb = try? bytesOutsideExif(b) else { return false }
        return ea == eb
    }

    static func bytesOutsideExif(_ path: String) throws -> [UInt8] {
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        let all = try source.read(at: 0, count: Int(source.size))
        guard let exif = structure.exifSegment else { return all }
        return Array(all[..<Int(exif.offset)] + all[Int(exif.endOffset)...])
    }

    /// Whether two movies' media tracks have the same sample sizes and the same first and last
    /// sample bytes (a bounded fingerprint: the media data itself may be gigabytes).
    static func sameVideoSamples(_ a: String, _ b: String) -> Bool {
        guard let ma = try? MovieFile.open(path: a), let mb = try? MovieFile.open(path: b) else { return false }
        return sameSamples(ma, mb, of: { !$0.isStillImageTime })
    }

    /// The same fingerprint for the tracks `included` selects in each movie (`convert` compares
    /// an MP4 and the QuickTime movie made from it, or the reverse).
    static func sameSamples(_ ma: MovieFile, _ mb: MovieFile, of included: (Track) -> Bool) -> Bool {
        let ta = ma.movie.tracks.filter(included), tb = mb.movie.tracks.filter(included)
        guard ta.count == tb.count, !ta.isEmpty else { return false }
        for (x, y) in zip(ta, tb) {
            guard x.sampleTable.sampleCount == y.sampleTable.sampleCount,
                  (0..<Int(x.sampleTable.sampleCount)).allSatisfy({ x.sampleTable.size(ofSample: $0) == y.sampleTable.size(ofSample: $0) }),
                  let rx = try? x.sampleTable.sampleRanges(), let ry = try? y.sampleTable.sampleRanges(), rx.count == ry.count else { return false }
            for i in Set([0, rx.count - 1]) where i >= 0 && i < rx.count {
                guard let bx = try? ma.source.read(at: rx[i].offset, count: Int(rx[i].size)),
                      let by = try? mb.source.read(at: ry[i].offset, count: Int(ry[i].size)), bx == by else { return false }
            }
        }
        return true
    }

    /// The identifier this pair will get when it is known before writing: the one asked for,
    /// or the one the inputs carry (a fresh one is known too, and never matches what exists).
    static func knownIdentifier(_ choice: PairOptions.IdentifierChoice, stillID: String?, movieID: String?) -> String? {
        switch choice {
        case .given(let id): return id
        case .fresh: return ""
        case .automatic:
            let s = stillID.flatMap { ContentIdentifier.isWellFormed($0) ? $0 : nil }
            let m = movieID.flatMap { ContentIdentifier.isWellFormed($0) ? $0 : nil }
            if let s, let m { return s == m ? s : nil }
            return s ?? m
        }
    }

    /// Where the existing movie's still-image-time sample sits, for the report.
    static func stillTime(of moviePath: String) -> Double? {
        guard let file = try? MovieFile.open(path: moviePath), let track = file.movie.stillImageTimeTracks.first else { return nil }
        return (try? StillImageTimeTrack.read(track, in: file))?.presentationTime
    }
}
