import Foundation
import Testing
import PropertyBased
import TestSupport
import BinaryIO
@testable import LivePhotoKit

/// A Motion Photo that does not say where its video starts is scanned for the video's
/// `....ftyp` in windows of 64 KiB: a header that straddles two windows is found like any other.
@Suite("MotionPhotoReader.findFileType: the first ftyp box after a point, wherever the windows cut")
struct FindFileTypeTests {
    @Test("one `ftyp` at any offset near the window edges, searched from any point before it")
    func foundAcrossWindows() async throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("scan.bin").path
        let window = 1 << 16
        // Offsets of the `f` near the first and second window ends, and anywhere.
        let offsets = Gen.nearEnds(in: 0...8).map { window - 4 + $0 }.array(of: 1...1)
        await propertyCheck(count: 60, input: offsets, Gen.nearEnds(in: 0...1), Gen.int(in: 0...Int.max)) { near, windows, pick in await Support.failingOnThrow {
            // Windows start at the search's start: the needle sits near a window's end from there.
            let start = pick % 5000
            let at = start + near[0] + windows * window
            var bytes = [UInt8](repeating: 0x66, count: at + 4 + pick % 9)   // 'f' everywhere: only one full needle
            bytes.replaceSubrange(at..<(at + 4), with: Array("ftyp".utf8))
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let source = try FileSource(path: path)
            #expect(try MotionPhotoReader.findFileType(source, from: UInt64(start)) == UInt64(at - 4), "ftyp at \(at), from \(start)")
            #expect(try MotionPhotoReader.findFileType(source, from: UInt64(at - 3)) == nil, "a header before the start is not the video's")
        } }
    }
}
