import Foundation
import Testing
import TestSupport
@testable import LivePhotoKit

/// A vivo still's sidecar movie belongs to its Motion Photo and pairs with nothing else, so an
/// identifier it carries does not make a lone still with that identifier "one whose movie is
/// paired": the streaming scan, which holds such a folder whole, counts as paired elsewhere
/// only the files paired in folders already handed on, and finds what matching the whole
/// library at once finds.
@Suite("streaming scan: a held vivo sidecar movie is not a partnered copy")
struct SidecarMovieIdentifierStreamingTests {
    @Test("vivo still + sidecar movie with X, a lone still with X, an open still meeting a movie by name: the whole library's findings")
    func sidecarIdentifierNotPartnered() {
        let x = "2F3C6C8A-6B1B-4C1E-9E2A-0D7A9B1C2D3E", y = "7D3A1C52-9B0E-4F61-8C2D-3E4F5A6B7C8D"
        func file(_ name: String, _ role: ScannedFile.Role, _ id: String?) -> ScannedFile {
            ScannedFile(path: "/lib/a/" + name, role: role, format: role == .still ? .jpeg : .quickTimeMovie, identifier: id, stillImageTimeTracks: role == .still ? 0 : 1, error: nil)
        }
        var vivo = file("V.jpg", .still, nil)
        vivo.motionPhoto = MotionPhotoSummary(variant: .sidecarVideo, maker: .vivo, videoBytes: 100, videoSeconds: 1, presentationTime: nil, sidecarVideo: "/lib/a/V.mp4")
        let files = [vivo, file("V.mp4", .movie, x), file("S.jpg", .still, x), file("T.jpg", .still, y), file("T.mov", .movie, nil)].sorted { $0.path < $1.path }
        let whole = LibraryMatcher.match(files)
        let lone = whole.filter { $0.still == "/lib/a/S.jpg" }
        #expect(lone.count == 1 && lone.first?.movie == nil, "\(lone)")
        for window in [1, 8] {
            let (parts, _) = StreamingKeysTests.streamed(files, window: window)
            #expect(LibraryMatcher.sortedByFirstFile(parts.flatMap(\.findings)) == whole, "window \(window)")
        }
    }
}
