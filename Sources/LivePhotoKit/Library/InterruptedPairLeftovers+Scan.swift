import BinaryIO

/// `scan` and `verify DIR` finding what a killed `pair` left (`InterruptedPairLeftovers`) beside
/// the files a folder walk read.
extension InterruptedPairLeftovers {
    /// For every file of a folder run, keyed by its path (only files with leftovers): one
    /// listing per folder, an `access` per movie.
    static func byFile(_ files: [ScannedFile]) -> [String: InterruptedPairLeftovers] {
        var found: [String: InterruptedPairLeftovers] = [:]
        let targets = Dictionary(files.map { (LinkTarget.resolved($0.path), $0.path) }, uniquingKeysWith: { a, _ in a })
        for temporary in AtomicFileWriter.staleTemporaries(for: Array(targets.keys)) {
            // `.NAME.livephoto-XXXXXX` beside NAME.
            let name = PathComponents.lastComponent(temporary)
            let target = PathComponents.appending(String(name.dropFirst().dropLast(".livephoto-XXXXXX".count)), to: PathComponents.directory(of: temporary))
            if let path = targets[target] { found[path, default: Self()].temporaries.append(temporary) }
        }
        for file in files where file.role == .movie {
            if let journal = journal(for: file.path) { found[file.path, default: Self()].journal = journal }
        }
        return found
    }
}
