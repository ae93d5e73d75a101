// Fuzz target: the movie half of pairing. Reads the movie, applies the Live Photo edit
// (identifier + still-image-time track), lays the result out as a whole new file, then
// re-reads it: whatever was accepted must come out readable, with the identifier set.
// seeds: *.mov *.mp4
import BinaryIO
import ISOBMFF

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMovieEdit(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = FuzzInput.file(data, size, name: "input.mov")
    let output = FuzzInput.path("paired.mov")
    let identifier = "9A0E3A6B-7C1D-4E7F-8F5A-2B3C4D5E6F70"
    let plan: MovieRewritePlan
    do {
        let file = try MovieFile.open(path: path)
        plan = MovieRewritePlan(file: file)
        if !file.isQuickTime { plan.replacementFileType = MovieRewritePlan.quickTimeFileType() }
        try FuzzMovieEdit.apply(to: plan, identifier: identifier)
        let writer = try WholeFileMovieWriter.prepare(plan, targetPath: output)
        try writer.commit()
    } catch is ParseError {
        return 0
    } catch {
        fatalError("untyped error: \(error)")
    }
    do {
        let paired = try MovieFile.open(path: output)
        guard paired.movie.contentIdentifier == identifier else {
            fatalError("paired movie lost its identifier: \(String(describing: paired.movie.contentIdentifier))")
        }
        guard paired.movie.stillImageTimeTracks.count == 1 else {
            fatalError("paired movie has \(paired.movie.stillImageTimeTracks.count) still-image-time tracks")
        }
    } catch {
        fatalError("the paired movie does not re-read: \(error)")
    }
    return 0
}
