import Synchronization
import Widgets

/// The apps of this run of the command line: those Glimpse ships that it was asked for, then a
/// widget team's own (`Glimpse.main(apps:builtIn:)`). Set once, before the arguments are parsed;
/// every app Glimpse ships until then.
package enum AppCatalog {
    private static let state = Mutex<Selection>(Selection(extra: [], builtIn: nil))

    struct Selection: Sendable {
        var extra: [any GalleryApp]
        /// The ids of the apps Glimpse ships to include; `nil` for all of them.
        var builtIn: [String]?
    }

    /// Runs the command line with `apps` after the apps Glimpse ships whose ids are in `builtIn`.
    package static func select(apps: [any GalleryApp], builtIn: [String]) {
        state.withLock { $0 = Selection(extra: apps, builtIn: builtIn) }
    }

    /// A team's own apps.
    static var extra: [any GalleryApp] { state.withLock { $0.extra } }

    /// Whether the app Glimpse ships with `id` is in this run.
    static func includes(builtIn id: String) -> Bool {
        state.withLock { $0.builtIn?.contains(id) ?? true }
    }

    /// The ids of this run's apps, in the order they were added (`AppOptions.apps()`'s). An app's id
    /// does not depend on its options, so the apps with their defaults, made once, give them: the
    /// `--app` help reads this each time the arguments are made, a few dozen times a parse.
    package static var ids: [String] {
        GalleryApps.all.map(\.id).filter { includes(builtIn: $0) } + extra.map(\.id)
    }
}
