// swift-tools-version: 6.0
import PackageDescription

// Water Intake's widget in Glimpse: `swift run glimpse build` writes its gallery to public/ (README.md).
let package = Package(
    name: "WaterIntakeGlimpse",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "glimpse", targets: ["WaterIntakeGlimpse"])
    ],
    dependencies: [
        .package(path: "/path/to/glimpse")
    ],
    targets: [
        // The widget: its app, store file, rules, provider, states and view model.
        .target(
            name: "WaterIntakeWidget",
            dependencies: [.product(name: "GlimpseKit", package: "glimpse")]
        ),
        // Glimpse's command line with the widget: build, serve, check, diff…
        .executableTarget(
            name: "WaterIntakeGlimpse",
            dependencies: ["WaterIntakeWidget", .product(name: "GlimpseKit", package: "glimpse")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
