import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The video-orientation track's value is read as stored: a signed 16-bit big-endian number,
/// whatever its high byte; its sample is read up to 4,096 bytes and refused above that.
@Suite("video-orientation track: the value as stored, from a sample of at most 4,096 bytes")
struct VideoOrientationTrackValueTests {
    /// A movie of one 1 s video frame (track 1) and a video-orientation track (track 2) whose
    /// one sample is `sample`; returns the file and the orientation track.
    static func movie(sample: [UInt8], in dir: TempDir) throws -> (file: MovieFile, track: Track) {
        let video = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                  timescale: 600, samples: [.init(bytes: [1], duration: 600, isSync: true)])
        let declaration = MetadataSampleEntry.KeyDeclaration(localID: VideoOrientationTrack.localKeyID, key: .init(value: Array(VideoOrientationTrack.key.utf8)),
                                                             dataType: .init(wellKnown: VideoOrientationTrack.dataType))
        let orientation = TimedMetadataTrack(trackID: 2, edits: [.init(duration: 600, mediaTime: 0, rate: 0x10000)], mediaTimescale: 600,
                                             sampleEntry: MetadataSampleEntry(declarations: [declaration]).atom(), timeToSample: [.init(count: 1, delta: 600)],
                                             sampleSizes: [UInt32(sample.count)], describes: 1)
        let image = try NewMovieImage(header: MovieHeader(timescale: 600, duration: 600, nextTrackID: 3),
                                      media: [.init(trak: video.track(trackID: 1, movieTimescale: 600).atom(), chunks: video.chunks),
                                              .init(trak: orientation.atom(), chunks: [sample])], others: [])
        let path = dir.path("orientation.mov")
        try image.prepare(targetPath: path).commit()
        let file = try MovieFile.open(path: path)
        return (file, try #require(file.movie.metadataTracks(declaring: VideoOrientationTrack.key).first))
    }

    @Test("values with a high byte: FF FF is -1, 01 00 is 256, 00 06 is 6", arguments: [([0xFF, 0xFF], -1), ([0x01, 0x00], 256), ([0x00, 0x06], 6)] as [([UInt8], Int16)])
    func valueAsStored(_ value: [UInt8], _ expected: Int16) throws {
        let dir = try TempDir()
        let (file, track) = try Self.movie(sample: TimedMetadataTrack.item(localKeyID: VideoOrientationTrack.localKeyID, value: value), in: dir)
        #expect(try VideoOrientationTrack.read(track, in: file) == expected)
    }

    @Test("a sample of 4,096 bytes is read; one of 4,097 is refused as too large")
    func sampleSizeBound() throws {
        let value = TimedMetadataTrack.item(localKeyID: VideoOrientationTrack.localKeyID, value: [0x00, 0x06])
        for (size, readable) in [(4096, true), (4097, false)] {
            let dir = try TempDir()
            let filler = TimedMetadataTrack.item(localKeyID: 9, value: [UInt8](repeating: 0x20, count: size - value.count - 8))
            let (file, track) = try Self.movie(sample: value + filler, in: dir)
            try #require(track.sampleTable.size(ofSample: 0) == UInt32(size))
            if readable {
                #expect(try VideoOrientationTrack.read(track, in: file) == 6)
            } else {
                let error = #expect(throws: ParseError.self) { _ = try VideoOrientationTrack.read(track, in: file) }
                #expect(error?.kind == .tooLarge, "\(String(describing: error))")
            }
        }
    }
}
