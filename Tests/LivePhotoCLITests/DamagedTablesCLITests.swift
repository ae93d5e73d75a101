import Foundation
import Testing

/// A JPEG whose Huffman table libjpeg-turbo refuses: the tables are not ours to change, so
/// inspect and pair work from our own frame header parse (inspect warns), pair keeps every
/// byte of the tables and the scan data, and verify says the still will not decode.
@Suite("livephoto on a JPEG with a damaged Huffman table")
struct DamagedTablesCLITests {
    @Test func inspectPairVerify() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG_0001.JPG")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: still)))
        let dht = try #require((2..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC4 })
        for k in 5...20 { bytes[dht + k] = 0xFF }
        try Data(bytes).write(to: URL(fileURLWithPath: still))
        let sos = try #require((dht..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let tablesToEnd = Array(bytes[dht..<bytes.count])
        let fromTablesBefore = bytes.count - dht

        let inspected = try CLITests.livephoto("inspect", still)
        #expect(inspected.status == 0, "\(inspected.err)")
        #expect(inspected.out.contains("JPEG still, 320x240 (unknown, YCbCr)"), "\(inspected.out)")
        #expect(inspected.out.contains("  warning: libjpeg-turbo cannot read the image's headers (Bogus Huffman table definition"), "\(inspected.out)")

        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let paired = try CLITests.livephoto("pair", still, movie)
        #expect(paired.status == 0, "\(paired.err)")
        // The rewrite changes the EXIF before the tables; from the DHT on, nothing moves but its place.
        let after = [UInt8](try Data(contentsOf: URL(fileURLWithPath: still)))
        #expect(after.count >= fromTablesBefore && Array(after.suffix(fromTablesBefore)) == tablesToEnd, "tables and scan data kept (SOS was at \(sos))")

        let verified = try CLITests.livephoto("verify", still, movie)
        #expect(verified.status == 0, "\(verified.out)")
        #expect(verified.out.contains("! still-decodes: libjpeg-turbo: Bogus Huffman table definition"), "\(verified.out)")
    }
}
