import StillImage

/// The C libraries behind the still-image code, one line each, for `livephoto --version`.
public enum LibraryVersions {
    public static var lines: [String] { LinkedLibraries.all.map(\.line) }
}
