import AppGroupStore
import Foundation
import GlimpseCore
import WidgetTimeline

/// An app whose widgets the gallery renders: the one extension point a widget implements.
///
/// The gallery asks an app two things for each scenario, one after the other:
/// 1. `inputs(_:)`, on Swift's cooperative pool: whatever the app needs beyond its store and
///    copy, such as files of Glimpse's content, a file in the scenario's folder, or a request
///    over the network. Do all I/O here, asynchronously; read files through the context, so that
///    the gallery knows what each part of it was built from.
/// 2. `previews(families:store:environment:inputs:)`: reads the store once and simulates the
///    day for each family. Pure apart from the store, which it reads through `store`.
///
/// An app with settings of its own declares them as a plain `<App>Configuration` in its folder
/// and takes it in its initializer; the registry (`GlimpseRegistry`) builds it from the command
/// line. Every app's folder holds the same files: see docs/ADDING-A-WIDGET.md.
public protocol GalleryApp: Sendable {
    /// What `inputs(_:)` gives `previews`: `Void` for an app that needs nothing more.
    associatedtype Inputs: Sendable = Void
    /// The states its frames can be in (`<App>State`).
    associatedtype State: WidgetState

    /// The manifest's `app` and the folder name under `templates/` and `content/*/`.
    var id: String { get }
    var displayName: String { get }
    /// The App Group container the widget reads: the real app's group.
    var containerIdentifier: String { get }
    /// Other identifiers its container is found by, in order, after `containerIdentifier`: the
    /// spec's example group, or the group Glimpse read before it read the real app's.
    var containerAliases: [String] { get }
    var families: [WidgetFamily] { get }
    /// The event types a scenario's `events` may use for this app.
    var eventTypes: [ScenarioEventType] { get }
    /// The store file `make fuzz` fills with random bytes.
    var fuzzTarget: FuzzTarget { get }
    /// The largest Dynamic Type size the widgets follow, and why (`.dynamicTypeSize(...cap)`);
    /// `nil` for widgets whose layout holds at every size, AX5 included.
    var textSizeCap: TextSizeCap? { get }
    /// Whether the app ships a watchOS app: its `accessoryRectangular` widget can then sit in the
    /// Apple Watch Smart Stack. `false` unless the app says so.
    var hasWatchApp: Bool { get }
    /// `containerBackgroundRemovable(_:)`: `false` when the widget's background must always show.
    /// WidgetKit then keeps it where it would remove it (tinted and clear Home Screens, StandBy,
    /// CarPlay), and `glimpse check` reports it (`kept-background`). `true` unless the app says so.
    var containerBackgroundRemovable: Bool { get }
    /// Where its templates and content are: `nil` (the default) for Glimpse's own folders
    /// (`--templates`, `--content`); `.package()` for an app in a widget team's package.
    var folders: AppFolders? { get }

    /// Reads what this app needs for one scenario beyond its store and copy.
    ///
    /// - Throws: `ContentError` for a broken file of Glimpse's own content or of the scenario,
    ///   which fails the build; a problem with a store or the network is a diagnostic instead.
    func inputs(_ context: InputContext) async throws -> Inputs

    /// Reads the store once and simulates the day for each family, at its size.
    ///
    /// A missing or corrupt store is a state to render plus diagnostics; this throws only for
    /// errors in Glimpse's own content, such as a missing copy file.
    func previews(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        inputs: Inputs
    ) throws -> [WidgetPreview]

    /// The scenario event a tap on `link` (a URL in a frame, such as a button's app intent) stands
    /// for, so that `glimpse serve` can apply it at the frame's time; `nil` for a link that only
    /// opens the app.
    func event(forTap link: String) -> (type: String, parameters: [String: String])?
}

extension GalleryApp where Inputs == Void {
    public func inputs(_ context: InputContext) async throws {}
}

extension GalleryApp {
    public func event(forTap link: String) -> (type: String, parameters: [String: String])? { nil }

    public var textSizeCap: TextSizeCap? { nil }

    /// None of the five specs promises a watch app; the context page shows the Smart Stack
    /// (`WidgetLocation.smartStack`) only for an app that says it has one.
    public var hasWatchApp: Bool { false }

    public var containerBackgroundRemovable: Bool { true }

    public var containerAliases: [String] { [] }

    public var folders: AppFolders? { nil }

    /// `containerIdentifier`, then `containerAliases`: where a `StoreReader` looks.
    public var containerIdentifiers: [String] { [containerIdentifier] + containerAliases }

    /// Every state its frames can be in, as the manifest names them.
    public var states: [String] { State.allCases.map(\.rawValue) }

    /// The size the widgets (of `family`, when given) draw at when the person picked `size`:
    /// `size`, or the cap below it.
    public func drawnTextSize(_ size: TextSize, family: WidgetFamily? = nil) -> TextSize {
        guard let cap = textSizeCap?.cap(for: family).size, size > cap else { return size }
        return cap
    }

    /// One scenario of this app, previewed: its inputs, then every family's day.
    public func preview(
        families: [(WidgetFamily, WidgetSize)], store: StoreRoot?, environment: PreviewEnvironment,
        context: InputContext
    ) async throws -> [WidgetPreview] {
        let inputs = try await inputs(context)
        return try previews(families: families, store: store, environment: environment, inputs: inputs)
    }

    /// The warning for an event type this app does not know.
    public func unknownEventDiagnostic(_ event: ScenarioEvent) -> Diagnostic {
        Diagnostic(
            .warning,
            "unknown \(displayName) event type \"\(event.type)\"; known: "
                + "\(eventTypes.map(\.name).joined(separator: ", "))",
            file: "scenario.yaml")
    }
}

/// An event a scenario may script for an app: its `type` and the other keys it reads.
public struct ScenarioEventType: Hashable, Sendable {
    public var name: String
    /// The keys besides `at` and `type`, as the table of scenario events in docs/APPS-AND-STORES.md
    /// describes them: "`habit` (id)".
    public var keys: String
    /// The keys alone, for a form: by default each `backticked` name in `keys`.
    public var fields: [String]

    public init(_ name: String, keys: String = "", fields: [String]? = nil) {
        self.name = name
        self.keys = keys
        self.fields =
            fields
            ?? keys.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.first?.isLowercase == true && $0.element.allSatisfy(\.isLetter) }
            .map { String($0.element) }
    }
}

/// The file in an app's container that `make fuzz` writes random bytes to, and the files the
/// store needs beside it for the app to reach its decoder.
public struct FuzzTarget: Sendable {
    /// Relative to the container.
    public var path: String
    /// Relative to the container → bytes.
    public var companions: [String: Data]

    public init(path: String, companions: [String: Data] = [:]) {
        self.path = path
        self.companions = companions
    }
}
