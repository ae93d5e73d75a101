import LivePhotoKit

/// Printing shared by batch `pair` and `verify`: failures as one line on stderr, the rest as
/// text lines (unless quiet) or JSON Lines.
enum BatchText {
    static func report(_ outcomes: [BatchOutcome], json: Bool, quiet: Bool, line: (BatchOutcome) -> String?) {
        for o in outcomes {
            if o.status == .failed, let e = o.error { Console.error("livephoto: \(Console.oneLine(e))") }
            if json { print(Console.jsonLine(o)) } else if !quiet, let text = line(o) { print(text) }
        }
    }
}
