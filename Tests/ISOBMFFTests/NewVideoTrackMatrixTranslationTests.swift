import Testing
import BinaryIO
@testable import ISOBMFF

/// The display matrix of a made video track (ISO/IEC 14496-12 8.3.2.3) moves the rotated
/// picture back on screen: its translation (tx, ty, in 16.16) is the picture's height for a
/// quarter turn, its width and height for a half turn, its width for three quarters.
@Suite("new video track matrix: the translation keeps the rotated picture on screen")
struct NewVideoTrackMatrixTranslationTests {
    static let one: Int32 = 0x10000

    @Test("64x48 at 90, 180 and 270 degrees: tx and ty are the width and height in 16.16", arguments: [
        (90, [0, one, 0, -one, 0, 0, 48 << 16, 0, 0x4000_0000]),
        (180, [-one, 0, 0, 0, -one, 0, 64 << 16, 48 << 16, 0x4000_0000]),
        (270, [0, -one, 0, one, 0, 0, 0, 64 << 16, 0x4000_0000]),
    ] as [(Int, [Int32])])
    func translation(_ degrees: Int, _ expected: [Int32]) {
        #expect(NewVideoTrack.matrix(rotationDegrees: degrees, width: 64, height: 48) == expected, "\(degrees)°")
    }
}
