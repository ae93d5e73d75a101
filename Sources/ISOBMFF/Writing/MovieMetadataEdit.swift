import BinaryIO

/// Sets a string item of a movie's metadata in a planned `moov`.
public enum MovieMetadataEdit {
    /// `value` under `key` in `moov/meta` (QuickTime form; created when there is none), and the
    /// same in `moov/udta/meta` when that one holds the key, so no other value of it is left behind.
    /// Only the value changes; every other key, item and byte stays.
    public static func setString(_ value: String, forKey key: String, in plan: MovieRewritePlan) throws {
        let movie = plan.file.movie
        let moov = plan.moov
        if let meta = moov.child("meta") {
            // The plan's own `meta`: an earlier edit of the same plan may have added it.
            guard try QuickTimeMetadata(meta: meta, path: "moov/meta") != nil else {
                throw ParseError(.unsupported, "moov/meta holds metadata that is not QuickTime 'mdta'", path: "moov/meta", offset: meta.originalOffset ?? 0)
            }
            try MetadataStringEdit.set(value, forKey: key, in: meta, path: "moov/meta")
        } else {
            var metadata = QuickTimeMetadata(items: [])
            metadata.setString(value, forKey: key)
            moov.children?.append(metadata.metaAtom())
        }
        if let userData = movie.userDataMetadata, userData.item(forKey: key) != nil,
           let meta = moov.find("udta", "meta") {
            try MetadataStringEdit.set(value, forKey: key, in: meta, path: "moov/udta/meta")
        }
    }
}
