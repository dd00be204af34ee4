import Foundation
import Yams

/// A scenario's `prices.yaml`: BitPal's price series and API outages, as offsets from `now`.
///
/// ```yaml
/// prices:                      # in the portfolio's currency; each point holds until the next
///   bitcoin:
///     - { at: PT0S, price: 97250.00 }
///     - { at: PT3H, price: 98010.55 }
/// outages:                     # requests in [from, to) fail: timeout, http429, malformed or offline
///   - { from: PT1H, to: PT4H, failure: timeout }
/// ```
///
/// Prices are read from the YAML text, not through a `Double`, so every digit is kept.
struct ScenarioPrices: Sendable {
    var series: [String: [(offset: TimeInterval, price: Decimal)]]
    var outages: [(from: TimeInterval, to: TimeInterval, failure: PriceFailure)]

    static let fileName = "prices.yaml"

    /// The script with absolute times.
    func script(from now: Date) -> PriceScript {
        PriceScript(
            series: series.mapValues { $0.map { PriceScript.Point(at: now + $0.offset, price: $0.price) } },
            outages: outages.map { PriceScript.Outage(interval: DateInterval(start: now + $0.from, end: now + $0.to), failure: $0.failure) })
    }

    /// Reads `prices.yaml` from the scenario's folder; `nil` when there is none.
    ///
    /// - Throws: `ContentError` naming the file and the entry at fault.
    static func load(from files: any InputFiles) throws -> ScenarioPrices? {
        guard let text = try files.text(fileName) else { return nil }
        func fail(_ reason: String) -> ContentError { ContentError(file: files.displayPath(fileName), reason: reason) }
        let root: Node?
        do {
            root = try BoundedYAML.compose(text)
        } catch let refused as BoundedYAML.Refused {
            throw fail(refused.reason)
        } catch {
            throw fail("not valid YAML: \(error)")
        }
        guard let root, let top = root.mapping else { throw fail("expected a mapping with prices and outages") }
        func duration(_ node: Node?, _ path: String) throws -> TimeInterval {
            guard let text = node?.scalar?.string, let seconds = ISODuration.seconds(text) else {
                throw fail("\(path): expected an ISO 8601 duration after now, such as PT3H")
            }
            return seconds
        }
        var prices = ScenarioPrices(series: [:], outages: [])
        if let series = top["prices"] {
            guard let coins = series.mapping else { throw fail("prices: expected a mapping of coin ids to lists of points") }
            for (key, points) in coins {
                guard let coin = key.scalar?.string, !coin.isEmpty, let list = points.sequence else {
                    throw fail("prices: expected each coin id to map to a list of {at, price}")
                }
                prices.series[coin] = try list.enumerated().map { index, point in
                    let path = "prices.\(coin)[\(index)]"
                    guard let text = point["price"]?.scalar?.string, let price = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                          price >= 0, text.allSatisfy({ $0.isNumber || $0 == "." })
                    else { throw fail("\(path).price: expected a number of 0 or more") }
                    return (try duration(point["at"], "\(path).at"), price)
                }
            }
        }
        if let outages = top["outages"] {
            guard let list = outages.sequence else { throw fail("outages: expected a list of {from, to, failure}") }
            prices.outages = try list.enumerated().map { index, outage in
                let path = "outages[\(index)]"
                let from = try duration(outage["from"], "\(path).from")
                let to = try duration(outage["to"], "\(path).to")
                guard to > from else { throw fail("\(path): to must come after from") }
                guard let text = outage["failure"]?.scalar?.string, let failure = PriceFailure(rawValue: text) else {
                    throw fail("\(path).failure: expected one of \(PriceFailure.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return (from, to, failure)
            }
        }
        return prices
    }
}
