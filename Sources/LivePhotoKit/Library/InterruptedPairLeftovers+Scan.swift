import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// `scan` and `verify DIR` finding what a killed `pair` left (`InterruptedPairLeftovers`) beside
/// the files a folder walk read.
extension InterruptedPairLeftovers {
    /// For every file of a folder run, keyed by its path (only files with leftovers): one
    /// listing per folder, an `access` per movie. A folder whose listing shows no leftover's
    /// name and no link among the files costs that listing alone (`FolderLeftoverSigns`).
    static func byFile(_ files: [ScannedFile]) -> [String: InterruptedPairLeftovers] {
        if FolderLeftoverSigns.noneBeside(files) { return [:] }
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

/// What one listing of each folder tells before anything is looked up file by file: a killed
/// `pair` leaves only hidden names holding `.livephoto-` (its temporaries and journal) beside
/// the file it wrote, which is the listed file itself unless that is a symbolic link.
enum FolderLeftoverSigns {
    private static let marker = Array(".livephoto-".utf8)

    /// True when every folder of `files` was listed, holds no hidden `….livephoto-…` name,
    /// and lists each of the files as something other than a link (`d_type`; a file system
    /// that does not say is taken as a link): then none of them has leftovers.
    static func noneBeside(_ files: [ScannedFile]) -> Bool {
        // Names as bytes: text equality would take two spellings of one accented name as one.
        var byFolder: [String: Set<[UInt8]>] = [:]
        for file in files { byFolder[PathComponents.directory(of: file.path), default: []].insert(PathText.bytes(of: PathComponents.lastComponent(file.path))) }
        return byFolder.allSatisfy { folder, names in clean(folder, names) }
    }

    private static func clean(_ folder: String, _ names: Set<[UInt8]>) -> Bool {
        guard let dir = FileSystemCalls.opendir(folder) else { return false }
        defer { closedir(dir) }
        var notLinks = 0
        while true {
            errno = 0
            guard let entry = readdir(dir) else { return errno == 0 && notLinks == names.count }
            let name = FileSystemCalls.entryName(entry)
            if name.first == UInt8(ascii: ".") {
                if contains(name, marker) { return false }
            } else if entry.pointee.d_type != UInt8(DT_LNK) && entry.pointee.d_type != UInt8(DT_UNKNOWN) {
                // Only names of ours count, each once (a listing names an entry once).
                if names.contains(name) { notLinks += 1 }
            }
        }
    }

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<$0 + part.count].elementsEqual(part) }
    }
}
