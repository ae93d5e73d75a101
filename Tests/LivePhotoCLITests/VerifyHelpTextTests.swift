import Foundation
import Testing

/// `verify --help` states the aspect-ratio tolerance the check applies (1%: a 1920x1440 still
/// passes with a video 1% off, not 2% off) and the iOS version whose wallpaper structure
/// `--wallpaper` checks (the iOS 17 camera's).
@Suite("verify --help: the aspect-ratio tolerance and the wallpaper's iOS version")
struct VerifyHelpTextTests {
    @Test("the help says 'within 1%' for aspect-ratio and 'iOS 17+' for the wallpaper structure")
    func helpStatesTheNumbers() throws {
        let help = try HelpNumbersTests.help("verify")
        #expect(help.contains("aspect-ratio (within 1%, rotation applied)"), "\(help)")
        #expect(help.contains("the structure iOS 17+ looks for in a Live wallpaper"), "\(help)")
    }
}
