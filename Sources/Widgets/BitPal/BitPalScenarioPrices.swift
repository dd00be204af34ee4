import Foundation

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
struct BitPalScenarioPrices: Sendable {
    var series: [String: [(offset: TimeInterval, price: Decimal)]]
    var outages: [(from: TimeInterval, to: TimeInterval, failure: BitPalPrices.Failure)]

    static let fileName = "prices.yaml"

    /// The script with absolute times.
    func script(from now: Date) -> BitPalPrices.Script {
        BitPalPrices.Script(
            series: series.mapValues { $0.map { BitPalPrices.Script.Point(at: now + $0.offset, price: $0.price) } },
            outages: outages.map {
                BitPalPrices.Script.Outage(
                    interval: DateInterval(start: now + $0.from, end: now + $0.to), failure: $0.failure)
            })
    }

    /// Reads `prices.yaml` from the scenario's folder; `nil` when there is none.
    ///
    /// - Throws: `ContentError` naming the file and the entry at fault.
    static func load(from files: any InputFiles) throws -> BitPalScenarioPrices? {
        guard let text = try files.text(fileName, limit: BoundedYAML.maximumBytes) else { return nil }
        func fail(_ reason: String) -> ContentError { ContentError(file: files.displayPath(fileName), reason: reason) }
        let prices: BitPalScenarioPrices?
        do {
            prices = try BoundedYAML.decode(BitPalScenarioPrices.self, from: text)
        } catch let refused as BoundedYAML.Refused {
            throw fail(refused.reason)
        } catch let invalid as BoundedYAML.Invalid {
            throw fail(invalid.description)
        } catch {
            throw fail("not valid YAML: \(error)")
        }
        guard let prices else { throw fail(Self.expectedTopLevel) }
        return prices
    }

    static let expectedTopLevel = "expected a mapping with prices and outages"
    static let expectedDuration = "expected an ISO 8601 duration after now, such as PT3H"
}

extension BitPalScenarioPrices: Decodable {
    enum CodingKeys: String, CodingKey {
        case prices, outages
    }

    init(from decoder: any Decoder) throws {
        let keys = try decoder.mapping(keyedBy: CodingKeys.self, or: Self.expectedTopLevel)
        series =
            try keys.decodeIfPresent(
                Series.self, forKey: .prices, or: "expected a mapping of coin ids to lists of points")?.points ?? [:]
        outages =
            try keys.decodeIfPresent([Outage].self, forKey: .outages, or: "expected a list of {from, to, failure}")?
            .map { ($0.from, $0.to, $0.failure) } ?? []
    }

    /// `prices`: coin id → its points, in order.
    struct Series: Decodable {
        var points: [String: [(offset: TimeInterval, price: Decimal)]] = [:]

        init(from decoder: any Decoder) throws {
            let coins = try decoder.container(keyedBy: YAMLKey.self)
            let reason = "expected a list of {at, price}"
            for coin in coins.allKeys {
                guard !coin.stringValue.isEmpty else {
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: decoder.codingPath, debugDescription: "expected a coin id, not an empty key"))
                }
                guard let list = try coins.decodeIfPresent([Point].self, forKey: coin, or: reason) else {
                    throw DecodingError.dataCorruptedError(forKey: coin, in: coins, debugDescription: reason)
                }
                points[coin.stringValue] = list.map { ($0.offset, $0.price) }
            }
        }
    }

    /// `{ at: PT3H, price: 98010.55 }`: the price, kept as written, from `at` on.
    struct Point: Decodable {
        var offset: TimeInterval
        var price: Decimal

        enum CodingKeys: String, CodingKey {
            case at, price
        }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.mapping(keyedBy: CodingKeys.self, or: "expected {at, price}")
            let reason = "expected a number of 0 or more"
            guard let text = try keys.decodeIfPresent(YAMLScalar.self, forKey: .price, or: reason)?.text,
                let price = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                price >= 0, text.allSatisfy({ $0.isNumber || $0 == "." })
            else { throw DecodingError.dataCorruptedError(forKey: .price, in: keys, debugDescription: reason) }
            self.price = price
            offset = try BitPalScenarioPrices.duration(.at, in: keys)
        }
    }

    /// `{ from: PT1H, to: PT4H, failure: timeout }`: requests in [from, to) fail so.
    struct Outage: Decodable {
        var from: TimeInterval
        var to: TimeInterval
        var failure: BitPalPrices.Failure

        enum CodingKeys: String, CodingKey {
            case from, to, failure
        }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.mapping(keyedBy: CodingKeys.self, or: "expected {from, to, failure}")
            from = try BitPalScenarioPrices.duration(.from, in: keys)
            to = try BitPalScenarioPrices.duration(.to, in: keys)
            guard to > from else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "to must come after from"))
            }
            let reason = "expected one of \(BitPalPrices.Failure.allCases.map(\.rawValue).joined(separator: ", "))"
            guard let text = try keys.decodeIfPresent(YAMLScalar.self, forKey: .failure, or: reason)?.text,
                let failure = BitPalPrices.Failure(rawValue: text)
            else { throw DecodingError.dataCorruptedError(forKey: .failure, in: keys, debugDescription: reason) }
            self.failure = failure
        }
    }

    /// An ISO 8601 duration after now at `key`.
    static func duration<Key: CodingKey>(_ key: Key, in keys: KeyedDecodingContainer<Key>) throws -> TimeInterval {
        guard let text = try keys.decodeIfPresent(YAMLScalar.self, forKey: key, or: expectedDuration)?.text,
            let seconds = ISODuration.seconds(text)
        else { throw DecodingError.dataCorruptedError(forKey: key, in: keys, debugDescription: expectedDuration) }
        return seconds
    }
}
