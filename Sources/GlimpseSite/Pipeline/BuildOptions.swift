import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline
import Widgets

/// What `glimpse build` was asked to do: what it reads (`Inputs`), which variants it draws
/// (`Axes`), and how this run goes (`Run`). Each is made once, by one initialiser, from values the
/// command line has already parsed.
package struct BuildOptions: Sendable {
    package var inputs: Inputs
    package var axes: Axes
    package var run: Run

    package init(inputs: Inputs, axes: Axes = Axes(), run: Run = Run()) {
        self.inputs = inputs
        self.axes = axes
        self.run = run
    }

    /// A copy that builds `variant` alone, as the primary.
    package func only(_ variant: Variant) -> BuildOptions {
        var options = self
        options.axes = axes.only(variant)
        return options
    }
}

extension BuildOptions {
    /// What a gallery is built from: Glimpse's folders, the stores, and the apps.
    package struct Inputs: Sendable {
        /// Every app the build knows, in the order they were added: the registry's, configured by
        /// the command line, and any a caller adds (a test's own widget). The manifest schema names them all.
        package var knownApps: [any GalleryApp]
        package var contentDirectory: URL
        package var templatesDirectory: URL
        /// User stores that replace the sample scenarios. Empty: build the samples.
        package var stores: [URL]
        /// App ids to build. Empty: every known app.
        package var apps: [String]
        /// Where Debian's `fonts-inter` puts Inter; copied into the gallery when present.
        package var fontsDirectory: URL?

        package init(
            knownApps: [any GalleryApp], contentDirectory: URL = URL(fileURLWithPath: "content"),
            templatesDirectory: URL = URL(fileURLWithPath: "templates"), stores: [URL] = [], apps: [String] = [],
            fontsDirectory: URL? = URL(fileURLWithPath: "/usr/share/fonts/opentype/inter")
        ) {
            self.knownApps = knownApps
            self.contentDirectory = contentDirectory
            self.templatesDirectory = templatesDirectory
            self.stores = stores
            self.apps = apps
            self.fontsDirectory = fontsDirectory
        }

        /// Where `app`'s templates and content are: its own (`GalleryApp.folders`), or the build's.
        package func folders(of app: any GalleryApp) -> AppFolders {
            app.folders ?? AppFolders(templates: templatesDirectory, content: contentDirectory)
        }

        /// The folders of the known apps that keep their own, by app id.
        package var ownFolders: [String: AppFolders] {
            Dictionary(
                knownApps.compactMap { app in app.folders.map { (app.id, $0) } }, uniquingKeysWith: { a, _ in a })
        }

        /// Every folder a build reads templates and content from: the build's, then each app's own.
        package var watchedFolders: [URL] {
            var folders = [contentDirectory, templatesDirectory]
            for (id, own) in ownFolders.sorted(by: { $0.key < $1.key }) {
                folders.append(own.templates.appendingPathComponent(id))
                folders += ["copy", "scenarios", "shipped"].map { own.content.appendingPathComponent($0) }
            }
            return folders
        }
    }

    /// How this run goes: its clock, how much at once, and how long a store may take.
    package struct Run: Sendable {
        /// Fixed clock; `nil` means the current time.
        package var now: Date?
        /// Fixed zone; `nil` means the machine's zone.
        package var timeZone: TimeZone?
        /// Widgets and pages rendered at once. 1 is a serial build; the output is the same either way.
        package var parallelism: Int
        /// How long reading one app's store may take, in seconds (`StoreReadBudget`): past it, that
        /// widget shows its fallback with a diagnostic, and the rest of the gallery builds.
        package var storeTimeout: TimeInterval
        /// The reloads a widget's day may ask for (`--reload-budget`).
        package var reloadBudget: Int

        /// 10 s.
        package static let standardStoreTimeout = StoreReadBudget.standardSeconds

        package init(
            now: Date? = nil, timeZone: TimeZone? = nil,
            parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
            storeTimeout: TimeInterval = standardStoreTimeout, reloadBudget: Int = ReloadBudget.standard.limit
        ) {
            self.now = now
            self.timeZone = timeZone
            self.parallelism = max(1, parallelism)
            self.storeTimeout = storeTimeout
            self.reloadBudget = reloadBudget
        }
    }
}
