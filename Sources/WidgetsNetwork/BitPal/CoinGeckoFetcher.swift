import Foundation
import GlimpseCore
import Synchronization
import Widgets

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Live prices from a CoinGecko-compatible API: `GET BASE/coins/markets?vs_currency=<cur>&ids=<ids>`.
///
/// One request per refresh for up to 250 ids (the API's cap; more are sent in chunks of 250).
/// A timeout, an HTTP error, a 429 or a body that is not the expected JSON is a failure, which
/// the widget answers with cached data. It never fails the build.
package struct CoinGeckoFetcher: BitPalPrices.Fetcher {
    package var baseURL: URL
    package var apiKey: String?
    /// The header the key goes in: `x-cg-demo-api-key` (free plans) or `x-cg-pro-api-key`.
    package var apiKeyHeader: String
    /// A refresh completes within 15 s by default, as the widget's own refresh must.
    package var timeout: TimeInterval
    package static let defaultTimeout = TimeInterval(Limits.networkTimeout.value)
    /// A response larger than this is malformed.
    static let maximumBody = Limits.networkBody.value

    package init(
        baseURL: URL, apiKey: String? = nil, apiKeyHeader: String = "x-cg-demo-api-key",
        timeout: TimeInterval = defaultTimeout
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.apiKeyHeader = apiKeyHeader
        self.timeout = timeout
    }

    package func fetch(ids: [String], currency: String) async -> BitPalPrices.Quote {
        var prices: [String: Decimal] = [:]
        let unique = Array(Set(ids)).sorted()
        for start in stride(from: 0, to: unique.count, by: BitPalPrices.idsPerRequest) {
            let chunk = Array(unique[start..<min(start + BitPalPrices.idsPerRequest, unique.count)])
            switch await request(ids: chunk, currency: currency) {
            case .prices(let found): prices.merge(found) { first, _ in first }
            case .failed(let failure, let detail): return .failed(failure, detail: detail)
            }
        }
        return .prices(prices)
    }

    package var endpoint: String {
        baseURL.appendingPathComponent("coins/markets").absoluteString
    }

    /// The URL of one request.
    func url(ids: [String], currency: String) -> URL? {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("coins/markets"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "vs_currency", value: currency.lowercased()),
            URLQueryItem(name: "ids", value: ids.joined(separator: ",")),
        ]
        return components?.url
    }

    struct Market: Decodable {
        var id: String
        var currentPrice: Decimal?

        enum CodingKeys: String, CodingKey {
            case id
            case currentPrice = "current_price"
        }
    }

    func request(ids: [String], currency: String) async -> BitPalPrices.Quote {
        guard let url = url(ids: ids, currency: currency) else { return .failed(.httpError, detail: "bad URL") }
        // The request runs on its session's own queue; this task waits for it without holding a
        // thread of the cooperative pool. A backstop ends the wait if the session's own timeout
        // does not fire.
        let answer = await withTaskGroup(of: Answer?.self) { group in
            group.addTask { await exchange(url: url) }
            group.addTask {
                try? await Task.sleep(for: .seconds(timeout + 1))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        let data: Data?
        switch answer {
        case nil, .failed(timedOut: true, _):
            return .failed(.timeout, detail: "no answer within \(Int(timeout)) s")
        case .failed(_, let description):
            return .failed(.offline, detail: description)
        case .response(let status, _) where status == 429:
            return .failed(.rateLimited, detail: nil)
        case .response(let status, _) where !(200..<300).contains(status):
            return .failed(.httpError, detail: "HTTP \(status)")
        case .response(_, let body):
            data = body
        }
        guard let data, data.count <= Self.maximumBody,
            let markets = try? JSONDecoder().decode([Market].self, from: data)
        else { return .failed(.malformed, detail: nil) }
        var prices: [String: Decimal] = [:]
        for market in markets where ids.contains(market.id) {
            if let price = market.currentPrice, price >= 0 { prices[market.id] = price }
        }
        return .prices(prices)
    }

    /// What came back for one request.
    enum Answer: Sendable {
        case response(status: Int, body: Data?)
        case failed(timedOut: Bool, description: String)
    }

    /// One request's answer; cancelling the waiting task cancels the request.
    func exchange(url: URL) async -> Answer {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey { request.setValue(apiKey, forHTTPHeaderField: apiKeyHeader) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let running = Mutex<URLSessionDataTask?>(nil)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(
                            returning: .failed(
                                timedOut: (error as? URLError)?.code == .timedOut,
                                description: (error as NSError).localizedDescription))
                    } else {
                        continuation.resume(
                            returning: .response(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data))
                    }
                }
                task.resume()
                running.withLock { $0 = task }
            }
        } onCancel: {
            running.withLock { $0?.cancel() }
        }
    }
}
