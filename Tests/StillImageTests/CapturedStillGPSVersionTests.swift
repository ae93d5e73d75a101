import Testing
@testable import StillImage

/// The GPS IFD of a still made from a video frame starts with GPSVersionID: four BYTEs saying
/// the GPS tag layout of Exif 2.3, 2.3.0.0, the version whose tags (references, unsigned
/// rationals, altitude reference) the rest of the IFD is written in.
@Suite("captured-still EXIF: GPSVersionID is 2.3.0.0")
struct CapturedStillGPSVersionTests {
    @Test("a location gives GPSVersionID = 4 BYTEs 2, 3, 0, 0", arguments: [(31.5, 35.5, nil), (-33.8688, 151.2093, 12.5)] as [(Double, Double, Double?)])
    func versionID(_ latitude: Double, _ longitude: Double, _ altitude: Double?) throws {
        let tiff = try CapturedStillGPSTests.gps(.init(latitude: latitude, longitude: longitude, altitude: altitude))
        let entry = try #require(tiff.entry(0x0000, in: .gps))
        #expect(entry.type == 1 && entry.count == 4, "BYTE x 4: type \(entry.type), count \(entry.count)")
        #expect(try CapturedStillGPSTests.value(tiff, 0x0000) == [2, 3, 0, 0])
    }
}
