// Fuzz target: the in-place tail append and its recovery (issue 19: nothing we did not write
// is ever cut). For any input a reader accepts: nothing it carries is taken for our
// interrupted append unless our marker leads it; a prepared then aborted append, and a
// prepared append "killed" before its commit and then recovered, give the input byte for byte.
// seeds: *.mov *.mp4
import Foundation
import BinaryIO
import ISOBMFF

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTailAppend(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let original = Array(UnsafeBufferPointer(start: data, count: size))
    let path = FuzzInput.file(data, size, name: "input.mov")
    let identifier = "9A0E3A6B-7C1D-4E7F-8F5A-2B3C4D5E6F70"
    // Through our own reader: Foundation's Data(contentsOf:) can leave its 4 KB buffer behind,
    // which LeakSanitizer reports as a crash of this target.
    func bytes() -> [UInt8] { (try? FileSource(path: path)).flatMap { try? $0.read(at: 0, count: Int($0.size)) } ?? [] }
    do {
        let file = try MovieFile.open(path: path)
        if let append = file.interruptedAppend {
            // Only ever behind our own marker, or a cut-off start of one.
            let start = Int(append.start)
            let marker = TailAppendMarker(originalLength: append.start, sizeZeroBoxOffset: append.sizeZeroBoxOffset).bytes
            let tail = Array(original[start..<min(original.count, start + marker.count)])
            guard tail.count >= 4, Array(tail.prefix(8)) == Array(marker.prefix(min(8, tail.count))) else {
                fatalError("an append of ours found at \(start) without our marker")
            }
            return 0
        }
        guard TailAppendMovieWrite.applies(to: file) else { return 0 }
        for kill in [false, true] {
            let plan = MovieRewritePlan(file: try MovieFile.open(path: path))
            try FuzzMovieEdit.apply(to: plan, identifier: identifier)
            let write = try TailAppendMovieWrite(plan)
            try write.prepare()
            if kill {
                // As after a kill before the commit: the next run finds the append and undoes it.
                guard let append = try MovieFile.open(path: path).interruptedAppend else { fatalError("an uncommitted append is not found") }
                try InterruptedAppendRecovery.undo(path: path, append)
            } else {
                write.abort()
            }
            guard bytes() == original else { fatalError("the input is not restored byte for byte (kill: \(kill))") }
        }
    } catch is ParseError {
        guard bytes() == original else { fatalError("a refused edit changed the input") }
        return 0
    } catch {
        fatalError("untyped error: \(error)")
    }
    return 0
}
