import AppGroupStore
import Foundation
import GlimpseCore
import TestSupport
import Testing

@testable import Widgets

/// BitPal's store as Pointwelve/Bitpal-iOS@122d91c writes it: `WidgetData/refresh_data.json` and
/// `portfolio.json`; and the suite Glimpse's earlier samples wrote.
struct BitPalStoreTests {
    /// A store holding `files` (path in the container → text).
    func load(_ files: [String: String]) throws -> LoadedStore<BitPalStoreFile.Contents> {
        let root = temporaryFolder("bitpal-store")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let file = root.appendingPathComponent("\(BitPalStoreFile.containerIdentifier)/\(path)")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return BitPalApp().load(store: try StoreRoot(url: root))
    }

    /// As JSONEncoder writes it: sorted keys, `" : "`, Decimals with every digit.
    let refresh = """
        {
          "holdings" : [
            {
              "avgCost" : 2333.33333333333333333333333333333333333,
              "coinId" : "ethereum",
              "name" : "Ethereum",
              "quantity" : 3,
              "symbol" : "eth"
            }
          ],
          "realizedPnL" : 1500.5
        }
        """
    let portfolio = """
        {
          "holdings" : [
            {
              "currentValue" : 9000,
              "id" : "ethereum",
              "name" : "Ethereum",
              "pnlAmount" : 2000.0000000000000000000000000000000001,
              "pnlPercentage" : 28.57142857142857142857142857142857143,
              "symbol" : "ETH"
            }
          ],
          "lastUpdated" : "2025-12-17T14:15:00Z",
          "realizedPnL" : 1500.5,
          "totalPnL" : 3500.5000000000000000000000000000000001,
          "totalValue" : 9000,
          "unrealizedPnL" : 2000.0000000000000000000000000000000001
        }
        """

    @Test func theRealFilesAreReadIntoTheWidgetsModel() throws {
        let loaded = try load([BitPalStoreFile.refreshPath: refresh, BitPalStoreFile.portfolioPath: portfolio])
        let contents = loaded.value
        #expect(loaded.diagnostics.isEmpty)
        #expect(contents.refresh?.currency == "USD")
        #expect(
            contents.refresh?.holdings.map(\.averageCost) == [
                Decimal(string: "2333.33333333333333333333333333333333333")!
            ])
        let stored = try #require(contents.stored)
        #expect(stored.realizedPnL == Decimal(string: "1500.5")!)
        #expect(stored.holdings.map(\.coinId) == ["ethereum"])
        // The price is the value over the quantity the refresh data holds.
        #expect(stored.holdings[0].price == 3000)
        // The shipped widget's percentage: total P&L over the total value less it.
        #expect(stored.totalPnLPercent == BitPalRules.percent(stored.totalPnL, of: 9000 - stored.totalPnL))
        #expect(stored.lastUpdated == ISO8601DateFormatter().date(from: "2025-12-17T14:15:00Z"))
    }

    @Test func aCorruptRefreshFileLeavesTheCache() throws {
        let loaded = try load([
            BitPalStoreFile.refreshPath: String(refresh.prefix(60)), BitPalStoreFile.portfolioPath: portfolio,
        ])
        #expect(loaded.value.refresh == nil && loaded.value.stored != nil && !loaded.value.unreadable)
        #expect(loaded.diagnostics.map(\.file) == ["group.com.bitpal.shared/\(BitPalStoreFile.refreshPath)"])
        // No quantity to divide by: no price, the value stays.
        #expect(loaded.value.stored?.holdings[0].price == nil)
    }

    @Test func bothFilesCorruptAreUnreadable() throws {
        let loaded = try load([
            BitPalStoreFile.refreshPath: String(refresh.prefix(60)),
            BitPalStoreFile.portfolioPath: String(portfolio.prefix(60)),
        ])
        #expect(loaded.value.unreadable)
        #expect(loaded.diagnostics.count == 2)
    }

    @Test func noFilesIsTheEmptyPortfolioWithOneWarning() throws {
        let loaded = try load(["Library/Caches/.keep": ""])
        #expect(loaded.value.refresh == nil && loaded.value.stored == nil && !loaded.value.unreadable)
        #expect(loaded.diagnostics.map(\.message) == ["file not found; showing the empty portfolio"])
    }

    /// Glimpse's earlier samples: the suite's JSON `Data`. Still read, with a warning naming the files.
    @Test func theEarlierSuiteIsReadWithAWarning() throws {
        let refresh =
            #"{"currency":"EUR","holdings":[{"coinId":"btc","symbol":"BTC","name":"Bitcoin","quantity":1,"#
            + #""averageCost":5}],"realizedPnL":0}"#
        let plist = try PropertyListSerialization.data(
            fromPropertyList: [BitPalStoreFile.RefreshData.key: Data(refresh.utf8)], format: .xml, options: 0)
        let loaded = try load([BitPalStoreFile.earlierPlistPath: String(decoding: plist, as: UTF8.self)])
        #expect(loaded.value.refresh?.currency == "EUR")
        #expect(loaded.diagnostics.contains { $0.message.contains("BitPal writes WidgetData/refresh_data.json") })
    }
}
