import Foundation
import Testing
import BinaryIO
@testable import StillImage

/// The full decode refuses, before libjpeg-turbo allocates, a frame larger than 2^28 pixels or
/// one the file is too small to hold (more than 1,024 pixels per byte): the bounds themselves
/// go on to the decode.
struct FullDecodeFrameSizeTests {
    /// `jpeg` with its SOF0 saying `width`×`height`.
    static func withFrame(_ jpeg: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var bytes = jpeg
        let sof = try #require((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        return bytes
    }

    static func decodeError(_ bytes: [UInt8], _ dir: TempDir) throws -> ParseError? {
        let path = try dir.write("frame.jpg", bytes)
        do { try TurboJPEG.decodeFully(path: path); return nil } catch let e as ParseError { return e }
    }

    @Test func pixelsPerFileByte() throws {
        let dir = try TempDir()
        let jpeg = SyntheticJPEG(width: 8, height: 8, sampling: [(1, 1)]).bytes
        let size = jpeg.count
        // size × 1024 pixels: the bound, past the check (libjpeg-turbo then finds the data short).
        let at = try Self.decodeError(try Self.withFrame(jpeg, width: size, height: 1024), dir)
        #expect(at?.kind != .tooLarge, "\(String(describing: at))")
        let over = try Self.decodeError(try Self.withFrame(jpeg, width: size + 1, height: 1024), dir)
        #expect(over?.kind == .tooLarge && over?.message == "frame size \(size + 1)x1024 is too large for a \(size)-byte file", "\(String(describing: over))")
    }

    @Test func pixelBound() throws {
        let dir = try TempDir()
        // 16384 × 16384 = 2^28 in a file large enough for the ratio: decoded (every block grey).
        let big = SyntheticJPEG(width: 16384, height: 16384, sampling: [(1, 1)]).bytes
        #expect(big.count * TurboJPEG.maxPixelsPerFileByte >= TurboJPEG.maxFullDecodePixels)
        #expect(try Self.decodeError(big, dir) == nil)
        let over = try Self.decodeError(try Self.withFrame(big, width: 16384, height: 16385), dir)
        #expect(over?.kind == .tooLarge && over?.message == "frame size 16384x16385 is too large for a \(big.count)-byte file", "\(String(describing: over))")
    }
}
