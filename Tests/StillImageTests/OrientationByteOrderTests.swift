import Foundation
import Testing
import BinaryIO
@testable import StillImage

/// The Orientation SHORT is read in the EXIF's own byte order, whole: `inspect` reports the
/// number stored, as exiftool (`-n`) does, also when it is outside 1...8 (a damaged or
/// foreign value the user is looking for).
@Suite("EXIF Orientation: the stored SHORT in either byte order")
struct OrientationByteOrderTests {
    static func still(orientation: UInt16, littleEndian: Bool, in dir: TempDir) throws -> String {
        var exif = SyntheticEXIF()
        exif.littleEndian = littleEndian
        exif.ifd0 = [exif.short(0x0112, orientation)]
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [SyntheticJPEG.exif(exif.payload)]
        return try dir.write("orientation-\(orientation)-\(littleEndian ? "II" : "MM").jpg", jpeg.bytes)
    }

    @Test("Orientation reads as stored: 6 and 0x0106 (262), big- and little-endian",
          arguments: [(UInt16(6), false), (6, true), (0x0106, false), (0x0106, true)])
    func orientationAsStored(_ value: UInt16, _ littleEndian: Bool) throws {
        let dir = try TempDir()
        let path = try Self.still(orientation: value, littleEndian: littleEndian, in: dir)
        #expect(try StillImageReader.read(path: path).orientation == Int(value), "\(littleEndian ? "II" : "MM") \(value)")
        if let exiftool = Support.reader("exiftool") {
            let r = try Support.run(exiftool, ["-n", "-s3", "-Orientation", path])
            #expect(r.out.trimmingCharacters(in: .whitespacesAndNewlines) == String(value), "exiftool agrees")
        }
    }
}
