import Foundation

/// Output names for `convert`: `PXL_…MP.jpg` → `PXL_….jpg` + `PXL_….MOV`, `MVIMG_1.jpg` →
/// `MVIMG_1.jpg` + `MVIMG_1.MOV`, a Samsung `X.heic` → `X.HEIC` + `X.MOV`; a Live Photo
/// `IMG_1.JPG` → `IMG_1.MP.jpg`, `IMG_1.HEIC` → `IMG_1.MP.HEIC`. Beside the input
/// or in `-o DIR`; when a name is taken, `_1`, `_2`, … is added to the stem (the same one for
/// both files of a pair), so nothing is ever overwritten.
enum ConvertOutputNames {
    /// A fixed bound on suffixes tried.
    static let maximumSuffix = 9999

    static func directory(for input: String, outputDirectory: String?) throws -> String {
        if let outputDirectory {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: outputDirectory, isDirectory: &isDir) else {
                throw LivePhotoError(path: outputDirectory, reason: "no such directory", category: .refused)
            }
            guard isDir.boolValue else { throw LivePhotoError(path: outputDirectory, reason: "not a directory", category: .refused) }
            return outputDirectory
        }
        return URL(fileURLWithPath: input).deletingLastPathComponent().path
    }

    /// The stem of a Motion Photo's name without `.MP` (any case).
    static func livePhotoStem(_ input: String) -> String {
        let stem = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
        if stem.uppercased().hasSuffix(".MP") { return String(stem.dropLast(3)) }
        return stem
    }

    /// The first free set of names `stem[_n].ext` for every extension in `extensions`.
    static func free(directory: String, stem: String, extensions: [String], avoiding inputs: [String]) throws -> [String] {
        let fm = FileManager.default
        for n in 0...maximumSuffix {
            let s = n == 0 ? stem : "\(stem)_\(n)"
            let paths = extensions.map { URL(fileURLWithPath: directory).appendingPathComponent(s + "." + $0).path }
            if paths.allSatisfy({ p in !fm.fileExists(atPath: p) && !inputs.contains(p) }) { return paths }
        }
        throw LivePhotoError(path: directory + "/" + stem, reason: "no free output name (tried \(maximumSuffix) suffixes)", category: .refused)
    }
}
