/// JPEG marker codes (the byte after 0xFF) used by the segment reader.
enum JPEGMarker {
    static let soi: UInt8 = 0xD8
    static let eoi: UInt8 = 0xD9
    static let sos: UInt8 = 0xDA
    static let dqt: UInt8 = 0xDB
    static let dht: UInt8 = 0xC4
    static let dri: UInt8 = 0xDD
    static let com: UInt8 = 0xFE
    static let tem: UInt8 = 0x01
    static let app0: UInt8 = 0xE0
    static let app1: UInt8 = 0xE1
    static let app14: UInt8 = 0xEE

    /// Markers that stand alone, without a length field (RSTn, TEM).
    static func isStandalone(_ m: UInt8) -> Bool { m == tem || (m >= 0xD0 && m <= 0xD7) }

    /// Start-of-frame markers (SOF0...SOF15 minus DHT 0xC4, JPG 0xC8 and DAC 0xCC).
    static func isStartOfFrame(_ m: UInt8) -> Bool {
        m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC
    }

    static func name(_ m: UInt8) -> String {
        switch m {
        case 0xE0...0xEF: return "APP\(Int(m) - 0xE0)"
        case 0xC4: return "DHT"
        case 0xC8: return "JPG"
        case 0xCC: return "DAC"
        case 0xC0...0xCF: return "SOF\(Int(m) - 0xC0)"
        case 0xD0...0xD7: return "RST\(Int(m) - 0xD0)"
        case soi: return "SOI"
        case eoi: return "EOI"
        case sos: return "SOS"
        case dqt: return "DQT"
        case 0xDC: return "DNL"
        case dri: return "DRI"
        case com: return "COM"
        case tem: return "TEM"
        default: return "marker 0x" + String(m, radix: 16, uppercase: true)
        }
    }
}
