import ArgumentParser

// The apps Glimpse knows. This is the one file that names them: everything else that needs the
// list (the gallery, the command line, the manifest schema, the README's tables, `make fuzz`, the
// tests that cover every app) derives it from here. To add a widget, add its line to `apps()`,
// and its options, if it has any, as an option group; see docs/ADDING-A-WIDGET.md.

/// Every app's own command-line options, each as an option group of `glimpse build`.
public struct AppOptions: ParsableArguments {
    @OptionGroup(title: "BitPal options") var bitPal: BitPalOptions

    public init() {}

    /// Every app, configured by these options, in the order they were added: the order of their
    /// stylesheets in the gallery's and of the manifest schema's `app` enum.
    public func apps() -> [any GalleryApp] {
        [
            OneGoalApp(),
            BeeBloomApp(),
            JustNowApp(),
            BitPalApp(options: bitPal),
            W8TrackrApp(),
        ]
    }
}

/// The apps with their default options.
public enum GalleryApps {
    /// In the order they were added (`AppOptions.apps()`). Parsing no arguments gives every
    /// option its default (none is required); it is done once.
    public static let all: [any GalleryApp] = (try? AppOptions.parse([]))?.apps() ?? []

    public static func named(_ id: String) -> (any GalleryApp)? {
        all.first { $0.id == id }
    }
}
