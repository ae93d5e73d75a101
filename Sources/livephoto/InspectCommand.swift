import ArgumentParser
import LivePhotoKit

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what a still or a movie holds: identifier, tracks, still-image-time.",
        discussion: """
        Files are recognised by content, not by name. A file that cannot be read is reported \
        as 'livephoto: <path>: <reason>' on stderr; the others are still inspected, and the \
        exit code is 3.
        """
    )

    @Argument(help: "Stills (JPEG, HEIC) and movies (QuickTime, MP4) to inspect.")
    var files: [String]

    @Flag(name: .long, help: "Print one JSON document (an array when several files are given).")
    var json = false

    func run() throws {
        var reports: [InspectJSONEntry] = []
        var statuses: [ExitStatus] = []
        for path in files {
            do {
                let report = try Inspector.inspect(path: path)
                reports.append(.report(report))
                if !json { print(InspectText.render(report)) }
            } catch {
                statuses.append(Console.report(error, path: path))
                reports.append(.failure(path: path, error: LivePhotoError.wrap(error, path: path).reason))
            }
        }
        if json {
            print(files.count == 1 ? Console.json(reports[0]) : Console.json(reports))
        }
        let status = ExitStatus.combined(statuses)
        if status != .ok { throw ExitCode(status) }
    }
}

/// One element of `inspect --json`: a report, or `{"path": ..., "error": ...}`.
enum InspectJSONEntry: Encodable {
    case report(InspectReport)
    case failure(path: String, error: String)

    func encode(to encoder: Encoder) throws {
        switch self {
        case .report(let r): try r.encode(to: encoder)
        case .failure(let path, let error):
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(path, forKey: .path)
            try c.encode(error, forKey: .error)
        }
    }
    enum Keys: String, CodingKey { case path, error }
}

enum InspectText {
    static func heifLines(_ h: HEIFReport) -> [String] {
        let p = h.primary
        var primary = "  primary item \(p.id): \(p.type == "grid" ? "grid of \(p.tiles) tiles" : p.type)"
        if let w = p.width, let hh = p.height { primary += ", \(w)x\(hh) coded" }
        if p.rotation != 0 { primary += ", rotated \(p.rotation)°" }
        if let m = p.mirror { primary += ", mirrored (\(m) axis)" }
        var lines = [primary]
        var counts: [HEIFReport.Role: Int] = [:]
        for item in h.items { counts[item.role, default: 0] += 1 }
        let order: [HEIFReport.Role] = [.primary, .tile, .thumbnail, .auxiliary, .toneMap, .exif, .xmp, .metadata, .other]
        lines.append("  items: \(h.items.count) (" + order.compactMap { role in counts[role].map { "\($0) \(role.rawValue)" } }.joined(separator: ", ") + ")")
        if !h.unreadEntryVersions.isEmpty {
            let versions = Set(h.unreadEntryVersions).sorted().map(String.init).joined(separator: ", ")
            lines.append("  \(CountedNoun.text(h.unreadEntryVersions.count, "item entry", plural: "item entries")) of infe version \(versions) not read (carried as stored)")
        }
        // Every image beside the primary by what it is: auxiliary images (by their auxC type), thumbnails.
        let auxiliary = h.items.filter { $0.role == .auxiliary || $0.role == .thumbnail }
        if !auxiliary.isEmpty {
            lines.append("  auxiliary images: " + auxiliary.map { item in
                (item.role == .thumbnail ? "thumbnail" : (item.auxiliaryKind ?? .other).description)
                    + (item.width.flatMap { w in item.height.map { " \(w)x\($0)" } } ?? "")
            }.joined(separator: ", "))
        }
        for item in h.items where item.role != .tile {
            var line = "    item \(item.id): \(item.type) \(item.role.rawValue)"
            if let kind = item.auxiliaryKind { line += " (\(kind.description))" }
            if let w = item.width, let hh = item.height { line += ", \(w)x\(hh)" }
            if let tiles = item.tiles { line += ", \(tiles) tiles" }
            line += ", \(item.bytes) bytes"
            if let aux = item.auxiliaryType { line += ", \(aux)" }
            lines.append(line)
        }
        return lines
    }

    static func render(_ r: InspectReport) -> String {
        var lines: [String] = []
        if let s = r.still {
            lines.append("\(r.path): \(r.format == .heic ? "HEIC" : "JPEG") still, \(s.width)x\(s.height) (\(s.subsampling), \(s.colorSpace))")
            if let h = r.heif { lines += InspectText.heifLines(h) }
            var maker = s.makerNote.rawValue
            if let m = s.makerNoteMaker { maker += " (\(m))" }
            lines.append("  EXIF: \(s.exif ? "yes" : "no"), MakerNote: \(maker)")
            if s.make != nil || s.model != nil { lines.append("  camera: \([s.make, s.model].compactMap { $0 }.joined(separator: " "))") }
            lines.append("  content identifier: \(s.contentIdentifier ?? "(none)")")
            if let motion = r.motionPhoto { lines.append("  motion photo: \(motion.detail)") }
            if let missing = r.motionPhotoVideoMissing { lines.append("  motion photo without its video: \(missing)") }
        }
        if let m = r.movie {
            let brand = m.brand.map { "brand '\($0)'" } ?? "no ftyp"
            let format = r.format == .mp4Movie ? "MP4" : "QuickTime"
            lines.append("\(r.path): \(format) movie (\(brand)), \(Console.seconds(m.durationSeconds)), moov \(m.moovPosition == .beforeMedia ? "before" : "after") media")
            for t in m.tracks {
                var line = "  track \(t.id): \(t.handler) \(t.codec ?? "?")"
                if let w = t.width, let h = t.height { line += " \(w)x\(h)" }
                line += ", timescale \(t.timescale), \(Console.seconds(t.durationSeconds)), " + CountedNoun.text(Int(t.sampleCount), "sample")
                lines.append(line)
            }
            lines.append("  content identifier: \(m.contentIdentifier ?? "(none)")")
            for e in m.metadata { lines.append("  \(e.key) = \(e.value)") }
            if let s = m.stillImageTime {
                var line = "  still-image-time: track \(s.trackId) at \(Console.seconds(s.presentationTime)), value \(s.value.map(String.init) ?? "-")"
                line += s.describes.isEmpty ? ", no tref" : ", describes track \(s.describes.map(String.init).joined(separator: ", "))"
                if m.stillImageTimeTrackCount > 1 { line += " (\(m.stillImageTimeTrackCount) such tracks)" }
                lines.append(line)
            } else {
                lines.append("  still-image-time: (none)")
            }
        }
        for w in r.warnings ?? [] { lines.append("  warning: \(w)") }
        return lines.joined(separator: "\n")
    }
}
