// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "livephoto",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "livephoto", targets: ["livephoto"]),
        .library(name: "LivePhotoKit", targets: ["LivePhotoKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // C libraries from Debian packages, found through pkg-config.
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),

        // Bounds-checked byte reading, positioned file reads, atomic file replacement.
        // copy_file_range(2), which Swift's Glibc module does not expose.
        .target(name: "CFileCopy"),
        // Build-time versions of libexif/libjpeg-turbo (from the Makefile) and dladdr(3).
        .target(name: "CLibraryVersions"),
        .target(name: "BinaryIO", dependencies: ["CFileCopy"]),
        // Pure-Swift ISO-BMFF / QuickTime box reader and rewriter.
        .target(name: "ISOBMFF", dependencies: ["BinaryIO"]),
        // JPEG segments, EXIF (libexif), Apple MakerNote, libjpeg-turbo header/decoding.
        .target(name: "StillImage", dependencies: ["BinaryIO", "CExif", "CTurboJPEG", "CLibraryVersions"]),
        // Live Photo operations: inspect, pair, verify, scan.
        .target(name: "LivePhotoKit", dependencies: ["BinaryIO", "ISOBMFF", "StillImage"]),
        // The command-line layer: parses arguments and prints.
        .executableTarget(name: "livephoto", dependencies: [
            "LivePhotoKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "BinaryIOTests", dependencies: ["BinaryIO"]),
        .testTarget(name: "ISOBMFFTests", dependencies: ["ISOBMFF", "BinaryIO", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "StillImageTests", dependencies: ["StillImage", "BinaryIO"]),
        .testTarget(name: "LivePhotoKitTests", dependencies: ["LivePhotoKit", "ISOBMFF", "StillImage", "BinaryIO",
                                                       .product(name: "PropertyBased", package: "swift-property-based")]),
        // Runs the built `livephoto` binary: exit codes, error lines, JSON output.
        .testTarget(name: "LivePhotoCLITests", dependencies: ["livephoto"]),
    ],
    swiftLanguageModes: [.v5]
)
