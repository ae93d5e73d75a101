import Foundation
import BinaryIO

/// `CommandLine.arguments` decodes each argument as UTF-8, replacing invalid bytes, so a file
/// whose name is not valid UTF-8 would be reported as missing. The raw `argv` bytes are
/// decoded as path text instead (`PathText`), which hands the kernel the exact bytes back.
enum RawArguments {
    /// The arguments after the program name.
    static func decoded() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { i in
            guard let arg = CommandLine.unsafeArgv[i] else { return nil }
            return PathText.string(fromPathBytes: UnsafeRawBufferPointer(start: arg, count: strlen(arg)))
        }
    }
}
