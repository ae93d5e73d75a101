import Testing
import BinaryIO
@testable import ISOBMFF

/// A wallpaper movie given no source times is undated: `mvhd` and every track's `tkhd` and
/// `mdhd` keep creation and modification 0 (no time is invented); given times, each box
/// carries them.
@Suite("wallpaper movie: no times given, no times written")
struct WallpaperMovieUndatedTests {
    static func built(_ make: (NewVideoTrack) -> WallpaperMovie) throws -> Movie {
        let video = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                  timescale: 600, samples: (0..<3).map { .init(bytes: [UInt8($0)], duration: 20, isSync: $0 == 0) })
        return try Movie(moov: try Support.parseAtom(try make(video).image().moov.serialized()))
    }

    /// (creation, modification) of mvhd, then of each track's tkhd and mdhd.
    static func times(_ movie: Movie) -> [[UInt64]] {
        [[movie.header.creationTime, movie.header.modificationTime]]
            + movie.tracks.flatMap { [[$0.header.creationTime, $0.header.modificationTime], [$0.mediaHeader.creationTime, $0.mediaHeader.modificationTime]] }
    }

    @Test("the default: every creation and modification time 0")
    func defaultIsUndated() throws {
        let movie = try Self.built { WallpaperMovie(video: $0, audio: nil, stillTick: 540, metadata: []) }
        #expect(movie.tracks.count == 4)
        #expect(Self.times(movie).allSatisfy { $0 == [0, 0] }, "\(Self.times(movie))")
    }

    @Test("given times: every box carries them")
    func givenTimesAreWritten() throws {
        let movie = try Self.built { WallpaperMovie(video: $0, audio: nil, stillTick: 540, metadata: [], creationTime: 5, modificationTime: 7) }
        #expect(Self.times(movie).allSatisfy { $0 == [5, 7] }, "\(Self.times(movie))")
    }
}
