import Testing
@testable import StillImage

/// Every one of the 256 marker codes is classified as ITU-T T.81 Table B.1 lists it: the table
/// is written out here the long way, one range per row, so a classifier off by one at any edge
/// of a range (0xBF/0xC0, 0xCF/0xD0, 0xD7/0xD8, 0xDF/0xE0, 0xEF/0xF0) disagrees with it.
@Suite("JPEG markers: every code classified as T.81 Table B.1 says")
struct JPEGMarkerClassTests {
    static let startOfFrame: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]
    static let restart: Set<UInt8> = [0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7]
    static let application: Set<UInt8> = Set((0..<16).map { UInt8(0xE0 + $0) })

    static func expectedName(_ m: UInt8) -> String {
        if application.contains(m) { return "APP\(m - 0xE0)" }
        if restart.contains(m) { return "RST\(m - 0xD0)" }
        if startOfFrame.contains(m) { return "SOF\(m - 0xC0)" }
        let named: [UInt8: String] = [0xC4: "DHT", 0xC8: "JPG", 0xCC: "DAC", 0xD8: "SOI", 0xD9: "EOI", 0xDA: "SOS",
                                      0xDB: "DQT", 0xDC: "DNL", 0xDD: "DRI", 0xFE: "COM", 0x01: "TEM"]
        return named[m] ?? "marker 0x" + String(m, radix: 16, uppercase: true)
    }

    @Test("standalone markers are TEM and RST0...RST7 only; start-of-frame markers are SOF0...SOF15 less DHT, JPG and DAC")
    func classes() {
        for code in 0...255 {
            let m = UInt8(code)
            #expect(JPEGMarker.isStandalone(m) == (m == 0x01 || Self.restart.contains(m)), "0x\(String(m, radix: 16))")
            #expect(JPEGMarker.isStartOfFrame(m) == Self.startOfFrame.contains(m), "0x\(String(m, radix: 16))")
        }
    }

    @Test("every marker code has the name of its table row, and a code in no row is named by its value")
    func names() {
        for code in 0...255 {
            let m = UInt8(code)
            #expect(JPEGMarker.name(m) == Self.expectedName(m))
            #expect(JPEGSegment(marker: m, offset: 0, payloadLength: 0, payloadPrefix: []).name == Self.expectedName(m))
        }
    }

    @Test("a segment is APPn for exactly its own n in 0...15, and only APP0...APP15 segments have an identifier")
    func applicationSegments() {
        for code in 0...255 {
            let m = UInt8(code)
            let segment = JPEGSegment(marker: m, offset: 0, payloadLength: 5, payloadPrefix: Array("Exif\0".utf8))
            let isApplication = Self.application.contains(m)
            #expect(segment.isAPPn == isApplication, "0x\(String(m, radix: 16))")
            #expect(segment.identifier == (isApplication ? "Exif" : nil), "0x\(String(m, radix: 16))")
            for n in -2...17 {
                #expect(segment.isAPP(n) == (isApplication && Int(m) - 0xE0 == n), "0x\(String(m, radix: 16)) APP\(n)")
            }
        }
    }

    @Test("an identifier is the leading printable ASCII (0x20...0x7E) of the payload, and stops at any other byte")
    func identifierStopsAtUnprintable() {
        for code in 0...255 {
            let b = UInt8(code)
            let segment = JPEGSegment(marker: 0xE1, offset: 0, payloadLength: 4, payloadPrefix: [0x41, b, 0x42, 0])
            let printable = b >= 0x20 && b <= 0x7E
            #expect(segment.identifier == (printable ? "A" + String(UnicodeScalar(b)) + "B" : "A"), "byte 0x\(String(b, radix: 16))")
            let leading = JPEGSegment(marker: 0xE1, offset: 0, payloadLength: 2, payloadPrefix: [b, 0x41])
            #expect(leading.identifier == (printable ? String(UnicodeScalar(b)) + "A" : nil), "byte 0x\(String(b, radix: 16))")
        }
    }
}
