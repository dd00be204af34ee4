import AppGroupStore
import Foundation
import GlimpseCore
import Synchronization
import TestSupport
import Testing
import WidgetTimeline

@testable import Widgets

/// BitPal's own inputs: the scenario's `prices.yaml`, and a live fetch made once, before the day
/// is simulated.
struct BitPalInputsTests {
    /// A price API that answers at once and counts its requests.
    final class StubPrices: BitPalPrices.Fetcher {
        let requests = Mutex(0)
        let quote: BitPalPrices.Quote

        init(_ quote: BitPalPrices.Quote) {
            self.quote = quote
        }

        func fetch(ids: [String], currency: String) async -> BitPalPrices.Quote {
            requests.withLock { $0 += 1 }
            return quote
        }

        var endpoint: String { "https://prices.test/coins/markets" }
    }

    /// A store with `refresh_data.json` as the real app writes it, one of each coin at cost 1.
    func store(holdings: [String]) throws -> URL {
        let root = temporaryFolder("bitpal-inputs")
        let file = root.appendingPathComponent("\(BitPalStoreFile.containerIdentifier)/\(BitPalStoreFile.refreshPath)")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let rows = holdings.map {
            "{\"avgCost\" : 1, \"coinId\" : \"\($0)\", \"name\" : \"\($0)\", \"quantity\" : 1, \"symbol\" : \"\($0)\"}"
        }
        try Data("{\"holdings\" : [\(rows.joined(separator: ", "))], \"realizedPnL\" : 0}".utf8).write(to: file)
        return root
    }

    @Test func aLiveFetchHappensOnceBeforeTheDayAndIsRecorded() async throws {
        let root = try store(holdings: ["btc", "eth"])
        defer { try? FileManager.default.removeItem(at: root) }
        let stub = StubPrices(.prices(["btc": 2, "eth": 3]))
        let (context, log) = inputContext(store: try StoreRoot(url: root))
        let inputs = try await BitPalApp(configuration: BitPalConfiguration(prices: stub)).inputs(context)
        #expect(stub.requests.withLock { $0 } == 1)
        guard case .fetched(.prices(let prices), _, nil) = inputs.source.kind else {
            Issue.record("expected a fetched quote, got \(inputs.source.kind)")
            return
        }
        #expect(prices == ["btc": 2, "eth": 3])
        #expect(log.recorded.contains(BuildInput(.network, "https://prices.test/coins/markets")))
        // The day uses what was fetched; simulating it asks nothing more.
        let environment = PreviewEnvironment(
            window: context.window, calendar: context.calendar, locale: .enUS, budget: .standard,
            events: [], copy: EchoCopyBook())
        let previews = try BitPalApp(configuration: BitPalConfiguration(prices: stub)).previews(
            families: [(.systemSmall, WidgetSize(width: 158, height: 158))],
            store: nil, environment: environment, inputs: inputs)
        #expect(previews[0].frames.first?.view.texts.contains("$5.00") == true)
        #expect(stub.requests.withLock { $0 } == 1)
    }

    @Test func pricesYAMLComesFromTheScenarioFolderAndABrokenOneNamesIt() async throws {
        let yaml =
            "prices:\n  btc:\n    - { at: PT0S, price: 10.50 }\noutages:\n  - { from: PT1H, to: PT2H, failure: "
            + "http429 }\n"
        let inputs = try await BitPalApp().inputs(inputContext(scenario: ["prices.yaml": yaml]).0)
        guard case .scripted(let script) = inputs.source.kind else {
            Issue.record("expected a script, got \(inputs.source.kind)")
            return
        }
        #expect(script.series["btc"]?.map(\.price) == [Decimal(string: "10.50")!])
        #expect(script.outages.map(\.failure) == [.rateLimited])
        await #expect(
            throws: ContentError(
                file: "scenario/prices.yaml", reason: "prices.btc[0].price: expected a number of 0 or more")
        ) {
            try await BitPalApp().inputs(
                inputContext(scenario: ["prices.yaml": "prices:\n  btc:\n    - { at: PT0S, price: lots }\n"]).0)
        }
    }
}
