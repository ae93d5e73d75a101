import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// What a movie says about its capture, for the EXIF of the still `make` writes: the
/// `com.apple.quicktime.*` keys (else QuickTime user data `©mak`/`©mod`/`©swr`/`©xyz`), and
/// the capture date from `creationdate` (local time and zone) else `mvhd` (UTC).
struct MovieCaptureMetadata: Equatable {
    var make: String?
    var model: String?
    var software: String?
    /// "YYYY:MM:DD HH:MM:SS" and "+HH:MM".
    var dateTimeOriginal: String?
    var offsetTimeOriginal: String?
    var location: CapturedStillExif.Location?

    init(movie: Movie) {
        func key(_ name: String) -> String? {
            let k = "com.apple.quicktime." + name
            let v = movie.metadata?.stringValue(forKey: k) ?? movie.userDataMetadata?.stringValue(forKey: k)
            return v.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        make = key("make") ?? MovieCaptureMetadata.userDataText(movie, 0xA96D_616B)       // ©mak
        model = key("model") ?? MovieCaptureMetadata.userDataText(movie, 0xA96D_6F64)     // ©mod
        software = key("software") ?? MovieCaptureMetadata.userDataText(movie, 0xA973_7772) // ©swr
        if let text = key("location.ISO6709") ?? MovieCaptureMetadata.userDataText(movie, 0xA978_797A) { // ©xyz
            location = MovieCaptureMetadata.parseISO6709(text)
        }
        if let text = key("creationdate"), let parsed = MovieCaptureMetadata.parseCreationDate(text) {
            (dateTimeOriginal, offsetTimeOriginal) = parsed
        } else if let seconds = MovieCaptureMetadata.movieHeaderCreationTime(movie), seconds > 0 {
            // mvhd counts seconds since 1904-01-01 UTC.
            let date = Date(timeIntervalSince1970: TimeInterval(seconds) - 2_082_844_800)
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyy:MM:dd HH:mm:ss"
            dateTimeOriginal = f.string(from: date)
            offsetTimeOriginal = "+00:00"
        }
    }

    /// `mvhd` creation time (seconds since 1904), read from the atom's payload.
    static func movieHeaderCreationTime(_ movie: Movie) -> UInt64? {
        guard let mvhd = movie.moov.child("mvhd") else { return nil }
        var r = ByteReader(mvhd.payload)
        guard let version = try? r.readUInt8(), (try? r.skip(3)) != nil else { return nil }
        return version == 1 ? try? r.readUInt64() : (try? r.readUInt32()).map(UInt64.init)
    }

    /// A QuickTime user-data text atom: 16-bit length, 16-bit language, text.
    static func userDataText(_ movie: Movie, _ type: UInt32) -> String? {
        guard let atom = movie.moov.child("udta")?.child(FourCC(type)), !atom.isContainer else { return nil }
        var r = ByteReader(atom.payload)
        guard let length = try? r.readUInt16(), (try? r.skip(2)) != nil, let bytes = try? r.readBytes(Int(length)) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
        return text.isEmpty ? nil : text
    }

    /// ISO 8601 as Apple writes it: `2024-01-02T03:04:05+0100` (also `...05-08:00`, `...05Z`,
    /// fractional seconds). Returns the local date-time in EXIF form and the zone as "+HH:MM".
    static func parseCreationDate(_ text: String) -> (String, String)? {
        let chars = Array(text.utf8)
        func digits(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= chars.count else { return nil }
            var v = 0
            for c in chars[at..<at + n] { guard c >= 48, c <= 57 else { return nil }; v = v * 10 + Int(c - 48) }
            return v
        }
        guard let y = digits(0, 4), chars.count >= 19, chars[4] == 45, let mo = digits(5, 2), chars[7] == 45, let d = digits(8, 2),
              chars[10] == 84 || chars[10] == 32, let h = digits(11, 2), chars[13] == 58, let mi = digits(14, 2), chars[16] == 58,
              let s = digits(17, 2), (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        var i = 19
        if i < chars.count, chars[i] == 46 { i += 1; while i < chars.count, chars[i] >= 48, chars[i] <= 57 { i += 1 } }
        var zone = "+00:00"
        if i < chars.count {
            if chars[i] == 90 { zone = "+00:00" }
            else if chars[i] == 43 || chars[i] == 45, let zh = digits(i + 1, 2) {
                let colon = i + 3 < chars.count && chars[i + 3] == 58
                guard let zm = digits(i + (colon ? 4 : 3), 2) ?? (i + 3 == chars.count ? 0 : nil), zh < 24, zm < 60 else { return nil }
                zone = String(format: "%@%02d:%02d", chars[i] == 43 ? "+" : "-", zh, zm)
            } else { return nil }
        }
        return (String(format: "%04d:%02d:%02d %02d:%02d:%02d", y, mo, d, h, mi, s), zone)
    }

    /// ISO 6709 as phones write it: `+37.3349-122.0090+010.000/` (degrees; also ±DDMM.M and
    /// ±DDMMSS.S forms, told apart by the number of integer digits). Nil when it does not parse.
    static func parseISO6709(_ text: String) -> CapturedStillExif.Location? {
        var parts: [String] = []
        var current = ""
        for c in text {
            if c == "+" || c == "-" { if !current.isEmpty { parts.append(current) }; current = String(c) }
            else if c == "/" { break }
            else if c.isNumber || c == "." { guard !current.isEmpty else { return nil }; current.append(c) }
            else if c == " " { continue }
            else { break }   // e.g. a CRS suffix "CRSxxxx"
        }
        if !current.isEmpty { parts.append(current) }
        guard parts.count >= 2 else { return nil }
        func angle(_ s: String, degreeDigits: Int) -> Double? {
            let negative = s.hasPrefix("-")
            let body = s.dropFirst()
            let integer = body.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
            let fraction = body.contains(".") ? "." + (body.split(separator: ".", maxSplits: 1).dropFirst().first.map(String.init) ?? "0") : ""
            guard !integer.isEmpty, let whole = Double(integer + fraction) else { return nil }
            let value: Double
            switch integer.count - degreeDigits {
            case 0: value = whole
            case 2:
                let degrees = (whole / 100).rounded(.down)
                value = degrees + (whole - degrees * 100) / 60
            case 4:
                let degrees = (whole / 10_000).rounded(.down)
                let minutes = ((whole - degrees * 10_000) / 100).rounded(.down)
                value = degrees + minutes / 60 + (whole - degrees * 10_000 - minutes * 100) / 3600
            default: return nil
            }
            return negative ? -value : value
        }
        guard let lat = angle(parts[0], degreeDigits: 2), let lon = angle(parts[1], degreeDigits: 3),
              abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        let altitude = parts.count >= 3 ? Double(parts[2]) : nil
        return CapturedStillExif.Location(latitude: lat, longitude: lon, altitude: altitude)
    }
}
