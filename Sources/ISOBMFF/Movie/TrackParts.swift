import BinaryIO

/// What a `trak` holds, read the one way for both kinds of box: the tree a writer edits
/// (`Track`) and the spans a scan reads in place (`MovieScanFacts`).
struct TrackParts {
    let header: TrackHeader
    let mediaHeader: MediaHeader
    let handler: HandlerReference
    let edits: EditList?
    let sampleEntries: [SampleEntry]
    let sampleTable: SampleTable
    let references: [FourCC: [UInt32]]

    init(_ atom: some BoxNode, path trackPath: String) throws {
        // The boxes are read with paths relative to the track's (see `RelativeBoxPath`): the
        // long paths are built only for an error, by the `catch` clauses.
        let path = RelativeBoxPath.root
        do {
            func need<Box: BoxNode>(_ a: Box?, _ name: String) throws -> Box {
                guard let a else { throw ParseError(.invalidValue, "missing '\(name)'", path: path, offset: atom.originalOffset ?? 0) }
                return a
            }
            header = try TrackHeader(try need(atom.child("tkhd"), "tkhd"), path: path + "/tkhd")
            let mdia = try need(atom.child("mdia"), "mdia")
            mediaHeader = try MediaHeader(try need(mdia.child("mdhd"), "mdia/mdhd"), path: path + "/mdia/mdhd")
            handler = try HandlerReference(try need(mdia.child("hdlr"), "mdia/hdlr"), path: path + "/mdia/hdlr")
            if let elst = atom.find("edts", "elst") { edits = try EditList(elst, path: path + "/edts/elst") } else { edits = nil }
            let stbl = try need(mdia.find("minf", "stbl"), "mdia/minf/stbl")
            let handlerType = handler.handlerType
            do {
                // One level more: the table's paths are relative to `stbl`.
                let stblPath = RelativeBoxPath.root
                var entries: [SampleEntry] = []
                if let stsd = stbl.child("stsd"), let children = stsd.children {
                    entries.reserveCapacity(children.count)
                    for (i, e) in children.enumerated() {
                        entries.append(try RelativeBoxPath.reading(under: { stblPath + "/stsd/\(e.type)[\(i + 1)]" }) { entryPath in
                            try SampleEntry(e, handler: handlerType, path: entryPath)
                        })
                    }
                }
                sampleEntries = entries
                sampleTable = try SampleTable(stbl, path: stblPath)
            } catch let error as ParseError {
                throw RelativeBoxPath.rebased(error, under: { path + "/mdia/minf/stbl" })
            }
            var refs: [FourCC: [UInt32]] = [:]
            for ref in atom.child("tref")?.children ?? [] where !ref.isContainer {
                refs[ref.type] = try RelativeBoxPath.reading(under: { path + "/tref/\(ref.type)" }) { refPath in
                    var r = ref.payloadReader(path: refPath)
                    var ids: [UInt32] = []
                    while r.remaining >= 4 { ids.append(try r.readUInt32()) }
                    return ids
                }
            }
            references = refs
        } catch let error as ParseError {
            throw RelativeBoxPath.rebased(error, under: { trackPath })
        }
    }

    var isStillImageTime: Bool { TrackParts.isStillImageTime(handler: handler, sampleEntries: sampleEntries) }

    /// A timed-metadata track whose `mebx` entry declares the still-image-time key.
    static func isStillImageTime(handler: HandlerReference, sampleEntries: [SampleEntry]) -> Bool {
        (handler.handlerType == "meta" || handler.handlerType == "mdta") &&
            sampleEntries.contains { $0.format == "mebx" && $0.metadataKeys.contains { $0.key == Track.stillImageTimeKey } }
    }
}
