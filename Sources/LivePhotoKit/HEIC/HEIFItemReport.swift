import ISOBMFF

/// What `inspect` shows of a HEIF file's items: the primary image and every item with its role.
public struct HEIFReport: Codable, Equatable, Sendable {
    public struct PrimaryItem: Codable, Equatable, Sendable {
        public var id: UInt32
        /// Item type: "grid" (tiled), "hvc1" (one coded image), "av01", ...
        public var type: String
        /// As coded (`ispe`), before rotation.
        public var width: Int?
        public var height: Int?
        /// Anticlockwise degrees (`irot`).
        public var rotation: Int
        /// `imir` axis: "vertical" or "horizontal"; nil when not mirrored.
        public var mirror: String?
        /// Grid tiles (`dimg` references).
        public var tiles: Int
    }

    public enum Role: String, Codable, Sendable {
        case primary, tile, thumbnail, auxiliary, exif, xmp, metadata, other
        /// An ISO 21496-1 `tmap` item: the derived image that applies a gain map to the primary.
        case toneMap = "tone-map"
    }

    public struct Item: Codable, Equatable, Sendable {
        public var id: UInt32
        public var type: String
        public var role: Role
        /// For auxiliary images: the `auxC` type (depth, alpha, HDR gain map URN).
        public var auxiliaryType: String?
        /// For auxiliary images: what the URN means.
        public var auxiliaryKind: AuxiliaryImageKind?
        /// As coded (`ispe`), for image items that carry one.
        public var width: Int?
        public var height: Int?
        /// For grid items: how many tiles (`dimg` references) make it.
        public var tiles: Int?
        public var bytes: UInt64
        public var hidden: Bool
    }

    public var primary: PrimaryItem
    public var items: [Item]
    /// Versions of the `infe` entries not read (after 3): carried as they are, their items
    /// not listed.
    public var unreadEntryVersions: [Int] = []

    static func make(_ file: HEIFFile) throws -> HEIFReport {
        let pid = file.primaryItemID
        let ispe = try file.property("ispe", of: pid, ImageSpatialExtents.init)
        let irot = try file.property("irot", of: pid, ImageRotation.init)
        let imir = try file.property("imir", of: pid, ImageMirror.init)
        let primaryTiles = Set(file.references.targets(of: pid, type: "dimg"))
        // Tiles of any grid (the primary's, a grid thumbnail's).
        let tiles = Set(file.references.references.filter { $0.type == "dimg" }.flatMap(\.toItemIDs))
        let thumbnails = Set(file.references.sources(to: pid, type: "thmb"))
        let auxiliary = Set(file.references.references.filter { $0.type == "auxl" }.map(\.fromItemID))
        let exif = file.exifItemID
        let primary = PrimaryItem(id: pid, type: file.itemInfo.entry(pid)?.typeName ?? "?", width: ispe.map { Int($0.width) },
                                  height: ispe.map { Int($0.height) }, rotation: Int(irot?.quarterTurns ?? 0) * 90,
                                  mirror: imir.map { $0.axis == 0 ? "vertical" : "horizontal" }, tiles: primaryTiles.count)
        // By id once: a file may hold thousands of items.
        let locations = Dictionary(file.locations.items.map { ($0.itemID, $0) }, uniquingKeysWith: { a, _ in a })
        var items: [Item] = []
        items.reserveCapacity(file.itemInfo.entries.count)
        for entry in file.itemInfo.entries {
            let id = entry.itemID
            let role: Role
            // Auxiliary before tile: a gain map grid is also an input (`dimg`) of the `tmap` item.
            if id == pid { role = .primary }
            else if auxiliary.contains(id) { role = .auxiliary }
            else if entry.itemType == "tmap" { role = .toneMap }
            else if tiles.contains(id) { role = .tile }
            else if thumbnails.contains(id) { role = .thumbnail }
            else if entry.itemType == "Exif" { role = .exif }
            else if entry.itemType == "mime", entry.contentType?.contains("rdf+xml") == true { role = .xmp }
            else if entry.itemType == "mime" || entry.itemType == "uri " { role = .metadata }
            else { role = .other }
            var aux: String? = nil
            if role == .auxiliary, let auxC = try file.property("auxC", of: id, { atom, _ in atom.payload }), auxC.count > 4 {
                aux = String(decoding: auxC.dropFirst(4).prefix { $0 != 0 }, as: UTF8.self)
            }
            var bytes: UInt64 = 0
            if let location = locations[id], let ranges = try? file.dataRanges(of: location) {
                bytes = ranges.reduce(0) { $0 + $1.upperBound - $1.lowerBound }
            }
            // Only the Exif item pairing reads counts as "exif"; another one is plain metadata.
            let shown: Role = role == .exif && id != exif ? .metadata : role
            var item = Item(id: id, type: entry.typeName, role: shown, auxiliaryType: aux, bytes: bytes, hidden: entry.isHidden)
            item.auxiliaryKind = aux.map(AuxiliaryImageKind.init(auxiliaryType:))
            if role != .tile, let extents = try? file.property("ispe", of: id, ImageSpatialExtents.init) {
                item.width = Int(extents.width)
                item.height = Int(extents.height)
            }
            if entry.itemType == "grid" { item.tiles = file.references.targets(of: id, type: "dimg").count }
            items.append(item)
        }
        var report = HEIFReport(primary: primary, items: items)
        report.unreadEntryVersions = file.itemInfo.unreadEntries.map { Int($0.version) }
        return report
    }
}
