import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The still-image-time track we add is laid out as the iPhone's own: every full box of it has
/// the version and flags (and, for the fixed-size ones, the size) of the iPhone 15 camera's
/// still-image-time track, so a reader that trusts the camera's layout reads ours.
@Suite("the made still-image-time track: the iPhone's versions, flags and box sizes")
struct StillImageTimeTrackLayoutTests {
    /// Full boxes whose size is fixed by their version (and, for `elst`, its two edits). Not
    /// `stsz`: the camera lists its one sample's size, ours gives it as the constant size (both
    /// say 9 bytes).
    static let fixedSize = ["tkhd", "elst", "mdhd", "gmin", "dref", "stts", "stsc", "stco"]
    static let fullBoxes = fixedSize + ["hdlr", "stsd", "stsz"]

    /// Each full box of a track, by its path inside the `trak`.
    static func fullBoxes(of trak: Atom) -> [String: Atom] {
        var found: [String: Atom] = [:]
        trak.visit { atom, path in
            if fullBoxes.contains(atom.type.description) { found[path] = atom }
        }
        return found
    }

    @Test("a constant-size stsz of version 0, flags 0: 9 bytes, one sample")
    func sampleSizeBox() throws {
        let trak = StillImageTimeTrack.makeTrack(trackID: 4, videoTrackID: 1, movieTimescale: 600, stillTick: 820, sampleDuration: 20)
        let stsz = try #require(try Support.parseAtom(trak.serialized()).find("mdia", "minf", "stbl", "stsz"))
        #expect(stsz.payload == [0, 0, 0, 0] + Support.u32(9) + Support.u32(1))
        #expect(SampleSizeBox(sizes: [7, 8]).atom().payload == [0, 0, 0, 0] + Support.u32(0) + Support.u32(2) + Support.u32(7) + Support.u32(8))
    }

    @Test("every full box: the iPhone 15 track's version and flags; the fixed-size ones its sizes")
    func layoutOfTheIPhoneTrack() throws {
        guard let path = Support.corpusFiles(["iphone-movie/iphone15-livephoto.MOV"]).first else { return }
        let file = try MovieFile.open(path: path)
        let camera = try #require(file.movie.stillImageTimeTracks.first, "the iPhone movie's still-image-time track")
        let made = try Support.parseAtom(StillImageTimeTrack.makeTrack(trackID: 4, videoTrackID: 1, movieTimescale: 600,
                                                                        stillTick: 820, sampleDuration: 20).serialized())
        let theirs = Self.fullBoxes(of: camera.atom), ours = Self.fullBoxes(of: made)
        #expect(Set(ours.keys) == Set(theirs.keys), "the same full boxes at the same places")
        for (path, box) in ours.sorted(by: { $0.key < $1.key }) {
            guard let their = theirs[path] else { continue }
            #expect(Array(box.payload.prefix(4)) == Array(their.payload.prefix(4)), "\(path): version and flags")
            if Self.fixedSize.contains(box.type.description) {
                #expect(box.payload.count == their.payload.count, "\(path): size \(box.payload.count), the camera's \(their.payload.count)")
            }
        }
    }

    @Test("tkhd: the camera's layer, group, volume, matrix and size (0 x 0) for a metadata track")
    func trackHeaderOfTheIPhoneTrack() throws {
        let made = try TrackHeader(try #require(try Support.parseAtom(StillImageTimeTrack.makeTrack(
            trackID: 4, videoTrackID: 1, movieTimescale: 600, stillTick: 820, sampleDuration: 20).serialized()).child("tkhd")), path: "tkhd")
        // What any metadata track of the iPhone 15 movie says (checked below when the corpus is here).
        #expect(made.flags == 0x0F && made.layer == 0 && made.alternateGroup == 0 && made.volume == 0)
        #expect(made.matrix == TrackHeader.identityMatrix && made.fixedWidth == 0 && made.fixedHeight == 0)
        guard let path = Support.corpusFiles(["iphone-movie/iphone15-livephoto.MOV"]).first else { return }
        let camera = try #require(try MovieFile.open(path: path).movie.stillImageTimeTracks.first).header
        #expect([camera.layer, camera.alternateGroup] == [made.layer, made.alternateGroup] && camera.volume == made.volume)
        #expect(camera.flags == made.flags && camera.matrix == made.matrix)
        #expect([camera.fixedWidth, camera.fixedHeight] == [made.fixedWidth, made.fixedHeight])
    }
}
