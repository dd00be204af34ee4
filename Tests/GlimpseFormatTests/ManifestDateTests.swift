import Foundation
import Testing

@testable import GlimpseFormat

/// The manifest's times read by hand agree with Foundation's ISO 8601 parser on every string,
/// valid or not.
@Suite struct ManifestDateTests {
    static func foundation(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Times as the formats write them (`±hh:mm`, or `Z`), from 1906 to 2096, in zones -14:45 to +14:45.
    @Test func tenThousandTimesAgreeWithFoundation() {
        var generator = SystemRandomNumberGenerator()
        var readByHand = 0
        for _ in 0..<10_000 {
            let seconds = Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))
            let hours = Int.random(in: -13...13, using: &generator)
            let offset = hours * 3600 + (hours < 0 ? -1 : 1) * [0, 1800, 2700].randomElement(using: &generator)!
            let zone = TimeZone(secondsFromGMT: offset)!
            let text = Date(timeIntervalSince1970: seconds).formatted(
                Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone))
            let plain = ManifestV3.plainDate(Array(text.utf8))
            if plain != nil { readByHand += 1 }
            #expect(plain == nil || plain == Self.foundation(text), "\(text)")
            #expect(ManifestV3.date(text) == Date(timeIntervalSince1970: seconds), "\(text)")
        }
        #expect(readByHand == 10_000)
    }

    @Test(arguments: [
        "2026-11-22T09:00:00-05:00", "2024-02-29T23:59:59+14:00", "2026-03-08T02:30:00Z", "0001-01-01T00:00:00Z",
        "2026-02-29T09:00:00-05:00", "2026-13-01T09:00:00Z", "2026-11-31T09:00:00Z", "2026-11-22T24:00:00Z",
        "2026-11-22T09:60:00Z", "2026-11-22T09:00:60Z", "2026-11-22T09:00:00+15:00", "2026-11-22T09:00:00-05:60",
        "2026-11-22 09:00:00Z", "2026-11-22T09:00:00.250-05:00", "2026-11-22T09:00:00", "２０２６-11-22T09:00:00Z",
        "+026-11-22T09:00:00Z", "", "2026-11-22T09:00:00-0500",
    ])
    func anEdgeAgreesWithFoundation(text: String) {
        #expect(ManifestV3.date(text) == Self.foundation(text))
        if let plain = ManifestV3.plainDate(Array(text.utf8)) { #expect(plain == Self.foundation(text)) }
    }
}
