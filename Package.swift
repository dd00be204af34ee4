// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Glimpse",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "glimpse", targets: ["glimpse"]),
        // For Tests/Fuzz, a package of its own that builds the decoders with libFuzzer's instrumentation.
        .library(name: "GlimpseWidgets", targets: ["WidgetTimeline", "AppGroupStore", "Widgets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // libcmark, the CommonMark reference implementation, from the system (Debian: libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // renameat2(RENAME_EXCHANGE): swaps the new gallery in with no moment where --out is missing.
        .target(name: "CAtomicSwap"),
        // WidgetKit-shaped primitives and the 24 h simulator. No I/O.
        .target(name: "WidgetTimeline"),
        // Read-only access to App Group containers; SQLite stores through GRDB, from a private copy.
        .target(name: "AppGroupStore", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        // Each app's model, rules, timeline provider and view models.
        .target(name: "Widgets", dependencies: ["WidgetTimeline", "AppGroupStore", .product(name: "GRDB", package: "GRDB.swift")]),
        // Markdown, Mustache rendering, pages, manifest, atomic output.
        .target(
            name: "GlimpseSite",
            dependencies: [
                "Widgets", "WidgetTimeline", "AppGroupStore", "CCmark", "CAtomicSwap",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "glimpse",
            dependencies: [
                "GlimpseSite", "WidgetTimeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "WidgetTimelineTests", dependencies: ["WidgetTimeline"]),
        .testTarget(name: "AppGroupStoreTests", dependencies: ["AppGroupStore", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "WidgetsTests", dependencies: ["Widgets", "WidgetTimeline", "AppGroupStore", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "GlimpseSiteTests",
            dependencies: [
                "GlimpseSite", "Widgets", "WidgetTimeline", "AppGroupStore",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
