import AppGroupStore
import Foundation
import GlimpseCore
import Synchronization
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
    /// The App Group container the widget reads.
    var containerIdentifier: String { get }
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

    /// Every state its frames can be in, as the manifest names them.
    public var states: [String] { State.allCases.map(\.rawValue) }

    /// The size the widgets draw at when the person picked `size`: `size`, or the cap below it.
    public func drawnTextSize(_ size: TextSize) -> TextSize {
        guard let cap = textSizeCap, size > cap.size else { return size }
        return cap.size
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
    /// The keys besides `at` and `type`, as the README's table describes them: "`habit` (id)".
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

/// Where an app reads its inputs from, each read recorded in `log`.
public struct InputContext: Sendable {
    /// Glimpse's own content folder (`content/`): paths like `prompts/<app>/01.md`.
    public var content: any InputFiles
    /// The scenario's folder (a sample scenario or a `--store`): paths like `prices.yaml`.
    public var scenario: any InputFiles
    /// The scenario's store, as `previews` gets it.
    public var store: StoreRoot?
    /// The 24 hours simulated, in the build's zone.
    public var window: DateInterval
    public var calendar: Calendar
    public var locale: FormatLocale
    /// Renders a Markdown file as copy is rendered: its YAML front matter apart, the body inline,
    /// through cmark, raw HTML dropped.
    public var markdown: @Sendable (String) -> MarkdownDocument
    /// Where the app records what it read by other means, such as a request (`.network`).
    public var log: InputLog
    /// What the build's scenarios share (`shared(_:_:)`).
    public var sharedInputs: SharedInputs
    /// The app's own words read from the content (prompts) that have no translation into `locale`
    /// and are shown in English: the build marks them not localized, as it does the copy's.
    public var notLocalized = NotLocalizedLog()

    public init(
        content: any InputFiles, scenario: any InputFiles, store: StoreRoot?, window: DateInterval, calendar: Calendar,
        locale: FormatLocale, markdown: @escaping @Sendable (String) -> MarkdownDocument, log: InputLog,
        sharedInputs: SharedInputs = SharedInputs()
    ) {
        self.sharedInputs = sharedInputs
        self.content = content
        self.scenario = scenario
        self.store = store
        self.window = window
        self.calendar = calendar
        self.locale = locale
        self.markdown = markdown
        self.log = log
    }
}

/// A Markdown file, rendered: the text between `---` lines at its top, and its body as copy.
public struct MarkdownDocument: Hashable, Sendable {
    public var frontMatter: String?
    public var copy: Copy

    public init(frontMatter: String?, copy: Copy) {
        self.frontMatter = frontMatter
        self.copy = copy
    }
}

extension InputContext {
    /// What `compute` gives, computed once for the whole build and shared by every scenario that
    /// asks for `key`, such as inputs from Glimpse's content that do not depend on the scenario.
    /// What `compute` read is recorded as read by each of them. Start `key` with the app's id.
    public func shared<Value: Sendable>(
        _ key: String, _ compute: @Sendable (InputContext) async throws -> Value
    ) async throws -> Value {
        if let (value, inputs, untranslated) = sharedInputs.result(key) as (Value, Set<BuildInput>, [String: String])? {
            for input in inputs { log.record(input) }
            for (file, text) in untranslated { notLocalized.record(file: file, text: text) }
            return value
        }
        var own = self
        own.log = InputLog()
        own.notLocalized = NotLocalizedLog()
        own.content = content.recording(into: own.log)
        own.scenario = scenario.recording(into: own.log)
        let value = try await compute(own)
        let inputs = own.log.recorded
        let untranslated = own.notLocalized.recorded
        sharedInputs.store(key, value: value, inputs: inputs, notLocalized: untranslated)
        for input in inputs { log.record(input) }
        for (file, text) in untranslated { notLocalized.record(file: file, text: text) }
        return value
    }
}

/// The app's own words an app read in English for want of a translation: each file as its
/// diagnostics name it (`content/prompts/<app>/03.md`), with its English text.
public final class NotLocalizedLog: Sendable {
    private let files = Mutex<[String: String]>([:])

    public init() {}

    public func record(file: String, text: String) {
        files.withLock { $0[file] = text }
    }

    /// What was recorded, by file.
    public var recorded: [String: String] { files.withLock { $0 } }
}

/// The values scenarios share within one build, with the inputs each was computed from.
public final class SharedInputs: Sendable {
    private let results = Mutex<[String: Result]>([:])

    struct Result: Sendable {
        var value: any Sendable
        var inputs: Set<BuildInput>
        /// What `NotLocalizedLog` recorded while computing it.
        var notLocalized: [String: String]
    }

    public init() {}

    func result<Value: Sendable>(_ key: String) -> (Value, Set<BuildInput>, [String: String])? {
        results.withLock { results in
            results[key].flatMap { result in (result.value as? Value).map { ($0, result.inputs, result.notLocalized) } }
        }
    }

    func store(_ key: String, value: any Sendable, inputs: Set<BuildInput>, notLocalized: [String: String]) {
        results.withLock { $0[key] = Result(value: value, inputs: inputs, notLocalized: notLocalized) }
    }
}

/// A folder of text files an app may read, each read recorded as an input of its scenario.
public protocol InputFiles: Sendable {
    /// The names of the files (not folders) in `folder`, sorted, hidden ones left out; none when
    /// there is no such folder.
    func files(in folder: String) throws -> [String]
    /// The text of `path`, as it is; `nil` when there is no such file. Markdown rendered through
    /// `InputContext.markdown` loses the control characters HTML forbids; other text reaches a
    /// page through a template, which escapes it.
    ///
    /// - Throws: an error naming the file when it exists but cannot be read as UTF-8 text.
    func text(_ path: String) throws -> String?
    /// The text of `path`, read no further than `limit + 1` bytes: a file longer than `limit` gives
    /// that much, for the caller to refuse as too large without the rest of it read.
    func text(_ path: String, limit: Int) throws -> String?
    /// How `path` is named in messages: `content/prompts/<app>/01.md`.
    func displayPath(_ path: String) -> String
    /// The same files, their reads recorded in `log`.
    func recording(into log: InputLog) -> any InputFiles
}

extension InputFiles {
    /// Files whose reads are not recorded stay as they are.
    public func recording(into log: InputLog) -> any InputFiles { self }

    /// The whole text, for files that are not read from disk.
    public func text(_ path: String, limit: Int) throws -> String? { try text(path) }
}

/// A broken file of Glimpse's own content or of a scenario: the build fails and names it.
public struct ContentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// As the user names it: `content/site.yaml`.
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
