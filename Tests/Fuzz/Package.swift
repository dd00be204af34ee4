// swift-tools-version:6.0
// libFuzzer targets for the store decoders: `make fuzz` builds them with
// -sanitize=address and libFuzzer's coverage in .build-fuzz/ and runs each for a while.
import PackageDescription

let targets = ["habits", "sessions", "onegoal", "bitpal", "w8trackr"]

let package = Package(
    name: "GlimpseFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Glimpse", path: "../..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "GlimpseWidgets", package: "Glimpse")]),
    ] + targets.map { name in
        .executableTarget(name: "fuzz-\(name)", dependencies: ["FuzzSupport", .product(name: "GlimpseWidgets", package: "Glimpse")])
    },
    swiftLanguageModes: [.v6]
)
