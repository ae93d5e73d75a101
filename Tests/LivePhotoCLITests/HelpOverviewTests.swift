import Foundation
import Testing

/// `livephoto --help` explains what binds a Live Photo: the still's Apple MakerNote tag 17
/// (exiftool's MediaGroupUUID / ContentIdentifier) and the movie's content identifier. A
/// user who goes looking with exiftool must find the tag the help names.
@Suite("livephoto --help: the overview names where the identifier lives")
struct HelpOverviewTests {
    @Test("the overview names MakerNote tag 17 and com.apple.quicktime.content.identifier")
    func overviewNamesTag17() throws {
        let help = try CLITests.livephoto("--help")
        #expect(help.status == 0)
        // The help wraps its lines: compare with runs of whitespace as one space.
        let words = help.out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("the still's Apple MakerNote tag 17 and the movie's com.apple.quicktime.content.identifier"), "\(help.out)")
    }
}
