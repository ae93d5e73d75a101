/// The names Google Takeout gives the JSON sidecar of a file: `IMG_1234.JPG.json`, newer
/// `IMG_1234.JPG.supplemental-metadata.json`, cut short (Takeout cuts a sidecar's whole name to
/// 51 characters, `.json` included, and has been seen cutting `supplemental-metadata` shorter
/// still: `.supplemental-metad.json`, `.suppl.json`), and with a collision's `(1)` moved behind
/// the extension (`IMG_1234(1).JPG` ↔ `IMG_1234.JPG(1).json`,
/// `IMG_1234.JPG.supplemental-metadata(1).json`).
public enum TakeoutSidecarName {
    /// The longest sidecar name Takeout writes, `.json` included.
    public static let maximumLength = 51
    static let jsonSuffix = ".json"
    static let supplemental = ".supplemental-metadata"

    /// A name a still's sidecar may have, most likely first.
    public struct Candidate: Sendable, Equatable {
        public let name: String
        /// The still's own name was cut short in it, so another still whose name starts the
        /// same may own it (its JSON `title` tells them apart).
        public let namesStillInPart: Bool
    }

    /// Every name the sidecar of the still named `stillName` (a file name, no folder) may
    /// have, most likely first, without repeats. A pure function of the name: no file is read.
    public static func candidates(forStill stillName: String) -> [Candidate] {
        let split = collisionSuffix(of: stillName)
        // The sidecar names the original (before the collision's "(1)"), then the suffix, then "(1)".
        var bases = [split.original, split.original + supplemental]
        bases += (2..<supplemental.count).reversed().map { split.original + supplemental.prefix($0) }
        var seen = Set<String>()
        var found: [Candidate] = []
        func add(_ name: String, inPart: Bool) {
            if seen.insert(name).inserted { found.append(Candidate(name: name, namesStillInPart: inPart)) }
        }
        for base in bases {
            add(base + split.collision + jsonSuffix, inPart: false)
            let room = maximumLength - jsonSuffix.count - split.collision.count
            for cut in cutForms(base, to: room) {
                add(cut + split.collision + jsonSuffix, inPart: !cut.hasPrefix(split.original))
            }
        }
        // Older exports left the "(1)" where it was.
        if !split.collision.isEmpty {
            for base in [stillName, stillName + supplemental] {
                add(base + jsonSuffix, inPart: false)
                for cut in cutForms(base, to: maximumLength - jsonSuffix.count) { add(cut + jsonSuffix, inPart: !cut.hasPrefix(stillName)) }
            }
        }
        return found
    }

    /// `IMG_1234(1).JPG` → ("IMG_1234.JPG", "(1)"); also before an inner extension
    /// (`PXL_1(1).MP.jpg`); a name without one → (name, "").
    static func collisionSuffix(of name: String) -> (original: String, collision: String) {
        var end = name.endIndex
        // Each dot from the last, then the name's end when it has no extension.
        let dots = name.indices.filter { name[$0] == "." }.reversed() + (name.contains(".") ? [] : [name.endIndex])
        for dot in dots {
            end = dot
            let stem = name[..<end]
            guard stem.hasSuffix(")"), let open = stem.lastIndex(of: "("), open > stem.startIndex else { continue }
            let digits = stem[stem.index(after: open)..<stem.index(before: stem.endIndex)]
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { continue }
            return (String(stem[..<open] + name[end...]), String(stem[open...]))
        }
        return (name, "")
    }

    /// `text` cut to `length` characters, counted as Takeout may count them (characters, or
    /// UTF-16 units for names outside the BMP); nothing when it is short enough already.
    static func cutForms(_ text: String, to length: Int) -> [String] {
        guard length > 0 else { return [] }
        var forms: [String] = []
        if text.count > length { forms.append(String(text.prefix(length))) }
        if text.utf16.count > length, let cut = String(text.utf16.prefix(length)), !forms.contains(cut) { forms.append(cut) }
        return forms
    }
}
