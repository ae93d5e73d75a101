import Testing
import BinaryIO
@testable import StillImage

/// The GPS IFD of a still made from a video frame: each reference tag says which side of the
/// equator, the meridian and sea level the value lies, and the value itself is unsigned.
@Suite("captured-still EXIF: GPS references and unsigned values")
struct CapturedStillGPSTests {
    static func gps(_ location: CapturedStillExif.Location) throws -> ExifTIFF {
        var exif = CapturedStillExif(pixelWidth: 64, pixelHeight: 48)
        exif.location = location
        return try ExifTIFF(payload: try exif.payload())
    }

    static func value(_ tiff: ExifTIFF, _ tag: UInt16) throws -> [UInt8] {
        let entry = try #require(tiff.entry(tag, in: .gps), "GPS tag \(tag)")
        return Array(try #require(tiff.valueBytes(entry)))
    }

    /// A RATIONAL as the value it stands for.
    static func rational(_ bytes: [UInt8], littleEndian: Bool) -> Double {
        var r = ByteReader(bytes, baseOffset: 0, path: "GPS")
        r.littleEndian = littleEndian
        guard let n = try? r.readUInt32(), let d = try? r.readUInt32(), d != 0 else { return .nan }
        return Double(n) / Double(d)
    }

    @Test("altitude below sea level: reference 1 and the altitude's magnitude; at or above: reference 0",
          arguments: [(-10.5, UInt8(1)), (-0.001, 1), (0, 0), (0.001, 0), (8848.86, 0), (-430.5, 1)])
    func altitudeReference(_ altitude: Double, _ reference: UInt8) throws {
        let tiff = try Self.gps(.init(latitude: 31.5, longitude: 35.5, altitude: altitude))
        #expect(try Self.value(tiff, 0x0005) == [reference], "altitude \(altitude)")
        let written = Self.rational(try Self.value(tiff, 0x0006), littleEndian: tiff.littleEndian)
        #expect(abs(written - abs(altitude)) < 0.0005, "altitude \(altitude) written as \(written)")
    }

    @Test("latitude and longitude references follow the signs; the values are unsigned",
          arguments: [(37.3349, -122.009, "N", "W"), (-33.8688, 151.2093, "S", "E"), (0.0, 0.0, "N", "E")])
    func hemispheres(_ latitude: Double, _ longitude: Double, _ ns: String, _ ew: String) throws {
        let tiff = try Self.gps(.init(latitude: latitude, longitude: longitude))
        #expect(try Self.value(tiff, 0x0001) == Array(ns.utf8) + [0])
        #expect(try Self.value(tiff, 0x0003) == Array(ew.utf8) + [0])
        #expect(tiff.entry(0x0005, in: .gps) == nil, "no altitude, no altitude reference")
    }

    /// The poles and the antimeridian are places; a degree past them, or a value that is no
    /// number, is no location: then no GPS IFD is written at all.
    @Test("latitude ±90 and longitude ±180 are written; past them, or NaN, no GPS",
          arguments: [(90.0, 180.0, true), (-90.0, -180.0, true), (90.000001, 0.0, false), (-90.000001, 0.0, false),
                      (0.0, 180.000001, false), (0.0, -180.000001, false), (Double.nan, 0.0, false), (0.0, Double.infinity, false)])
    func bounds(_ latitude: Double, _ longitude: Double, _ written: Bool) throws {
        let tiff = try Self.gps(.init(latitude: latitude, longitude: longitude))
        #expect((tiff.entry(0x0002, in: .gps) != nil) == written, "\(latitude), \(longitude)")
        #expect((tiff.entry(0x0004, in: .gps) != nil) == written, "\(latitude), \(longitude)")
    }
}
