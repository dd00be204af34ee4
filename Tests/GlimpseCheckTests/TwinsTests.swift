import GlimpseFormat
import Testing

@testable import GlimpseCheck

/// Tiles that draw the same pixels are drawn once: which tiles are twins, and a twin's findings
/// under its own frame.
struct TwinsTests {
    static func key(_ scenario: String, anchor: String, textSize: String = "Large") -> FrameKey {
        FrameKey(
            widget: Findings.WidgetKey(
                key: "habits/\(scenario)/systemSmall" + (textSize == "Large" ? "" : "@\(textSize)"), app: "habits",
                scenario: scenario, family: "systemSmall", device: "393x852", textSize: textSize),
            page: "habits/\(scenario)/systemSmall.html", anchor: anchor, scheme: "dark")
    }

    static func tile(_ key: FrameKey, _ markup: String, width: Int = 158) -> CheckRun.Tile {
        CheckRun.Tile(key: key, markup: markup, width: width, height: 158)
    }

    @Test func onlyTheSameMarkupAtTheSameSizeIsATwin() {
        let tiles = [
            Self.tile(Self.key("today", anchor: "t-0900"), "<p>Morning stretch</p>"),
            Self.tile(Self.key("today", anchor: "t-1000"), "<p>Water the plants</p>"),
            Self.tile(Self.key("today", anchor: "t-1100"), "<p>Morning stretch</p>"),
            Self.tile(Self.key("today", anchor: "t-0900", textSize: "AX5"), "<p>Morning stretch</p>"),
            Self.tile(Self.key("wide", anchor: "t-0900"), "<p>Morning stretch</p>", width: 170),
        ]
        let twins = CheckRun.Twins(tiles)
        #expect(twins.drawn == [0, 1, 4])
        #expect(twins.keys(of: 0, in: tiles).map(\.key.anchor) == ["t-0900", "t-1100", "t-0900"])
        #expect(twins.keys(of: 0, in: tiles).map(\.key.widget.key).last == "habits/today/systemSmall@AX5")
        #expect(twins.keys(of: 4, in: tiles).count == 1)
        #expect(CheckRun.Twins.digest(tiles[0]) == CheckRun.Twins.digest(tiles[2]))
        #expect(CheckRun.Twins.digest(tiles[0]) != CheckRun.Twins.digest(tiles[4]))
    }

    @Test func aTwinsFindingIsOnItsOwnFrame() {
        let drawn = Self.key("today", anchor: "t-0900")
        let twin = Self.key("today", anchor: "t-0900", textSize: "AX5")
        let finding = Findings.Finding(
            rule: .truncated, severity: .warning, widget: drawn.widget, page: drawn.page, frame: drawn.anchor,
            scheme: drawn.scheme,
            element: Findings.Element(
                text: "Morning stretch", role: nil, box: Findings.Box(x: 16, y: 40, width: 90, height: 18)),
            message: "Store text is cut to “Morning str…” (11 of 15 characters)", measured: Findings.Measured())
        let moved = CheckRun.Twins.finding(finding, at: twin)
        #expect(moved.widget.key == "habits/today/systemSmall@AX5" && moved.widget.textSize == "AX5")
        #expect(moved.frame == "t-0900" && moved.page == twin.page && moved.scheme == "dark")
        #expect(moved.element == finding.element && moved.message == finding.message)
    }
}
