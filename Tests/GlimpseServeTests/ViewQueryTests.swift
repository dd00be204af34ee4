import Foundation
import Testing

@testable import GlimpseServe

/// The toolbar's state in a page's query: read, checked and written back the same.
@Suite struct ViewQueryTests {
    @Test func aQueryRoundTrips() throws {
        let query = ViewQuery(
            now: Date(timeIntervalSince1970: 1_795_000_000), timeZone: "America/New_York", device: "375x667",
            locale: "de_DE", events: [.init(at: 3600, type: "completeHabit", parameters: ["habit": "h+1 &2"])])
        let items = PreviewServer.queryItems(query.queryString)
        #expect(try ViewQuery.parse(items) == query)
        #expect(ViewQuery().queryString == "")
    }

    @Test(arguments: [
        ("now", "tomorrow", "now: expected ISO 8601"),
        ("tz", "Mars/Olympus", "tz: \"Mars/Olympus\" is not an IANA time zone"),
        ("device", "1x1", "device: \"1x1\" is not a screen class"),
        ("locale", "<script>", "locale: \"<script>\" is not a locale"),
        ("locale", "de_XX", "locale: \"de_XX\" is not a locale ICU knows, such as de or "),
        ("events", "[{\"at\": -5, \"type\": \"x\"}]", "events: at must be 0 to 86400"),
        ("events", "not json", "events: expected a JSON array"),
        ("colour", "red", "colour: not a parameter"),
    ])
    func badQueriesSayWhatIsWrong(name: String, value: String, message: String) {
        #expect(throws: ViewQueryError.self) { try ViewQuery.parse([(name, value)]) }
        do {
            _ = try ViewQuery.parse([(name, value)])
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }
}
