// swift-tools-version:6.0
// libFuzzer over every app's store decoder: `make fuzz` builds this with -sanitize=address and
// libFuzzer's coverage in .build-fuzz/ and runs it once per app of the registry, for a while each.
import PackageDescription

let package = Package(
    name: "GlimpseFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Glimpse", path: "../..")],
    targets: [
        .executableTarget(name: "fuzz-store", dependencies: [.product(name: "GlimpseWidgets", package: "Glimpse")])
    ],
    swiftLanguageModes: [.v6]
)
