import Foundation
import BinaryIO
import LivePhotoKit

/// `CommandLine.arguments` decodes each argument as UTF-8, replacing invalid bytes, so a file
/// whose name is not valid UTF-8 would be reported as missing. The raw `argv` bytes tell the
/// truth: such an argument gets a one-line error that shows the name escaped (exit 3).
enum RawArguments {
    static func rejectNonUTF8() {
        for i in 1..<Int(CommandLine.argc) {
            guard let arg = CommandLine.unsafeArgv[i] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(arg).assumingMemoryBound(to: UInt8.self), count: strlen(arg)))
            if PathText.decoded(bytes) == nil {
                Console.error("livephoto: \(PathText.escaped(bytes)): the name is not valid UTF-8, which livephoto cannot open yet; rename it")
                Foundation.exit(ExitStatus.unreadable.rawValue)
            }
        }
    }
}
