import BinaryIO
import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// A sample is read when it lies inside the file, up to and including its last byte (the
/// last sample of a movie whose `mdat` comes last ends exactly there), and refused as
/// truncated when it reaches one byte past it.
@Suite("VideoSampleBytes")
struct VideoSampleBytesTests {
    @Test("a sample ending at the file's last byte is read; one byte further is refused", arguments: [1, 8, 4096])
    func boundsAtTheEndOfTheFile(_ size: Int) throws {
        let path = Support.fixture("movie-mp4.mp4")
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let end = UInt64(bytes.count)
        let atEnd = [(offset: end - UInt64(size), size: UInt32(size))]
        let read = try VideoSampleBytes.read(file, track: track, ranges: atEnd, index: 0, purpose: "the test")
        #expect(read == Array(bytes[(bytes.count - size)...]))

        let pastEnd = [(offset: end - UInt64(size) + 1, size: UInt32(size))]
        let error = #expect(throws: ParseError.self) {
            _ = try VideoSampleBytes.read(file, track: track, ranges: pastEnd, index: 0, purpose: "the test")
        }
        #expect(error?.kind == .truncated)
        #expect(error?.message == "sample 1, needed for the test, lies past the end of the file")
    }
}
