import GlimpseGallery

extension StylesheetRules {
    /// For each selector of a selector list, the classes it names: an element it matches has each
    /// one, or an ancestor or earlier sibling of that element has it. A class inside parentheses
    /// (`:not(.x)`, `:is(.a, .b)`, `:has(.x)`), an attribute selector or a string is not asked for,
    /// so `:not(.x)` names none. A selector that names no class (`:root`, `*`, `div`) gives an empty
    /// set. Nil when the list has a backslash anywhere: an escaped name (`.md\:flex`) is not read
    /// here, so the list could match any element.
    static func requiredClasses(of selectors: String) -> [Set<String>]? {
        let bytes = Array(selectors.utf8)
        guard !bytes.contains(backslash) else { return nil }
        var sets: [Set<String>] = [[]]
        var closers: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if closers.isEmpty && byte == comma {
                sets.append([])
                index += 1
            } else if closers.isEmpty && byte == dot {
                let name = bytes[(index + 1)...].prefix { isNameByte($0) }
                if !name.isEmpty { sets[sets.count - 1].insert(String(decoding: name, as: UTF8.self)) }
                index += 1 + name.count
            } else {
                index = step(bytes, at: index, to: bytes.count, closers: &closers)
            }
        }
        return sets
    }

    static let comma: UInt8 = 0x2C
    static let dot: UInt8 = 0x2E
}
