import Foundation
import Testing
@testable import LivePhotoKit

/// A streaming scan's progress total is the number of files its walk listed, from 0: the bar of
/// a folder of two files ends at 2/2, and a scan that lists nothing leaves a total of 0 (its
/// next line is 0/0, the bar full), not one file that never comes.
@Suite("streaming scan: the progress total is the files listed, from 0")
struct LibraryStreamProgressTotalTests {
    @Test("two files: the last line drawn is 2/2; no files: the total stays 0")
    func totalIsFilesListed() throws {
        let dir = try TempDir()
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir.url, as: "IMG_0001.JPG")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url, as: "IMG_0001.MOV")
        let probe = ProgressProbe(label: "scan", at: Date(timeIntervalSince1970: 1_000_000))
        _ = LibraryScanner.stream(.folders([dir.url.path]), jobs: 1, progress: probe.reporter) { _ in }
        let drawn = probe.writes.filter { $0 != "\r\u{1B}[K" }.map { $0.split(separator: " ")[2] }
        #expect(drawn.last == "2/2", "\(probe.writes)")

        let empty = try TempDir()
        let none = ProgressProbe(label: "scan", at: Date(timeIntervalSince1970: 1_000_000))
        let end = LibraryScanner.stream(.folders([empty.url.path]), jobs: 1, progress: none.reporter) { _ in }
        #expect(end.filesRead == 0 && none.writes == ["\r\u{1B}[K"], "\(none.writes)")
        none.reporter.update(done: 0)
        #expect(none.writes.last?.hasPrefix("\rscan [\(String(repeating: "#", count: 24))] 0/0  ") == true, "\(none.writes)")
    }
}
