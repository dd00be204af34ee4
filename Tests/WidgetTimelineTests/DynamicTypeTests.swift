import Foundation
import TestSupport
import Testing
import WidgetTimeline

struct DynamicTypeTests {
    @Test func bodyRunsFromFourteenToFiftyThree() {
        #expect(TextStyle.body.points == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(TextSize.allCases.count == 12)
        #expect(
            TextSize.named("ax5") == .ax5 && TextSize.named("xxxLARGE") == .xxxLarge && TextSize.named("huge") == nil)
    }

    @Test func largeIsTheDesignTokensSizesAndScalesByOne() {
        let large: [TextStyle: Int] = [
            .largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17, .body: 17,
            .callout: 16, .subheadline: 15, .footnote: 13, .caption1: 12, .caption2: 11,
        ]
        for style in TextStyle.allCases {
            #expect(style.points(at: .large) == large[style])
            #expect(style.scale(at: .large) == 1)
        }
    }

    @Test func everyStyleGrowsWithTheSizeAndNoneIsUnderElevenPoints() {
        for style in TextStyle.allCases {
            #expect(style.points.count == TextSize.allCases.count)
            #expect(zip(style.points, style.points.dropFirst()).allSatisfy { $0 <= $1 }, "\(style)")
            #expect(style.points.allSatisfy { $0 >= minimumTextPoints }, "\(style)")
        }
    }

    /// docs/DYNAMIC-TYPE.md's table is the code's, row by row.
    @Test func theDocumentedTableIsTheCodes() throws {
        let doc = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/DYNAMIC-TYPE.md"), encoding: .utf8)
        var rows: [String: [Int]] = [:]
        for line in doc.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = cells.first, TextStyle(rawValue: name) != nil else { continue }
            rows[name] = cells.dropFirst().compactMap { Int($0) }
        }
        #expect(rows.count == TextStyle.allCases.count)
        for style in TextStyle.allCases { #expect(rows[style.rawValue] == style.points, "\(style)") }
    }

    /// A family capped below its app draws at its own cap, with its own reason; the others at the app's.
    @Test func aFamilyCapsBelowItsApp() {
        let cap = TextSizeCap(
            .ax2, reason: "app",
            families: [
                .accessoryRectangular: .init(.xLarge, reason: "three lines"), .systemSmall: .init(.ax5, reason: "x"),
            ])
        #expect(cap.cap(for: .accessoryRectangular) == (.xLarge, "three lines"))
        #expect(cap.cap(for: .systemMedium) == (.ax2, "app") && cap.cap(for: nil) == (.ax2, "app"))
        // A family's cap above the app's is the app's.
        #expect(cap.cap(for: .systemSmall) == (.ax2, "app"))
    }
}
