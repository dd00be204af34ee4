// swift-tools-version: 6.0
import PackageDescription

// A widget team's package, as `glimpse init` starts one: Step Streak's widget previewed by Glimpse,
// which it depends on by path (this repository). `swift run glimpse build` writes its gallery to
// public/ (README.md).
let package = Package(
    name: "StepStreakGlimpse",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "glimpse", targets: ["StepStreakGlimpse"])
    ],
    dependencies: [
        // A team's own repository depends on a version instead:
        // .package(url: "https://…/glimpse.git", from: "0.2.0")
        .package(name: "Glimpse", path: "../..")
    ],
    targets: [
        // The widget, written against GlimpseKit alone.
        .target(name: "StepStreakWidget", dependencies: [.product(name: "GlimpseKit", package: "Glimpse")]),
        // Glimpse's command line with the widget.
        .executableTarget(
            name: "StepStreakGlimpse",
            dependencies: ["StepStreakWidget", .product(name: "GlimpseKit", package: "Glimpse")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
