import Foundation
import Testing

/// `scan`'s text output and JSON Lines: the table's columns, and findings that name several files.
@Suite("scan: the text table and JSON lines")
struct ScanTableCLITests {
    /// Terminal columns of the test's own names, written out by hand: ASCII 1, U+1F600 2,
    /// U+100000 1, a combining mark 0, ZERO WIDTH SPACE 0 (a cluster of its own), CJK 2.
    static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, s in
            switch s.value {
            case 0x0301, 0x200B: return sum
            case 0x1F600, 0x4E00...0x9FFF: return sum + 2
            default: return sum + 1
            }
        }
    }

    @Test("names with an emoji, U+100000 (lead byte F4), a combining mark, zero-width spaces and CJK print whole, and every column lines up")
    func wideAndNarrowNames() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stems = ["IMG_\u{1F600}_the_longest_name", "IMG_\u{100000}", "IMG_e\u{0301}\u{0301}", "IMG_\u{200B}\u{200B}zw", "IMG_\u{6F22}\u{5B57}", "IMG_plain"]
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

    /// Folders are printed as they are read: a later folder's shorter rows keep the columns of
    /// the header and the rows before them.
    @Test("a folder of long names, then one of short names: every row's movie starts where the header's MOVIE does")
    func columnsOnlyWiden() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (folder, stem) in [("a", "IMG_with_a_much_longer_name_than_the_next"), ("b", "IMG_1")] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: false)
            _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "\(folder)/\(stem).JPG")
            _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: "\(folder)/\(stem).MOV")
        }
        let scan = try CLITests.livephoto("scan", "-j", "1", dir.path)
        #expect(scan.status == 0, "\(scan.err)")
        let lines = scan.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[1].contains("/a/") && lines[2].contains("/b/"), "\(scan.out)")
        // ASCII names: a character is a terminal column. A row's movie is its second path.
        let columns = Set(lines.map { line -> Int in
            let start = line.hasPrefix("FINDING") ? line.range(of: "MOVIE")?.lowerBound : line.ranges(of: dir.path).dropFirst().first?.lowerBound
            return start.map { line.distance(from: line.startIndex, to: $0) } ?? -1
        })
        #expect(columns.count == 1 && !columns.contains(-1), "MOVIE starts at \(columns.sorted()):\n\(scan.out)")
    }

    @Test("copies of a Live Photo in two folders: each pair in its folder, one duplicate-identifier naming the copies in text, JSON and the summary")
    func duplicateIdentifier() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for sub in ["a", "b"] { try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: false) }
        let path = { (name: String) in dir.appendingPathComponent(name).path }
        _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "a/IMG_0001.JPG")
        _ = try CLITests.copy("movie-moov-last.mov", to: dir, as: "a/IMG_0001.MOV")
        #expect(try CLITests.livephoto(["pair", "-q", path("a/IMG_0001.JPG"), path("a/IMG_0001.MOV")]).status == 0)
        for name in ["IMG_0001.JPG", "IMG_0001.MOV"] { try FileManager.default.copyItem(atPath: path("a/" + name), toPath: path("b/" + name)) }
        let copies = ["a/IMG_0001.JPG", "b/IMG_0001.JPG", "a/IMG_0001.MOV", "b/IMG_0001.MOV"].map(path)

        let json = try CLITests.livephoto(["scan", "--json", dir.path])
        #expect(json.status == 0, "\(json.err)")
        let records = try json.out.split(separator: "\n").map { try #require(try CLITests.json(String($0)) as? [String: Any]) }
        #expect(records.count == 3, "\(json.out)")
        #expect(records.filter { $0["finding"] as? String == "paired" }.map { [$0["still"] as? String, $0["movie"] as? String] }
                == [[copies[0], copies[2]], [copies[1], copies[3]]])
        let duplicate = try #require(records.first { $0["finding"] as? String == "duplicate-identifier" })
        #expect(duplicate["copies"] as? [String] == copies)
        #expect((duplicate["identifier"] as? String)?.count == 36 && duplicate["still"] == nil && duplicate["movie"] == nil)
        #expect(json.err.contains("4 files read: 2 paired, ") && json.err.hasSuffix("1 duplicate-identifier\n"), "\(json.err)")

        let text = try CLITests.livephoto(["scan", dir.path])
        let line = try #require(text.out.split(separator: "\n").first { $0.hasPrefix("duplicate-identifier ") }, "\(text.out)")
        #expect(line.hasSuffix("is carried by 2 stills and 2 movies: " + copies.joined(separator: ", ")), "\(line)")
    }
}
