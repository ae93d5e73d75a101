/// Path text taken apart at its `/` and `.` scalars (no Foundation `URL`, whose file-system
/// representation would not give a name's exact bytes back; and scalars, not characters, so a
/// combining mark after a `/` cannot hide it): folder, last component, extension.
public enum PathComponents {
    /// The folder holding `path` ("." for a bare name, "/" for a name at the root).
    public static func directory(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let dir = trimmingTrailingSlashes(trimmed[..<slash])
        return dir.isEmpty ? "/" : String(dir)
    }

    /// The last component of `path`.
    public static func lastComponent(_ path: String) -> String {
        String(lastComponentScalars(path))
    }

    /// The text after the last component's last dot ("" when there is none, or the dot starts
    /// the name).
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponentScalars(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` without its extension and its dot.
    public static func deletingExtension(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        let ext = pathExtension(path)
        guard !ext.isEmpty else { return String(trimmed) }
        return String(trimmed.dropLast(ext.unicodeScalars.count + 1))
    }

    /// The absolute path of `name` in the folder holding `path` (relative to the working
    /// directory), as derived names were always printed.
    public static func sibling(named name: String, of path: String) -> String {
        appending(name, to: absoluteDirectory(of: path))
    }

    /// The absolute folder holding `path`.
    public static func absoluteDirectory(of path: String) -> String {
        directory(of: absolute(path, currentDirectory: FileSystemCalls.currentDirectory()))
    }

    /// `directory` + "/" + `name`.
    public static func appending(_ name: String, to directory: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `path` made absolute against `currentDirectory` with `.` and `..` components removed
    /// by their text alone (links are not resolved), as `URL.standardized` does.
    public static func absolute(_ path: String, currentDirectory: String) -> String {
        let joined = path.unicodeScalars.first == "/" ? path : appending(path, to: currentDirectory)
        var parts: [Substring.UnicodeScalarView] = []
        for part in Substring(joined).unicodeScalars.split(separator: "/") {
            if part.elementsEqual(".".unicodeScalars) { continue }
            if part.elementsEqual("..".unicodeScalars) { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.map { String($0) }.joined(separator: "/")
    }

    private static func lastComponentScalars(_ path: String) -> Substring.UnicodeScalarView {
        let trimmed = trimmingTrailingSlashes(path)
        // `count > 1` without counting: a path of thousands of files pays for each count.
        guard let slash = trimmed.lastIndex(of: "/"), !trimmed.dropFirst().isEmpty else { return trimmed }
        return trimmed[trimmed.index(after: slash)...]
    }

    private static func trimmingTrailingSlashes(_ path: String) -> Substring.UnicodeScalarView {
        trimmingTrailingSlashes(Substring(path).unicodeScalars)
    }

    private static func trimmingTrailingSlashes(_ scalars: Substring.UnicodeScalarView) -> Substring.UnicodeScalarView {
        var p = scalars
        while p.last == "/" && !p.dropFirst().isEmpty { p = p.dropLast() }
        return p
    }
}
