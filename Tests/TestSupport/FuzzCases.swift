import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One input of a fuzz target's regression test: a seed the fuzzer starts from (a fixture named
/// by the driver's `// seeds:` line, a valid file, which must read without any error) or an
/// input the fuzzer once crashed on (`Fuzz/regressions/<target>/`: read or refused with a
/// `ParseError`, never a trap). The seeds are there so the test runs, and can fail, even
/// while no crash has ever been kept.
public struct FuzzCase: Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable { case seed, regression }
    public let path: String
    public let kind: Kind
    public var description: String { "\(kind.rawValue) \((path as NSString).lastPathComponent)" }

    /// The seeds and the kept crashes of the fuzz target `Fuzz/<target>.swift`, seeds first.
    public static func cases(target: String) -> [FuzzCase] {
        seeds(target: target).map { FuzzCase(path: $0, kind: .seed) }
            + regressions(target: target).map { FuzzCase(path: $0, kind: .regression) }
    }

    /// The fixtures matching the driver's `// seeds:` patterns (as `scripts/fuzz.sh` reads them).
    public static func seeds(target: String) -> [String] {
        let driver = Support.repo.appendingPathComponent("Fuzz/\(target).swift").path
        guard let source = try? String(contentsOfFile: driver, encoding: .utf8),
              let line = source.split(separator: "\n").first(where: { $0.hasPrefix("// seeds: ") }) else { return [] }
        let patterns = line.dropFirst("// seeds: ".count).split(separator: " ").map(String.init)
        return files(in: Support.fixtures).filter { name in
            patterns.contains { fnmatch($0, (name as NSString).lastPathComponent, 0) == 0 }
        }
    }

    public static func regressions(target: String) -> [String] {
        files(in: Support.repo.appendingPathComponent("Fuzz/regressions/\(target)"))
    }

    static func files(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0).path }
    }
}
