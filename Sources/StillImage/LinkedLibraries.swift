import Foundation
import CExif
import CTurboJPEG
import CLibraryVersions

/// Which libexif and libjpeg-turbo this binary uses, for `livephoto --version`: the version
/// pkg-config reported at build time (when the Makefile built it; neither library has a
/// runtime version call) and the shared object actually loaded, e.g. `libexif.so.12.3.4`.
public enum LinkedLibraries {
    public struct Library: Sendable, Equatable {
        public let name: String
        /// From pkg-config at build time; nil when built without it (plain `swift build`).
        public let buildVersion: String?
        /// The loaded shared object's file name, symlinks resolved; nil when not found.
        public let loadedObject: String?

        /// `libexif 0.6.24 (libexif.so.12.3.4)`
        public var line: String {
            var text = name + " " + (buildVersion ?? "(version not recorded: built without the Makefile)")
            if let loadedObject { text += " (\(loadedObject))" }
            return text
        }
    }

    public static var all: [Library] {
        let exifSymbol: @convention(c) () -> UnsafeMutablePointer<ExifData>? = exif_data_new
        let jpegSymbol: @convention(c) () -> tjhandle? = tjInitDecompress
        return [
            Library(name: "libexif", buildVersion: nonEmpty(livephoto_libexif_build_version()),
                    loadedObject: loadedObject(unsafeBitCast(exifSymbol, to: UnsafeRawPointer.self))),
            Library(name: "libjpeg-turbo", buildVersion: nonEmpty(livephoto_turbojpeg_build_version()),
                    loadedObject: loadedObject(unsafeBitCast(jpegSymbol, to: UnsafeRawPointer.self))),
        ]
    }

    private static func nonEmpty(_ s: UnsafePointer<CChar>?) -> String? {
        guard let s else { return nil }
        let text = String(cString: s)
        return text.isEmpty ? nil : text
    }

    private static func loadedObject(_ symbol: UnsafeRawPointer) -> String? {
        guard let path = nonEmpty(livephoto_shared_object_path(symbol)) else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().lastPathComponent
    }
}
