import ArgumentParser
import LivePhotoKit

extension ExitCode {
    /// The process exit code for an operation's status.
    init(_ status: ExitStatus) { self.init(status.rawValue) }
}
