import Foundation
import Testing

/// `scan`'s text table on names a terminal shows wider or narrower than their UTF-16 length.
@Suite("scan: the text table")
struct ScanTableCLITests {
    /// Terminal columns of the test's own names, written out by hand: ASCII 1, U+1F600 2,
    /// U+100000 1, a combining mark 0, CJK 2.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, s in
            switch s.value {
            case 0x0301: return sum
            case 0x1F600, 0x4E00...0x9FFF: return sum + 2
            default: return sum + 1
            }
        }
    }

    @Test("names with an emoji, U+100000 (lead byte F4), a combining mark and CJK print whole, and every column lines up")
    func wideAndNarrowNames() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stems = ["IMG_\u{1F600}_the_longest_name", "IMG_\u{100000}", "IMG_e\u{0301}\u{0301}", "IMG_\u{6F22}\u{5B57}", "IMG_plain"]
        for stem in stems {
            _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: stem + ".JPG")
            _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: stem + ".MOV")
        }
        let scan = try CLITests.livephoto("scan", dir.path)
        #expect(scan.status == 0, "\(scan.err)")
        let lines = scan.out.split(separator: "\n").map(String.init)
        #expect(lines.count == stems.count + 1, "\(scan.out)")
        // Each file's path is printed whole, as itself.
        for stem in stems {
            let still = dir.appendingPathComponent(stem + ".JPG").path, movie = dir.appendingPathComponent(stem + ".MOV").path
            #expect(lines.contains { $0.contains(still + " ") && $0.contains(movie + " ") }, "\(stem) is not printed whole:\n\(scan.out)")
        }
        // The movie and detail columns start at the same terminal column on every row.
        // Header word, then how a row's cell is found: the second path (the movie) or the detail.
        for (header, cell) in [("MOVIE", dir.path + "/IMG_"), ("IDENTIFIER", "not paired yet")] {
            var starts: Set<Int> = []
            for line in lines {
                let ranges = line.ranges(of: line.hasPrefix("FINDING") ? header : cell)
                let range = try #require(line.hasPrefix("FINDING") || cell == "not paired yet" ? ranges.first : ranges.dropFirst().first, "\(line)")
                starts.insert(Self.columns(String(line[..<range.lowerBound])))
            }
            #expect(starts.count == 1, "\(header) starts at columns \(starts.sorted()):\n\(scan.out)")
        }
    }
}
