import Foundation
import Testing

/// Something a test needs from outside the repository: the corpus of real files or an
/// independent reader. Missing, the test shows as skipped with the reason; under `CI=true` it
/// fails instead, so a CI run can never pass having checked nothing.
public enum Requirement: Sendable, CustomStringConvertible {
    /// The corpus folder (`../shared/corpus` or `LIVEPHOTO_TEST_CORPUS`).
    case corpus
    /// One file of the corpus, by its path inside it.
    case corpusFile(String)
    /// An executable on PATH (a reader we cross-check against, or a tool that builds inputs).
    case tool(String)
    /// A Python module python3 can import (pillow_heif: a current libheif, which Debian's
    /// heif-convert is not: it refuses iOS 17+ HEICs).
    case pythonModule(String)

    public static let ffprobe = Requirement.tool("ffprobe")
    public static let ffmpeg = Requirement.tool("ffmpeg")
    public static let exiftool = Requirement.tool("exiftool")
    public static let heifInfo = Requirement.tool("heif-info")
    public static let heifConvert = Requirement.tool("heif-convert")
    public static let heifEnc = Requirement.tool("heif-enc")
    public static let python3 = Requirement.tool("python3")
    /// Shows the order of a run's writes and syncs (what reaches the disk before a power loss).
    public static let strace = Requirement.tool("strace")
    public static let pillowHEIF = Requirement.pythonModule("pillow_heif")

    public var isMet: Bool {
        switch self {
        case .corpus: Support.hasCorpus
        case .corpusFile(let relative): Support.hasCorpusFile(relative)
        case .tool(let name): Support.tool(name) != nil
        case .pythonModule(let name): Support.canImport(pythonModule: name)
        }
    }

    public var description: String {
        switch self {
        case .corpus: "the corpus (\(Support.corpus.path)) is absent"
        case .corpusFile(let relative): "corpus file \(relative) is absent"
        case .tool(let name): "\(name) is not installed"
        case .pythonModule(let name): "the Python module \(name) is not installed (make test-deps installs it)"
        }
    }

    /// `CI=true`: a missing requirement is a failure, not a skip.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The first of `requirements` not met, or nil.
    static func firstMissing(_ requirements: [Requirement]) -> Requirement? { requirements.first { !$0.isMet } }
}

/// Thrown (and so recorded as a failure) when a CI run lacks a requirement.
public struct MissingRequirement: Error, CustomStringConvertible {
    public let requirement: Requirement
    public var description: String { "\(requirement) (CI=true: required, not skipped)" }
}

extension Trait where Self == ConditionTrait {
    /// `@Test(.requires(.corpus, .ffprobe))`: skipped with the reason when one is missing,
    /// failed under `CI=true`.
    public static func requires(_ requirements: Requirement..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        // Traits are made when the tests are listed, in the process that runs them: the comment
        // (shown with a skip) names what is missing there.
        let missing = requirements.filter { !$0.isMet }.map(String.init(describing:)).joined(separator: "; ")
        return .enabled(Comment(rawValue: missing.isEmpty ? "all present" : missing), sourceLocation: sourceLocation) {
            guard let missing = Requirement.firstMissing(requirements) else { return true }
            if Requirement.isCI { throw MissingRequirement(requirement: missing) }
            return false
        }
    }
}

extension Support {
    /// Inside a test (e.g. one case of a parameterized test): returns when `requirement` is met;
    /// otherwise leaves a warning with the reason and cancels the running test case (the console
    /// does not show a cancelled case, the warning does), or fails it under `CI=true`.
    public static func require(_ requirement: Requirement, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard !requirement.isMet else { return }
        if Requirement.isCI { throw MissingRequirement(requirement: requirement) }
        let reason = Comment(rawValue: "skipped: \(requirement)")
        Issue.record(reason, severity: .warning, sourceLocation: sourceLocation)
        try Test.cancel(reason, sourceLocation: sourceLocation)
    }

    /// The corpus file's path, or the running test case cancelled (failed under `CI=true`).
    public static func requireCorpusFile(_ relative: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try require(.corpusFile(relative), sourceLocation: sourceLocation)
        return corpusFile(relative)
    }

    /// The tool's path, or the running test case cancelled (failed under `CI=true`).
    public static func requireTool(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try require(.tool(name), sourceLocation: sourceLocation)
        return tool(name)!
    }

    /// A reader for an extra cross-check inside a test that checks more than that: its path, or
    /// nil with a warning in the test's result naming what was not checked (a failure under
    /// `CI=true`), so the part that did not run never passes unseen.
    public static func reader(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        if let path = tool(name) { return path }
        let requirement = Requirement.tool(name)
        Issue.record(Comment(rawValue: "cross-check skipped: \(requirement)"),
                     severity: Requirement.isCI ? .error : .warning, sourceLocation: sourceLocation)
        return nil
    }

    /// The corpus files of `relatives` that exist; a missing one leaves a warning (a failure
    /// under `CI=true`), for tests that run over fixtures and corpus files together.
    public static func corpusFiles(_ relatives: [String], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        relatives.compactMap { relative in
            if hasCorpusFile(relative) { return corpusFile(relative) }
            Issue.record(Comment(rawValue: "not checked: \(Requirement.corpusFile(relative))"),
                         severity: Requirement.isCI ? .error : .warning, sourceLocation: sourceLocation)
            return nil
        }
    }
}
