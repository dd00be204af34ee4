import Foundation

extension BitPalPrices {
    /// A scripted day of prices, from a scenario's `prices.yaml`: a series per coin, each price
    /// holding until the next point, and windows when the API fails.
    struct Script: Hashable, Sendable {
        struct Point: Hashable, Sendable {
            var at: Date
            var price: Decimal

            init(at: Date, price: Decimal) {
                self.at = at
                self.price = price
            }
        }

        struct Outage: Hashable, Sendable {
            var interval: DateInterval
            var failure: BitPalPrices.Failure

            init(interval: DateInterval, failure: BitPalPrices.Failure) {
                self.interval = interval
                self.failure = failure
            }
        }

        var series: [String: [Point]]
        var outages: [Outage]

        init(series: [String: [Point]], outages: [Outage] = []) {
            self.series = series.mapValues { $0.sorted { $0.at < $1.at } }
            self.outages = outages
        }

        /// What a request at `date` gets: a failure inside an outage, otherwise each coin's
        /// latest price at or before `date` (a coin with none is absent).
        func quote(ids: [String], at date: Date) -> BitPalPrices.Quote {
            if let outage = outages.first(where: { $0.interval.start <= date && date < $0.interval.end }) {
                return .failed(outage.failure, detail: "scripted outage")
            }
            var prices: [String: Decimal] = [:]
            for id in ids {
                if let point = series[id]?.last(where: { $0.at <= date }) { prices[id] = point.price }
            }
            return .prices(prices)
        }
    }
}
