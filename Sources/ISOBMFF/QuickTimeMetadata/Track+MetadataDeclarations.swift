import BinaryIO

extension Track {
    /// Whether a `mebx` entry of this timed-metadata track declares `key`.
    public func declaresMetadataKey(_ key: String) -> Bool {
        (handler.handlerType == "meta" || handler.handlerType == "mdta") && sampleEntries.contains { $0.metadataKeys.contains { $0.key == key } }
    }

    /// The declaration of `key` in the track's first `mebx` entry that declares it, with every
    /// box of the declaration (`setu`, `ctps`, ...) as stored.
    public func metadataDeclaration(forKey key: String) throws -> MetadataSampleEntry.KeyDeclaration? {
        let stsdPath = path + "/mdia/minf/stbl/stsd"
        for entry in atom.find("mdia", "minf", "stbl", "stsd")?.children ?? [] where entry.type == "mebx" && entry.isContainer {
            let declaration = try MetadataSampleEntry(entry, path: stsdPath + "/mebx").declarations.first { d in
                d.key.map { String(decoding: $0.value, as: UTF8.self) } == key
            }
            if let declaration { return declaration }
        }
        return nil
    }
}

extension Movie {
    /// The timed-metadata tracks declaring `key`, in track order.
    public func metadataTracks(declaring key: String) -> [Track] { tracks.filter { $0.declaresMetadataKey(key) } }
}
