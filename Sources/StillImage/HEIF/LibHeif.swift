import CHeif

/// libheif, loaded on first use (see CHeif.h): what decodes a HEIC still's pixels and encodes
/// a new one. Every entry point loads the library first and throws `LibHeif.Unavailable` when it
/// cannot be loaded, so a caller can tell "this build or machine cannot decode" from "this file
/// does not decode" (a `LibHeif.Failure`).
public enum LibHeif {
    /// libheif cannot be loaded (not installed, or lacking a function these wrappers call).
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { reason }
    }

    /// libheif refused the file or the image: its own message.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { "libheif: \(message)" }
    }

    /// Loads the library once; throws `Unavailable` with dlopen's reason.
    public static func load() throws {
        guard livephoto_heif_load() != 0 else { throw Unavailable(reason: String(cString: livephoto_heif_error())) }
    }

    /// The loaded library's version ("1.15.1"), loading it; nil when it cannot be loaded.
    public static var loadedVersion: String? {
        guard livephoto_heif_load() != 0, let text = lp_heif_get_version() else { return nil }
        return String(cString: text)
    }

    /// For `livephoto --version`, without loading anything: the version the build's header is
    /// from and the soname loaded on first use (see CHeif.h).
    public static var versionLine: String {
        "libheif \(LIBHEIF_VERSION) (libheif.so.1, loaded by verify --strict and make --still-format heic on first use)"
    }

    /// Throws libheif's message when `error` is not `heif_error_Ok`.
    static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw Failure(message: error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)")
    }
}
