import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// What every paired movie must satisfy against the movie it came from, checked after every
/// pair test on every fixture and corpus movie:
/// - every box other than the identifier, the still-image-time track and chunk offsets is
///   unchanged (other tracks byte for byte with their offsets masked, their sample bytes equal;
///   `mvhd` but for `next_track_ID`; `moov/meta` and `udta` but for the identifier); when the
///   result says a date was written into an undated movie, also but for the creationdate item
///   and the creation/modification times of `mvhd`, `tkhd` and `mdhd`;
/// - the identifier is upper case and the same in `moov/meta` and, where it is, `udta/meta`;
/// - `next_track_ID` is above every track id;
/// - every track ends inside the movie's duration (one that did not in the original is left alone);
/// - the still-image-time track presents its sample at exactly the tick the result reports, and
///   its edit list adds up to its `tkhd` duration, to the tick.
enum MovieInvariants {
    /// `original` is the movie before pairing (a fixture or corpus file, or a copy taken before),
    /// `paired` the movie pairing wrote, `result` what pairing reported.
    static func check(original: String, paired: String, result: PairResult,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try MovieFile.open(path: original)
        let after = try MovieFile.open(path: paired)
        let old = before.movie, new = after.movie
        let label = URL(fileURLWithPath: original).lastPathComponent
        let dated = result.movieDate?.creationDate != nil

        // Identifiers: upper case, and equal wherever the movie holds one.
        let id = result.identifier
        #expect(id == id.uppercased() && ContentIdentifier.isWellFormed(id), "\(label): identifier \(id) is not an upper-case UUID", sourceLocation: sourceLocation)
        #expect(new.metadata?.stringValue(forKey: Movie.contentIdentifierKey) == id, "\(label): moov/meta identifier", sourceLocation: sourceLocation)
        if old.userDataMetadata?.item(forKey: Movie.contentIdentifierKey) != nil || new.userDataMetadata?.item(forKey: Movie.contentIdentifierKey) != nil {
            #expect(new.userDataMetadata?.stringValue(forKey: Movie.contentIdentifierKey) == id, "\(label): udta/meta identifier", sourceLocation: sourceLocation)
        }
        #expect(metadataItems(old.metadata, dated: dated) == metadataItems(new.metadata, dated: dated), "\(label): moov/meta items other than the identifier", sourceLocation: sourceLocation)
        #expect(metadataItems(old.userDataMetadata) == metadataItems(new.userDataMetadata), "\(label): udta/meta items other than the identifier", sourceLocation: sourceLocation)
        #expect(nonMetaChildren(old.moov.child("udta")) == nonMetaChildren(new.moov.child("udta")), "\(label): udta boxes other than meta", sourceLocation: sourceLocation)

        // mvhd: only next_track_ID may change, and it must be above every track id.
        #expect(maskedHeader(old.moov.child("mvhd"), dated: dated) == maskedHeader(new.moov.child("mvhd"), dated: dated), "\(label): mvhd other than next_track_ID", sourceLocation: sourceLocation)
        let maxID = new.tracks.map(\.trackID).max() ?? 0
        #expect(new.header.nextTrackID > maxID, "\(label): next_track_ID \(new.header.nextTrackID) not above track id \(maxID)", sourceLocation: sourceLocation)
        #expect(Set(new.tracks.map(\.trackID)).count == new.tracks.count, "\(label): track ids are unique", sourceLocation: sourceLocation)

        // Every other box of moov, in order, byte for byte.
        let otherTypes: Set<FourCC> = ["trak", "meta", "udta", "mvhd"]
        #expect(old.moov.children?.filter { !otherTypes.contains($0.type) }.map { $0.serialized() }
                == new.moov.children?.filter { !otherTypes.contains($0.type) }.map { $0.serialized() },
                "\(label): moov boxes other than trak/meta/udta/mvhd", sourceLocation: sourceLocation)

        // Tracks other than still-image-time ones: same order, same boxes (chunk offsets masked), same samples.
        let oldTracks = old.tracks.filter { !$0.isStillImageTime }, newTracks = new.tracks.filter { !$0.isStillImageTime }
        #expect(oldTracks.map(\.trackID) == newTracks.map(\.trackID), "\(label): the other tracks, in order", sourceLocation: sourceLocation)
        for (o, n) in zip(oldTracks, newTracks) {
            #expect(maskedTrack(o.atom, dated: dated) == maskedTrack(n.atom, dated: dated), "\(label): track \(o.trackID) changed beyond its chunk offsets", sourceLocation: sourceLocation)
            #expect(try samples(o, in: before) == samples(n, in: after), "\(label): track \(o.trackID)'s sample bytes", sourceLocation: sourceLocation)
        }

        // Every track ends inside the movie (but for one that already did not in the original:
        // pairing does not touch other tracks).
        let overlongBefore = Set(old.tracks.filter { $0.header.duration > old.header.duration }.map(\.trackID))
        for track in new.tracks where !overlongBefore.contains(track.trackID) || track.isStillImageTime {
            #expect(track.header.duration <= new.header.duration,
                    "\(label): track \(track.trackID) lasts \(track.header.duration) ticks, the movie \(new.header.duration)", sourceLocation: sourceLocation)
        }

        // One still-image-time track, at exactly the reported tick.
        #expect(new.stillImageTimeTracks.count == 1, "\(label): one still-image-time track", sourceLocation: sourceLocation)
        guard let sit = new.stillImageTimeTracks.first else { return }
        let timescale = Double(new.header.timescale)
        // The reported seconds are a tick over the timescale (a double: 880/1000 reads back as 879.99999...).
        let reportedTicks = result.stillTime * timescale
        #expect(abs(reportedTicks - reportedTicks.rounded()) < 1e-6, "\(label): still time \(result.stillTime) s is not a whole movie tick", sourceLocation: sourceLocation)
        let edits = try #require(sit.edits, "\(label): the still-image-time track has an edit list", sourceLocation: sourceLocation)
        let leadingEmpty = edits.entries.prefix { $0.mediaTime == -1 }.reduce(UInt64(0)) { $0 + $1.duration }
        #expect(leadingEmpty == UInt64(reportedTicks.rounded()), "\(label): the sample is presented at tick \(leadingEmpty), the result says \(reportedTicks)", sourceLocation: sourceLocation)
        #expect(edits.entries.reduce(UInt64(0)) { $0 + $1.duration } == sit.header.duration, "\(label): edit list and tkhd duration differ", sourceLocation: sourceLocation)
        if result.stillImageTime == .kept, let kept = old.stillImageTimeTracks.first {
            #expect(kept.atom.serialized().count == sit.atom.serialized().count && maskedTrack(kept.atom, dated: dated) == maskedTrack(sit.atom, dated: dated),
                    "\(label): a kept still-image-time track is unchanged", sourceLocation: sourceLocation)
        }
    }

    /// Metadata items other than the content identifier (and, `dated`, the creationdate);
    /// nil and empty are the same: no items.
    static func metadataItems(_ metadata: QuickTimeMetadata?, dated: Bool = false) -> [QuickTimeMetadata.Item] {
        (metadata?.items ?? []).filter { $0.key != Movie.contentIdentifierKey && !(dated && $0.key == Movie.creationDateKey) }
    }

    static func nonMetaChildren(_ udta: Atom?) -> [[UInt8]] {
        (udta?.children ?? []).filter { $0.type != "meta" }.map { $0.serialized() }
    }

    /// `mvhd` with next_track_ID zeroed (and, `dated`, its creation and modification times).
    static func maskedHeader(_ mvhd: Atom?, dated: Bool = false) -> [UInt8] {
        guard let mvhd else { return [] }
        guard var header = try? MovieHeader(mvhd, path: "moov/mvhd") else { return mvhd.payload }
        header.nextTrackID = 0
        if dated { (header.creationTime, header.modificationTime) = (0, 0) }
        return header.atom().payload
    }

    /// A `tkhd` or `mdhd` payload with its creation and modification times zeroed.
    static func timesMasked(_ atom: Atom) -> [UInt8] {
        if atom.type == "tkhd", var h = try? TrackHeader(atom, path: "tkhd") {
            (h.creationTime, h.modificationTime) = (0, 0)
            return h.atom().payload
        }
        if atom.type == "mdhd", var h = try? MediaHeader(atom, path: "mdhd") {
            (h.creationTime, h.modificationTime) = (0, 0)
            return h.atom().payload
        }
        return atom.payload
    }

    /// A track's boxes in order with every `stco`/`co64` replaced by its entry count: chunk
    /// offsets may shift (and widen) when the media moves, nothing else may change.
    static func maskedTrack(_ trak: Atom, dated: Bool = false) -> [String] {
        var out: [String] = []
        trak.visit { atom, path in
            if atom.type == "stco" || atom.type == "co64" {
                let count = (try? ChunkOffsetTable(atom, path: path).offsets.count) ?? -1
                out.append("\(path.dropLast(4))offsets x\(count)")
            } else if !atom.isContainer {
                out.append("\(path) \(dated ? timesMasked(atom) : atom.payload)")
            } else {
                out.append("\(path) \(atom.prefix)")
            }
        }
        return out
    }

    static func samples(_ track: Track, in file: MovieFile) throws -> [UInt8] {
        var all: [UInt8] = []
        for r in try track.sampleTable.sampleRanges() { all += try file.source.read(at: r.offset, count: Int(r.size)) }
        return all
    }
}
