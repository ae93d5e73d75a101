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
        static let text = BatchHelpText(jobs: "Files read at once (default: 4 per core, at most 16: a disk not in the cache answers many small reads at once).",
                                        quiet: "No progress bar and no summary line.",
                                        json: "Print JSON Lines, one record per finding (the summary goes to stderr).")
        /// More readers than cores: a cold scan of 20,000 small pairs took 11.5 s with 2 and
        /// 4.8 s with 16 (16 parallel `cat`s: 3.0 s); warm, 16 cost nothing measurable.
        static let defaultJobs = ParallelWork.defaultDiskBoundJobs
    }

    func validate() throws {
        try options.checkFileList(paths: folders)
        if folders.isEmpty && options.filesFrom == nil { throw ValidationError("give one or more folders, or --files-from FILE") }
    }

    func run() throws {
        // The findings are the output, printed folder by folder as the scan hands them over:
        // nothing is kept of a folder once printed. The bar shows even with --json (it goes to stderr).
        var tally = ScanTally()
        var table = ScanTable()
        let json = options.json
        let end = LibraryScanner.stream(try options.source(folders: folders), jobs: options.jobs, progress: Console.progress("scan", quiet: options.quiet)) { part in
            tally.add(part)
            if json {
                // One write per folder; each line made printable as `Console.jsonLine` makes it.
                var lines = ""
                for f in part.findings { lines += f.compactJSON.map { PathText.printable(json: $0) } ?? Console.jsonLine(f); lines += "\n" }
                printAlreadyPrintable(lines)
            } else if let text = table.render(part.findings) {
                printAlreadyPrintable(text)
            }
        }
        if !json && !table.printedHeader { print("(nothing found)") }
        for folder in end.unreadableFolders { Console.error("livephoto: \(folder.path): \(folder.reason)") }
        if !options.quiet { Console.error(ScanTable.summary(tally, filesRead: end.filesRead, scanned: options.sourceWords(folders: folders))) }
        let failed = !end.unreadableFolders.isEmpty || tally.count(.unreadable) > 0
        if failed { throw ExitCode(ExitStatus.unreadable) }
    }
}

/// `scan`'s text output: a table printed a folder at a time, its header once. The widths of
/// rows not yet read are not known, so a column only widens: a part lines up with the header
/// and the parts before it unless it holds a longer cell.
struct ScanTable {
    private(set) var printedHeader = false
    private static let header = ["FINDING", "STILL", "MOVIE", "IDENTIFIER / DETAIL"]
    /// The widths so far of the three padded columns (the last is not padded).
    private var widths = Self.header.prefix(3).map(TerminalColumns.width)

    /// The rows of one part (with the header before the first), each line ended; nil for none.
    mutating func render(_ findings: [LibraryFinding]) -> String? {
        guard !findings.isEmpty else { return nil }
        // Cells are made printable before they are measured: an escaped name is longer.
        let rows = findings.map { [$0.finding.rawValue, $0.still ?? "-", $0.movie ?? "-", $0.finding == .paired && $0.detail == nil ? ($0.identifier ?? "") : ($0.detail ?? $0.identifier ?? "")].map { PathText.printable($0) } }
        // Measured and padded in terminal columns, one rule for both (`TerminalColumns`).
        for r in rows { for (i, c) in r.enumerated() where i < 3 { widths[i] = max(widths[i], TerminalColumns.width(c)) } }
        let widths = self.widths
        func line(_ r: [String]) -> String {
            r.enumerated().map { i, c in i < 3 ? TerminalColumns.padded(c, to: widths[i]) : c }.joined(separator: "  ") + "\n"
        }
        let text = (printedHeader ? "" : line(Self.header)) + rows.map(line).joined()
        printedHeader = true
        return text
    }

    /// The counts, then (when there is something to do) the commands that do it.
    /// - Parameter scanned: the folders (or `--files-from` list) as shell words, for the next steps.
    static func summary(_ tally: ScanTally, filesRead: Int, scanned: String) -> String {
        let counts = LibraryFinding.Kind.allCases.map { "\(tally.count($0)) \($0.rawValue)" }.joined(separator: ", ")
        let lines = ["scan: \(CountedNoun.text(filesRead, "file")) read: \(counts)"] + nextSteps(tally, scanned: scanned)
        return lines.joined(separator: "\n")
    }

    /// `next: livephoto pair DIR` (and `pair --by-time`, `convert`) for what this scan found to do.
    static func nextSteps(_ tally: ScanTally, scanned dirs: String) -> [String] {
        let byName = tally.candidates, byTime = tally.candidatesByTimeOnly
        var steps: [String] = []
        let undated = tally.pairsWithUndatedMovie
        let dating = undated > 0 ? "gives \(CountedNoun.text(undated, "Live Photo movie")) without a date the still's" : nil
        if byName > 0 {
            steps.append("next: livephoto pair \(dirs)   (pairs \(CountedNoun.text(byName, "candidate")) matched by identifier or name\(dating.map { "; " + $0 } ?? ""))")
        } else if let dating {
            steps.append("next: livephoto pair \(dirs)   (\(dating))")
        }
        if byTime > 0 { steps.append("next: livephoto pair --by-time \(dirs)   (also pairs \(byTime) matched by capture time only; check them first)") }
        let motion = tally.count(.motionPhoto)
        if motion > 0 { steps.append("next: livephoto convert \(dirs)   (makes Live Photos of \(CountedNoun.text(motion, "Motion Photo")))") }
        return steps.map { PathText.printable($0) }
    }

    /// A folder as a shell word: as it is when it is plain, else single-quoted.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._-+,:@".unicodeScalars.contains($0)) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
