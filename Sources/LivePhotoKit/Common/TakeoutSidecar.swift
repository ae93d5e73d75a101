import Foundation
import BinaryIO

/// A Google Takeout JSON sidecar, as far as we use it: `photoTakenTime.timestamp` (UTC seconds,
/// written as a string) and `title` (the file's name in Google Photos). Read only: nothing is
/// ever written from it into a still.
public struct TakeoutSidecar: Sendable, Equatable {
    public let path: String
    /// When the photo was taken: an instant (UTC offset 0), the zone it was taken in unknown.
    public let photoTakenTime: CaptureTime?
    public let title: String?

    /// Sidecars are a few KB; anything larger is not one.
    public static let maximumSize: UInt64 = 1 << 20

    /// Reads and parses `path`, leniently (unknown fields, a missing time, a number where a
    /// string was expected): only a file that is not a JSON object, or larger than
    /// `maximumSize`, throws.
    public static func read(path: String) throws -> TakeoutSidecar {
        let source = try FileSource(path: path)
        guard source.size <= maximumSize else {
            throw ParseError(.tooLarge, "\(source.size) bytes, more than a Takeout sidecar's \(maximumSize)", path: path)
        }
        let bytes = try source.read(at: 0, count: Int(source.size), path: path)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw ParseError(.invalidValue, "not JSON", path: path)
        }
        guard let object = parsed as? [String: Any] else { throw ParseError(.invalidValue, "not a JSON object", path: path) }
        let taken = (object["photoTakenTime"] as? [String: Any])?["timestamp"]
        return TakeoutSidecar(path: path, photoTakenTime: seconds(taken).map { CaptureTime(wallClock: $0, utcOffset: 0) },
                              title: object["title"] as? String)
    }

    /// A timestamp as Takeout writes it ("1685620800") or as a number; nil for 0 (unknown),
    /// negative, fractional or past the year 9999.
    static func seconds(_ value: Any?) -> Int64? {
        let text: String
        if let s = value as? String { text = s.trimmingCharacters(in: .whitespaces) }
        else if let n = value as? NSNumber, !(value is Bool) { text = n.stringValue }
        else { return nil }
        guard let seconds = Int64(text), seconds > 0, seconds < latestTimestamp else { return nil }
        return seconds
    }

    /// 10000-01-01 00:00 UTC.
    static let latestTimestamp: Int64 = 253_402_300_800

    /// What `find` found beside a still: the first readable sidecar that is the still's, and
    /// a note for each candidate passed over (damaged, too large, another still's).
    public struct Lookup: Sendable, Equatable {
        public var sidecar: TakeoutSidecar?
        public var notes: [String] = []
    }

    /// The sidecar of the still at `stillPath`, tried under each name Takeout gives one
    /// (`TakeoutSidecarName`). A sidecar found under a cut name whose `title` names another
    /// file is passed over; a damaged one is noted and passed over, never thrown.
    /// - Parameter listed: the `.json` names in the still's folder, when a walk has just listed
    ///   it: a name not among them is not asked of the file system (a still has some twenty
    ///   candidate names, and a scan of a folder without sidecars then makes no call here).
    public static func find(besideStill stillPath: String, listed: Set<String>? = nil) -> Lookup {
        var lookup = Lookup()
        if listed?.isEmpty == true { return lookup }
        let folder = PathComponents.directory(of: stillPath)
        let stillName = PathComponents.lastComponent(stillPath)
        let original = TakeoutSidecarName.collisionSuffix(of: stillName).original
        for candidate in TakeoutSidecarName.candidates(forStill: stillName) {
            // Names equal as text may differ as bytes: `access` has the last word.
            if let listed, !listed.contains(candidate.name) { continue }
            let path = PathComponents.appending(candidate.name, to: folder)
            guard access(path, F_OK) == 0 else { continue }
            let sidecar: TakeoutSidecar
            do { sidecar = try read(path: path) } catch {
                let reason = (error as? ParseError)?.message ?? "\(error)"
                lookup.notes.append("Takeout sidecar \(candidate.name) passed over: \(reason)")
                continue
            }
            if candidate.namesStillInPart, let title = sidecar.title, title != original, title != stillName { continue }
            lookup.sidecar = sidecar
            return lookup
        }
        return lookup
    }
}
