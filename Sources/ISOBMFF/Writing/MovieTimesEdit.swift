import BinaryIO

/// Gives a movie that lost its dates the creation and modification times of `mvhd` and of
/// every track's `tkhd` and `mdhd` (its `com.apple.quicktime.creationdate` item is set with
/// `MovieMetadataEdit.setString`). Only fields the writer left unset (0) are set, each in the
/// width its box's version has; every other byte of every box stays as it was.
public enum MovieTimesEdit {
    /// What `setUnsetHeaderTimes` did.
    public struct Result: Sendable, Equatable {
        /// Creation and modification fields set (two per box at most).
        public var fieldsSet = 0
        /// Unset fields left unset: a version 0 box cannot hold the time (after 2040-02-06).
        public var fieldsTooNarrow = 0
    }

    /// Sets every creation and modification time that is 0 in `mvhd` and in each track's
    /// `tkhd` and `mdhd` (tracks added by the same edit included) to `secondsSince1904` (UTC).
    /// A box that does not parse is left as it is.
    @discardableResult
    public static func setUnsetHeaderTimes(_ secondsSince1904: UInt64, in moov: Atom) -> Result {
        setUnsetHeaderTimes(creation: secondsSince1904, modification: secondsSince1904, in: moov)
    }

    /// The same with a creation and a modification time of their own (a new movie taking its
    /// source's `mvhd` times). A time of 0 leaves its fields unset.
    @discardableResult
    public static func setUnsetHeaderTimes(creation: UInt64, modification: UInt64, in moov: Atom) -> Result {
        var result = Result()
        var boxes: [Atom] = moov.children?.filter { $0.type == "mvhd" } ?? []
        for trak in moov.children ?? [] where trak.type == "trak" {
            if let tkhd = trak.child("tkhd") { boxes.append(tkhd) }
            if let mdhd = trak.find("mdia", "mdhd") { boxes.append(mdhd) }
        }
        for box in boxes { set(creation: creation, modification: modification, in: box, result: &result) }
        return result
    }

    private static func set(creation: UInt64, modification: UInt64, in box: Atom, result: inout Result) {
        func update(_ creationField: inout UInt64, _ modificationField: inout UInt64, version: UInt8) -> Bool {
            let before = result.fieldsSet
            fill(&creationField, with: creation, version: version, result: &result)
            fill(&modificationField, with: modification, version: version, result: &result)
            return result.fieldsSet > before
        }
        switch box.type {
        case "mvhd":
            guard var h = try? MovieHeader(box, path: "mvhd"), update(&h.times.creationTime, &h.times.modificationTime, version: h.version) else { return }
            box.payload = h.atom().payload
        case "tkhd":
            guard var h = try? TrackHeader(box, path: "tkhd"), update(&h.creationTime, &h.modificationTime, version: h.version) else { return }
            box.payload = h.atom().payload
        default:
            guard var h = try? MediaHeader(box, path: "mdhd"), update(&h.times.creationTime, &h.times.modificationTime, version: h.version) else { return }
            box.payload = h.atom().payload
        }
    }

    /// Sets `field` to `value` when it is unset (0) and its box's version can hold the value.
    private static func fill(_ field: inout UInt64, with value: UInt64, version: UInt8, result: inout Result) {
        guard field == 0, value != 0 else { return }
        guard version == 1 || value <= UInt64(UInt32.max) else { result.fieldsTooNarrow += 1; return }
        field = value
        result.fieldsSet += 1
    }
}
