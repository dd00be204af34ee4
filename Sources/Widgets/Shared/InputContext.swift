import AppGroupStore
import Foundation
import GlimpseCore
import Synchronization
import WidgetTimeline

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
