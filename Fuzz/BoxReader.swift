// Fuzz target: the ISO-BMFF / QuickTime box reader (top-level scan, moov tree, tracks,
// sample tables, metadata) and one sample read per track.
// seeds: *.mov *.mp4
import BinaryIO
import ISOBMFF

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoxReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = FuzzInput.file(data, size, name: "input.mov")
    do {
        let file = try MovieFile.open(path: path)
        for track in file.movie.tracks where track.sampleTable.sampleCount > 0 {
            _ = try? file.sampleBytes(track: track, index: 0, maximum: 1 << 16)
        }
        _ = file.movie.metadata?.items.count
        _ = file.moovBeforeMedia
    } catch is ParseError {
        // A typed refusal is the expected outcome for most inputs.
    } catch {
        fatalError("untyped error: \(error)")
    }
    return 0
}
