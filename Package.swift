// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Glimpse",
    platforms: [.macOS(.v14)],
    products: [
        // `glimpse` is this package's executable target, whose product SwiftPM makes when Glimpse is the
        // root package; it is no product of Glimpse as a dependency, so that a widget team's package
        // names its own executable `glimpse` (`swift run glimpse build`).
        // What a widget team's own package depends on: the extension point and the command line that
        // runs with their apps (`Glimpse.main(apps:)`). docs/ADDING-A-WIDGET.md, and the DocC catalog.
        .library(name: "GlimpseKit", targets: ["GlimpseKit"]),
        // For Tests/Fuzz, a package of its own that builds the decoders with libFuzzer's instrumentation.
        .library(name: "GlimpseWidgets", targets: ["GlimpseCore", "WidgetTimeline", "AppGroupStore", "Widgets"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // glimpse serve's HTTP server (SwiftNIO's parser: linear in a request's size, and capped).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // Live reload: a WebSocket per open page (an event stream per tab would use up the browser's
        // six connections to the server).
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        // What the server imports of Hummingbird's own dependencies: its logger and NIO's errors.
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        // GlimpseKit's DocC catalog, its tutorial and its declarations' pages: `make docs`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // libcmark, the CommonMark reference implementation, from the system (Debian: libcmark-dev).
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // OpenSSL's libcrypto, from the system (Debian: libssl-dev): SHA-256 of each frame.
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // libpng, from the system (Debian: libpng-dev): screenshots read, tiles and difference images written.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // libxml2's HTML parser, from the system (Debian: libxml2-dev): a gallery's pages read back, widget by widget.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // renameat2(RENAME_EXCHANGE): swaps the new gallery in with no moment where --out is missing.
        .target(name: "CAtomicSwap"),
        // What every target may use: diagnostics, the record of what a build read, bounded reads of
        // regular files, markup that is placed as it is, and a parallel map.
        .target(name: "GlimpseCore"),
        // The files other tools read: the manifest and diff.json, as versioned Codable types, each
        // with its JSON Schema (Schemas/). Foundation only.
        .target(name: "GlimpseFormat", dependencies: ["GlimpseCore"], resources: [.copy("Schemas")]),
        // Pages through Mustache: templates read from a folder and compiled once, models encoded for
        // them, every string escaped for HTML on its way in.
        .target(
            name: "GlimpseTemplates",
            dependencies: ["GlimpseCore", .product(name: "Mustache", package: "swift-mustache")]
        ),
        // A folder written whole: staged beside its destination, swapped in (renameat2), or left as it was.
        .target(name: "GlimpseOutput", dependencies: ["CAtomicSwap"]),
        // SHA-256 through the system's libcrypto: frames' hashes, a gallery's files.
        .target(name: "GlimpseDigest", dependencies: ["COpenSSL"]),
        // WidgetKit-shaped primitives and the 24 h simulator. No I/O.
        .target(name: "WidgetTimeline"),
        // Read-only access to App Group containers; SQLite stores through GRDB, from a private copy.
        .target(
            name: "AppGroupStore",
            dependencies: [
                "GlimpseCore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The extension point every app implements (Shared/), and one folder per app. No command line,
        // no network: an app's settings are plain types that the registry builds.
        .target(
            name: "Widgets",
            dependencies: ["GlimpseCore", "WidgetTimeline", "AppGroupStore", .product(name: "Yams", package: "Yams")],
            // CLDR plural rules and the ICU version come from the ICU Foundation itself uses
            // (FormatLocale+Plural.swift): Foundation has no public API for either.
            linkerSettings: [.linkedLibrary("_FoundationICU")]
        ),
        // What apps fetch over the network (URLSession), one folder per app behind a protocol of its
        // own in Widgets, kept out of the widget core.
        .target(name: "WidgetsNetwork", dependencies: ["GlimpseCore", "Widgets"]),
        // The gallery: inputs, units of app × scenario, widget HTML, pages, manifest, assets, output.
        .target(
            name: "GlimpseSite",
            dependencies: [
                "GlimpseCore", "GlimpseFormat", "GlimpseTemplates", "GlimpseOutput", "GlimpseDigest", "Widgets",
                "WidgetTimeline", "AppGroupStore", "CCmark",
            ]
        ),
        // glimpse serve: the gallery in memory, rebuilt by unit as files change, live reload, the toolbar;
        // glimpse review: a diff's review served with its decisions.
        .target(
            name: "GlimpseServe",
            dependencies: [
                "GlimpseCore", "GlimpseFormat", "GlimpseTemplates", "GlimpseSite", "GlimpseGallery", "GlimpseReview",
                "GlimpseOutput",
                "Widgets", "WidgetTimeline",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // The pages serve draws of its own (a build's failure before any success).
            resources: [.copy("Templates")]
        ),
        // Widgets drawn by headless Chromium: pages read back, contact sheets, PNG, pixel comparison.
        .target(name: "GlimpseShots", dependencies: ["GlimpseCore", "CPNG", "CLibXML2"]),
        // A built gallery read back: its manifest, assets and pages, each frame's markup, and
        // `glimpse snapshot`'s frames as PNG.
        .target(
            name: "GlimpseGallery",
            dependencies: ["GlimpseCore", "GlimpseDigest", "GlimpseFormat", "GlimpseOutput", "GlimpseShots"]
        ),
        // What diff, check and snapshot report alike: one JUnit writer, the fail policies, and the
        // shards of a run (`--shard i/n`) and their merge.
        .target(
            name: "GlimpseReports",
            dependencies: [
                "GlimpseCore", "GlimpseDigest", "GlimpseFormat", "GlimpseOutput", "GlimpseGallery", "GlimpseShots",
            ]
        ),
        // glimpse diff: what changed between two built galleries, to the pixel and to the stylesheet's
        // rule; diff.json.
        .target(
            name: "GlimpseDiff",
            dependencies: [
                "GlimpseCore", "GlimpseDigest", "GlimpseFormat", "GlimpseOutput", "GlimpseShots", "GlimpseGallery",
                "GlimpseReports",
            ]
        ),
        // glimpse review and approve: the review site, its junit.xml and pull-request summary, and the
        // decisions on changes.
        .target(
            name: "GlimpseReview",
            dependencies: [
                "GlimpseCore", "GlimpseDigest", "GlimpseFormat", "GlimpseTemplates", "GlimpseOutput",
                "GlimpseGallery", "GlimpseReports", "GlimpseDiff", "GlimpseShots",
            ],
            // The review site's templates, stylesheet and script: the tool's own pages, wherever it runs.
            resources: [.copy("Templates")]
        ),
        // glimpse check: every frame of a built gallery measured in Chromium (a script per sheet, the
        // sheet drawn with and without its text) and held to the rules a design reviewer would apply;
        // findings.json, junit.xml and a report site.
        .target(
            name: "GlimpseCheck",
            dependencies: [
                "GlimpseCore", "GlimpseFormat", "GlimpseTemplates", "GlimpseOutput", "GlimpseShots", "GlimpseGallery",
                "GlimpseReports", "GlimpseDigest",
            ],
            resources: [.copy("Templates"), .copy("Resources/measure.js"), .copy("Resources/overlay.js")]),
        // The registry: the list of apps, each app's command-line options building its settings, and
        // the files generated from the list. The one file outside an app's folders that names it.
        .target(
            name: "GlimpseRegistry",
            dependencies: [
                "Widgets", "WidgetTimeline", "WidgetsNetwork",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The command line (ArgumentParser), run with a package's apps: `Glimpse.main(apps:builtIn:)`.
        .target(
            name: "GlimpseCLI",
            dependencies: [
                "GlimpseCore", "GlimpseRegistry", "GlimpseFormat", "GlimpseOutput", "GlimpseSite", "GlimpseServe",
                "GlimpseGallery", "GlimpseReports", "GlimpseDiff", "GlimpseReview", "GlimpseCheck", "GlimpseShots",
                "Widgets", "WidgetTimeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // What `glimpse init` writes: a widget team's package, one widget in it.
            resources: [.copy("InitTemplate")]
        ),
        // `glimpse`: the command line with the five apps.
        .executableTarget(name: "glimpse", dependencies: ["GlimpseCLI"]),
        // The library a widget team depends on: what docs/ADDING-A-WIDGET.md describes, re-exported
        // from the targets that hold it, and nothing else (Exports.swift); documented in its DocC catalog.
        .target(
            name: "GlimpseKit",
            dependencies: ["GlimpseCLI", "Widgets", "WidgetTimeline", "GlimpseCore", "AppGroupStore"]
        ),
        // Helpers every test target shares: text snapshots, the repository's paths, fixtures.
        .target(
            name: "TestSupport", dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/TestSupport"),
        .testTarget(name: "WidgetTimelineTests", dependencies: ["WidgetTimeline", "TestSupport"]),
        .testTarget(
            name: "AppGroupStoreTests",
            dependencies: [
                "AppGroupStore", "GlimpseCore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "WidgetsTests",
            dependencies: [
                "Widgets", "WidgetTimeline", "AppGroupStore", "GlimpseCore", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "GlimpseCheckTests", dependencies: ["GlimpseCheck", "GlimpseFormat", "GlimpseShots"]),
        .testTarget(name: "GlimpseFormatTests", dependencies: ["GlimpseFormat", "TestSupport"]),
        .testTarget(name: "GlimpseDigestTests", dependencies: ["GlimpseDigest"]),
        .testTarget(name: "GlimpseCoreTests", dependencies: ["GlimpseCore", "TestSupport"]),
        .testTarget(
            name: "GlimpseTemplatesTests",
            dependencies: [
                "GlimpseTemplates", "GlimpseCore", "TestSupport", .product(name: "Mustache", package: "swift-mustache"),
            ]),
        .testTarget(
            name: "GlimpseRegistryTests",
            dependencies: [
                "GlimpseRegistry", "WidgetsNetwork", "Widgets", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "GlimpseSiteTests",
            dependencies: [
                "GlimpseSite", "GlimpseRegistry", "GlimpseFormat", "GlimpseTemplates", "GlimpseOutput", "Widgets",
                "WidgetTimeline", "AppGroupStore", "GlimpseCore", "TestSupport",
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "GlimpseShotsTests", dependencies: ["GlimpseShots", "TestSupport"]),
        // Each command's outcomes and exit codes, run in the test's process (`GlimpseCommand.run`).
        .testTarget(
            name: "GlimpseCLITests",
            dependencies: [
                "GlimpseCLI", "GlimpseCore", "GlimpseFormat", "GlimpseRegistry", "GlimpseShots", "TestSupport",
            ]
        ),
        .testTarget(
            name: "GlimpseDiffTests",
            dependencies: [
                "GlimpseGallery", "GlimpseReports", "GlimpseDiff", "GlimpseReview", "GlimpseFormat", "GlimpseTemplates",
                "GlimpseSite", "GlimpseRegistry", "TestSupport",
            ]
        ),
        .testTarget(
            name: "GlimpseServeTests",
            dependencies: [
                "GlimpseServe", "AppGroupStore", "GlimpseSite", "GlimpseRegistry", "GlimpseCore", "Widgets",
                "TestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
