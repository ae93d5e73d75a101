// swift-tools-version:6.0
// An example program using LivePhotoKit as a library: pairs a still and a movie, then verifies
// them. Build it with `make examples` (or `swift build --package-path Examples/PairTwoFiles`).
import PackageDescription

let package = Package(
    name: "PairTwoFiles",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The livephoto package (this repository); from elsewhere: .package(url: ..., from: ...).
        .package(name: "livephoto", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "PairTwoFiles", dependencies: [.product(name: "LivePhotoKit", package: "livephoto")], path: "Sources"),
    ]
)
