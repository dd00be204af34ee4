import ArgumentParser
import Foundation
import Widgets
import WidgetsNetwork

// The apps Glimpse knows. This is the one file that names them: everything else that needs the
// list (the gallery, the command line, the manifest schema a gallery ships, the tables of
// docs/APPS-AND-STORES.md, `make fuzz`, the tests that cover every app) derives it from here. To add a widget, add its
// line to `builtInApps()` and, if it has settings of its own, their options as an option group that
// builds its configuration; see docs/ADDING-A-WIDGET.md.

/// Every app's own command-line options, each an option group of `glimpse build` and `serve`.
package struct AppOptions: ParsableArguments {
    @OptionGroup(title: "BitPal options") var bitPal: BitPalOptions

    package init() {}

    /// This run's apps (`AppCatalog`), configured by these options, in the order they were added:
    /// the order of their stylesheets in the gallery's and of the manifest schema's `app` enum.
    package func apps() -> [any GalleryApp] {
        builtInApps().filter { AppCatalog.includes(builtIn: $0.id) } + AppCatalog.extra
    }

    /// Every app Glimpse ships, configured by these options, in the order they were added.
    package func builtInApps() -> [any GalleryApp] {
        [
            OneGoalApp(),
            BeeBloomApp(),
            JustNowApp(),
            BitPalApp(configuration: bitPal.configuration),
            W8TrackrApp(),
        ]
    }
}

/// The apps with their default settings.
package enum GalleryApps {
    /// Every app Glimpse ships, in the order they were added (`AppOptions.builtInApps()`). Parsing no
    /// arguments gives every option its default (none is required); it is done once.
    package static let all: [any GalleryApp] = (try? AppOptions.parse([]))?.builtInApps() ?? []

    package static func named(_ id: String) -> (any GalleryApp)? {
        all.first { $0.id == id }
    }
}

/// BitPal's options: live prices from a CoinGecko-compatible API.
struct BitPalOptions: ParsableArguments {
    @Option(
        name: .customLong("prices-url"),
        help: ArgumentHelp(
            """
            A CoinGecko-compatible API base (https://api.coingecko.com/api/v3). One fetch at --now per store; on any \
            failure, cached data.
            """,
            valueName: "url"))
    var pricesURL: String?

    @Option(
        name: .customLong("prices-api-key"),
        help: ArgumentHelp("An API key, sent in --prices-api-key-header.", valueName: "key"))
    var pricesAPIKey: String?

    @Option(
        name: .customLong("prices-api-key-header"), help: ArgumentHelp("The header for the key.", valueName: "name"))
    var pricesAPIKeyHeader: String = "x-cg-demo-api-key"

    @Option(
        name: .customLong("prices-timeout"),
        help: ArgumentHelp(
            "Seconds before a price request gives up (docs/widgets/bitpal.md#timeline).", valueName: "seconds"))
    var pricesTimeout: Double = CoinGeckoFetcher.defaultTimeout

    func validate() throws {
        if let pricesURL, !Self.isWebURL(pricesURL) {
            throw ValidationError("--prices-url \(pricesURL): expected an http or https URL")
        }
        if !(pricesTimeout > 0 && pricesTimeout <= 120) {
            throw ValidationError("--prices-timeout must be more than 0 and at most 120 seconds")
        }
    }

    static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text) else { return false }
        return ["http", "https"].contains(url.scheme ?? "") && url.host != nil
    }

    /// The configuration these options ask for: live prices with `--prices-url`, offline without.
    var configuration: BitPalConfiguration {
        let fetcher = pricesURL.flatMap(URL.init(string:)).map {
            CoinGeckoFetcher(
                baseURL: $0, apiKey: pricesAPIKey, apiKeyHeader: pricesAPIKeyHeader, timeout: pricesTimeout)
        }
        return BitPalConfiguration(prices: fetcher)
    }
}
