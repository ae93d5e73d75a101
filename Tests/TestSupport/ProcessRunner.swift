import Foundation

/// What a finished process left: its exit status (or signal) and both outputs.
public struct ProcessResult: Sendable {
    public let status: Int32
    /// Ended by a signal; `status` is then the signal number.
    public let signalled: Bool
    public let outData: Data
    public let errData: Data
    public var out: String { String(decoding: outData, as: UTF8.self) }
    public var err: String { String(decoding: errData, as: UTF8.self) }
}

/// A process started with extra environment; `wait()` collects it. Both pipes are read on
/// their own threads, so a chatty child can never block on a full pipe.
public final class StartedProcess: @unchecked Sendable {
    public let process = Process()
    private let out = Pipe(), err = Pipe()
    private var outData = Data(), errData = Data()
    private let readers = DispatchGroup()

    public init(_ executable: String, _ arguments: [String], env: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !env.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(env) { $1 } }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        for (pipe, isOut) in [(out, true), (err, false)] {
            readers.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                if isOut { self.outData = data } else { self.errData = data }
                self.readers.leave()
            }
        }
    }

    public func wait() -> ProcessResult {
        readers.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                             outData: outData, errData: errData)
    }
}

extension Support {
    /// The absolute path of a command on PATH, or nil.
    public static func tool(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a command to its end and returns its exit status and both outputs.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], env: [String: String] = [:]) throws -> ProcessResult {
        try StartedProcess(executable, arguments, env: env).wait()
    }
}
