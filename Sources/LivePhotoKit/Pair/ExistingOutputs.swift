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

    /// Whether two stills are the same but for their EXIF (what pairing rewrites): two JPEGs'
    /// bytes outside the EXIF APP1 segment, two HEICs' items but the Exif one, byte for byte.
    /// Stills of two kinds, or one that cannot be read, are not the same.
    static func sameImageData(_ a: String, _ b: String) -> Bool {
        guard let sa = try? FileSource(path: a), let sb = try? FileSource(path: b),
              let kind = try? FileKind.detect(sa), (try? FileKind.detect(sb)) == kind else { return false }
        switch kind {
        case .jpeg:
            guard let ra = bytesOutsideExif(sa), let rb = bytesOutsideExif(sb) else { return false }
            return sa.sameBytes(ra, as: sb, rb)
        case .heic:
            guard let ha = try? HEIFFile(source: sa), let hb = try? HEIFFile(source: sb) else { return false }
            return sameItemsButExif(ha, hb)
        default:
            return false
        }
    }

    /// A JPEG's byte ranges but its EXIF APP1 segment.
    static func bytesOutsideExif(_ source: FileSource) -> [Range<UInt64>]? {
        guard let structure = try? JPEGStructure.read(source) else { return nil }
        guard let exif = structure.exifSegment else { return [0..<source.size] }
        guard exif.offset <= exif.endOffset, exif.endOffset <= source.size else { return nil }
        return [0..<exif.offset, exif.endOffset..<source.size]
    }

    /// Every item but each file's Exif item (the one a pair edits or adds): the same IDs and
    /// types, and the same bytes, in both.
    static func sameItemsButExif(_ a: HEIFFile, _ b: HEIFFile) -> Bool {
        let ea = a.itemInfo.entries.filter { $0.itemID != a.exifItemID }.sorted { $0.itemID < $1.itemID }
        let eb = b.itemInfo.entries.filter { $0.itemID != b.exifItemID }.sorted { $0.itemID < $1.itemID }
        guard ea.map(\.itemID) == eb.map(\.itemID), ea.map(\.itemType) == eb.map(\.itemType) else { return false }
        return ea.allSatisfy { entry in
            let la = a.locations.item(entry.itemID), lb = b.locations.item(entry.itemID)
            guard let la, let lb else { return la == nil && lb == nil }
            guard let ra = try? a.dataRanges(of: la), let rb = try? b.dataRanges(of: lb) else { return false }
            return a.source.sameBytes(ra, as: b.source, rb)
        }
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
