import AppGroupStore
import Foundation
import WidgetTimeline
import Widgets

/// What `glimpse build` was asked to do.
public struct BuildOptions: Sendable {
    public var contentDirectory: URL
    public var templatesDirectory: URL
    /// User stores that replace the sample scenarios. Empty: build the samples.
    public var stores: [URL]
    /// Every app the build knows, in the order they were added: the registry's, configured by the
    /// command line, and any a caller adds (a test's own widget). The manifest schema names them all.
    public var knownApps: [any GalleryApp]
    /// App ids to build. Empty: every known app.
    public var apps: [String]
    /// Fixed clock; `nil` means the current time.
    public var now: Date?
    /// Fixed zone; `nil` means the machine's zone.
    public var timeZone: TimeZone?
    public var locale: String
    public var device: DeviceClass
    public var reloadBudget: Int
    /// How long reading one app's store may take, in seconds (`StoreReadBudget`): past it, that
    /// widget shows its fallback with a diagnostic, and the rest of the gallery builds.
    public var storeTimeout: TimeInterval
    /// 10 s.
    public static let standardStoreTimeout = StoreReadBudget.standardSeconds
    /// Where Debian's `fonts-inter` puts Inter; copied into the gallery when present.
    public var fontsDirectory: URL?
    /// Widgets and pages rendered at once. 1 is a serial build; the output is the same either way.
    public var parallelism: Int
    /// `--redact`: store text and figures as placeholders, for publishing real data.
    public var redaction: Redaction
    /// `--tint`: the tinted scheme's colours. The standard palette leaves the stylesheet as it is.
    public var tint: TintPalette = .standard

    public init(
        contentDirectory: URL = URL(fileURLWithPath: "content"),
        templatesDirectory: URL = URL(fileURLWithPath: "templates"),
        stores: [URL] = [],
        knownApps: [any GalleryApp] = GalleryApps.all,
        apps: [String] = [],
        now: Date? = nil,
        timeZone: TimeZone? = nil,
        locale: String = "en_US",
        device: DeviceClass = .standard,
        reloadBudget: Int = ReloadBudget.standard.limit,
        storeTimeout: TimeInterval = standardStoreTimeout,
        fontsDirectory: URL? = URL(fileURLWithPath: "/usr/share/fonts/opentype/inter"),
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        redaction: Redaction = .off,
        tint: TintPalette = .standard
    ) {
        self.redaction = redaction
        self.tint = tint
        self.parallelism = max(1, parallelism)
        self.contentDirectory = contentDirectory
        self.templatesDirectory = templatesDirectory
        self.stores = stores
        self.knownApps = knownApps
        self.apps = apps
        self.now = now
        self.timeZone = timeZone
        self.locale = locale
        self.device = device
        self.reloadBudget = reloadBudget
        self.storeTimeout = storeTimeout
        self.fontsDirectory = fontsDirectory
    }
}
