import GlimpseCore

/// `glimpse build --redact`: store text and figures become placeholders of the same length and
/// shape, so that a gallery of someone's real data can be published and its layout still
/// reviewed. Copy and prompts are not store data and stay as they are.
///
/// Placeholders depend only on the shape of what they replace (its letters' case and script, its
/// digits, its punctuation), never on its value: the same text always gives the same placeholder,
/// so two redacted builds compare, and nothing of the value can be worked back from it. Two values
/// of the same shape give the same placeholder.
public struct Redaction: Sendable, Hashable {
    public var isOn: Bool

    public static let off = Redaction(isOn: false)
    public static let on = Redaction(isOn: true)

    public init(isOn: Bool) {
        self.isOn = isOn
    }

    /// Latin letters, in the order placeholders use them.
    static let letters = Array(
        "loremipsumdolorsitametconsecteturadipiscingelitseddoeiusmodtemporincididuntutlaboreetdoloremagnaaliqua")
    /// Digits, in the order placeholders use them.
    static let digits = Array("4815162342")

    /// Store text (a habit's title, a goal, a coin's symbol) as a placeholder: each Latin or other
    /// alphabetic letter a letter of lorem ipsum in the same case, each CJK character 口, each
    /// digit a digit; spaces, punctuation, symbols and emoji as they were.
    public func text(_ text: String) -> String {
        guard isOn else { return text }
        var result = String.UnicodeScalarView()
        var letter = 0
        var digit = 0
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if scalar.value >= 0x2E80, properties.isAlphabetic, !properties.isEmojiPresentation {
                result.append("口")
            } else if properties.isAlphabetic && !properties.isEmoji {
                let placeholder = Self.letters[letter % Self.letters.count]
                letter += 1
                let upper = properties.isUppercase
                result.append(contentsOf: (upper ? placeholder.uppercased() : String(placeholder)).unicodeScalars)
            } else if let value = properties.numericType, value == .decimal {
                result.append(contentsOf: String(Self.digits[digit % Self.digits.count]).unicodeScalars)
                digit += 1
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A figure formatted for show ("182.4", "$12,345.67", "+3.2 %") with its digits replaced;
    /// signs, separators and currency symbols as they were.
    public func figure(_ formatted: String) -> String {
        guard isOn else { return formatted }
        var result = String.UnicodeScalarView()
        var digit = 0
        for scalar in formatted.unicodeScalars {
            if scalar.properties.numericType == .decimal {
                result.append(contentsOf: String(Self.digits[digit % Self.digits.count]).unicodeScalars)
                digit += 1
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A store file as the inspector shows it (JSON, a suite's `key = value` lines, a summary of
    /// rows): each quoted string through `text`, unless it is a key (followed by a colon), and
    /// every digit replaced; unquoted words (keys, `true`, units) and structure as they were.
    public func excerpt(_ excerpt: String) -> String {
        guard isOn else { return excerpt }
        let scalars = Array(excerpt.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        var digit = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\"" {
                var end = index + 1
                while end < scalars.count, scalars[end] != "\"" {
                    end += scalars[end] == "\\" ? 2 : 1
                }
                end = min(end, scalars.count)
                var after = end + 1
                while after < scalars.count, scalars[after] == " " { after += 1 }
                let inner = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                let isKey = after < scalars.count && scalars[after] == ":"
                result.append("\"")
                result.append(contentsOf: (isKey ? inner : text(inner)).unicodeScalars)
                if end < scalars.count { result.append("\"") }
                index = end + 1
            } else if scalar.properties.numericType == .decimal {
                result.append(contentsOf: String(Self.digits[digit % Self.digits.count]).unicodeScalars)
                digit += 1
                index += 1
            } else {
                result.append(scalar)
                index += 1
            }
        }
        return String(result)
    }

    /// A diagnostic's message with what it quotes from the store ("found “last Tuesday”") redacted.
    public func message(_ message: String) -> String {
        guard isOn else { return message }
        var result = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(where: { $0 == "\"" || $0 == "“" }) {
            let close: Character = rest[open] == "“" ? "”" : "\""
            guard let end = rest[rest.index(after: open)...].firstIndex(of: close) else { break }
            result += rest[...open] + text(String(rest[rest.index(after: open)..<end])) + String(close)
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}

extension WidgetPreview {
    /// The preview with what every app shows of its store outside its views redacted: the store
    /// files in the inspector, and what diagnostics quote. Each app redacts its own views.
    public func redacted(by redaction: Redaction) -> WidgetPreview {
        guard redaction.isOn else { return self }
        var copy = self
        copy.storeData = storeData.map { StoreExcerpt(file: $0.file, text: redaction.excerpt($0.text)) }
        copy.diagnostics = diagnostics.map { Diagnostic($0.severity, redaction.message($0.message), file: $0.file) }
        return copy
    }
}
