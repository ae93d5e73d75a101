import Foundation
import BinaryIO

/// Output names for `convert`: `PXL_…MP.jpg` → `PXL_….jpg` + `PXL_….MOV`, `MVIMG_1.jpg` →
/// `MVIMG_1.jpg` + `MVIMG_1.MOV`, a Samsung `X.heic` → `X.HEIC` + `X.MOV`; a Live Photo
/// `IMG_1.JPG` → `IMG_1.MP.jpg`, `IMG_1.HEIC` → `IMG_1.MP.HEIC`. Beside the input
/// or in `-o DIR`; when a name is taken, `_1`, `_2`, … is added to the stem (the same one for
/// both files of a pair), so nothing is ever overwritten. Names that hold this input's earlier
/// output (`ConvertedBefore`) are not taken: the rerun completes or reports that job.
enum ConvertOutputNames {
    /// A fixed bound on suffixes tried.
    static let maximumSuffix = 9999

    static func directory(for input: String, outputDirectory: String?) throws -> String {
        if let outputDirectory {
            try OutputDirectory.check(outputDirectory)
            return outputDirectory
        }
        return PathComponents.absoluteDirectory(of: input)
    }

    /// The stem of a Motion Photo's name without `.MP` (any case).
    static func livePhotoStem(_ input: String) -> String {
        let stem = PathComponents.lastComponent(PathComponents.deletingExtension(input))
        if stem.uppercased().hasSuffix(".MP") { return String(stem.dropLast(3)) }
        return stem
    }

    /// The first set of names `stem[_n].ext` (one per extension) that is free or that `earlier`
    /// recognises as this input's earlier output; claimed for this conversion (`ConvertedOutput.claim`)
    /// until the caller releases it, so parallel workers never pick the same names.
    static func free(directory: String, stem: String, extensions: [String], avoiding inputs: [String],
                     earlier: ([String]) -> ConvertedBefore = { _ in .taken }) throws -> (paths: [String], earlier: ConvertedBefore) {
        for n in 0...maximumSuffix {
            let s = n == 0 ? stem : "\(stem)_\(n)"
            let paths = extensions.map { PathComponents.appending(s + "." + $0, to: directory) }
            guard !paths.contains(where: inputs.contains), ConvertedOutput.claim(paths) else { continue }
            if paths.allSatisfy({ !FileSystemCalls.exists($0) }) { return (paths, .none) }
            let found = earlier(paths)
            if found != .taken { return (paths, found) }
            ConvertedOutput.release(paths)
        }
        throw LivePhotoError(path: directory + "/" + stem, reason: "no free output name (tried \(maximumSuffix) suffixes)", category: .refused)
    }
}
