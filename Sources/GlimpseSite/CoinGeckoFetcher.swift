import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import Widgets

/// Live prices from a CoinGecko-compatible API: `GET BASE/coins/markets?vs_currency=<cur>&ids=<ids>`.
///
/// One request per refresh for up to 250 ids (the API's cap; more are sent in chunks of 250).
/// A timeout, an HTTP error, a 429 or a body that is not the expected JSON is a failure, which
/// the widget answers with cached data. It never fails the build.
public struct CoinGeckoFetcher: PriceFetcher {
    public var baseURL: URL
    public var apiKey: String?
    /// The header the key goes in: `x-cg-demo-api-key` (free plans) or `x-cg-pro-api-key`.
    public var apiKeyHeader: String
    /// SC-003: a refresh completes within 15 s.
    public var timeout: TimeInterval
    /// A response larger than this is malformed.
    static let maximumBody = 16 * 1024 * 1024

    public init(baseURL: URL, apiKey: String? = nil, apiKeyHeader: String = "x-cg-demo-api-key", timeout: TimeInterval = 15) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.apiKeyHeader = apiKeyHeader
        self.timeout = timeout
    }

    public func fetch(ids: [String], currency: String) -> PriceQuote {
        var prices: [String: Decimal] = [:]
        let unique = Array(Set(ids)).sorted()
        for start in stride(from: 0, to: unique.count, by: PriceFetchLimits.idsPerRequest) {
            let chunk = Array(unique[start..<min(start + PriceFetchLimits.idsPerRequest, unique.count)])
            switch request(ids: chunk, currency: currency) {
            case .prices(let found): prices.merge(found) { first, _ in first }
            case .failed(let failure, let detail): return .failed(failure, detail: detail)
            }
        }
        return .prices(prices)
    }

    /// The URL of one request.
    func url(ids: [String], currency: String) -> URL? {
        var components = URLComponents(url: baseURL.appendingPathComponent("coins/markets"), resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "vs_currency", value: currency.lowercased()),
                                  URLQueryItem(name: "ids", value: ids.joined(separator: ","))]
        return components?.url
    }

    struct Market: Decodable {
        var id: String
        var current_price: Decimal?
    }

    func request(ids: [String], currency: String) -> PriceQuote {
        guard let url = url(ids: ids, currency: currency) else { return .failed(.httpError, detail: "bad URL") }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey { request.setValue(apiKey, forHTTPHeaderField: apiKeyHeader) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }

        let outcome = Mutex<(Data?, URLResponse?, (any Error)?)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            outcome.withLock { $0 = (data, response, error) }
            done.signal()
        }
        task.resume()
        // A backstop in case the session's own timeout does not fire.
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            return .failed(.timeout, detail: "no answer within \(Int(timeout)) s")
        }
        guard let (data, response, error) = outcome.withLock({ $0 }) else { return .failed(.offline, detail: nil) }
        if let error {
            if (error as? URLError)?.code == .timedOut { return .failed(.timeout, detail: "no answer within \(Int(timeout)) s") }
            return .failed(.offline, detail: (error as NSError).localizedDescription)
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if status == 429 { return .failed(.rateLimited, detail: nil) }
        guard (200..<300).contains(status) else { return .failed(.httpError, detail: "HTTP \(status)") }
        guard let data, data.count <= Self.maximumBody,
              let markets = try? JSONDecoder().decode([Market].self, from: data)
        else { return .failed(.malformed, detail: nil) }
        var prices: [String: Decimal] = [:]
        for market in markets where ids.contains(market.id) {
            if let price = market.current_price, price >= 0 { prices[market.id] = price }
        }
        return .prices(prices)
    }
}
