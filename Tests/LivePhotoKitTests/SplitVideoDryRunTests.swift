import Foundation
import Testing
import BinaryIO
@testable import LivePhotoKit

/// `convert DIR --dry-run` on an export whose Motion Photos had their videos split off beside
/// them (`X.MP.jpg` + `X.MP`): each such pair is reported as it would be converted, and nothing
/// is written.
@Suite("convert DIR --dry-run: a split-off Motion Photo video is paired on paper only")
struct SplitVideoDryRunTests {
    @Test("Takeout folder, dry run: the two split-off pairs say dry-run; the folder is byte for byte as it was")
    func dryRunWritesNothing() throws {
        let folder = try ExportFolders.takeout()
        defer { folder.remove() }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let before = try names.map { try Support.bytes(folder.file($0)) }
        var options = ConvertOptions()
        options.dryRun = true
        let (_, results) = ConvertBatch.toLivePhotos(roots: [folder.path], options: options, jobs: 1)
        let split = results.filter { $0.inputMovie != nil }
        #expect(split.map { PathComponents.lastComponent($0.input) }.sorted() == ["PXL_20230601_120000000.MP.jpg", "PXL_20230602_080000000.MP.jpg"], "\(results)")
        #expect(split.allSatisfy { $0.status == .dryRun }, "\(split.map(\.status))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
        #expect(try names.map { try Support.bytes(folder.file($0)) } == before)
    }
}
