import Foundation

extension StylesheetRules {
    /// One rule of a stylesheet: a style rule, or an at-rule other than a conditional group, with
    /// the conditional groups (`@media`, `@supports`, `@container`) it is in.
    package struct Rule: Hashable, Sendable {
        /// The preludes of the conditional groups around it, outermost first: `["@media (min-width:40em)"]`.
        package var context: [String]
        /// Its selector list, or its at-rule's keyword and prelude (`@font-face`, `@import "a.css"`).
        package var prelude: String
        /// What its braces hold; nil for a statement, which has none (`@import "a.css";`).
        package var body: String?

        package init(context: [String], prelude: String, body: String?) {
            self.context = context
            self.prelude = prelude
            self.body = body
        }

        /// An at-rule (`@font-face`, `@keyframes`, `@import`): what it changes is not chosen by a selector.
        package var isAtRule: Bool { prelude.hasPrefix("@") }
    }

    /// How deep conditional groups may nest: a stylesheet nested deeper is not read as rules.
    package static let maximumGroupDepth = 16

    /// The at-rules whose block holds rules that apply as they are, only under a condition.
    package static let conditionalGroups: Set<String> = ["media", "supports", "container"]

    /// The rules of a stylesheet as `normalized` writes it, in order, each conditional group's rules
    /// in its place with the group as their context. Nil when it cannot be read as rules: a block
    /// left open, a `}` that closes nothing, a `;` that ends no at-rule, or groups nested deeper
    /// than `maximumGroupDepth`.
    ///
    /// Strings and escaped characters are skipped whole, so `content: "}"` and `.a\{` close and open
    /// nothing; brackets and parentheses nest as CSS's tokens do. Each byte is read once for each
    /// group it is in.
    package static func rules(of normalized: Data) -> [Rule]? {
        let bytes = [UInt8](normalized)
        var rules: [Rule] = []
        guard collect(bytes, 0..<bytes.count, context: [], into: &rules) else { return nil }
        return rules
    }

    /// Adds the rules in `range` of `bytes` (a stylesheet, or a group's block) to `rules`; false
    /// when they cannot be read as rules.
    private static func collect(
        _ bytes: [UInt8], _ range: Range<Int>, context: [String], into rules: inout [Rule]
    ) -> Bool {
        guard context.count <= maximumGroupDepth else { return false }
        var start = range.lowerBound
        while start < range.upperBound {
            let boundary = nextBoundary(bytes, from: start, to: range.upperBound)
            let prelude = text(bytes, start..<boundary)
            guard boundary < range.upperBound else {
                // What follows the last rule with no block and no `;`: a rule, so that a change to it is one.
                if !prelude.isEmpty { rules.append(Rule(context: context, prelude: prelude, body: nil)) }
                return true
            }
            switch bytes[boundary] {
            case semicolon:
                // Only an at-rule ends at a `;`. A stray one (`.a{};.b{}`) joins the next rule's
                // selector, which drops that rule: read as `.b{}`, removing the `;` would change nothing.
                guard prelude.hasPrefix("@") else { return false }
                rules.append(Rule(context: context, prelude: prelude, body: nil))
                start = boundary + 1
            case openingBrace:
                guard let end = blockEnd(bytes, opening: boundary, to: range.upperBound) else { return false }
                if isConditionalGroup(prelude) {
                    guard collect(bytes, (boundary + 1)..<end, context: context + [prelude], into: &rules) else {
                        return false
                    }
                } else {
                    rules.append(Rule(context: context, prelude: prelude, body: text(bytes, (boundary + 1)..<end)))
                }
                start = end + 1
            default:
                return false  // a `}` that closes nothing here
            }
        }
        return true
    }

    /// The index of the next `{`, `;` or `}` from `start` outside strings, escapes, brackets and
    /// parentheses; `end` when there is none.
    package static func nextBoundary(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var closers: [UInt8] = []
        var index = start
        while index < end {
            let byte = bytes[index]
            if closers.isEmpty && (byte == openingBrace || byte == semicolon || byte == closingBrace) { return index }
            index = step(bytes, at: index, to: end, closers: &closers)
        }
        return end
    }

    /// The index of the `}` that closes the block opened at `opening`, before `end`; nil when none does.
    package static func blockEnd(_ bytes: [UInt8], opening: Int, to end: Int) -> Int? {
        var closers: [UInt8] = [closingBrace]
        var index = opening + 1
        while index < end {
            let byte = bytes[index]
            if closers.count == 1 && byte == closingBrace { return index }
            index = step(bytes, at: index, to: end, closers: &closers)
        }
        return nil
    }

    /// The index after the token at `index`: past a string or an escaped character whole; a
    /// bracket, parenthesis or brace opened or closed on `closers` (a closer that is not the
    /// innermost's is kept as text, as CSS keeps it).
    package static func step(_ bytes: [UInt8], at index: Int, to end: Int, closers: inout [UInt8]) -> Int {
        let byte = bytes[index]
        switch byte {
        case quote, apostrophe: return min(stringEnd(bytes, from: index), end)
        case backslash: return min(index + 2, end)
        case 0x28: closers.append(0x29)  // ( )
        case 0x5B: closers.append(0x5D)  // [ ]
        case openingBrace: closers.append(closingBrace)
        default: if byte == closers.last { closers.removeLast() }
        }
        return index + 1
    }

    /// Whether a rule's prelude opens a conditional group: `@media`, `@supports` or `@container`,
    /// in any case.
    package static func isConditionalGroup(_ prelude: String) -> Bool {
        guard prelude.hasPrefix("@") else { return false }
        let name = prelude.utf8.dropFirst().prefix { isNameByte($0) }
        return conditionalGroups.contains(String(decoding: name, as: UTF8.self).lowercased())
    }

    /// A byte of a CSS name: a letter, a digit, `-`, `_`, or any byte of a character past ASCII.
    package static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x80...: true
        default: false
        }
    }

    /// The text of `range`, without the spaces `normalized` leaves at its ends.
    private static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && bytes[lower] == space { lower += 1 }
        while upper > lower && bytes[upper - 1] == space { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    package static let semicolon: UInt8 = 0x3B
    package static let openingBrace: UInt8 = 0x7B
    package static let closingBrace: UInt8 = 0x7D
}
