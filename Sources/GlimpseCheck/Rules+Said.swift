import GlimpseFormat

/// The rules about what a widget says rather than how it draws it: what VoiceOver reads
/// (`voiceover`), and copy left in English under another locale (`not-localized`).
extension Rules {
    /// A widget without a label, or whose label leaves out a figure it draws.
    func voiceover() -> [Findings.Finding] {
        let box = [0, 0, measurement.width, measurement.height]
        let label = (measurement.label ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !label.isEmpty else {
            guard !drawnTexts.isEmpty || !measurement.graphics.isEmpty else { return [] }
            return [
                finding(
                    .voiceover, role: "widget", box: box, message: "The widget has no accessibility label",
                    measured: Findings.Measured())
            ]
        }
        let said = Set(Self.figures(in: label))
        var found: [Findings.Finding] = []
        for text in drawnTexts {
            let unsaid = Self.figures(in: text.text).filter { !said.contains($0) }
            guard !unsaid.isEmpty else { continue }
            var measured = Findings.Measured()
            measured.label = label
            measured.unsaid = unsaid
            found.append(
                finding(
                    .voiceover, text: text.text, source: text.source, box: text.box,
                    message:
                        "VoiceOver does not say \(unsaid.map { "“\($0)”" }.joined(separator: ", ")) of “\(text.text)”, "
                        + "which the widget shows",
                    measured: measured))
        }
        return found
    }

    /// Each drawn text of the app's own copy (not store text) that is a key's English, its
    /// placeholders filled with anything: shown in English under another locale.
    func untranslated() -> [Findings.Finding] {
        guard !notLocalized.isEmpty else { return [] }
        return measurement.texts.filter { $0.kind == "text" && $0.store != true && $0.redacted != true }
            .compactMap { text in
                let shown = text.whole ?? text.text
                guard let copy = notLocalized.first(where: { $0.matches(shown) }) else { return nil }
                return finding(
                    .notLocalized, text: shown, source: text.source, box: text.box,
                    message: "“\(shown)” is in English: \(copy.file) has no translation for this locale",
                    measured: Findings.Measured())
            }
    }

    /// The numbers in `text`, in ASCII digits whatever the script, with their separators taken out
    /// (`1,234.5` and `١٬٢٣٤٫٥` → `12345`).
    static func figures(in text: String) -> [String] {
        var figures: [String] = []
        var current = ""
        var pendingSeparator = false
        for character in text {
            if let digit = decimalDigit(character) {
                current.append(digit)
                pendingSeparator = false
            } else if "\u{200E}\u{200F}\u{061C}".contains(character) {
                // The bidi marks ICU puts around a figure (LRM, RLM, ALM) are not part of what is said.
                continue
            } else if !current.isEmpty, !pendingSeparator, ".,:\u{2009}\u{202F}'\u{066B}\u{066C}".contains(character) {
                pendingSeparator = true
            } else {
                if !current.isEmpty { figures.append(current) }
                current = ""
                pendingSeparator = false
            }
        }
        if !current.isEmpty { figures.append(current) }
        return figures
    }

    /// `character` as an ASCII digit when it is a decimal digit of any script: "٣" (Arabic-Indic) and
    /// "３" (full width) are "3", so a figure drawn in one script and said in another is the same.
    static func decimalDigit(_ character: Character) -> Character? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            scalar.properties.numericType == .decimal, let value = character.wholeNumberValue
        else { return nil }
        return Character(String(value))
    }
}

extension Rules {
    /// The schemes where WidgetKit removes a widget's background: the accented ones, iOS 18's
    /// tinted and iOS 26's clear and tinted glass ("Displaying the right widget background").
    static let backgroundRemovingSchemes: Set<String> = ["tinted", "clear-light", "clear-dark", "tinted-26"]

    /// A frame whose app keeps its background (`containerBackgroundRemovable(false)`), in a scheme
    /// that would remove it: WidgetKit shows the background there, faded, under content it tints;
    /// the glass or the tint never shows, and StandBy and CarPlay keep it too.
    func keptBackground() -> [Findings.Finding] {
        guard measurement.keptBackground == true, Self.backgroundRemovingSchemes.contains(frame.scheme) else {
            return []
        }
        let shows = frame.scheme == "tinted" ? "the tint" : "glass"
        return [
            finding(
                .keptBackground, role: "background", box: [0, 0, measurement.width, measurement.height],
                message:
                    "The widget's background is not removable (containerBackgroundRemovable(false)): in "
                    + "\(frame.scheme) WidgetKit keeps it, faded, where the Home Screen shows \(shows), and tints "
                    + "the content over it; StandBy and CarPlay keep it too",
                measured: Findings.Measured())
        ]
    }
}
