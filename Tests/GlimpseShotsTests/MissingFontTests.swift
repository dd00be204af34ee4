import Testing

@testable import GlimpseShots

/// `snapshot` and `diff --pixels` name the package to install when text was drawn without its
/// font: font lists as Chromium reports them, written out here.
struct MissingFontTests {
    static let inter = "Inter-SemiBold (gallery)"

    @Test func japaneseDrawnWithInterAloneIsBoxesAndWantsNotoCJK() throws {
        // What Chromium reports for a Japanese title on a machine without a CJK font.
        let missing = MissingFont.find(in: [DrawnText(text: "毎朝、日本語の新聞を一ページ読む", fonts: [Self.inter])])
        #expect(missing.map(\.package) == ["fonts-noto-cjk"])
        let font = try #require(missing.first)
        #expect(font.drawnWith == [Self.inter])
        #expect(
            font.message
                == "CJK text such as “毎朝、日本語の新聞を一ページ読む” was drawn with Inter-SemiBold (gallery), which lacks its "
                + "glyphs: install fonts-noto-cjk"
        )
    }

    @Test func aCJKFallbackCoversIt() {
        for family in ["Noto Sans CJK JP (system)", "Droid Sans Fallback (system)", "WenQuanYi Zen Hei (system)"] {
            #expect(
                MissingFont.find(in: [DrawnText(text: "毎朝 news", fonts: [Self.inter, family])]).isEmpty, "\(family)")
        }
        // DejaVu Sans has no CJK: a generic fallback drawing Korean is still a missing font.
        #expect(
            MissingFont.find(in: [DrawnText(text: "한국어", fonts: ["DejaVu Sans (system)"])]).map(\.package) == [
                "fonts-noto-cjk"
            ])
    }

    @Test func emojiWithoutAnEmojiFont() {
        #expect(
            MissingFont.find(in: [DrawnText(text: "🧘‍♀️🌿 Breathe", fonts: [Self.inter, "Noto Color Emoji (system)"])])
                .isEmpty)
        let missing = MissingFont.find(in: [
            DrawnText(
                text: "🧘‍♀️🌿 Breathe",
                fonts: [
                    Self.inter,
                    "DejaVu Sans "
                        + "(system)",
                ])
        ])
        #expect(missing.map(\.package) == ["fonts-noto-color-emoji"])
        // Digits, # and * are emoji characters too, but drawn as text: no emoji font needed.
        #expect(MissingFont.find(in: [DrawnText(text: "#1 * 42", fonts: [Self.inter])]).isEmpty)
    }

    @Test func latinWithoutInter() {
        let missing = MissingFont.find(in: [DrawnText(text: "Morning stretch", fonts: ["DejaVu Sans (system)"])])
        #expect(missing.map(\.package) == ["fonts-inter"])
        #expect(MissingFont.find(in: [DrawnText(text: "Morning stretch", fonts: ["Inter (system)"])]).isEmpty)
    }

    /// Arabic and Hebrew, which Inter lacks, are drawn by the system's sans-serif (DejaVu Sans has
    /// them): a fallback with real glyphs, not a missing font.
    @Test func arabicAndHebrewInDejaVuAreNotMissing() {
        let texts = [
            DrawnText(text: "قراءة عشر صفحات من كتاب قبل النوم", fonts: [Self.inter, "DejaVu Sans (system)"]),
            DrawnText(text: "קריאה של עשרה עמודים", fonts: [Self.inter, "DejaVu Sans (system)"]),
            DrawnText(text: "Ünïcödé çhâràctérs — naïve", fonts: [Self.inter]),
        ]
        #expect(MissingFont.find(in: texts).isEmpty)
    }

    @Test func onePerPackageWhateverTheOrder() {
        let texts = [
            DrawnText(text: "読む", fonts: [Self.inter]), DrawnText(text: "新聞", fonts: ["Inter-Bold (gallery)"]),
            DrawnText(text: "🌻", fonts: [Self.inter]), DrawnText(text: "", fonts: []),
        ]
        #expect(MissingFont.find(in: texts) == MissingFont.find(in: texts.reversed()))
        #expect(MissingFont.find(in: texts).map(\.package) == ["fonts-noto-cjk", "fonts-noto-color-emoji"])
    }
}

/// Shards of a drawing find the fonts one drawing would: whatever way the texts are split.
struct MissingFontMergeTests {
    static let texts = [
        DrawnText(text: "東京 weather", fonts: ["Inter-Regular (gallery)"]),
        DrawnText(text: "今日の予定", fonts: ["DejaVu Sans (system)", "Inter-Bold (gallery)"]),
        DrawnText(text: "今日の予定", fonts: ["Inter-Bold (gallery)"]),
        DrawnText(text: "🌸 done", fonts: ["Inter-Regular (gallery)"]),
        DrawnText(text: "한국어 title", fonts: []),
        DrawnText(text: "🧘 calm", fonts: ["DejaVu Sans (system)"]),
    ]

    @Test(arguments: 1...4)
    func theMergeOfPartsIsTheWhole(parts: Int) {
        let whole = MissingFont.find(in: Self.texts)
        #expect(whole.count == 3, "\(whole.map(\.package))")
        for rotation in 0..<Self.texts.count {
            let texts = Array(Self.texts[rotation...] + Self.texts[..<rotation])
            let found = (0..<parts).flatMap { part in
                MissingFont.find(in: texts.enumerated().filter { $0.offset % parts == part }.map(\.element))
            }
            #expect(MissingFont.merge(found) == whole, "rotation \(rotation), \(parts) parts")
        }
    }
}
