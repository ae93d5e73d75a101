import ArgumentParser
import Foundation

/// `pair` and `verify` take either STILL MOVIE or one or more folders.
enum InputMode {
    case single(still: String, movie: String)
    case folders([String])

    static func decide(_ paths: [String]) throws -> InputMode {
        let isDir = paths.map { p -> Bool in
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: p, isDirectory: &d) && d.boolValue
        }
        if isDir.contains(true) {
            guard isDir.allSatisfy({ $0 }) else {
                throw ValidationError("give either STILL MOVIE or folders, not a mix of files and folders")
            }
            return .folders(paths)
        }
        guard paths.count == 2 else {
            throw ValidationError("expected STILL MOVIE (two files) or one or more folders; got \(paths.count) file argument(s)")
        }
        return .single(still: paths[0], movie: paths[1])
    }
}

/// Printing shared by batch `pair` and `verify`.
enum BatchText {
    static func report(_ outcomes: [LivePhotoKitBatchOutcome], json: Bool, quiet: Bool, line: (LivePhotoKitBatchOutcome) -> String?) {
        for o in outcomes {
            if o.status == "failed", let e = o.error { Console.error("livephoto: \(Console.oneLine(e))") }
            if json { print(Console.jsonLine(o)) } else if !quiet, let text = line(o) { print(text) }
        }
    }
}

import LivePhotoKit
typealias LivePhotoKitBatchOutcome = BatchOutcome
