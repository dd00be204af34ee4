import Foundation
import Testing

@testable import Widgets

/// A scenario's `prices.yaml`, decoded into BitPal's price script; a broken one names the file
/// and the entry at fault.
struct ScenarioPricesTests {
    func load(_ yaml: String) throws -> BitPalScenarioPrices? {
        try BitPalScenarioPrices.load(from: MemoryFiles(files: ["prices.yaml": yaml], root: "scenario"))
    }

    @Test func seriesAndOutagesAreRead() throws {
        let prices = try #require(
            try load(
                """
                prices:
                  bitcoin:
                    - { at: PT0S, price: 97250.00 }
                    - { at: PT3H, price: 98010.55 }
                  "123": [{ at: PT1H, price: 7 }]
                outages:
                  - { from: PT1H, to: PT4H, failure: timeout }
                """))
        #expect(prices.series["bitcoin"]?.map(\.offset) == [0, 10_800])
        #expect(prices.series["bitcoin"]?.map(\.price) == [Decimal(string: "97250.00")!, Decimal(string: "98010.55")!])
        #expect(prices.series["123"]?.map(\.price) == [7])
        #expect(
            prices.outages.map(\.from) == [3_600] && prices.outages.map(\.to) == [14_400]
                && prices.outages.map(\.failure) == [.timeout])
    }

    @Test func noFileIsNoScript() throws {
        #expect(try BitPalScenarioPrices.load(from: MemoryFiles()) == nil)
    }

    @Test(arguments: [
        ("", "expected a mapping with prices and outages"),
        ("- a\n", "expected a mapping with prices and outages"),
        ("prices: 3\n", "prices: expected a mapping of coin ids to lists of points"),
        ("prices:\n  btc: 3\n", "prices.btc: expected a list of {at, price}"),
        ("prices:\n  btc:\n", "prices.btc: expected a list of {at, price}"),
        ("prices:\n  '': [{ at: PT0S, price: 1 }]\n", "prices: expected a coin id, not an empty key"),
        ("prices:\n  btc:\n    - { at: PT0S, price: -1 }\n", "prices.btc[0].price: expected a number of 0 or more"),
        ("prices:\n  btc:\n    - { at: PT0S, price: 1e3 }\n", "prices.btc[0].price: expected a number of 0 or more"),
        ("prices:\n  btc:\n    - { at: PT0S }\n", "prices.btc[0].price: expected a number of 0 or more"),
        ("prices:\n  btc:\n    - 5\n", "prices.btc[0]: expected {at, price}"),
        (
            "prices:\n  btc:\n    - { at: PT0S, price: 1 }\n    - { at: soon, price: 1 }\n",
            "prices.btc[1].at: expected an ISO 8601 duration after now, such as PT3H"
        ),
        ("outages: 3\n", "outages: expected a list of {from, to, failure}"),
        ("outages:\n  - 3\n", "outages[0]: expected {from, to, failure}"),
        (
            "outages:\n  - { to: PT2H, failure: timeout }\n",
            "outages[0].from: expected an ISO 8601 duration after now, such as PT3H"
        ),
        (
            "outages:\n  - { from: PT1H, failure: timeout }\n",
            "outages[0].to: expected an ISO 8601 duration after now, such as PT3H"
        ),
        ("outages:\n  - { from: PT2H, to: PT1H, failure: timeout }\n", "outages[0]: to must come after from"),
        (
            "outages:\n  - { from: PT1H, to: PT2H, failure: boom }\n",
            "outages[0].failure: expected one of timeout, http429, malformed, offline, httpError"
        ),
    ])
    func aBrokenEntryIsNamed(yaml: String, reason: String) {
        #expect(throws: ContentError(file: "scenario/prices.yaml", reason: reason)) {
            try load(yaml)
        }
    }
}
