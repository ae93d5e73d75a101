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
        // FFmpeg's decoders and colour conversion, for `make`'s still (libavformat is not used).
        // FFmpeg's headers (Debian's libavcodec-dev, libavutil-dev, libswscale-dev); the libraries
        // are dlopen(3)ed on first use, so only `make` pays for loading them.
        .target(name: "CAVCodec", dependencies: ["CLazyLoad"]),
        // libheif's header (Debian's libheif-dev); the library is dlopen(3)ed on first use, so only
        // a HEIC decode (`verify --strict`) or encode (`make --still-format heic`) pays for loading it.
        .target(name: "CHeif", dependencies: ["CLazyLoad"]),
        // The one dlopen(3)/dlsym(3) loop both of them use.
        .target(name: "CLazyLoad", linkerSettings: [.linkedLibrary("dl")]),

        // Bounds-checked byte reading, positioned file reads, atomic file replacement.
        // copy_file_range(2), which Swift's Glibc module does not expose.
        .target(name: "CFileCopy"),
        // What the command line sets for its process: signal handling (async-signal-safe flag;
        // SIGXFSZ ignored) and malloc's arena limit.
        .target(name: "CSignals"),
        // Build-time versions of libexif/libjpeg-turbo (from the Makefile) and dladdr(3).
        .target(name: "CLibraryVersions"),
        .target(name: "BinaryIO", dependencies: ["CFileCopy"]),
        // Pure-Swift ISO-BMFF / QuickTime box reader and rewriter.
        .target(name: "ISOBMFF", dependencies: ["BinaryIO"]),
        // JPEG segments, EXIF (libexif), Apple MakerNote, libjpeg-turbo header/decoding, libheif.
        .target(name: "StillImage", dependencies: ["BinaryIO", "CExif", "CTurboJPEG", "CLibraryVersions", "CHeif"]),
        // Decodes one video frame (libavcodec) from samples located by ISOBMFF; kept out of StillImage.
        .target(name: "VideoFrames", dependencies: ["BinaryIO", "ISOBMFF", "CAVCodec"]),
        // Live Photo operations: inspect, pair, verify, scan, make.
        .target(name: "LivePhotoKit", dependencies: ["BinaryIO", "ISOBMFF", "StillImage", "VideoFrames"]),
        // The command-line layer: parses arguments and prints.
        .executableTarget(name: "livephoto", dependencies: [
            "LivePhotoKit", "StillImage", "BinaryIO", "CSignals",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),

        // What every test target shares: paths to fixtures and corpus, temporary folders, running
        // processes, box builders, the seeded RNG, generators that favour a range's ends, and
        // `.requires(...)` for the corpus and readers.
        .target(name: "TestSupport", dependencies: ["BinaryIO", .product(name: "PropertyBased", package: "swift-property-based")], path: "Tests/TestSupport"),
        .testTarget(name: "BinaryIOTests", dependencies: ["BinaryIO", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "ISOBMFFTests", dependencies: ["ISOBMFF", "BinaryIO", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "StillImageTests", dependencies: ["StillImage", "BinaryIO", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "LivePhotoKitTests", dependencies: ["LivePhotoKit", "ISOBMFF", "StillImage", "BinaryIO", "TestSupport",
                                                       .product(name: "PropertyBased", package: "swift-property-based")]),
        // The wallpaper encoder (libx265 through libavcodec), cross-checked with ffmpeg/ffprobe.
        .testTarget(name: "VideoFramesTests", dependencies: ["VideoFrames", "ISOBMFF", "BinaryIO", "TestSupport",
                                                      .product(name: "PropertyBased", package: "swift-property-based")]),
        // Runs the built `livephoto` binary: exit codes, error lines, JSON output.
        .testTarget(name: "LivePhotoCLITests", dependencies: ["livephoto", "LivePhotoKit", "StillImage", "ISOBMFF", "BinaryIO", "TestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)
