import ArgumentParser
import Foundation
import GlimpseRegistry
import Testing
import WidgetsNetwork

@testable import Widgets

/// BitPal's options group on `glimpse build` builds its configuration: offline by default, live
/// prices from `--prices-url`, and bad values refused as usage errors.
struct BitPalOptionsTests {
    func bitPal(in apps: [any GalleryApp]) throws -> BitPalApp {
        try #require(apps.compactMap { $0 as? BitPalApp }.first)
    }

    @Test func theOptionsGroupConfiguresTheLiveSource() throws {
        let offline = try bitPal(in: AppOptions.parse([]).apps())
        #expect(offline.prices == nil)
        let live = try bitPal(
            in: AppOptions.parse([
                "--prices-url", "https://api.example.org/api/v3", "--prices-api-key", "k",
                "--prices-timeout", "3",
            ]).apps())
        let fetcher = try #require(live.prices as? CoinGeckoFetcher)
        #expect(fetcher.endpoint == "https://api.example.org/api/v3/coins/markets")
        #expect(fetcher.timeout == 3 && fetcher.apiKey == "k" && fetcher.apiKeyHeader == "x-cg-demo-api-key")
    }

    @Test(arguments: [
        ["--prices-url", "ftp://example.org"], ["--prices-url", "nonsense"], ["--prices-timeout", "0"],
        ["--prices-timeout", "121"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) {
        #expect(throws: (any Error).self) { try AppOptions.parse(arguments) }
    }
}
