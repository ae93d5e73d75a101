import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// A Motion Photo without a presentation timestamp (or with 0) takes the still from its MP4's
/// one-frame still track when that track's frame is shown after the very start: even one
/// tick after it (the smallest time after 0) counts, and the warning says so. A still track
/// shown at 0 says nothing the timestamp 0 does not.
@Suite("Motion Photo still time: a one-frame still track one tick after the start is used")
struct MotionPhotoStillTrackFirstTickTests {
    /// A movie of timescale 1: track 1, ten 0.1 s frames (media timescale 600); track 2, one
    /// frame at composition time `stillAt` media ticks, with no edit list (so it is shown at
    /// `stillAt` / 600 s, an exact time of numerator `stillAt` over 600).
    static func movie(stillAt: Int32) throws -> Movie {
        let config = VideoCodecConfiguration(codec: .h264, width: 64, height: 48, decoderConfiguration: [1])
        let motion = NewVideoTrack(configuration: config, rotationDegrees: 0, timescale: 600,
                                   samples: (0..<10).map { .init(bytes: [UInt8($0)], duration: 60, isSync: $0 == 0) })
        let still = NewVideoTrack(configuration: config, rotationDegrees: 0, timescale: 600,
                                  samples: [.init(bytes: [0xEE], duration: 60, isSync: true, compositionOffset: stillAt)])
        let stillTrak = still.track(trackID: 2, movieTimescale: 1).atom()
        stillTrak.children?.removeAll { $0.type == "edts" }
        let moov = Atom(type: "moov", children: [MovieHeader(timescale: 1, duration: 1, nextTrackID: 3).atom(),
                                                 motion.track(trackID: 1, movieTimescale: 1).atom(), stillTrak])
        // Parsed from its bytes, as a file's moov is.
        let bytes = moov.serialized()
        var reader = ByteReader(bytes)
        return try Movie(moov: try AtomParser.parseBox(&reader, limit: UInt64(bytes.count), parentPath: "", parentType: nil, siblingIndex: nil, depth: 0))
    }

    @Test("still frame at composition time 1 of 600, timestamp 0 or none: the still track is used, and said",
          arguments: [0, nil] as [Int64?])
    func oneTickAfterTheStart(givenUs: Int64?) throws {
        let movie = try Self.movie(stillAt: 1)
        let tracks = try #require(MotionPhotoVideoTracks(movie))
        #expect(tracks.motion.trackID == 1 && tracks.others.map(\.trackID) == [2])
        let start = try #require(tracks.stillFrameStart)
        #expect(start.numerator == 1 && start.scale == 600, "\(start)")
        let timing = FrameTiming(track: tracks.motion, movieTimescale: movie.header.timescale)
        var warnings: [String] = []
        let frame = try MotionPhotoStillTime.choose(presentationTimestampUs: givenUs, timing: timing, movie: movie, tracks: tracks, warnings: &warnings)
        #expect(frame == 0, "the frame shown 1/600 s in is the first")
        #expect(warnings.count == 1 && warnings.first?.contains("one-frame still track") == true, "\(warnings)")
    }

    @Test("still frame at 0, timestamp 0: the timestamp decides, no word of the still track")
    func atTheStart() throws {
        let movie = try Self.movie(stillAt: 0)
        let tracks = try #require(MotionPhotoVideoTracks(movie))
        #expect(tracks.stillFrameStart?.numerator == 0)
        let timing = FrameTiming(track: tracks.motion, movieTimescale: movie.header.timescale)
        var warnings: [String] = []
        let frame = try MotionPhotoStillTime.choose(presentationTimestampUs: 0, timing: timing, movie: movie, tracks: tracks, warnings: &warnings)
        #expect(frame == 0 && warnings.isEmpty, "\(warnings)")
    }
}

