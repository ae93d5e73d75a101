import ArgumentParser
import Foundation
import BinaryIO
import LivePhotoKit

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Find Live Photo pairs, broken pairs and unpaired candidates in folders.",
        discussion: """
        Reads only headers, recursively. Findings: paired (same identifier, still-image-time \
        track present), identifier-mismatch (name-matched, identifiers differ), \
        capture-time-mismatch (name-matched, taken more than 10 s apart by their EXIF and \
        movie creation dates), \
        still-without-movie, movie-without-still (an identifier no other file carries), \
        candidate (belong together by identifier without the track or by name: what \
        'pair DIR' pairs; or by capture time alone, names differing: what 'pair --by-time \
        DIR' pairs), capture-time-ambiguous (same moment as several files), unreadable, \
        motion-photo (one finding only, never paired), motion-photo-without-video (its XMP \
        promises a video that is not there, and none is split off beside it as X.MP or \
        X.MP.mp4), \
        duplicate-identifier (one identifier on several stills or movies: copies, which pair \
        inside their own folder first). Names match by folder and stem, extension case ignored, \
        with a movie's _HEVC suffix ignored (IMG_1.HEIC + IMG_1_HEVC.MOV); MP4 movies count; \
        an edited rendition IMG_E1 pairs only with IMG_E1. The summary ends with what to run next.
        Exit code 3 when a file or folder could not be read, else 0.
        """
    )

    @Argument(help: "Folders to scan (none with --files-from).")
    var folders: [String] = []

    @OptionGroup var options: RunOptions<ScanHelp>

    enum ScanHelp: BatchOptionsHelp {
        static let text = BatchHelpText(jobs: "Files read at once (default: the number of cores).", quiet: "No progress bar and no summary line.",
                                        json: "Print JSON Lines, one record per finding (the summary goes to stderr).")
    }

    func validate() throws {
        try options.checkFileList(paths: folders)
        if folders.isEmpty && options.filesFrom == nil { throw ValidationError("give one or more folders, or --files-from FILE") }
    }

    func run() throws {
        // The findings are the output: the bar shows even with --json (it goes to stderr).
        let scan = LibraryScanner.scan(try options.source(folders: folders), jobs: options.jobs, progress: Console.progress("scan", quiet: options.quiet))
        for folder in scan.unreadableFolders { Console.error("livephoto: \(folder.path): \(folder.reason)") }
        if options.json {
            // One write for all lines; each line made printable as `Console.jsonLine` makes it.
            var lines = ""
            for f in scan.findings { lines += f.compactJSON.map { PathText.printable(json: $0) } ?? Console.jsonLine(f); lines += "\n" }
            printAlreadyPrintable(lines)
        } else {
            print(ScanTable.render(scan.findings))
        }
        if !options.quiet { Console.error(ScanTable.summary(scan, scanned: options.sourceWords(folders: folders))) }
        let failed = !scan.unreadableFolders.isEmpty || scan.count(.unreadable) > 0
        if failed { throw ExitCode(ExitStatus.unreadable) }
    }
}

enum ScanTable {
    static func render(_ findings: [LibraryFinding]) -> String {
        guard !findings.isEmpty else { return "(nothing found)" }
        // Cells are made printable before they are measured: an escaped name is longer.
        let rows = findings.map { [$0.finding.rawValue, $0.still ?? "-", $0.movie ?? "-", $0.finding == .paired && $0.detail == nil ? ($0.identifier ?? "") : ($0.detail ?? $0.identifier ?? "")].map { PathText.printable($0) } }
        let header = ["FINDING", "STILL", "MOVIE", "IDENTIFIER / DETAIL"]
        // Measured and padded in terminal columns, one rule for both (`TerminalColumns`).
        var widths = header.map(TerminalColumns.width)
        for r in rows { for (i, c) in r.enumerated() where i < 3 { widths[i] = max(widths[i], TerminalColumns.width(c)) } }
        func line(_ r: [String]) -> String {
            r.enumerated().map { i, c in i < 3 ? TerminalColumns.padded(c, to: widths[i]) : c }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }

    /// The counts, then (when there is something to do) the commands that do it.
    /// - Parameter scanned: the folders (or `--files-from` list) as shell words, for the next steps.
    static func summary(_ scan: LibraryScan, scanned: String) -> String {
        let counts = LibraryFinding.Kind.allCases.map { "\(scan.count($0)) \($0.rawValue)" }.joined(separator: ", ")
        let lines = ["scan: \(scan.filesRead) files read: \(counts)"] + nextSteps(scan, scanned: scanned)
        return lines.joined(separator: "\n")
    }

    /// `next: livephoto pair DIR` (and `pair --by-time`, `convert`) for what this scan found to do.
    static func nextSteps(_ scan: LibraryScan, scanned dirs: String) -> [String] {
        let byName = scan.candidates.count, byTime = scan.candidates(byTime: true).count - byName
        var steps: [String] = []
        let undated = scan.pairsWithUndatedMovie.count
        let dating = undated > 0 ? "gives \(undated) Live Photo movie\(undated == 1 ? "" : "s") without a date the still's" : nil
        if byName > 0 {
            steps.append("next: livephoto pair \(dirs)   (pairs \(byName) candidate\(byName == 1 ? "" : "s") matched by identifier or name\(dating.map { "; " + $0 } ?? ""))")
        } else if let dating {
            steps.append("next: livephoto pair \(dirs)   (\(dating))")
        }
        if byTime > 0 { steps.append("next: livephoto pair --by-time \(dirs)   (also pairs \(byTime) matched by capture time only; check them first)") }
        let motion = scan.count(.motionPhoto)
        if motion > 0 { steps.append("next: livephoto convert \(dirs)   (makes Live Photos of \(motion) Motion Photo\(motion == 1 ? "" : "s"))") }
        return steps.map { PathText.printable($0) }
    }

    /// A folder as a shell word: as it is when it is plain, else single-quoted.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+,:@".unicodeScalars.contains($0)) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
