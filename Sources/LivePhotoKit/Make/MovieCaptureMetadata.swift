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
        // One date reader for scan and make: creationdate (local time and zone), else mvhd (UTC).
        // A creationdate without a zone is written as +00:00, as before.
        if let time = CaptureTime.iso8601(key("creationdate")) ?? CaptureTime.movieHeader(movie.header.creationTime) {
            dateTimeOriginal = time.exifDateTime
            offsetTimeOriginal = time.exifOffset ?? "+00:00"
        }
    }

    /// A QuickTime user-data text atom: 16-bit length, 16-bit language, text.
    static func userDataText(_ movie: Movie, _ type: UInt32) -> String? {
        guard let atom = movie.moov.child("udta")?.child(FourCC(type)), !atom.isContainer else { return nil }
        var r = ByteReader(atom.payload)
        guard let length = try? r.readUInt16(), (try? r.skip(2)) != nil, let bytes = try? r.readBytes(Int(length)) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
        return text.isEmpty ? nil : text
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
